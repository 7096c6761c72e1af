// Which term chunks a query reads, and fetching them before it is ranked: the chunks of its words,
// their prefixes, synonyms and identifiers' parts, and, round by round, those where a typo's
// correction may be. It must name every chunk parse.js and rank.js will read for the query (else a
// reader's first query would rank otherwise than a later one: tests/search/freshwarm.mjs checks).
import { MAX_KEY_WORDS } from './parse.js';
import { expand, farHeads, typoHeads, typoKeys, typosFound, typoWord } from './lookup.js';
import { MAX_WORD_LEN, commonEndings, identifierRuns, identifierText, queryWords, singularTerms, termOf } from './words.js';

// How many times ensure asks its last round again, at most, while it still names new chunks (each
// time, a chunk fetched may name another: a correction found in it, then its synonyms' chunks).
const MAX_EXTRA_ROUNDS = 3;

// createNeed names and fetches the chunks of a query from the store (chunks.js), with what the
// lookups (lookup.js), the family of identifiers (family.js) and the synonym table (synonyms.js) find.
export function createNeed(store, family, syn, stop, W) {
  const { chunkOf, chunksOf } = store;
  const { synonyms, synonymTerms, commonAt } = syn;
  // need lists the term chunks a query reads: its words' terms and prefixes, their synonyms, the
  // parts of identifiers, (once those are in) the first letters of words found nowhere, for typos,
  // (far, once those are in) the first letters of farHeads for a word no typo found either, and
  // (dels, once those are in) the deletion chunks of such a word, then the first letters they name.
  function need(query, typosToo, far, dels) {
    const out = new Set();
    const typed = String(query ?? '').slice(0, 1000);
    // An identifier typed as its words (W.identRuns): the chunks of what each run may join to, and,
    // once they are in, the words parseUncached reads with the runs joined.
    if (W.identRuns) {
      for (const { ids } of identifierRuns(typed)) for (const { id } of ids) if (id.length <= MAX_WORD_LEN) out.add(chunkOf(id));
    }
    const text = W.identRuns ? identifierText(typed, store.hasTerm) : typed;
    // The words parseUncached reads (queryWords), so that the words it finds side by side ("who
    // can", a pair to join) are side by side here too.
    const list = queryWords(text, stop);
    const typing = /[\p{L}\p{N}_]$/u.test(text);
    const qterms = new Set();
    list.forEach(({ word }, i) => {
      if (word.length > MAX_WORD_LEN) return;
      const t = termOf(word, stop);
      const last = typing && i === list.length - 1;
      if (!t && (!last || list.length > 1)) return; // a stop word (parseUncached)
      if (t) {
        out.add(chunkOf(t));
        qterms.add(t);
      }
      // The singular of a plural the stemmer kept whole (parse.js).
      if (W.plural) for (const s of singularTerms(word, stop)) {
        out.add(chunkOf(s));
        if (store.hasTerm(s) && !store.hasTerm(t)) qterms.add(s);
      }
      // The word as a prefix: all its range for the word being typed (but one chunk for a single
      // letter, which would be a twentieth of the index), its own chunk for the others.
      if (last && word.length > 1) for (const k of chunksOf(word)) out.add(k);
      else out.add(chunkOf(word));
      if (word.includes('_')) for (const part of word.split('_')) if (termOf(part, stop)) out.add(chunkOf(termOf(part, stop)));
      // The verb of a word with "re" before it ("resync": sync), which parse.js reads when the
      // word is no term (W.again).
      if (W.again && /^re[a-z]{4,}$/.test(word) && termOf(word.slice(2), stop)) out.add(chunkOf(termOf(word.slice(2), stop)));
      // The terms of its family, for an identifier typed whole (familyFirst).
      if (W.family && word.includes('_')) for (const k of family.familyChunks(word)) out.add(k);
      // (A word typed whole that starts terms is looked up with typing mistakes too: W.typoWhole.)
      // (So is a word typed whole whose term the docs have in other forms only: W.typoForm.)
      const form = W.typoForm && !last && word !== t && !word.includes('_') && store.hasTerm(t) && !store.hasWord(word);
      if (typosToo && t && typoWord(word, W) && !synonymTerms.has(t) && (form || (!store.hasTerm(t) && (expand(store, word).size === 0 || (W.typoWhole && !last && !word.includes('_')))))) {
        for (const k of chunksOf(word.slice(0, 2))) out.add(k);
        // The corrections stand for the word in the synonym table's entries (termIs).
        const { found, group } = typosFound(store, W, word);
        for (const c of found.keys()) qterms.add(c);
        // Found among farHeads or the first letters the deletion chunks name, the others of its
        // group are read too (typosFound): their chunks, one of which may hold a correction as near
        // ("lugin": login, from a chunk fetched for another word, and plugin).
        if (far && (found.size === 0 || group >= 1)) {
          for (const h of farHeads(word)) for (const k of chunksOf(h)) out.add(k);
          if (dels && (found.size === 0 || group === 2)) {
            for (const dk of typoKeys(word)) for (const k of chunksOf(dk)) out.add(k);
            for (const h of typoHeads(store, word)) for (const k of chunksOf(h)) out.add(k);
          }
        }
      }
    });
    // A word and the common word after it, joined (parseUncached).
    for (let i = 0; i + 1 < list.length; i++) {
      const pair = termOf(list[i].word + list[i + 1].word, stop);
      if (pair && !termOf(list[i + 1].word, stop) && pair.length <= MAX_WORD_LEN) {
        out.add(chunkOf(pair));
        qterms.add(pair);
      }
    }
    // Runs of words joined by underscores (parse.js, keyWordsOf): each run of up to MAX_KEY_WORDS
    // words, a common word between them in it or not ("check in": check_in, of the pair checkin).
    if (W.keyWords) {
      const run = (i, parts) => {
        if (parts.length >= 2) {
          const id = parts.join('_');
          if (id.length <= MAX_WORD_LEN) out.add(chunkOf(id));
        }
        if (parts.length >= MAX_KEY_WORDS || i >= list.length) return;
        const { word } = list[i];
        if (word.includes('_')) return;
        run(i + 1, [...parts, word]);
        // A word typed as the docs write a pair ("checkin": check in) counts as its two words too.
        for (const pair of commonEndings(word, stop)) run(i + 1, [...parts, ...pair]);
        if (!termOf(word, stop) && parts.length > 0) run(i + 1, parts);
      };
      for (let i = 0; i < list.length; i++) if (termOf(list[i].word, stop) && !list[i].word.includes('_')) run(i, []);
    }
    for (let i = 0; i < list.length; i++) {
      const g = commonAt(list, i); // (every entry, wherever it applies: applies)
      if (g) for (const ph of g.phrases.slice(1)) for (const t of ph) out.add(chunkOf(t));
    }
    for (const g of synonyms) {
      // A one-way entry is read from its first phrase only ("start => create, add": "add" does not
      // find "start"), so a query that has only its other phrases needs none of its chunks.
      // One that applies between other words only ("… never … => troubleshooting") is named
      // wherever its words are: parse.js judges where it applies (applies), and a chunk too many
      // costs a fetch, not a rank.
      const from = g.oneWay ? g.phrases.slice(0, 1) : g.phrases;
      if (!from.some((ph) => ph.some((t) => qterms.has(t)))) continue;
      // (Common words are in no chunk: commonPhrases.)
      for (const ph of g.phrases) for (const t of ph) if (!stop.has(t)) out.add(chunkOf(t));
    }
    return [...out].sort((a, b) => a - b);
  }

  // ensure fetches what a query reads, in rounds (typos need to know what was not found, a
  // mistake in the first letters that no typo nearer was found, and the first letters a wrong
  // first letter may stand for, that the deletion chunks were read), with the page files. A round
  // that needs nothing new fetches nothing. The last round is asked again until it needs nothing
  // new: a correction found only in the chunks it fetched ("xndpoint": "endpoint", from the
  // first letters the deletion chunks name) stands for its word in the synonym table (termIs),
  // whose entries' chunks only a round after it can name.
  async function ensure(query) {
    await store.loadPages();
    const rounds = [
      [false, false, false],
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ];
    for (let r = 0; r < rounds.length + MAX_EXTRA_ROUNDS; r++) {
      const [typosToo, far, dels] = rounds[Math.min(r, rounds.length - 1)];
      const wait = need(query, typosToo, far, dels).map((k) => store.fetchChunk('index', k)).filter(Boolean);
      if (wait.length === 0 && r >= rounds.length - 1) break;
      await Promise.all(wait);
    }
  }
  return { need, ensure };
}
