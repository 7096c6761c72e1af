import Breadcrumbs from './Breadcrumbs.jsx';
import DocLayout from './DocLayout.jsx';
import Markdown from './Markdown.jsx';
import { MdxPage } from '../mdx/load.js';
import Pagination from './Pagination.jsx';
import SiteLink from './SiteLink.jsx';
import VersionBanner from './VersionBanner.jsx';
import TOCCollapsible from './TOCCollapsible.jsx';

// DocPage is a doc: a notice on a version other than the latest, its breadcrumbs, the version's badge, title, table of contents for narrow screens, content, the same page in other versions and the pagination.
export default function DocPage({ site, page, sidebar }) {
  return (
    <DocLayout page={page} sidebar={sidebar} toc={page.toc}>
      {page.versionNotice && <VersionBanner notice={page.versionNotice} />}
      <Breadcrumbs site={site} crumbs={page.breadcrumbs} title={page.title} />
      <header>
        {page.versionBadge && <span className="version-badge">{page.versionBadge}</span>}
        <h1>{page.title}</h1>
      </header>
      <TOCCollapsible toc={page.toc} />
      {page.mdx ? <MdxPage site={site} page={page} sidebar={sidebar} /> : <Markdown html={page.html} pageContent />}
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
