// The query side of search: it reads the two entry files docsd writes and the chunks they point to
// (pkg/search/chunks.go describes the formats), fetching only the chunks a query needs through the
// load function it is given, and ranks sections and pages for a query. It is plain JavaScript
// without JSX or browser APIs so that the relevance test (tests/search) runs exactly this code in
// Node. This file puts the engine together; each concern is a module of its own:
//   words.js     how text becomes words and terms (as pkg/search/tokenize.go)
//   weights.js   the weights of ranking, each with its reason
//   chunks.js    fetching and checking the search files, a term's postings (postings.js) and the
//                page files' facts (pages.js)
//   synonyms.js  the site's synonym table
//   lookup.js    prefix expansion and typo corrections
//   family.js    an identifier's family (W.family)
//   need.js      which chunks a query reads, fetched in rounds
//   parse.js     a query's units and the matcher
//   rank.js      ranking (scratch.js its arrays, rules.js the rules that read more than scores)
//   present.js   the results shown
import { createStore } from './chunks.js';
import { createFamily } from './family.js';
import { createNeed } from './need.js';
import { createParser } from './parse.js';
import { createPresent } from './present.js';
import { createRanker } from './rank.js';
import { createRules } from './rules.js';
import { readSynonyms } from './synonyms.js';
import { WEIGHTS } from './weights.js';

export { chunkUrl } from './chunks.js';
export { highlightWords, termOf, words } from './words.js';

// createEngine reads the parsed documents and index files. load(of, n) fetches chunk n of the
// "index" or "docs" entry; onStale is called (once) when a chunk turns out to be of another build
// (pkg/search/chunks.go: the stamps), so that the caller loads the entry files again.
export function createEngine(indexEntry, docsEntry, { load, weights, onStale } = {}) {
  const W = { ...WEIGHTS, ...weights };
  if (!indexEntry || indexEntry.version !== 4 || !docsEntry || docsEntry.version !== 4 || typeof load !== 'function' || !Array.isArray(indexEntry.pageFiles)) {
    throw new Error('The search files have an unknown format.');
  }
  // Page numbers (indexEntry.slots): docsd watch keeps a page's number across new and deleted
  // pages, so some may be free (a free number has no sections, a null document, and no list names
  // it). The arrays run over the numbers; a term's frequency is a share of the pages.
  const stop = new Set(indexEntry.stopWords || []);
  const syn = readSynonyms(indexEntry.synonyms, stop);
  // A chunk that comes in changes what a query finds: the parser forgets the last query it parsed.
  const store = createStore(indexEntry, docsEntry, { load, onStale, onChunk: () => parser.forget(), W });
  const family = createFamily(store, W);
  const { ensure } = createNeed(store, family, syn, stop, W);
  const parser = createParser(store, syn, stop, W);
  const rules = createRules(store, parser, W, indexEntry.pages);
  const { rank } = createRanker(store, parser, family, rules, W, indexEntry);
  const { specificFirst, quotedFirst, present } = createPresent(store, W);
  // A query that types a command whole (the program's name) is the command's: no page quoting a
  // message goes above it (W.quoted).
  const ordered = (entries, q) => {
    const units = parser.parse(q);
    const first = specificFirst(entries, units.listing);
    return rules.typesCommand(units) ? first : quotedFirst(first, q);
  };

  // query answers a query, fetching the chunks it needs: the term chunks of its words, then the
  // documents chunks of the pages it shows. The list's `more` says whether more pages match than
  // `limit` (the box's "More results", which asks again with a larger limit): ranked one further,
  // that page's documents are not fetched.
  async function query(q, opts = {}) {
    await ensure(q);
    const limit = opts.limit ?? 8;
    const ranked = rank(q, { ...opts, limit: limit + 1 });
    const shown = ranked.entries.slice(0, limit);
    const wait = shown.map((e) => store.fetchChunk('docs', Math.floor(e.page / docsEntry.perChunk))).filter(Boolean);
    await Promise.all(wait);
    const out = ordered(shown, q).map((e) => present(e, ranked.secSum, opts.sectionsPerPage || 3));
    out.more = ranked.entries.length > limit;
    return out;
  }

  // search ranks pages for a query from the chunks fetched so far. Each result is a page with its
  // best sections.
  function search(query, opts = {}) {
    const ranked = rank(query, opts);
    return ordered(ranked.entries, query).map((e) => present(e, ranked.secSum, opts.sectionsPerPage || 3));
  }

  return { query, search, ensure, matcher: parser.matcher, parse: parser.parse };
}
