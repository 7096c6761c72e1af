// The components every MDX page and partial may use without importing them: the compiler (pkg/mdx)
// turns `:::kind` containers into <Admonition> and code fences into <DocsdHTML> (docsd's
// highlighted HTML). The MDX compiler asks this module for them (its providerImportSource).
import Admonition from './theme/Admonition.jsx';

function DocsdHTML({ html }) {
  // The highlighted block as our Markdown pages have it; display: contents keeps the wrapper out
  // of the layout.
  return <div className="mdx-html" style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

const components = { Admonition, DocsdHTML };

export function useMDXComponents() {
  return components;
}
