import Markdown from './Markdown.jsx';
import { MdxPage } from '../mdx/load.js';
import SiteLink from './SiteLink.jsx';

// The three ways in, shown as cards under the hero: what each sidebar is for, in a line.
const ways = [
  ['installation', 'Install', 'Run your own Vela: the server, workers and UI, with Docker or on Kubernetes.'],
  ['usage', 'Use', 'Write a .vela.yml: steps, stages, services, secrets, templates and plugins.'],
  ['reference', 'Look up', 'Every API endpoint, CLI flag, YAML key and setting of v0.26.'],
];

// Landing is the root of the docs: a hero with the latest announcement, the ways into the docs as
// cards, then the site's own introduction in a reading column.
export default function Landing({ site, page }) {
  const entries = site.sidebarEntries || {};
  return (
    <main id="main-content" className="landing" tabIndex={-1}>
      <section className="hero">
        <div className="hero-inner">
          {page.latest && (
            <SiteLink className="hero-latest" href={page.latest.route}>
              <span className="hero-latest-label">New</span> {page.latest.title}
              <span className="visually-hidden">
                , <time dateTime={page.latest.date}>{formatDate(page.latest.date)}</time>, {page.latest.readingTime} min read
              </span>
            </SiteLink>
          )}
          <h1 className="hero-title">{page.title}</h1>
          <p className="hero-tagline">{site.tagline}</p>
          <div className="hero-actions">
            <SiteLink className="button button-primary" href={entries.usage || site.basePath}>
              Get started
            </SiteLink>
            <SiteLink className="button button-secondary" href={entries.installation || site.basePath}>
              Install Vela
            </SiteLink>
          </div>
        </div>
      </section>
      <div className="landing-body">
        <ul className="card-grid landing-ways" aria-label="Where to start">
          {ways
            .filter(([sidebar]) => entries[sidebar])
            .map(([sidebar, title, text]) => (
              <li key={sidebar}>
                <SiteLink className="card" href={entries[sidebar]}>
                  <span className="card-title">{title}</span>
                  <span className="card-description">{text}</span>
                </SiteLink>
              </li>
            ))}
        </ul>
        {page.mdx ? <MdxPage site={site} page={page} /> : <Markdown html={page.html} className="markdown landing-markdown" />}
      </div>
    </main>
  );
}

export function formatDate(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${months[m - 1]} ${d}, ${y}`;
}
