import Breadcrumbs from './Breadcrumbs.jsx';
import DocLayout from './DocLayout.jsx';
import Pagination from './Pagination.jsx';
import SiteLink from './SiteLink.jsx';
import VersionBanner from './VersionBanner.jsx';

// CategoryPage is a generated index: the category's description and a card per page inside it.
export default function CategoryPage({ site, page, sidebar }) {
  return (
    <DocLayout page={page} sidebar={sidebar}>
      {page.versionNotice && <VersionBanner notice={page.versionNotice} />}
      <Breadcrumbs site={site} crumbs={page.breadcrumbs} title={page.title} />
      <header>
        {page.versionBadge && <span className="version-badge">{page.versionBadge}</span>}
        <h1>{page.title}</h1>
        {page.description && <p className="lead">{page.description}</p>}
      </header>
      <ul className="card-grid">
        {(page.cards || []).map((card) => (
          <li key={card.route}>
            <SiteLink className="card" href={card.route}>
              <span className="card-title">{card.title}</span>
              {card.description && <span className="card-description">{card.description}</span>}
              {card.count > 0 && <span className="card-description">{card.count} pages</span>}
            </SiteLink>
          </li>
        ))}
      </ul>
      <Pagination prev={page.prev} next={page.next} />
    </DocLayout>
  );
}
