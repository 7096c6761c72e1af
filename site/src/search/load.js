// Loading search: the query code and the result list are a chunk of their own (a dynamic import),
// fetched with the two files docsd publishes only after the page has hydrated, so the first load of
// a page carries none of it. Every search box of the page shares one load.
const loads = new Map();

async function fetchJSON(url) {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Loading ${url} failed: HTTP ${res.status}`);
  return res.json();
}

// loadSearch resolves with { engine, ui, stopWords } once the chunk and both files have loaded.
export function loadSearch(docsUrl, indexUrl) {
  const key = `${docsUrl} ${indexUrl}`;
  let p = loads.get(key);
  if (!p) {
    p = Promise.all([import('./ui.js'), fetchJSON(docsUrl), fetchJSON(indexUrl)]).then(([ui, docs, index]) => ({
      ui,
      engine: ui.createEngine(docs, index),
      stopWords: index.stopWords || [],
    }));
    // A failed load is forgotten, so the next attempt (focusing the box) tries again.
    p.catch(() => loads.delete(key));
    loads.set(key, p);
  }
  return p;
}

// reloadSearch drops the loaded files and tells the search boxes to load them again: the dev
// server calls it when a page's content changed, so an open page searches the new text.
export function reloadSearch() {
  loads.clear();
  window.dispatchEvent(new Event('docsd:search-reload'));
}

// isMac decides between "Ctrl" and "⌘" in the box's label.
export function isMac() {
  const p = `${(navigator.userAgentData && navigator.userAgentData.platform) || ''} ${navigator.platform || ''}`;
  return /mac|iphone|ipad|ipod/i.test(p);
}
