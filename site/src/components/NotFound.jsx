import SiteLink from './SiteLink.jsx';

export default function NotFound({ site }) {
  return (
    <main id="main-content" className="page-main" tabIndex={-1}>
      <div className="page-container not-found">
        <h1>Page Not Found</h1>
        <p>We could not find what you were looking for. The page may have moved, or the link that brought you here may be wrong.</p>
        <p>
          Try the <SiteLink href={site.basePath}>documentation home</SiteLink> or the search box.
        </p>
      </div>
    </main>
  );
}
