import { useRef } from 'react';
import { useContentHandlers } from '../hooks/useContentHandlers.js';
import { MdxPageContext } from './context.js';

// MdxContent (each MDX page's chunk exports it as Frame, see load.js) renders the page's module where a Markdown page's HTML goes, in the same
// .markdown container: links written in the page navigate inside the site and code blocks' Copy
// buttons work, through the same delegated handlers as Markdown.jsx.
export default function MdxContent({ site, page, sidebar, Content }) {
  const ref = useRef(null);
  const { onClick, onMouseOver } = useContentHandlers();
  return (
    <MdxPageContext.Provider value={{ basePath: site.basePath, site, page, sidebar }}>
      {(page.mdx.css || []).map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="mdx" />
      ))}
      <div ref={ref} className="markdown" data-mdx-content="true" onClick={onClick} onMouseOver={onMouseOver}>
        <Content />
      </div>
    </MdxPageContext.Provider>
  );
}
