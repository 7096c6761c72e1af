// The browser entry: hydrate the server-rendered page, then navigate client-side with react-router's
// BrowserRouter (declarative mode: the shell preloads pages itself, navigation.js, so the data
// router's loaders would cost 18 KB gzip of first-load JavaScript for nothing).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App from './App.jsx';
import { createPageStore, PageStoreContext } from './store.js';
import { blogKinds, coreLayouts } from './layouts.js';
import { canonicalPath, sidebarUrl } from './routes.js';
import { InternalError } from './errors.js';
import { loadSearch } from './search/load.js';
import { loadMdx } from './mdx/load.js';
import './styles/main.css';
// The site's own stylesheets (docsd.toml's custom_css), after docsd's: empty without them.
import 'docsd:custom-css';

const layouts = { ...coreLayouts };

function loadLayout(kind) {
  if (layouts[kind]) return Promise.resolve(layouts[kind]);
  if (blogKinds.includes(kind)) {
    // The blog's page module gives its layouts by page kind as its default export.
    return import('./blog/pages.jsx').then((m) => {
      if (!m.default) throw new InternalError(`The blog's page module has no default export, so "${kind}" pages have no layout.`);
      Object.assign(layouts, m.default);
      if (!layouts[kind]) throw new InternalError(`The blog's page module has no layout for "${kind}" pages.`);
      return layouts[kind];
    });
  }
  return Promise.reject(new InternalError(`The page kind "${kind}" has no layout.`));
}

function getLayout(kind) {
  return layouts[kind];
}

// afterFirstPaint resolves once the browser has painted the server-rendered page, so hydration (the
// largest task of a page load) never delays the first paint. A hidden tab paints nothing: the
// timeout lets it hydrate anyway.
function afterFirstPaint() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

// withContentFromDocument gives the page its HTML content, and a blog list its posts' excerpts, from
// the server-rendered document: the page's data in the document leaves them out (they would be a
// second copy of most of the page), and each marked element holds exactly what the shell renders
// into it, so hydration finds what it expects. Page data fetched for client navigation still
// carries them.
function withContentFromDocument(page) {
  const root = document.getElementById('__docsd');
  let out = page;
  if (page.html === undefined && !page.mdx) {
    const el = root.querySelector('[data-page-content]');
    if (el) out = { ...out, html: el.innerHTML };
  }
  if (page.posts && page.posts.some((p) => p.excerpt === undefined)) {
    const excerpts = new Map();
    for (const el of root.querySelectorAll('[data-post-excerpt]')) excerpts.set(el.getAttribute('data-post-excerpt'), el.innerHTML);
    out = { ...out, posts: page.posts.map((p) => (p.excerpt === undefined && excerpts.has(p.route) ? { ...p, excerpt: excerpts.get(p.route) } : p)) };
  }
  return out;
}

async function start() {
  const data = JSON.parse(document.getElementById('__docsd_data').textContent);
  const { site, notFound } = data;
  const page = withContentFromDocument(data.page);
  let { sidebar } = data;
  const path = canonicalPath(site.basePath, window.location.pathname);
  // Search's chunk and files load while the page hydrates; the search box picks up the same load.
  if (site.searchDocs && site.searchIndex) loadSearch(site.searchDocs, site.searchIndex).catch(() => {});
  if (page.sidebar && !sidebar) {
    // The sidebar is one file shared by its pages (preloaded by the HTML head); hydration needs it.
    const res = await fetch(sidebarUrl(site.basePath, page.sidebar), { credentials: 'same-origin' });
    sidebar = await res.json();
  }
  const store = createPageStore({ basePath: site.basePath, loadLayout, loadPageCode: loadMdx, notFound });
  store.put(path, page, sidebar);
  await Promise.all([loadLayout(page.kind), loadMdx(page), afterFirstPaint()]);
  // As a transition, hydration yields to the browser every few milliseconds (React's scheduler
  // frame) instead of blocking the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('__docsd'),
      <StrictMode>
        <PageStoreContext.Provider value={store}>
          {/* Route changes render at once, as the URL changes (SPEC §2), not as a transition
              that a busy main thread may put off after the new URL shows. */}
          <BrowserRouter useTransitions={false}>
            <App site={site} getLayout={getLayout} />
          </BrowserRouter>
        </PageStoreContext.Provider>
      </StrictMode>,
    );
  });
  return { site, store };
}

start().then(({ site, store }) => {
  if (site.dev) import('./dev/client.js').then((m) => m.connect(site, { store }));
});
