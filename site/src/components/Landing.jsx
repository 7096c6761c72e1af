import Markdown from './Markdown.jsx';
import SiteLink from './SiteLink.jsx';

// Landing is the root of the docs: the site's own introduction and the latest announcement.
export default function Landing({ site, page }) {
  return (
    <main id="main-content" className="landing" tabIndex={-1}>
      <section className="hero">
        <div className="hero-inner">
          <h1 className="hero-title">{page.title}</h1>
          <p className="hero-tagline">{site.tagline}</p>
          <div className="hero-actions">
            <SiteLink className="button button-primary" href={site.sidebarEntries.usage || site.basePath}>
              Get started
            </SiteLink>
            <SiteLink className="button button-secondary" href={site.sidebarEntries.installation || site.basePath}>
              Install Vela
            </SiteLink>
          </div>
        </div>
      </section>
      <div className="landing-body">
        <Markdown html={page.html} className="markdown landing-markdown" />
        {page.latest && (
          <aside className="latest-post" aria-label="Latest announcement">
            <p className="latest-label">Latest announcement</p>
            <SiteLink className="latest-title" href={page.latest.route}>
              {page.latest.title}
            </SiteLink>
            <p className="latest-meta">
              <time dateTime={page.latest.date}>{formatDate(page.latest.date)}</time> · {page.latest.readingTime} min read
            </p>
          </aside>
        )}
      </div>
    </main>
  );
}

export function formatDate(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${months[m - 1]} ${d}, ${y}`;
}
