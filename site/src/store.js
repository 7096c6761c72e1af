// The page store: the data of every page the shell has loaded (each route's JSON and its sidebar),
// so the next page is ready before the route switches. Components read it through
// useSyncExternalStore (hooks/usePageEntry.js); the site's navigation (navigation.js,
// hooks/usePageLoad.js) and the dev server's client write it. The browser has one store; server rendering makes one per page, so no render sees
// another's data.
import { createContext, useContext } from 'react';
import { dataUrl, sidebarUrl } from './routes.js';
import { InternalError } from './errors.js';

export const PageStoreContext = createContext(null);

export function usePageStore() {
  return useContext(PageStoreContext);
}

export class NotFoundError extends Error {
  constructor(path) {
    super(`No page at ${path}`);
    this.name = 'NotFoundError';
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

// canPrefetch is false on slow connections and when the reader asked to save data.
export function canPrefetch() {
  const c = typeof navigator !== 'undefined' && navigator.connection;
  if (!c) return true;
  if (c.saveData) return false;
  return !(c.effectiveType || '').includes('2g');
}

// createPageStore makes a store. An entry is { page, sidebar } once a page and its layout code are
// ready, or { error } when loading it failed; a path being loaded has no entry. loadLayout(kind)
// resolves once a page kind's layout code is loaded; loadPageCode(page) once a page's own code is
// (an MDX page's chunk; the browser passes it, the server has every page's code in its bundle);
// notFound is the not-found page's data, shown for unknown paths without a request.
export function createPageStore({ basePath, loadLayout, loadPageCode = () => null, notFound = null }) {
  const entries = new Map();
  const sidebars = new Map();
  const inflight = new Map();
  const listeners = new Set();
  const emit = () => listeners.forEach((listener) => listener());

  function set(path, entry) {
    entries.set(path, entry);
    emit();
    return entry;
  }

  // fetchPage is the one place a page's data is fetched: an MDX page's own code would load here.
  async function fetchPage(path) {
    let page;
    try {
      page = await fetchJSON(dataUrl(basePath, path), path);
    } catch (error) {
      if (error instanceof NotFoundError && notFound) return { page: { ...notFound, route: path }, sidebar: null };
      throw error;
    }
    if (page.sidebar && !sidebars.has(page.sidebar)) sidebars.set(page.sidebar, await fetchSidebar(basePath, page.sidebar, path));
    await Promise.all([loadLayout(page.kind), loadPageCode(page)]);
    return { page, sidebar: page.sidebar ? sidebars.get(page.sidebar) : null };
  }

  return {
    basePath,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // get returns the same object until the entry changes, as useSyncExternalStore needs.
    get: (path) => entries.get(path),
    // put stores a page whose data arrived with the HTML (or, on the server, with the request).
    put(path, page, sidebar) {
      if (page.sidebar && sidebar) sidebars.set(page.sidebar, sidebar);
      return set(path, { page, sidebar: sidebar || null });
    },
    // fail records why a page could not be loaded: the page shows it (with Retry, unless it is
    // an internal error).
    fail: (path, error) => set(path, { error }),
    forget(path) {
      if (entries.delete(path)) emit();
    },
    // load resolves with the entry of a path, loading it once however many ask. A page that is
    // not found gets the not-found page; an internal error is kept as the page's entry (it would
    // fail the same way again); other failures reject and leave no entry.
    load(path) {
      const known = entries.get(path);
      if (known && known.page) return Promise.resolve(known);
      if (inflight.has(path)) return inflight.get(path);
      const p = fetchPage(path).then(
        (entry) => set(path, entry),
        (error) => {
          if (error instanceof InternalError) return set(path, { error });
          throw error;
        },
      );
      inflight.set(path, p);
      p.finally(() => inflight.delete(path)).catch(() => {});
      return p;
    },
    // refresh takes a page and its sidebar again (the dev server says they changed) and only then
    // drops every other page, so the page on screen never goes blank while it updates. The dev
    // server's update message carries both (sent); without them, or for another page, they are
    // fetched.
    async refresh(path, sent) {
      const fresh = sent && sent.page && sent.route === path;
      const page = fresh ? sent.page : await fetchJSON(dataUrl(basePath, path) + `?t=${Date.now()}`, path);
      let sidebar = null;
      if (page.sidebar) {
        sidebar = fresh && sent.sidebar ? sent.sidebar : await fetchSidebar(basePath, page.sidebar, path, `?t=${Date.now()}`);
        // An unchanged sidebar keeps its object, so the (memoised) sidebar does not render again.
        const known = sidebars.get(page.sidebar);
        if (known && JSON.stringify(known) === JSON.stringify(sidebar)) sidebar = known;
      }
      await Promise.all([loadLayout(page.kind), loadPageCode(page)]);
      entries.clear();
      sidebars.clear();
      if (sidebar) sidebars.set(page.sidebar, sidebar);
      return set(path, { page, sidebar });
    },
  };
}
