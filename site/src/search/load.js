// Loading search: the query code and the result list are a chunk of their own (a dynamic import),
// fetched with the two small entry files docsd publishes only after the page has hydrated, so the
// first load of a page carries none of it; the engine fetches the index and documents chunks a query
// needs as it is asked (pkg/search/chunks.go). Every search box of the page shares one load.
const loads = new Map();
// After a reload request the files keep their names but not their content: ask the server again.
let revalidate = false;
// The stamps of entry files whose engine met a chunk of another build (pkg/search/chunks.go). It
// asks for the files again once per stamp: when the server keeps answering with the same entry
// files, asking again would never end.
const staleStamps = new Set();

async function fetchJSON(url) {
  const res = await fetch(url, { credentials: 'same-origin', cache: revalidate ? 'no-cache' : 'default' });
  if (!res.ok) {
    const e = new Error(`Loading ${url} failed: HTTP ${res.status}`);
    e.status = res.status; // a chunk that is gone (404) means newer entry files (chunks.js, the stale check)
    throw e;
  }
  return res.json();
}

// loadSearch resolves with { engine, ui, stopWords } once the code and both entry files have loaded.
export function loadSearch(docsUrl, indexUrl) {
  const key = `${docsUrl} ${indexUrl}`;
  let p = loads.get(key);
  if (!p) {
    p = Promise.all([import('./ui.js'), fetchJSON(docsUrl), fetchJSON(indexUrl)]).then(([ui, docs, index]) => ({
      ui,
      engine: ui.createEngine(index, docs, {
        load: (of, n) => fetchJSON(ui.chunkUrl(of === 'docs' ? docsUrl : indexUrl, n)),
        onStale: () => {
          const stamp = `${index.stamp} ${docs.stamp}`;
          if (staleStamps.has(stamp)) return;
          staleStamps.add(stamp);
          forgetSearch();
          reloadSearch();
        },
      }),
      stopWords: index.stopWords || [],
    }));
    // A User Timing mark, for bench/search.mjs: when search itself was ready (the box shows it
    // once the page has hydrated).
    p.then(() => performance.mark && performance.mark('docsd-search-ready'), () => {});
    // A failed load is forgotten, so the next attempt (focusing the box) tries again.
    p.catch(() => loads.delete(key));
    loads.set(key, p);
  }
  return p;
}

// forgetSearch drops the loaded files, so the next loadSearch fetches them again.
export function forgetSearch() {
  loads.clear();
  revalidate = true;
}

// reloadSearch tells the search boxes to load the files again. The dev shell sends the same event
// when docsd watch re-indexed pages, so an open page searches the new text without a reload.
export function reloadSearch() {
  window.dispatchEvent(new Event('docsd:search-reload'));
}

// isMac decides between "Ctrl" and "⌘" in the box's label.
export function isMac() {
  const p = `${(navigator.userAgentData && navigator.userAgentData.platform) || ''} ${navigator.platform || ''}`;
  return /mac|iphone|ipad|ipod/i.test(p);
}
