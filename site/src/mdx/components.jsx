// The components every MDX page and partial may use without importing them: the compiler (pkg/mdx)
// turns `:::kind` containers into <Admonition>, code fences into <DocsdHTML> (docsd's
// highlighted HTML) and a blog post's `{/* truncate */}` into <DocsdTruncate>. The MDX compiler asks this module for them (its providerImportSource);
// a project with its own src/theme/MDXComponents gets a provider that adds its map to this one
// (pkg/bundle/mdxprovider.go).
import Admonition from './theme/Admonition.jsx';
import DocsdAdmonitionTitle from './theme/AdmonitionTitle.jsx';
import DocsdTruncate from './DocsdTruncate.jsx';

function DocsdHTML({ html }) {
  // The highlighted block as our Markdown pages have it; display: contents keeps the wrapper out
  // of the layout.
  return <div className="mdx-html" style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

// Also docsd's default map, which a site's own src/theme/MDXComponents spreads as
// @theme-original/MDXComponents (theme/MDXComponents.js).
export const components = { Admonition, DocsdAdmonitionTitle, DocsdHTML, DocsdTruncate };

export function useMDXComponents() {
  return components;
}
