// The query side of search: it reads the two files docsd writes (pkg/search/index.go describes the
// formats) and ranks sections and pages for a query. It is plain JavaScript without JSX or browser
// APIs so that the relevance test (tests/search) runs exactly this code in Node.
//
// Words are found the way docsd found them when it indexed: lower case, runs of letters, digits and
// underscores, stop words dropped (the list comes from the index file), Porter2 stems for words of
// ASCII letters. The last word of a query that does not end in a space is also matched as a prefix
// (search as you type), and so is any word that matches nothing as a whole.
import { stem } from 'porter2';

// Field weights: a match in the page title counts most, then a section heading, then the text.
const TITLE = 3;
const HEADING = 2;
const BODY = 1;
// A match in the breadcrumbs (the categories above the page) adds context, less than a heading.
const CRUMB = 1;
// How much the other matching sections of a page add to its best section.
const OTHER_SECTIONS = 0.15;
// Limits that keep any input cheap: words per query, characters per word, prefix expansions.
const MAX_WORDS = 10;
const MAX_WORD_LEN = 40;
const MAX_EXPANSIONS = 40;

const WORD = /[\p{L}\p{N}_]+/gu;

// DIGIT maps the characters of the posting strings to their values.
const DIGIT = new Uint8Array(128);
'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_'.split('').forEach((c, i) => {
  DIGIT[c.charCodeAt(0)] = i;
});

// words splits text into lower-case words (underscores at either end trimmed), with their offsets.
export function words(text) {
  const out = [];
  for (const m of String(text).matchAll(WORD)) {
    let w = m[0];
    let start = m.index;
    while (w.startsWith('_')) {
      w = w.slice(1);
      start++;
    }
    while (w.endsWith('_')) w = w.slice(0, -1);
    if (w) out.push({ word: w.toLowerCase(), start, end: start + w.length });
  }
  return out;
}

function asciiLetters(w) {
  return /^[a-z]+$/.test(w);
}

export function termOf(word, stop) {
  if (stop && stop.has(word)) return '';
  if (word.length < 3 || !asciiLetters(word)) return word;
  return stem(word);
}

