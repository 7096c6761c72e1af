// Page data for client-side navigation: each route's JSON and its sidebar are fetched once and kept,
// so that the next page is ready before the route switches.
import { dataUrl, sidebarUrl } from './routes.js';
import { InternalError } from './errors.js';
import { loadMdx } from './mdx/load.js';

const pages = new Map();
const sidebars = new Map();
const inflight = new Map();

export class NotFoundError extends Error {
  constructor(path) {
    super(`No page at ${path}`);
    this.name = 'NotFoundError';
  }
}

export function seed(path, page, sidebarKey, sidebar) {
  pages.set(path, page);
  if (sidebarKey && sidebar) sidebars.set(sidebarKey, sidebar);
}

export function cachedPage(route) {
  return pages.get(route);
}

export function cachedSidebar(key) {
  return sidebars.get(key);
}

// forget drops cached data (the dev server calls it when a page changes).
export function forget(route) {
  if (route) pages.delete(route);
  else {
    pages.clear();
    sidebars.clear();
  }
}

async function fetchJSON(url, path) {
  let res;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new Error(`The page ${path} could not be loaded: ${error.message}`, { cause: error });
  }
  if (res.status === 404) throw new NotFoundError(path);
  if (!res.ok) throw new Error(`The page ${path} could not be loaded: the server answered HTTP ${res.status}.`);
  return res.json();
}

// fetchSidebar fetches the sidebar a page names. docsd writes every sidebar its pages name, so a
// missing one is a fault of the site (an internal error), not an unknown page.
async function fetchSidebar(basePath, key, path, query = '') {
  try {
    return await fetchJSON(sidebarUrl(basePath, key) + query, path);
  } catch (error) {
    if (error instanceof NotFoundError) throw new InternalError(`The page ${path} names the sidebar "${key}", which does not exist.`);
    throw error;
  }
}

// loadPage resolves with the page data of a route and its sidebar, and the layout code it needs.
export function loadPage(basePath, path, loadLayout) {
  const known = pages.get(path);
  if (known && (!known.sidebar || sidebars.has(known.sidebar))) {
    return Promise.all([loadLayout(known.kind), loadMdx(known)]).then(() => known);
  }
  if (inflight.has(path)) return inflight.get(path);
  const p = (async () => {
    const page = await fetchJSON(dataUrl(basePath, path), path);
    if (page.sidebar && !sidebars.has(page.sidebar)) {
      sidebars.set(page.sidebar, await fetchSidebar(basePath, page.sidebar, path));
    }
    await Promise.all([loadLayout(page.kind), loadMdx(page)]);
    pages.set(path, page);
    return page;
  })();
  inflight.set(path, p);
  p.finally(() => inflight.delete(path)).catch(() => {});
  return p;
}

// canPrefetch is false on slow connections and when the reader asked to save data.
export function canPrefetch() {
  const c = typeof navigator !== 'undefined' && navigator.connection;
  if (!c) return true;
  if (c.saveData) return false;
  return !(c.effectiveType || '').includes('2g');
}

let notFoundPage = null;

// setNotFoundPage keeps the not-found page's data so unknown paths can show it without a request.
export function setNotFoundPage(page) {
  notFoundPage = page;
}

export function seedNotFound(path) {
  if (notFoundPage) pages.set(path, { ...notFoundPage, route: path });
}

// refreshPage takes a page and its sidebar again (the dev server says they changed) and only then
// drops every cached page, so the page on screen never goes blank while it updates. The dev
// server's update message carries both (sent); without them, or for another page, they are fetched.
export async function refreshPage(basePath, path, loadLayout, sent) {
  const fresh = sent && sent.page && sent.route === path;
  const page = fresh ? sent.page : await fetchJSON(dataUrl(basePath, path) + `?t=${Date.now()}`, path);
  let sidebar = null;
  if (page.sidebar) {
    sidebar = fresh && sent.sidebar ? sent.sidebar : await fetchSidebar(basePath, page.sidebar, path, `?t=${Date.now()}`);
    // An unchanged sidebar keeps its object, so the (memoised) sidebar does not render again.
    const known = sidebars.get(page.sidebar);
    if (known && JSON.stringify(known) === JSON.stringify(sidebar)) sidebar = known;
  }
  await Promise.all([loadLayout(page.kind), loadMdx(page)]);
  pages.clear();
  sidebars.clear();
  pages.set(path, page);
  if (sidebar) sidebars.set(page.sidebar, sidebar);
  return page;
}
