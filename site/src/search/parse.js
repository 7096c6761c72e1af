// What a query asks for: its words made units, each a list of alternatives that satisfy it (the
// words as typed, whole or as a prefix, or their typo's corrections; a phrase of the synonym table
// or its synonyms; a pair of words the docs write as one), which rank.js scores; and the matcher
// that says which words of a result the query found. The last word of a query that does not end in
// a space is also matched as a prefix (search as you type), and so is any word that matches nothing
// as a whole.
import { expand, typos } from './lookup.js';
import { applies } from './synonyms.js';
import { commonEndings, identifierText, queryWords, singularTerms, termOf } from './words.js';

// Words that make a query a task, which a guide answers (W.taskPrior). They are common words,
// left out of the search itself.
const TASK_WORDS = ['how'];

// Words that open a query asking for the whole list of something ("all yaml keys", "every starlark
// function", "list of plugins"): the reader wants the page that lists them, not one of the pages
// below it (W.listing). A quantifier ("all", "every") says nothing of the topic and is left out;
// "list" is kept, as the listing page may say it ("the list of template sources"). English only,
// as TASK_WORDS: an index whose common words have "of". A quantifier agrees with the noun it lists
// (plural: "all yaml keys"; singular: "every api endpoint"): a query whose last word does not ("every
// build fails", "all builds fail", "all repos sync") says what happens to them, a symptom or a task,
// and is no list frame.
const LIST_FRAMES = [
  { words: ['all'], drop: true, plural: true },
  { words: ['every'], drop: true, plural: false },
  { words: ['list', 'of'], drop: false },
];

// The most words of a query that keyWords joins into an identifier (W.keyWords).
export const MAX_KEY_WORDS = 4;

