// The search files a query reads, fetched as it needs them: the page files (once), the term chunks
// (found by the first key of each, in the index file) and the documents chunks, each checked against
// the stamps of the entry files the engine was made with (pkg/search/chunks.go describes the formats
// and the stamps), and the postings of a term decoded once per engine. The rest of the engine reads
// the files only through this store.
import { lowerBound } from './lookup.js';
import { decodePostings } from './postings.js';
import { readPages } from './pages.js';

// Deletion keys (pkg/search/typokeys.go) start with this mark, which sorts their chunks first.
export const TYPO_MARK = '!';

// chunkUrl is the URL of chunk n of an entry file: its name with "-n" before ".json".
export function chunkUrl(entryUrl, n) {
  return String(entryUrl).replace(/\.json$/, `-${n}.json`);
}

// staleError is what a query rejects with when a chunk belongs to other entry files than the
// engine's: the files were rewritten under the same names while the page was open.
function staleError() {
  const e = new Error('The search files changed while this page was open.');
  e.stale = true;
  return e;
}

// createStore reads the chunks of the entry files indexEntry and docsEntry through load(of, n), the
// page files ("pages", "pN") too; onStale is called (once) when one is of another build, onChunk
// whenever a chunk comes in (what a query finds changes). W: the weights pages.js reads.
export function createStore(indexEntry, docsEntry, { load, onStale, onChunk, W }) {
  const nPages = indexEntry.slots || indexEntry.pages;
  const starts = indexEntry.chunks;
  let pages = null;
  const pageVersion = (page) => pages.versionOf[page] || '';

  // The chunks: term chunks by number (each with its terms' positions), documents chunks by number.
  const termChunks = new Map();
  const docChunks = new Map();
  const pending = new Map();
  let stale = false;
  // A documents chunk carries the documents file's stamp, or one of its own the file lists when
  // its numbers name other pages than when the pages were last numbered in route order.
  const restamps = new Map((docsEntry.restamped || []).map((k, i) => [k, docsEntry.restamps[i]]));
  const docStamp = (k) => (restamps.has(k) ? restamps.get(k) : docsEntry.stamp);
  // fits says whether a chunk was written with this engine's entry files: for a term chunk, the
  // stamp the index file lists for it; for documents, the documents file's stamp and the section
  // counts of its pages (sections are numbered across the site).
  function fits(of, k, c) {
    if (of === 'index') return c.stamp === indexEntry.chunkStamps[k];
    if (c.stamp !== docStamp(k) || !Array.isArray(c.searchDocs)) return false;
    const from = k * docsEntry.perChunk;
    if (c.searchDocs.length !== Math.max(0, Math.min(docsEntry.perChunk, nPages - from))) return false;
    return c.searchDocs.every((d, i) => (d ? d.sections.length : 0) === pages.sectionCounts[from + i]);
  }
  function fetchChunk(of, k) {
    const key = `${of} ${k}`;
    if ((of === 'index' ? termChunks : docChunks).has(k)) return null;
    let p = pending.get(key);
    if (!p) {
      const notFits = () => {
        // Never read, never kept: the next query asks again (or a new engine does).
        if (!stale && typeof onStale === 'function') onStale();
        stale = true;
        return staleError();
      };
      // A term chunk's file is named by the number the index file lists for it (pkg/search's
      // layout.go); one a rebuild no longer writes is gone (404): these entry files are old.
      const loaded = Promise.resolve().then(() => load(of, of === 'index' ? indexEntry.chunkIds[k] : k));
      p = loaded.then((c) => {
        if (!fits(of, k, c)) throw notFits();
        if (of === 'index') {
          c.termPos = new Map(c.terms.map((t, i) => [t, i]));
          termChunks.set(k, c);
        } else docChunks.set(k, c.searchDocs);
        onChunk(); // what a query finds changed
      }, (e) => {
        throw e && e.status === 404 ? notFits() : e;
      });
      p.finally(() => pending.delete(key)).catch(() => {});
      pending.set(key, p);
    }
    return p;
  }
  // The first chunk of words: the deletion keys' chunks come before it (typoKeys).
  let firstWords = starts.findIndex((s) => !s.startsWith(TYPO_MARK));
  if (firstWords < 0) firstWords = 0;
  function chunkOf(key) {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid] <= key) lo = mid + 1;
      else hi = mid;
    }
    const k = Math.max(0, lo - 1);
    // A word that sorts before the index's first word ("a" before "able") is in no chunk: its
    // lookup reads the first chunk of words, never the last of the deletion keys.
    return k < firstWords && !key.startsWith(TYPO_MARK) ? firstWords : k;
  }
  // chunksOf are the chunks whose keys may start with prefix.
  function chunksOf(prefix) {
    const out = [];
    for (let k = chunkOf(prefix), last = chunkOf(`${prefix}\uffff`); k <= last; k++) out.push(k);
    return out;
  }

  const postingCache = new Map();
  function postings(term) {
    let p = postingCache.get(term);
    if (p) return p;
    // A term is in its own chunk and in those of its words as written ("happy" of "happi"): a
    // prefix or a typo may have found it in one of the latter only.
    let c = termChunks.get(chunkOf(term));
    if (!c || !c.termPos.has(term)) c = [...termChunks.values()].find((x) => x.termPos.has(term));
    p = decodePostings(c, c.termPos.get(term), pages.firstSection);
    postingCache.set(term, p);
    return p;
  }
  function hasTerm(term) {
    const c = termChunks.get(chunkOf(term));
    return Boolean(c && c.termPos.has(term));
  }
  // hasWord says whether the docs write a word as it is (a key of its chunk: a term, or a word as
  // written that stems to one).
  function hasWord(word) {
    const c = termChunks.get(chunkOf(word));
    if (!c) return false;
    const i = lowerBound(c.keys, word);
    return i < c.keys.length && c.keys[i] === word;
  }

  // loadPages fetches the page files (once), each checked against the stamp the index file lists
  // for it, and reads them (pages.js).
  let pagesLoad = null;
  function loadPages() {
    if (pages) return null;
    if (!pagesLoad) {
      const notFits = () => {
        if (!stale && typeof onStale === 'function') onStale();
        stale = true;
        return staleError();
      };
      pagesLoad = Promise.all(
        indexEntry.pageFiles.map((stamp, k) =>
          Promise.resolve()
            .then(() => load('pages', `p${k}`))
            .then(
              (f) => {
                if (!f || f.stamp !== stamp || !Array.isArray(f.titleLengths)) throw notFits();
                return f;
              },
              (e) => {
                throw e && e.status === 404 ? notFits() : e;
              },
            ),
        ),
      ).then((files) => {
        pages = readPages(indexEntry, files, W);
        store.pages = pages;
      });
      // A failed load is tried again by the next query.
      pagesLoad.catch(() => {
        pagesLoad = null;
      });
    }
    return pagesLoad;
  }

  function doc(page) {
    return docChunks.get(Math.floor(page / docsEntry.perChunk))[page % docsEntry.perChunk];
  }

  const store = {
    // What pages.js read of the page files, once loadPages has them (null before).
    pages: null,
    termChunks,
    fetchChunk,
    chunkOf,
    chunksOf,
    postings,
    hasTerm,
    hasWord,
    loadPages,
    doc,
    pageVersion,
  };
  return store;
}
