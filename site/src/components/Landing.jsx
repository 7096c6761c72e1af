import Markdown from './Markdown.jsx';
import { MdxPage } from '../mdx/load.js';
import { itemHref } from './NavbarItems.jsx';
import SiteLink from './SiteLink.jsx';
import { formatDate } from '../dates.js';

// landingHref is where a landing button or card of docsd.toml leads: a sidebar's entry doc or a
// site path, as a navbar item would.
function landingHref(site, link) {
  return itemHref(site, link.sidebar ? { type: 'docSidebar', sidebar: link.sidebar } : { to: link.to });
}

// Landing is the root of the docs: a hero with the latest announcement and the buttons of docsd.toml
// ([[landing.actions]], the first one primary), the ways into the docs as cards ([[landing.cards]]),
// then the site's own introduction in a reading column.
export default function Landing({ site, page }) {
  const landing = site.landing || {};
  const actions = landing.actions || [];
  const cards = (landing.cards || []).map((card) => ({ ...card, href: landingHref(site, card) })).filter((card) => card.href);
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
          {actions.length > 0 && (
            <div className="hero-actions">
              {actions.map((action, i) => (
                <SiteLink key={action.label} className={`button ${i === 0 ? 'button-primary' : 'button-secondary'}`} href={landingHref(site, action) || site.basePath}>
                  {action.label}
                </SiteLink>
              ))}
            </div>
          )}
        </div>
      </section>
      <div className="landing-body">
        {cards.length > 0 && (
          <ul className="card-grid landing-ways" aria-label="Where to start">
            {cards.map((card) => (
              <li key={card.label}>
                <SiteLink className="card" href={card.href}>
                  <span className="card-title">{card.label}</span>
                  <span className="card-description">{card.text}</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        )}
        {page.mdx ? <MdxPage site={site} page={page} /> : <Markdown html={page.html} className="markdown landing-markdown" pageContent />}
      </div>
    </main>
  );
}
