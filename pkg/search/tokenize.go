package search

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// The tokeniser is the contract between the index docsd writes and the query code that reads it
// (site/src/search/words.js): both lower-case the text, take runs of letters, digits and
// underscores as words, drop the stop words (the index file carries the list, so the browser never
// has its own copy), and stem the words made only of ASCII letters with the Porter2 (Snowball
// English) stemmer. Words with digits, underscores or other scripts are kept as they are, so code
// identifiers such as VELA_ADDR stay findable exactly.

// maxWord is the longest word indexed: longer runs are hashes, base64 or keys, not words anyone types.
const maxWord = 40

// StopWords are left out of the index and out of queries: they are in nearly every section and
// would only make the index bigger, or, as "need", "please" and "want", say how a reader put a
// query ("i want to retry a failed build"), not what it asks. The list is short on purpose: words
// such as "all", "not" or "only" appear in flags and YAML values and stay searchable, and so do
// "needs" (a YAML key) and "wanted", which are other words.
var StopWords = []string{"a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from",
	"how", "i", "in", "into", "is", "it", "its", "my", "need", "of", "on", "or", "our", "please", "that", "the",
	"this", "to", "want", "was", "we", "what", "when", "where", "which", "who", "why", "will", "with", "you", "your"}

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

// eachWord calls fn with each word splitWords would return, in order, without collecting them.
func eachWord(text string, parts bool, fn func(string)) {
	var buf []byte
	eachWordBytes(text, parts, &buf, func(w []byte) { fn(string(w)) })
}

// eachWordBytes is eachWord for indexing: a build splits every word of every page once
// (NewShardWith), and making a string of each lower-cased word was most of what indexing
// allocated. fn gets the word in *buf (or in text), valid only until it returns: a map lookup of
// string(w) does not copy it, so a page's words already seen cost no allocation.
func eachWordBytes(text string, parts bool, buf *[]byte, fn func(w []byte)) {
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		raw := text[start:end]
		start = -1
		raw = strings.Trim(raw, "_")
		if raw == "" || len(raw) > maxWord && utf8.RuneCountInString(raw) > maxWord {
			return
		}
		ascii := isASCII(raw)
		lower := appendLower((*buf)[:0], raw, ascii)
		*buf = lower
		fn(lower)
		if !parts || !compound(raw) {
			return
		}
		if parts := splitParts(raw); len(parts) > 1 {
			for _, p := range parts {
				if ascii {
					// ASCII lower-cases byte for byte: the part's bytes of lower.
					off := len(raw) - len(p.tail)
					fn(lower[off : off+len(p.word)])
				} else {
					fn([]byte(strings.ToLower(p.word)))
				}
			}
			// The tails of a snake_case identifier too: readers type BUILD_NUMBER for
			// VELA_BUILD_NUMBER, leaving out the namespace. They are the suffixes of the word
			// (trimmed of underscores) after each of its underscores but the last, and not those
			// starting with one.
			if strings.Contains(raw, "_") {
				trimmed := bytes.Trim(lower, "_")
				under := bytes.Count(trimmed, []byte{'_'}) + 1
				at := 0
				for i := 1; i < under-1; i++ {
					at += bytes.IndexByte(trimmed[at:], '_') + 1
					if tail := trimmed[at:]; tail[0] != '_' {
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

// appendLower appends strings.ToLower(s) to dst, without a string of its own when s is ASCII.
func appendLower(dst []byte, s string, ascii bool) []byte {
	if !ascii {
		return append(dst, strings.ToLower(s)...)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isWordRune reports whether r is part of a word: ASCII is decided without unicode's tables
// (most of a page's text).
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
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

// part is a part of an identifier: its text, and the rest of the identifier from its start (its
// place in the identifier).
type part struct{ word, tail string }

// splitParts splits an identifier at underscores and at lower-to-upper case changes. Each part
// is a run of the identifier's bytes (a part grows by the rune after it or ends).
func splitParts(w string) []part {
	var parts []part
	start := -1 // the current part's first byte, -1 when it is empty
	var prev rune
	for i, r := range w {
		switch {
		case r == '_':
			if start >= 0 {
				parts = append(parts, part{w[start:i], w[start:]})
			}
			start = -1
		case unicode.IsUpper(r) && prev != 0 && unicode.IsLower(prev) && start >= 0:
			parts = append(parts, part{w[start:i], w[start:]})
			start = i
		default:
			if start < 0 {
				start = i
			}
		}
		prev = r
	}
	if start >= 0 {
		parts = append(parts, part{w[start:], w[start:]})
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
