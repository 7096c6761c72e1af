// The dev shell of `docsd watch`: it tells the dev server which page it shows, re-renders that page
// in place when it changes (keeping the scroll position), reloads when the shell's code changes, shows
// build errors and the page's broken links in an overlay. When the dev server stops, or refuses the
// page because as many browsers as it serves are connected, it says which in a small banner and
// retries with back-off (each failed attempt is a line in the browser's console, so not two a
// second); once the server is back the page reloads, since the site or the shell may have changed
// while it was away, and a page refused from the start takes its page's data again once it gets in.
import { showOverlay } from './overlay.js';
import { hideOffline, showOffline } from './offline.js';
import { canonicalPath } from '../routes.js';

// How long after the last re-index an open page loads the search files again.
const SEARCH_RELOAD_DELAY = 300;
// The back-off of reconnection attempts: the first after 250 ms, doubling up to 5 s.
const RETRY_FIRST = 250;
const RETRY_MAX = 5000;

// connect opens the dev server's websocket. store is the shell's page store (an update writes the
// page into it directly); each route the shell settles on ("docsd:navigated") is told to the server.
export function connect(site, { store }) {
  let searchTimer = 0;
  // The search files' names follow docsd.toml and the shell, so they change while the page is
  // open: docsd says which they are in every status message.
  let searchFiles = { docs: site.searchDocs, index: site.searchIndex };
  const reloadSearch = () => window.dispatchEvent(new CustomEvent('docsd:search-reload', { detail: { ...searchFiles } }));
  const path = `${location.host}${site.basePath}__docsd/ws`;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${path}`;
  let socket = null;
  let wasConnected = false;
  let stopped = false; // the banner says the daemon stopped: it is not asked why again
  // A socket of the page closed before any opened (docsd refused it: its limit of browsers): the
  // updates docsd sent meanwhile went to the others.
  let missed = false;
  let retry = RETRY_FIRST;
  let leaving = false; // the page is unloading: its socket closing is no news
  window.addEventListener('pagehide', () => (leaving = true));
  const current = () => location.pathname.replace(/\/$/, '') || '/';

  function sayRoute() {
    if (socket && socket.readyState === WebSocket.OPEN) {
      const path = location.pathname === site.basePath ? site.basePath : current();
      socket.send(JSON.stringify({ type: 'route', route: path }));
    }
  }

  function open() {
    let opened = false;
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      opened = true;
      stopped = false;
      // Back after the daemon stopped: what it serves may have changed while we were away.
      if (wasConnected) {
        location.reload();
        return;
      }
      wasConnected = true;
      retry = RETRY_FIRST;
      hideOffline();
      sayRoute();
      // Taken again in place, as an update: a reload would free this page's place for another
      // refused tab, and take it back from the next.
      if (missed) {
        const path = canonicalPath(site.basePath, location.pathname);
        store.refresh(path).catch((error) => console.warn(`docsd: the page could not be updated: ${error.message}`));
      }
    });
    socket.addEventListener('message', (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === 'reload') {
        location.reload();
        return;
      }
      // An update carries the page's new data (and its sidebar's), so the page re-renders at once,
      // in place: the page store tells the page, which keeps the scroll position.
      if (msg.type === 'update') {
        const path = canonicalPath(site.basePath, location.pathname);
        store.refresh(path, msg).catch((error) => console.warn(`docsd: the page could not be updated: ${error.message}`));
      }
      // The search files change after the pages (docsd re-indexes once the pages on screen are
      // out): every open page loads them again, whatever it shows, once the saves pause, so that
      // parsing them never holds up the next update of the page. So does a page whose files moved.
      // (Those of the page's locale: after a link to another locale the page keeps its site data.)
      const moved =
        msg.searchDocs &&
        msg.searchIndex &&
        dir(msg.searchDocs) === dir(searchFiles.docs) &&
        (msg.searchDocs !== searchFiles.docs || msg.searchIndex !== searchFiles.index);
      if (moved) searchFiles = { docs: msg.searchDocs, index: msg.searchIndex };
      if (msg.search || moved) {
        clearTimeout(searchTimer);
        searchTimer = setTimeout(reloadSearch, SEARCH_RELOAD_DELAY);
      }
      if (msg.type === 'css') swapStylesheets(msg.css || []);
      showOverlay(msg.errors || [], msg.problems || []);
    });
    socket.addEventListener('close', () => {
      if (leaving) return;
      missed = missed || !wasConnected;
      // Past its limit of browsers docsd answers the socket 503, which a WebSocket cannot read: one
      // that never opened asks the same address over HTTP, whose answer says why.
      const why = opened || stopped ? Promise.resolve('') : refusal(`${location.protocol}//${path}`);
      why.then((text) => {
        if (socket.readyState === WebSocket.OPEN) return;
        stopped = !text;
        showOffline(text);
      });
      setTimeout(open, retry);
      retry = Math.min(retry * 2, RETRY_MAX);
    });
  }

  // The route switches with the address bar, after its page is ready (navigation.js).
  window.addEventListener('docsd:navigated', sayRoute);
  open();
}

// refusal is docsd's reason for refusing the websocket at url ('' if it did not answer 503).
function refusal(url) {
  return fetch(url, { cache: 'no-store' })
    .then((r) => (r.status === 503 ? r.text() : ''))
    .then((text) => text.trim(), () => '');
}

// dir is the folder part of a URL path.
function dir(path) {
  return (path || '').slice(0, (path || '').lastIndexOf('/') + 1);
}

// swapStylesheets replaces the shell's stylesheets without a reload: the new one is loaded first,
// then the old one removed, so the page is never unstyled.
function swapStylesheets(hrefs) {
  const old = [...document.querySelectorAll('link[rel="stylesheet"]')];
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => old.forEach((l) => l.remove()));
    document.head.appendChild(link);
  }
}
