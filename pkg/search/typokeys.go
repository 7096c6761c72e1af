package search

// Why this file: a reader's word with a wrong or missing first or second letter ("wecret",
// "ecrets", "sacret") does not share its first two letters with the word it misspells, so the
// term chunks of its own first letters cannot hold that word, and the browser cannot try every
// letter's chunks. Deletion keys (SymSpell's idea, on the first two letters only) name the first
// letters to try: for every key of 5 or more ASCII letters, the key without its first letter and
// without its second, each cut to typoCut letters, followed by the key's own first two letters.
// A query word looks up itself without its first letter, without its second, and cut (a missing
// letter), and fetches the chunks of the first letters it finds; the engine
// (site/src/search/lookup.js, typos) still checks the edit distance, so the keys only say where to
// look.
//
// The deletion keys are keys of the term chunks (keyTerms -1, no term), marked by typoMark, which
// sorts before every word, so they fill chunks of their own at the start of the key order. A
// query fetches those chunks only when a word found nothing nearer (need.js, ensure), and an edit
// rewrites a deletion chunk only when a word that comes or goes changes its keys (hashKeys).

import "sort"

// typoMark begins every deletion key: "!" is before every letter and digit, and no word has it.
const typoMark = "!"

// typoCut is how many letters of a deletion are kept. Over Vela, 4 made deletion chunks of 10.3
// KiB gzip in all and "wecret" fetched 80.5 KiB ("ecre" names "de", "re"…), 5 made 14.3 KiB and
// 62.6 KiB, 6 made 17.3 KiB and 66.1 KiB (BENCHMARKS session 15): a query reads at most three
// deletion chunks, so what a key names to fetch counts more than the table's size.
const typoCut = 5

// typoMinLen is the shortest word a typo is looked for in (lookup.js, typoWord): a key of 5 letters
// is the shortest that a 5-letter word with one wrong letter misspells, and one with a missing
// letter misspells a key of 6.
const typoMinLen = 5

// noTerm is the term of a deletion key: it has no lists.
const noTerm int32 = -1

// typoSpacing is the keys a deletion chunk holds on average (one key in typoSpacing begins one,
// as chunkStarts does for words): about 6 KB of JSON, 2 KB gzip. A query word reads up to three.
const typoSpacing = 512

// withTypoKeys returns the deletion keys of keys (sorted, each once) followed by keys.
func withTypoKeys(keys []key) []key {
	seen := make(map[string]bool, len(keys))
	var dels []key
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			dels = append(dels, key{k, noTerm})
		}
	}
	for i, k := range keys {
		w := k.word
		if len(w) < typoMinLen || (i > 0 && keys[i-1].word == w) || !asciiLetters(w) {
			continue
		}
		head, end := w[:2], min(len(w), 1+typoCut)
		add(typoMark + w[1:end] + head)
		add(typoMark + w[:1] + w[2:end] + head)
	}
	sort.Slice(dels, func(i, j int) bool { return dels[i].word < dels[j].word })
	return append(dels, keys...)
}

// isTypoKey reports whether k is a deletion key.
func isTypoKey(k key) bool { return k.term == noTerm }
