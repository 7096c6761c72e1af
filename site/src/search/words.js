// The words of a query, found the way docsd found them when it indexed (pkg/search/tokenize.go):
// lower case, runs of letters, digits and underscores, stop words dropped (the list comes from the
// index file), Porter2 stems for words of ASCII letters. The engine, the snippets (snippet.js) and
// the target page's highlighting all read words this way, so they agree on what a word is.
import { stem } from 'porter2';

// Limits that keep any input cheap: words per query, characters per word.
export const MAX_WORDS = 10;
export const MAX_WORD_LEN = 40;
// ... and words in all, common words among them (queryWords).
const MAX_ALL_WORDS = 3 * MAX_WORDS;

const WORD = /[\p{L}\p{N}_]+/gu;

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

// queryWords are the words of a query that search reads, with their offsets: those not too long,
// the first MAX_WORDS that are not stop words and the stop words among them (MAX_ALL_WORDS at
// most). A question's common words ("how do i", "i want to") do not push its last words out:
// "how do i approve a pending build from a fork cli" names the CLI.
export function queryWords(text, stop) {
  const out = [];
  let n = 0;
  for (const w of words(text)) {
    if (w.word.length > MAX_WORD_LEN) continue;
    if (!stop.has(w.word) && n++ === MAX_WORDS) break;
    out.push(w);
    if (out.length === MAX_ALL_WORDS) break;
  }
  return out;
}

// The longest run of words identifierRuns joins, and what makes a run: words in capitals (an
// environment variable's, "VELA ID TOKEN REQUEST TOKEN", "VELA-ADDR") apart by one space or hyphen,
// two or more; or three or more words in lower case joined by hyphens ("vela-repo-name"), not a
// flag's ("--pipeline-type" is the docs' own way of writing it).
const MAX_RUN = 8;
const CAPS_RUN = /[A-Z][A-Z0-9]*(?:[ -][A-Z0-9]+)+/g;
const HYPHEN_RUN = /(?<![-\w])[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}(?![\w])/g;

// identifierRuns are the runs of words of a query typed as an identifier's parts, each with the
// stretches of it that may be one (its words joined by underscores, in lower case), longest first:
// what identifierText looks up and need.js fetches the chunks of. A query typed all in capitals
// (caps lock) is words, not names: only a whole run may be an identifier then, of words joined by
// hyphens ("VELA-ADDR") or of three words or more ("VELA BUILD STATUS"; not "MANIFEST TOOL" of
// "MANIFEST TOOL PLUGIN", nor "VELA VERSION").
export function identifierRuns(text) {
  const out = [];
  const shouted = !/[a-z]/.test(String(text));
  for (const re of [CAPS_RUN, HYPHEN_RUN]) {
    for (const m of String(text).matchAll(re)) {
      const parts = m[0].split(/[ -]/);
      if (parts.length < 2 || parts.length > MAX_RUN) continue;
      if (shouted && parts.length < 3 && m[0].includes(' ')) continue;
      // Word i of the run starts at at[i] of the text.
      const at = [];
      let k = m.index;
      for (const p of parts) {
        at.push(k);
        k += p.length + 1;
      }
      const ids = [];
      for (let i = 0; i < (shouted ? 1 : parts.length); i++) {
        for (let j = parts.length; j - i >= 2 && (!shouted || j === parts.length); j--) {
          ids.push({ id: parts.slice(i, j).join('_').toLowerCase(), from: at[i], to: at[j - 1] + parts[j - 1].length });
        }
      }
      out.push({ start: m.index, ids });
    }
  }
  return out;
}

// identifierText is the query with each run of identifierRuns that names an identifier of the docs
// (hasTerm of its underscore join, the first such stretch of the run, longest first) typed whole,
// as a reader who typed VELA_ID_TOKEN_REQUEST_TOKEN would have: found as the identifier, with its
// family's reference (family.js), not as five common words.
export function identifierText(text, hasTerm) {
  const runs = identifierRuns(text);
  if (runs.length === 0) return text;
  let out = String(text);
  // Right to left, so that the offsets of the runs still to do stay right.
  runs.sort((a, b) => b.start - a.start);
  for (const { ids } of runs) {
    const hit = ids.find(({ id }) => hasTerm(id));
    if (hit) out = out.slice(0, hit.from) + hit.id + out.slice(hit.to);
  }
  return out;
}

export function asciiLetters(w) {
  return /^[a-z]+$/.test(w);
}

export function termOf(word, stop) {
  if (stop && stop.has(word)) return '';
  if (word.length < 3 || !asciiLetters(word)) return word;
  return stem(word);
}

// singularTerms are the terms a word ending in "s" that the stemmer kept whole may be the plural
// of: Porter2 drops a final "s" only after a vowel that is not the letter right before it, so it
// keeps that of "clis", "ssos" and "sdks", plurals readers write of acronyms. Empty for any other
// word.
export function singularTerms(word, stop) {
  if (word.length < 4 || !asciiLetters(word) || !word.endsWith('s') || !termOf(word, stop).endsWith('s')) return [];
  const out = [termOf(word.slice(0, -1), stop)];
  if (word.endsWith('es')) out.push(termOf(word.slice(0, -2), stop));
  return out.filter(Boolean);
}

// highlightWords are the words the target page highlights for a query: what was typed, and the
// stem when it is shorter (so "configuring" also lights up "configure").
export function highlightWords(query, stopWords) {
  const stop = new Set(stopWords || []);
  const out = new Set();
  for (const { word } of queryWords(String(query ?? '').slice(0, 1000), stop)) {
    if (stop.has(word)) continue;
    out.add(word);
    const t = termOf(word, stop);
    if (t && t.length >= 3 && t.length < word.length && word.startsWith(t)) out.add(t);
  }
  return [...out];
}

// commonEndings are the ways a word is a word and a common word written as one ("checkin": check,
// in), which the docs may write apart in an identifier (worker_check_in).
export function commonEndings(word, stop) {
  const out = [];
  for (let k = 2; k < word.length; k++) if (stop.has(word.slice(k)) && termOf(word.slice(0, k), stop)) out.push([word.slice(0, k), word.slice(k)]);
  return out;
}
