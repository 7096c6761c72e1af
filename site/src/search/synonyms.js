// The site's synonym table (docsd.toml [search] synonyms, in the index file): its entries, and the
// lookups parsing a query and naming its chunks need of it, read once per engine. A reader's words
// are not always the docs' ("sign in", "dockerhub", "who can"), and the table says what they stand for.

// parseSynonyms reads the index file's table: each entry a list of phrases (terms joined by
// spaces), one way when it starts with "=>", one way between other words only when it starts with
// "…=>" (docsd.toml's "… not … => troubleshooting": between).
function parseSynonyms(table) {
  const out = [];
  for (const row of table || []) {
    const between = row[0] === '…=>';
    const oneWay = between || row[0] === '=>';
    const phrases = (oneWay ? row.slice(1) : row).map((p) => p.split(' '));
    if (phrases.length >= 2) out.push({ oneWay, between, phrases });
  }
  return out;
}

// between says whether an entry applies to a phrase of a query's words from word `from` to word
// `to` (inclusive; numbered among all the words typed, common ones too) in a query of n words: any
// entry does, but one whose first phrase was written between ellipses only where typed words stand
// on both sides of the phrase, in a query that is no task. "webhook never arrived" and "repo is not
// active" report a symptom; "never commit secrets", "approve never", "pull never" and "never" alone
// give advice or a setting's value, and "how do i not clone the repo" asks how to do something.
export function applies(g, from, to, n, task) {
  return !g.between || (from > 0 && to < n - 1 && !task);
}

// readSynonyms reads the table with the index's stop words: the entries (parseSynonyms), the terms
// and one-term phrases that stand for others, and commonAt.
export function readSynonyms(table, stop) {
  const synonyms = parseSynonyms(table);
  // The terms of the table's phrases that stand for others: a reader's word the docs never use
  // ("dockerhub") is kept for the table, not left out as unknown (entries, withSynonyms).
  const synonymTerms = new Set();
  // The phrases of one term that stand for others, each with the phrases it stands for: a word and
  // the common word after it may make one ("sign in": signin => login; parseUncached).
  const synonymWords = new Map();
  for (const g of synonyms) {
    g.phrases.forEach((ph, k) => {
      if (g.oneWay && k > 0) return;
      ph.forEach((t) => synonymTerms.add(t));
      if (ph.length !== 1) return;
      if (!synonymWords.has(ph[0])) synonymWords.set(ph[0], []);
      synonymWords.get(ph[0]).push(...g.phrases.filter((_, j) => j !== k));
    });
  }
  // One-way entries whose first phrase is common words only ("who can => permissions"): the
  // reader's question word says what the answer is about, though it is left out of the index.
  const commonPhrases = synonyms.filter((g) => g.oneWay && g.phrases[0].every((w) => stop.has(w)));
  // commonAt is the entry whose common words start at word i of a query's words, or null; with
  // task (whether the query is a task), only an entry that applies there (applies: need.js, which
  // leaves it out, fetches the chunks of every entry whose words are in the query).
  function commonAt(list, i, task) {
    for (const g of commonPhrases) {
      const ph = g.phrases[0];
      if (!(i + ph.length <= list.length && ph.every((w, j) => list[i + j].word === w))) continue;
      if (task !== undefined && !applies(g, i, i + ph.length - 1, list.length, task)) continue;
      return g;
    }
    return null;
  }
  return { synonyms, synonymTerms, synonymWords, commonAt };
}
