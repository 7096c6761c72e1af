import SiteLink from './SiteLink.jsx';

// Pagination links the previous and next pages of a sidebar (or of the blog).
export default function Pagination({ prev, next, label = 'Docs pages' }) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {prev ? (
        <SiteLink className="pagination-link pagination-prev" href={prev.route}>
          <span className="pagination-sublabel">Previous</span>
          <span className="pagination-label">« {prev.title}</span>
        </SiteLink>
      ) : (
        <span />
      )}
      {next ? (
        <SiteLink className="pagination-link pagination-next" href={next.route}>
          <span className="pagination-sublabel">Next</span>
          <span className="pagination-label">{next.title} »</span>
        </SiteLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
