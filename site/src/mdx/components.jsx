// The components every MDX page and partial may use without importing them: the compiler (pkg/mdx)
// turns `:::kind` containers into <Admonition>, code fences into <DocsdHTML> (docsd's
// highlighted HTML) and a blog post's `{/* truncate */}` into <DocsdTruncate>; <Head> is
// Docusaurus's, which its classic theme gives every page too. The MDX compiler asks this module
// for them (its providerImportSource);
// a project with its own src/theme/MDXComponents gets a provider that adds its map to this one
// (pkg/bundle/mdxprovider.go).
import Admonition from './theme/Admonition.jsx';
import DocsdAdmonitionTitle from './theme/AdmonitionTitle.jsx';
import DocsdTruncate from './DocsdTruncate.jsx';
import Heading from './theme/Heading.jsx';
import Head from './docusaurus/Head.jsx';

function DocsdHTML({ html }) {
  // The highlighted block as our Markdown pages have it; display: contents keeps the wrapper out
  // of the layout.
  return <div className="mdx-html" style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

// A page's Markdown headings get the anchor class and "#" link of docsd's Markdown headings, as the
// classic theme's MDXComponents gives them its Heading; a site's own map may name its own.
const headings = Object.fromEntries(
  ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, (props) => <Heading as={tag} {...props} />]),
);

// Also docsd's default map, which a site's own src/theme/MDXComponents spreads as
// @theme-original/MDXComponents (theme/MDXComponents.js).
export const components = { ...headings, Admonition, DocsdAdmonitionTitle, DocsdHTML, DocsdTruncate, Head };

export function useMDXComponents() {
  return components;
}
