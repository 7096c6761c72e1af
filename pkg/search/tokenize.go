package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// The tokeniser is the contract between the index docsd writes and the query code that reads it
// (site/src/search/engine.js): both lower-case the text, take runs of letters, digits and
// underscores as words, drop the stop words (the index file carries the list, so the browser never
// has its own copy), and stem the words made only of ASCII letters with the Porter2 (Snowball
// English) stemmer. Words with digits, underscores or other scripts are kept as they are, so code
// identifiers such as VELA_ADDR stay findable exactly.

// maxWord is the longest word indexed: longer runs are hashes, base64 or keys, not words anyone types.
const maxWord = 40

// StopWords are left out of the index and out of queries: they are in nearly every section and
// would only make the index bigger. The list is short on purpose: words such as "all", "not" or
// "only" appear in flags and YAML values and stay searchable.
var StopWords = []string{"a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from",
	"how", "i", "in", "into", "is", "it", "its", "my", "of", "on", "or", "our", "that", "the", "this", "to",
	"was", "we", "what", "when", "where", "which", "who", "why", "will", "with", "you", "your"}

var stopSet = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range StopWords {
		m[w] = true
	}
	return m
}()

// Words splits text into lower-case words, in order. A word joined by underscores (VELA_ADDR) or
// written in camel case (syncAll) is one word, followed by its parts, so both the identifier and
// its pieces are found.
func Words(text string) []string { return splitWords(text, true) }

// WholeWords splits text into lower-case words like Words, without the parts of identifiers and
// camel-case words: a title's length and phrases count "OpenID" as one word.
func WholeWords(text string) []string { return splitWords(text, false) }

func splitWords(text string, parts bool) []string {
	var out []string
	eachWord(text, parts, func(w string) { out = append(out, w) })
	return out
}

// eachWord calls fn with each word splitWords would return, in order, without collecting them: a
// build indexes every word of every page once (NewShardWith), and growing that slice was a fifth
// of the bytes indexing allocated.
func eachWord(text string, parts bool, fn func(string)) {
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		raw := text[start:end]
		start = -1
		raw = strings.Trim(raw, "_")
		if raw == "" || utf8.RuneCountInString(raw) > maxWord {
			return
		}
		lower := strings.ToLower(raw)
		fn(lower)
		if !parts || !compound(raw) {
			return
		}
		if parts := splitParts(raw); len(parts) > 1 {
			for _, p := range parts {
				fn(strings.ToLower(p))
			}
			// The tails of a snake_case identifier too: readers type BUILD_NUMBER for
			// VELA_BUILD_NUMBER, leaving out the namespace.
			if strings.Contains(raw, "_") {
				under := strings.Split(strings.Trim(lower, "_"), "_")
				for i := 1; i < len(under)-1; i++ {
					if tail := strings.Join(under[i:], "_"); !strings.HasPrefix(tail, "_") {
						fn(tail)
					}
				}
			}
		}
	}
	for i, r := range text {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(text))
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// compound reports whether splitParts may split w: it holds an underscore or a lower-case letter
// followed by an upper-case one. Most words are neither, and skip splitParts' allocations.
func compound(w string) bool {
	var prev rune
	for _, r := range w {
		if r == '_' || (prev != 0 && unicode.IsUpper(r) && unicode.IsLower(prev)) {
			return true
		}
		prev = r
	}
	return false
}

// splitParts splits an identifier at underscores and at lower-to-upper case changes.
func splitParts(w string) []string {
	var parts []string
	var cur []rune
	var prev rune
	for _, r := range w {
		switch {
		case r == '_':
			if len(cur) > 0 {
				parts = append(parts, string(cur))
			}
			cur = cur[:0]
		case unicode.IsUpper(r) && prev != 0 && unicode.IsLower(prev) && len(cur) > 0:
			parts = append(parts, string(cur))
			cur = []rune{r}
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	if len(cur) > 0 {
		parts = append(parts, string(cur))
	}
	return parts
}

// Term is the index term of a lower-case word: "" for a stop word, the Porter2 stem for a word of
// ASCII letters, the word itself otherwise.
func Term(word string) string {
	if stopSet[word] {
		return ""
	}
	if len(word) < 3 || !asciiLetters(word) {
		return word
	}
	return english.Stem(word, true)
}

func asciiLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}
