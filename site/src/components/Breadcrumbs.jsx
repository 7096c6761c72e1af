import SiteLink from './SiteLink.jsx';

export default function Breadcrumbs({ site, crumbs, title }) {
  if (!crumbs || crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <SiteLink href={site.basePath} aria-label="Home page">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </SiteLink>
        </li>
        {crumbs.map((c, i) => (
          <li key={i}>{c.route ? <SiteLink href={c.route}>{c.title}</SiteLink> : <span>{c.title}</span>}</li>
        ))}
        <li aria-current="page">
          <span>{title}</span>
        </li>
      </ol>
    </nav>
  );
}
