import Breadcrumbs from './Breadcrumbs.jsx';
import Markdown from './Markdown.jsx';
import { MdxPage } from '../mdx/load.js';
import Pagination from './Pagination.jsx';
import Sidebar from './Sidebar.jsx';
import SiteLink from './SiteLink.jsx';
import TOC from './TOC.jsx';

// DocLayout is the three-column docs page: sidebar, content, table of contents.
export function DocLayout({ page, sidebar, toc, children }) {
  return (
    <div className="doc-layout">
      {sidebar && <Sidebar items={sidebar} current={page.route} />}
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

export default function DocPage({ site, page, sidebar }) {
  return (
    <DocLayout page={page} sidebar={sidebar} toc={page.toc}>
      <Breadcrumbs site={site} crumbs={page.breadcrumbs} title={page.title} />
      <header>
        <h1>{page.title}</h1>
      </header>
      {page.mdx ? <MdxPage site={site} page={page} /> : <Markdown html={page.html} />}
      {page.otherVersions && page.otherVersions.length > 0 && (
        <aside className="other-versions" aria-label="This page in other versions">
          <span>This page in other versions: </span>
          {page.otherVersions.map((v, i) => (
            <span key={v.name}>
              {i > 0 && ', '}
              <SiteLink href={v.route}>{v.label}</SiteLink>
            </span>
          ))}
        </aside>
      )}
      <Pagination prev={page.prev} next={page.next} />
    </DocLayout>
  );
}
