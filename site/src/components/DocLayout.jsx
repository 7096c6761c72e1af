import CachedSidebar from './CachedSidebar.jsx';
import TOC from './TOC.jsx';

// DocLayout is the three-column docs page: sidebar, content, table of contents.
export default function DocLayout({ page, sidebar, toc, children }) {
  return (
    <div className="doc-layout">
      {sidebar && <CachedSidebar items={sidebar} current={page.route} />}
      <main id="main-content" className="doc-main" tabIndex={-1}>
        <div className="doc-container">
          <article className="doc-article">{children}</article>
          {toc && toc.length > 0 && (
            <div className="doc-toc">
              <TOC toc={toc} />
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
