// useBrokenLinks (@docusaurus/useBrokenLinks) lets a site's component tell Docusaurus's link
// checker of the links and anchors it renders. docsd checks the links and ids of the rendered
// HTML itself, so there is nothing to collect: the calls do nothing, and components written for
// Docusaurus (supertokens' HTTPRequestCard) render as they are.
const collector = { collectLink() {}, collectAnchor() {} };

export default function useBrokenLinks() {
  return collector;
}
