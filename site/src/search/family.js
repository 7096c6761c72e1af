// An identifier typed whole (VELA_REPO_NAME) is defined by the reference that lists its family, the
// names that share its words up to the last underscore (W.family): the term chunks of the family,
// which need.js fetches, and the rule that weighs the pages by how much of it their keys and headings
// name. It reads the store's term chunks and postings (chunks.js).
import { lowerBound } from './lookup.js';

// The most term chunks of an identifier's family that need.js fetches and familyFirst reads (W.family).
const MAX_FAMILY_CHUNKS = 4;

// familyOf is the family of an identifier: its words up to the last underscore ("vela_repo_" of
// VELA_REPO_NAME).
function familyOf(word) {
  return word.slice(0, word.lastIndexOf('_') + 1);
}

// parentOf is the family one word shorter ("vela_database_" of "vela_database_encryption_"), or ''
// when the family is a single word: the family of a name whose last words are one setting's
// (VELA_DATABASE_ENCRYPTION_KEY) holds that name alone, and its kind is the shorter one's.
function parentOf(prefix) {
  const cut = prefix.lastIndexOf('_', prefix.length - 2);
  return cut < 0 ? '' : prefix.slice(0, cut + 1);
}

// createFamily reads the family of identifiers in a store (chunks.js) with the weights W.
export function createFamily(store, W) {
  const { termChunks, postings } = store;
  // familyChunks are the term chunks of an identifier's family, at most MAX_FAMILY_CHUNKS: when it
  // spans more (a bigger site's `app_` family would be most of its index of variables), the word's
  // own chunk and those nearest it, so that the rule weighs the pages by the part of the family
  // alphabetically around the word (a reference names it all; a guide's few seldom sit together).
  function familyChunks(word) {
    const prefix = familyOf(word);
    const out = near(word, store.chunksOf(prefix));
    // ... and those of the family one word shorter, around the word too (parentOf): the family
    // familyFirst falls back to when the word's own holds it alone.
    const parent = parentOf(prefix);
    if (!parent) return out;
    return [...new Set([...out, ...near(word, store.chunksOf(parent))])].sort((a, b) => a - b);
  }

  // near are the chunks of a family's that are nearest the word, at most MAX_FAMILY_CHUNKS.
  function near(word, out) {
    if (out.length <= MAX_FAMILY_CHUNKS) return out;
    const own = Math.min(Math.max(store.chunkOf(word), out[0]), out[out.length - 1]);
    const lo = Math.max(out[0], Math.min(own - (MAX_FAMILY_CHUNKS >> 1), out[out.length - 1] - MAX_FAMILY_CHUNKS + 1));
    return out.filter((k) => k >= lo && k < lo + MAX_FAMILY_CHUNKS);
  }

  // keyPages are the pages where a term is a table's key or in a heading (a posting code with the
  // heading bit or a heading's length: pkg/search's encodePosting).
  function keyPages(term) {
    const { sectionPage } = store.pages;
    const p = postings(term);
    const out = new Set();
    for (let k = 0; k < p.secs.length; k++) if (p.codes[k] & 8 || p.codes[k] >= 16) out.add(sectionPage[p.secs[k]]);
    return out;
  }

  // familyFirst weighs the pages that define an identifier typed whole (a unit of one word with an
  // underscore, found as typed) by how much of its family their keys and headings name, the most
  // such page gaining W.family of its score: a reference lists every name of a kind, a guide the
  // few it uses ("VELA_REPO_NAME": the table of every VELA_REPO_ variable, not the guide's row of
  // three). Only identifiers: a word's family is not its kind.
  function familyFirst(unit, pageScore) {
    const w = unit.words[0];
    if (unit.words.length !== 1 || !w.word.includes('_') || !unit.alts[0].slots[0].has(w.term)) return;
    const own = keyPages(w.term);
    let prefix = familyOf(w.word);
    const count = new Map();
    const seen = new Set();
    const chunks = familyChunks(w.word);
    for (;;) {
      for (const k of chunks) {
        const c = termChunks.get(k);
        if (!c) continue;
        for (let i = lowerBound(c.keys, prefix); i < c.keys.length && c.keys[i].startsWith(prefix); i++) {
          const t = c.terms[c.keyTerms[i]];
          if (seen.has(t)) continue;
          seen.add(t);
          for (const page of keyPages(t)) if (own.has(page)) count.set(page, (count.get(page) || 0) + 1);
        }
      }
      // A family of the name alone names no kind: the family one word shorter does
      // ("vela_database_encryption_": "vela_database_", the database settings' table).
      if (seen.size > 1 || !parentOf(prefix)) break;
      prefix = parentOf(prefix);
      count.clear();
      seen.clear();
    }
    let most = 0;
    for (const n of count.values()) most = Math.max(most, n);
    for (const [page, n] of count) pageScore[page] *= 1 + (W.family * n) / most;
  }
  return { familyChunks, familyFirst };
}
