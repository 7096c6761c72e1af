// CopyStatus is the page's live region for the code blocks' Copy buttons (copy.js writes in it):
// a screen reader announces what a click did, which the button's changed text alone does not make
// it do. It is in the page from the start, as a live region must be to be heard.
export default function CopyStatus() {
  return <p id="copy-status" className="visually-hidden" role="status" />;
}
