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