// createParser parses queries with the terms of the store (chunks.js), the lookups (lookup.js) and
// the synonym table (synonyms.js); forget drops the last query parsed once a chunk has come in.
export function createParser(store, syn, stop, W) {
  const { hasTerm } = store;
  const { synonyms, synonymTerms, synonymWords, commonAt } = syn;
  const taskWords = new Set(TASK_WORDS.filter((w) => stop.has(w)));
  const listFrames = stop.has('of') ? LIST_FRAMES : [];
  // parse turns a query into units, each with what satisfies it: one word's candidate terms, or,
  // where the words are a phrase of the synonym table, those words or any of their synonyms. A
  // unit is a list of alternatives, each a list of slots (a map of term to weight) and a scale.
  // The box asks for the results and the matcher of each query: parse it once.
  let lastQuery = null;
  let lastUnits = null;
  function parse(query) {
    if (query === lastQuery) return lastUnits;
    lastUnits = parseUncached(query);
    lastQuery = query;
    return lastUnits;
  }

  function parseUncached(query) {
    const typed = String(query ?? '').slice(0, 1000);
    // An identifier typed as its words, apart (W.identRuns): the identifier, typed whole.
    const text = W.identRuns ? identifierText(typed, hasTerm) : typed;
    const words = queryWords(text, stop);
    const typing = words.length > 0 && /[\p{L}\p{N}_]$/u.test(text);
    // A list frame at the start makes the query a listing one; a quantifier is left out (W.listing).
    const frame = W.listing ? listFrame(words) : null;
    const list = frame && frame.drop ? words.slice(frame.words.length) : words;
    // A task word among the typed words (not the one being typed) makes the query a task.
    const task = list.some((w, i) => taskWords.has(w.word) && (!typing || i < list.length - 1));
    // Each unit below knows the words of list it stands for (at to end), for the entries that
    // apply between other words only (applies).
    const out = [];
    // A word and a common word after it that the docs write as one ("log in": login, "set up":
    // setup) are one unit, found joined or, much less, apart. (Joining any two words found
    // identifiers instead: "private key" found privateKey.) So are the two when the synonym table
    // has them joined, though the docs do not ("sign in": signin => login).
    for (let i = 0; i < list.length; i++) {
      // Common words the table gives a meaning (commonPhrases): one unit, found through the
      // phrases they stand for alone.
      const common = commonAt(list, i, task);
      if (common) {
        const n = common.phrases[0].length;
        out.push({ word: common.phrases[0].join(' '), term: '', prefix: false, typo: false, cands: new Map(), split: [], unknown: true, common, at: i, end: i + n - 1 });
        i += n - 1;
        continue;
      }
      const pair = i + 1 < list.length ? termOf(list[i].word + list[i + 1].word, stop) : '';
      const known = Boolean(pair) && hasTerm(pair);
      // Joined by the table only, the pair is searched as its synonyms alone: apart, "sign" is
      // also "signing".
      const tableOnly = !known && (synonymWords.get(pair) || []).some((ph) => ph.every(hasTerm));
      if (pair && (known || tableOnly) && !termOf(list[i + 1].word, stop)) {
        const split = known ? [...entries(list, i, typing), ...entries(list, i + 1, typing)] : [];
        const cands = known ? new Map([[pair, 1]]) : new Map();
        out.push({ word: list[i].word + list[i + 1].word, term: pair, prefix: false, typo: false, cands, split, unknown: !known, at: i, end: i + 1, parts: [list[i].word, list[i + 1].word] });
        i++;
      } else {
        for (const e of entries(list, i, typing)) {
          e.at = i;
          e.end = i;
          out.push(e);
        }
      }
    }
    const units = withSynonyms(out, task, list.length, list);
    units.task = task;
    units.listing = Boolean(frame);
    return units;
  }

  // listFrame is the list frame (LIST_FRAMES) that the query's words start with, when a word that is
  // no common word follows it (typed whole, or being typed) and the last such word agrees with a
  // quantifier; else null.
  function listFrame(words) {
    for (const f of listFrames) {
      if (words.length <= f.words.length || !f.words.every((w, i) => words[i].word === w)) continue;
      const rest = words.slice(f.words.length).filter((w) => !stop.has(w.word));
      if (rest.length > 0 && (f.plural === undefined || plural(rest[rest.length - 1].word) === f.plural)) return f;
    }
    return null;
  }

  // plural says whether a word reads as a plural: it ends in "s", not "ss" ("keys", "repos"; not
  // "access", "process").
  function plural(word) {
    return /[^s]s$/.test(word);
  }

  // entries are what word i of a query searches: itself, or the parts of an identifier, or none.
  function entries(list, i, typing) {
    const out = [];
    const { word } = list[i];
    const last = typing && i === list.length - 1;
    let term = termOf(word, stop);
    // A plural the stemmer kept whole ("sdks") is its singular's term when it is no term itself.
    if (W.plural && term && !hasTerm(term)) for (const t of singularTerms(word, stop)) if (hasTerm(t)) {
      term = t;
      break;
    }
    // A common word (a stop word) is left out, even the one being typed when others come
    // before it: "log in" is about logging in, not "log" and words that start with "in".
    if (!term && (!last || list.length > 1)) return out;
    const cands = new Map();
    const exact = term && hasTerm(term) ? term : undefined;
    if (exact !== undefined) cands.set(exact, 1);
    // A word the synonym table lists on its own is a word whole, once typed: its synonyms stand in
    // for it where the docs lack it, not the longer words it starts ("pat " is not "path").
    const listed = synonymWords.has(term);
    if (last || (exact === undefined && !listed)) {
      // A word typed whole that is a term of the docs, or a word of three letters or more the
      // synonym table lists on its own, is likely what the reader means: the longer words it
      // starts count less ("VELA_WORKER_ADDR" over VELA_WORKER_ADDRESS; "pat", a personal access
      // token, over path). Two letters are as often the start of a word ("js" of json).
      const k = listed && word.length >= 3 ? W.prefixOfSynonym : exact !== undefined ? W.prefixOfExact : 1;
      for (const [t, w] of expand(store, word)) if (!cands.has(t)) cands.set(t, w * k);
    }
    // A verb with "re" before it that no page has ("resync", "reenable") is the verb done again:
    // the docs write the verb ("sync"), and a reader adds the prefix (W.again).
    const again = W.again && exact === undefined && cands.size === 0 ? againTerm(word) : '';
    if (again) cands.set(again, W.again);
    let typo = false;
    // A word typed whole (not the one being typed) that is no term but starts some is as likely a
    // typing mistake ("loggin": login as well as logging, "comple": compile as well as complete):
    // its corrections count too (W.typoWhole), at the weight of a typo.
    if (W.typoWhole && !last && exact === undefined && cands.size > 0 && term && !word.includes('_') && !synonymTerms.has(term)) {
      for (const [t, w] of typos(store, W, word)) if (!cands.has(t)) cands.set(t, w * W.typoWhole);
    }
    // A word typed whole whose term the docs have, in a form they never write, may be a typing
    // mistake that stems like a word of theirs ("executer" stems as "execute" does, and is
    // "executor" mistyped): its corrections to other terms that start with its term count too
    // (W.typoForm), at a typo's weight times W.typoForm. The mistake is in the ending: "patching",
    // a form of patch the docs never write, is not "matching" or "watching".
    if (W.typoForm && !last && exact !== undefined && word !== exact && !word.includes('_') && !synonymTerms.has(term) && !store.hasWord(word)) {
      for (const [t, w] of typos(store, W, word)) if (!cands.has(t) && t.startsWith(exact)) cands.set(t, w * W.typoForm);
    }
    // A word of the synonym table is what the reader meant, not a typing mistake.
    if (cands.size === 0 && term && !word.includes('_') && !synonymTerms.has(term)) {
      const found = typos(store, W, word);
      let best = 0;
      for (const w of found.values()) if (w > best) best = w;
      for (const [t, w] of found) cands.set(t, W.typoAsWord ? w / best : w);
      typo = cands.size > 0;
    }
    if (!term && cands.size === 0) return out;
    if (cands.size === 0 && word.includes('_')) {
      // An identifier not in the docs as a whole (BUILD_NUMBER of VELA_BUILD_NUMBER): its parts.
      for (const part of word.split('_')) {
        const t = termOf(part, stop);
        if (t && hasTerm(t)) out.push({ word: part, term: t, prefix: false, cands: new Map([[t, 1]]) });
      }
      return out;
    }
    // A word no page has, whole, as a start or with a typing mistake, tells no page from another:
    // left out, it does not keep the others from covering a heading or a title ("make myself admin"),
    // unless the synonym table has it (withSynonyms keeps it only in a phrase it finds there).
    if (cands.size === 0 && !synonymTerms.has(term)) return out;
    out.push({ word, term, prefix: last || exact === undefined, typo, cands, unknown: cands.size === 0 });
    return out;
  }

  // againTerm is the term of a word's verb without its prefix "re" when the docs have it and the word
  // is no term ('' otherwise): "resync" is "sync".
  function againTerm(word) {
    if (!/^re[a-z]{4,}$/.test(word)) return '';
    const t = termOf(word.slice(2), stop);
    return t && hasTerm(t) && !hasTerm(termOf(word, stop)) ? t : '';
  }

  // termIs says whether a word of a query is a term: as typed, or, for a word found only with a
  // typing mistake, as its nearest correction, so that a mistake in a phrase of the synonym table
  // still finds the phrase ("enviroment variables" is "environment variables", one unit with "env
  // vars", as typed right).
  function termIs(w, term) {
    if (w.term === term) return true;
    if (!w.typo || !W.typoAsWord) return false;
    return corrected(w) === term;
  }

  // corrected is the nearest correction of a word found only with a typing mistake, when one is
  // nearer than the others ('' when two are as near: neither is the word).
  function corrected(w) {
    let best = 0;
    let out = '';
    for (const [t, v] of w.cands) {
      if (v > best) {
        best = v;
        out = t;
      } else if (v === best) out = '';
    }
    return out;
  }

  // keyWordsOf is the longest run of the words from ws[i] whose words, W.keyWordsMin to
  // MAX_KEY_WORDS of them joined by underscores, are a term of the docs, as { len, id } (len the
  // units it spans), or null: the identifier they name ("default build limit": default_build_limit;
  // "worker check in": worker_check_in).
  function keyWordsOf(ws, i, list) {
    for (let len = Math.min(MAX_KEY_WORDS, ws.length - i); len >= 2; len--) {
      const run = ws.slice(i, i + len);
      if (run.some((w) => w.unknown || w.typo || w.common || !w.term || w.word.includes('_'))) continue;
      // (A word left out between them, or the part of an identifier typed whole, breaks the run:
      // need.js names the runs of the words as typed.)
      if (run.some((w, k) => list[w.at].word.includes('_') || (k > 0 && list.slice(run[k - 1].end + 1, w.at).some((x) => termOf(x.word, stop))))) continue;
      // A word typed as the docs write a pair ("checkin" of check in) counts as its two words too.
      let options = [[]];
      for (const w of run) {
        const forms = [w.parts || [w.word]];
        if (!w.parts) for (const sp of commonEndings(w.word, stop)) forms.push(sp);
        options = options.flatMap((o) => forms.map((f) => [...o, ...f]));
      }
      for (const parts of options) {
        const id = parts.join('_');
        if (parts.length >= W.keyWordsMin && parts.length <= MAX_KEY_WORDS && hasTerm(id)) return { len, id };
      }
    }
    return null;
  }

  // withSynonyms groups the words into units, joining the words that make a phrase of the table
  // (longest first) with the phrases that stand for it, in every entry that has it: "authenticate"
  // of "auth, authentication" and "login, authenticate" finds auth and login. An entry that applies
  // between other words only does so where the query's typed words (n, common ones too) stand on
  // both sides of the phrase, in a query that is no task (applies).
  function withSynonyms(ws, task, n, list) {
    const units = [];
    for (let i = 0; i < ws.length; ) {
      let best = ws[i].common ? { len: 1, groups: [ws[i].common], key: ws[i].word } : null;
      for (const g of best ? [] : synonyms) {
        g.phrases.forEach((ph, k) => {
          if (g.oneWay && k > 0) return;
          if (ph.length > ws.length - i || (best && best.len > ph.length)) return;
          for (let j = 0; j < ph.length; j++) if (!termIs(ws[i + j], ph[j])) return;
          if (!applies(g, ws[i].at, ws[i + ph.length - 1].end, n, task)) return;
          if (best && best.len === ph.length) best.groups.push(g);
          else best = { len: ph.length, groups: [g], key: ph.join(' ') };
        });
      }
      // Words that, joined by underscores, are an identifier of the docs ("default build limit":
      // default_build_limit) name the setting it is (W.keyWords).
      let ident = best || !W.keyWords ? null : keyWordsOf(ws, i, list);
      // A longer identifier wins over a phrase of the table that starts it ("pending build count":
      // pending_build_count, not "pending"'s entry).
      if (best && W.keyWords) {
        const k = keyWordsOf(ws, i, list);
        if (k && k.len > best.len) {
          best = null;
          ident = k;
        }
      }
      const len = best ? best.len : ident ? ident.len : 1;
      const span = ws.slice(i, i + len);
      // A word the docs lack, outside a phrase of the table, is left out (entries).
      if (!best && span[0].unknown) {
        i += 1;
        continue;
      }
      const alts = [{ slots: span.map((w) => w.cands), scale: 1 }];
      if (best) {
        const seen = new Set([best.key]);
        // The query's other words are searched already: "pat token" is "personal access" and
        // "token", not "personal access token" and "token" again.
        const others = new Set();
        ws.forEach((w, j) => {
          if ((j < i || j >= i + len) && w.term) others.add(w.term);
        });
        for (const ph of best.groups.flatMap((g) => g.phrases)) {
          const key = ph.join(' ');
          if (seen.has(key)) continue;
          seen.add(key);
          if (!ph.every(hasTerm)) continue;
          const rest = ph.filter((t) => !others.has(t));
          if (rest.length === 0) continue;
          alts.push({ slots: rest.map((t) => new Map([[t, W.synonym]])), scale: len / rest.length, synonym: true });
        }
      }
      // (Found as the identifier only where a table has it as a key: keyOnly, rank.js.)
      if (ident) alts.push({ slots: [new Map([[ident.id, W.keyWords]])], scale: len, synonym: true, keyOnly: true });
      // A pair the docs write as one: also found apart, together worth W.split of one word.
      if (len === 1 && span[0].split && span[0].split.length > 0) {
        alts.push({ slots: span[0].split.map((w) => w.cands), scale: W.split / span[0].split.length, nav: W.split });
      }
      // A phrase with a word the docs lack is found only through its synonyms: none in the docs,
      // it is left out like an unknown word.
      if (alts.length > 1 || !span.some((w) => w.unknown)) units.push({ words: span, alts });
      i += len;
    }
    return units;
  }

  // matcher says whether a word of a text is one the query searched for (its stem was searched,
  // or it starts with the word being typed).
  function matcher(query) {
    const q = parse(query);
    const wanted = new Set();
    const prefixes = [];
    for (const unit of q) {
      for (const qw of unit.words) {
        if (qw.term) wanted.add(qw.term);
        if (qw.prefix && !qw.typo && qw.word.length >= 2) prefixes.push(qw.word);
        // The words a typo or a synonym found are the ones the results show.
        if (qw.typo) for (const t of qw.cands.keys()) wanted.add(t);
      }
      for (const alt of unit.alts.slice(1)) for (const slot of alt.slots) for (const t of slot.keys()) wanted.add(t);
    }
    const one = (word) => wanted.has(termOf(word, stop)) || prefixes.some((p) => word.startsWith(p));
    return (word) => one(word) || (word.includes('_') && word.split('_').some((part) => part && one(part)));
  }

  function forget() {
    lastQuery = null;
  }
  return { parse, corrected, matcher, forget };
}