function lowerBound(arr, key) {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// createEngine reads the parsed documents and index files.
export function createEngine(docsFile, indexFile) {
  if (!docsFile || !Array.isArray(docsFile.searchDocs) || !indexFile || indexFile.version !== 1) {
    throw new Error('The search files have an unknown format.');
  }
  const pages = docsFile.searchDocs;
  const terms = indexFile.terms;
  const stop = new Set(indexFile.stopWords || []);
  const titleLengths = indexFile.titleLengths;
  const nSections = indexFile.sections;
  const nPages = pages.length;
  const termIndex = new Map();
  for (let i = 0; i < terms.length; i++) termIndex.set(terms[i], i);

  // Every word a prefix can match: the terms and the words as written that stem to them. Built on
  // the first prefix search rather than at load, so the box is usable sooner.
  let vocab = null;
  let vocabTerm = null;
  function buildVocab() {
    const pairs = [];
    for (let i = 0; i < terms.length; i++) {
      pairs.push([terms[i], i]);
      const f = indexFile.forms[i];
      if (f) for (const w of f.split(' ')) pairs.push([w, i]);
    }
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    vocab = pairs.map((p) => p[0]);
    vocabTerm = Int32Array.from(pairs, (p) => p[1]);
  }

  // Section numbers run across pages in order.
  const sectionPage = new Int32Array(nSections);
  const firstSection = new Int32Array(nPages);
  let n = 0;
  pages.forEach((p, i) => {
    firstSection[i] = n;
    for (let k = 0; k < p.sections.length; k++) sectionPage[n++] = i;
  });

  const postingCache = new Map();
  function postings(t) {
    let p = postingCache.get(t);
    if (p) return p;
    // pkg/search's encodePosting: a base-32 delta (upper-half digits carry), then a code digit.
    const raw = indexFile.postings[t] || '';
    const secList = [];
    const codeList = [];
    let sec = 0;
    let v = 0;
    for (let i = 0; i < raw.length; i++) {
      const d = DIGIT[raw.charCodeAt(i)];
      if (d >= 32) {
        v = v * 32 + (d - 32);
        continue;
      }
      sec += v * 32 + d;
      v = 0;
      secList.push(sec);
      codeList.push(DIGIT[raw.charCodeAt(++i)]);
    }
    const secs = Int32Array.from(secList);
    const codes = Uint8Array.from(codeList);
    const titles = [];
    let page = 0;
    for (const d of indexFile.titles[t] || []) {
      page += d;
      titles.push(page);
    }
    const crumbs = [];
    page = 0;
    for (const d of (indexFile.crumbs && indexFile.crumbs[t]) || []) {
      page += d;
      crumbs.push(page);
    }
    p = { secs, codes, titles, crumbs };
    postingCache.set(t, p);
    return p;
  }

  // expand finds the terms whose words start with a prefix, closest first.
  function expand(prefix) {
    if (!vocab) buildVocab();
    const from = lowerBound(vocab, prefix);
    const found = new Map();
    const hits = [];
    for (let i = from; i < vocab.length && vocab[i].startsWith(prefix); i++) hits.push(i);
    if (hits.length > MAX_EXPANSIONS) hits.sort((a, b) => vocab[a].length - vocab[b].length);
    for (const i of hits.slice(0, MAX_EXPANSIONS)) {
      const w = 0.5 + 0.4 * (prefix.length / vocab[i].length);
      const t = vocabTerm[i];
      if (!found.has(t) || found.get(t) < w) found.set(t, w);
    }
    return found;
  }

  // parse turns a query into words, each with the terms it matches and their weights.
  function parse(query) {
    const text = String(query ?? '').slice(0, 1000);
    const list = words(text).filter((w) => w.word.length <= MAX_WORD_LEN).slice(0, MAX_WORDS);
    const typing = list.length > 0 && /[\p{L}\p{N}_]$/u.test(text);
    const out = [];
    list.forEach(({ word }, i) => {
      const last = typing && i === list.length - 1;
      const term = termOf(word, stop);
      if (!term && !last) return;
      const cands = new Map();
      const exact = term ? termIndex.get(term) : undefined;
      if (exact !== undefined) cands.set(exact, 1);
      if (last || exact === undefined) {
        for (const [t, w] of expand(word)) if (!cands.has(t)) cands.set(t, w);
      }
      if (!term && cands.size === 0) return;
      if (cands.size === 0 && word.includes('_')) {
        // An identifier not in the docs as a whole (BUILD_NUMBER of VELA_BUILD_NUMBER): its parts.
        for (const part of word.split('_')) {
          const t = termOf(part, stop);
          const i = t ? termIndex.get(t) : undefined;
          if (i !== undefined) out.push({ word: part, term: t, prefix: false, cands: new Map([[i, 1]]) });
        }
        return;
      }
      out.push({ word, term, prefix: last || exact === undefined, cands });
    });
    return out;
  }

  // search ranks pages for a query. Each result is a page with its best sections. Scores live in
  // typed arrays indexed by section and page numbers: a short prefix can touch thousands of
  // postings, and this keeps every query within a few milliseconds.
  function search(query, { limit = 8, sectionsPerPage = 3, version } = {}) {
    const q = parse(query);
    if (q.length === 0) return [];
    const secSum = new Float64Array(nSections);
    const best = new Float64Array(nSections); // one word's best score per section, reset after use
    const pageBest = new Float64Array(nPages);
    const crumbBest = new Float64Array(nPages);
    const mask = new Int32Array(nPages);
    const title = new Float64Array(nPages);
    const titleWords = new Int32Array(nPages);
    const crumbs = new Float64Array(nPages);
    const touchedPages = [];
    const touch = (page) => {
      if (mask[page] === 0) touchedPages.push(page);
    };
    q.forEach((qw, i) => {
      const bit = 1 << i;
      const secs = [];
      const titled = [];
      const crumbed = [];
      for (const [t, weight] of qw.cands) {
        const p = postings(t);
        const df = p.secs.length;
        const idf = Math.log(1 + (nSections - df + 0.5) / (df + 0.5));
        for (let k = 0; k < df; k++) {
          const code = p.codes[k];
          const sc = weight * idf * (HEADING * (code >> 3) + (BODY * (code & 7)) / 7);
          const sec = p.secs[k];
          if (sc > best[sec]) {
            if (best[sec] === 0) secs.push(sec);
            best[sec] = sc;
          }
        }
        const dfp = p.titles.length;
        const idfp = Math.log(1 + (nPages - dfp + 0.5) / (dfp + 0.5));
        for (const page of p.titles) {
          const sc = weight * idfp * TITLE;
          if (sc > pageBest[page]) {
            if (pageBest[page] === 0) titled.push(page);
            pageBest[page] = sc;
          }
        }
        const dfc = p.crumbs.length;
        const idfc = Math.log(1 + (nPages - dfc + 0.5) / (dfc + 0.5));
        for (const page of p.crumbs) {
          const sc = weight * idfc * CRUMB;
          if (sc > crumbBest[page]) {
            if (crumbBest[page] === 0) crumbed.push(page);
            crumbBest[page] = sc;
          }
        }
      }
      for (const sec of secs) {
        const page = sectionPage[sec];
        touch(page);
        mask[page] |= bit;
        secSum[sec] += best[sec];
        best[sec] = 0;
      }
      for (const page of titled) {
        touch(page);
        mask[page] |= bit;
        title[page] += pageBest[page];
        titleWords[page]++;
        pageBest[page] = 0;
      }
      for (const page of crumbed) {
        touch(page);
        mask[page] |= bit;
        crumbs[page] += crumbBest[page];
        crumbBest[page] = 0;
      }
    });
    const results = [];
    let bestMatched = 0;
    for (const page of touchedPages) {
      const doc = pages[page];
      if (version && doc.version && doc.version !== version) continue;
      let matched = 0;
      for (let m = mask[page]; m; m &= m - 1) matched++;
      let top = 0;
      let rest = 0;
      const from = firstSection[page];
      const to = from + doc.sections.length;
      for (let sec = from; sec < to; sec++) {
        const sc = secSum[sec];
        if (sc > top) {
          rest += top;
          top = sc;
        } else rest += sc;
      }
      let t = title[page];
      // A title the query covers wholly ranks above one it shares a word with.
      if (t > 0) t *= 0.5 + (0.5 * Math.min(titleWords[page], titleLengths[page])) / Math.max(1, titleLengths[page]);
      if (matched > bestMatched) bestMatched = matched;
      results.push({ page, matched, title: t, score: t + crumbs[page] + top + OTHER_SECTIONS * rest });
    }
    // Pages that have every word; when none has, the pages that have the most.
    const kept = results.filter((e) => e.matched === bestMatched);
    kept.sort((a, b) => b.score - a.score || a.page - b.page);
    return kept.slice(0, limit).map((e) => present(e, secSum, sectionsPerPage));
  }

  function present(e, secSum, sectionsPerPage) {
    const doc = pages[e.page];
    const first = firstSection[e.page];
    const secs = [];
    for (let k = 0; k < doc.sections.length; k++) {
      let sc = secSum[first + k];
      // The top of the page leads when its title matches: the page itself is the best answer.
      if (k === 0 && e.title > 0) sc += e.title;
      if (sc > 0) secs.push([first + k, sc]);
    }
    if (secs.length === 0) secs.push([first, 0]);
    secs.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return {
      route: doc.route,
      title: doc.title,
      version: doc.version,
      crumbs: doc.crumbs,
      score: e.score,
      sections: secs.slice(0, sectionsPerPage).map(([s, score]) => {
        const [id, heading, text] = doc.sections[s - first];
        return { id, heading, text, score, url: id ? `${doc.route}#${id}` : doc.route };
      }),
    };
  }

  // matcher says whether a word of a text is one the query searched for (its stem was searched,
  // or it starts with the word being typed).
  function matcher(query) {
    const q = parse(query);
    const wanted = new Set();
    const prefixes = [];
    for (const qw of q) {
      if (qw.term) wanted.add(qw.term);
      if (qw.prefix && qw.word.length >= 2) prefixes.push(qw.word);
    }
    const one = (word) => wanted.has(termOf(word, stop)) || prefixes.some((p) => word.startsWith(p));
    return (word) => one(word) || (word.includes('_') && word.split('_').some((part) => part && one(part)));
  }

  return { search, matcher, parse, pages };
}

// mark splits text into pieces, marking the words the matcher accepts. With maxLen it also picks
// a window of the text around the first marked word.
export function mark(text, isMatch, maxLen) {
  const s = String(text ?? '');
  const hits = words(s).filter((w) => isMatch(w.word));
  let from = 0;
  let to = s.length;
  if (maxLen && s.length > maxLen) {
    const at = hits.length ? hits[0].start : 0;
    from = Math.max(0, at - Math.floor(maxLen / 3));
    if (from > 0) {
      const space = s.indexOf(' ', from);
      if (space >= 0 && space < at) from = space + 1;
    }
    to = Math.min(s.length, from + maxLen);
  }
  const pieces = [];
  if (from > 0) pieces.push({ text: '… ', marked: false });
  let pos = from;
  for (const h of hits) {
    if (h.start < pos || h.end > to) continue;
    if (h.start > pos) pieces.push({ text: s.slice(pos, h.start), marked: false });
    pieces.push({ text: s.slice(h.start, h.end), marked: true });
    pos = h.end;
  }
  if (pos < to) pieces.push({ text: s.slice(pos, to), marked: false });
  if (to < s.length) pieces.push({ text: ' …', marked: false });
  return pieces;
}

// highlightWords are the words the target page highlights for a query: what was typed, and the
// stem when it is shorter (so "configuring" also lights up "configure").
export function highlightWords(query, stopWords) {
  const stop = new Set(stopWords || []);
  const out = new Set();
  for (const { word } of words(String(query ?? '').slice(0, 1000)).slice(0, MAX_WORDS)) {
    if (stop.has(word) || word.length > MAX_WORD_LEN) continue;
    out.add(word);
    const t = termOf(word, stop);
    if (t && t.length >= 3 && t.length < word.length && word.startsWith(t)) out.add(t);
  }
  return [...out];
}
