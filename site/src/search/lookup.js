// The terms a word may stand for when it is not one itself: the words it starts (search as you
// type) and the words one or two typing mistakes away, looked for in the term chunks fetched so far
// by their first letters or, for a mistake in those, by the deletion keys (pkg/search/typokeys.go).
// need.js names the chunks these read; parse.js weighs what they find. store is the engine's
// (chunks.js); W gives typo1 and typo2.
import { TYPO_MARK } from './chunks.js';
import { asciiLetters } from './words.js';

// Limits that keep any input cheap: prefix expansions, typo corrections.
const MAX_EXPANSIONS = 40;
const MAX_TYPOS = 8;
// Deletion keys (pkg/search/typokeys.go): how many letters of a deletion they keep. A word tries
// at most MAX_TYPO_HEADS first letters they name (each a chunk or two to fetch).
const TYPO_CUT = 5;
const MAX_TYPO_HEADS = 8;

// lowerBound is the first place in the sorted arr whose value is not below key.
export function lowerBound(arr, key) {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// editDistance is the optimal-string-alignment distance of a and b (a swap of neighbours is one
// edit), or max + 1 once it is sure to exceed max.
function editDistance(a, b, max) {
  const n = a.length;
  const m = b.length;
  let prev2 = null;
  let prev = new Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    const cur = new Array(m + 1);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[m];
}

// The fewest letters of a word looked for with typing mistakes, and of one that is such a word
// with a letter dropped ("slak" of slack, "uild" of build): only the dropped letter is looked for.
const TYPO_MIN = 5;
const TYPO_DROPPED = 4;

// typoWord says whether a word is looked for with typing mistakes: five ASCII letters or more, or
// four, a word of five with a letter dropped (W.typoDropped).
export function typoWord(word, W) {
  return word.length >= (W.typoDropped ? TYPO_DROPPED : TYPO_MIN) && asciiLetters(word);
}

// farHeads are the first two letters a word would have if its mistake were in them: a letter too
// many among the first three ("ssecret"), or two of the first three swapped ("sceret",
// "ppielines"). A wrong or a missing first or second letter is typoHeads'.
export function farHeads(word) {
  const out = new Set();
  for (let i = 0; i < 3; i++) out.add((word.slice(0, i) + word.slice(i + 1)).slice(0, 2));
  out.add(word[1] + word[0]);
  out.add(word[0] + word[2]);
  out.delete(word.slice(0, 2));
  return [...out];
}

// typoKeys are the deletion keys (pkg/search/typokeys.go) a word with a wrong or missing first or
// second letter looks up: itself without its first letter ("wecret": "ecre", as "secret" without
// its "s"), without its second, and itself (a missing letter: "ecrets"), each cut to TYPO_CUT.
export function typoKeys(word) {
  const cut = (w) => TYPO_MARK + w.slice(0, TYPO_CUT);
  return [...new Set([cut(word.slice(1)), cut(word[0] + word.slice(2)), cut(word)])];
}

// expand finds the terms whose words (terms, and words as written that stem to them) start with
// a prefix, closest first.
export function expand(store, prefix) {
  const found = new Map();
  const hits = [];
  for (const k of store.chunksOf(prefix)) {
    const c = store.termChunks.get(k);
    if (!c) continue;
    for (let i = lowerBound(c.keys, prefix); i < c.keys.length && c.keys[i].startsWith(prefix); i++) {
      hits.push([c.keys[i], c.terms[c.keyTerms[i]]]);
    }
  }
  if (hits.length > MAX_EXPANSIONS) hits.sort((a, b) => a[0].length - b[0].length);
  for (const [key, t] of hits.slice(0, MAX_EXPANSIONS)) {
    const w = 0.5 + 0.4 * (prefix.length / key.length);
    if (!found.has(t) || found.get(t) < w) found.set(t, w);
  }
  return found;
}

// typos finds the terms whose words are one edit away from a word of 5 letters or more (two for
// 9 or more; a swap of two letters is one edit), the nearest first. Words with the same first two
// letters are tried: they are in the chunks of those letters, which a query fetches. When none
// is near, so are the words a mistake in the first letters would give (farHeads), from their
// chunks, which a query fetches only then (need, third round).
export function typos(store, W, word) {
  return typosFound(store, W, word).found;
}
// typosFound is typos' answer with the group of first letters it was found in (0: the word's
// own, 1: farHeads, 2: typoHeads; -1: none): need() fetches the rest of that group.
export function typosFound(store, W, word) {
  const found = new Map();
  if (!typoWord(word, W)) return { found, group: -1 };
  const max = word.length >= 9 ? 2 : 1;
  // A word shorter than TYPO_MIN is one with a letter dropped: its corrections are a letter longer.
  const dropped = word.length < TYPO_MIN;
  const hits = [];
  // The heads are tried in groups, nearest mistake first; within a group every head is read, so
  // that two corrections as near are both found ("lugin": login and plugin).
  const groups = [[word.slice(0, 2)], farHeads(word), typoHeads(store, word)];
  let group = -1;
  for (let g = 0; g < groups.length && hits.length === 0; g++) {
    group = g;
    for (const head of groups[g]) for (const k of store.chunksOf(head)) {
      const c = store.termChunks.get(k);
      if (!c) continue;
      for (let i = lowerBound(c.keys, head); i < c.keys.length && c.keys[i].startsWith(head); i++) {
        const key = c.keys[i];
        if (Math.abs(key.length - word.length) > max || (dropped && key.length !== word.length + 1)) continue;
        const d = editDistance(word, key, max);
        if (d <= max) hits.push([d, key, c.terms[c.keyTerms[i]]]);
      }
    }
  }
  hits.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  for (const [d, , t] of hits.slice(0, MAX_TYPOS)) {
    const w = d === 1 ? W.typo1 : W.typo2;
    if (!found.has(t) || found.get(t) < w) found.set(t, w);
  }
  return { found, group: found.size > 0 ? group : -1 };
}

// typoHeads are the first two letters the deletion keys of a word name, from the deletion chunks
// fetched so far (at most MAX_TYPO_HEADS: each is a chunk or two to fetch), but those typos tries
// before them.
export function typoHeads(store, word) {
  const out = new Set();
  for (const dk of typoKeys(word)) {
    for (const k of store.chunksOf(dk)) {
      const c = store.termChunks.get(k);
      if (!c) continue;
      for (let i = lowerBound(c.keys, dk); i < c.keys.length && c.keys[i].startsWith(dk); i++) {
        if (c.keyTerms[i] < 0 && c.keys[i].length === dk.length + 2) out.add(c.keys[i].slice(dk.length));
      }
    }
  }
  out.delete(word.slice(0, 2));
  for (const h of farHeads(word)) out.delete(h);
  return [...out].slice(0, MAX_TYPO_HEADS);
}
