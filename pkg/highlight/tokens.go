// This file holds what every hand-written lexer needs: a token list that coalesces as chroma.Coalesce
// does, and the character classes of regexp2 (the engine behind chroma's lexers), which are Unicode
// classes, not ASCII ones.
package highlight

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// maxCoalesced is chroma.Coalesce's limit: it stops appending to a token once the token is this
// long, so where a run of one type is longer, chroma's split depends on its own token boundaries.
// The hand-written lexers give up on such runs.
const maxCoalesced = 8192

// tokenList collects tokens as offsets into text, merging adjacent tokens of one type as
// chroma.Coalesce does, so that a token's value is a substring of text and costs no allocation.
type tokenList struct {
	text   string
	tokens []chroma.Token
	// The last token, still open to merging.
	typ        chroma.TokenType
	start, end int
	open       bool
}

func newTokenList(text string) *tokenList {
	return &tokenList{text: text, tokens: make([]chroma.Token, 0, len(text)/6+4)}
}

// add appends text[start:end] as a token of type typ; empty tokens are dropped as chroma.Coalesce
// drops them.
func (l *tokenList) add(typ chroma.TokenType, start, end int) {
	if start >= end {
		return
	}
	if l.open && l.typ == typ && l.end == start {
		l.end = end
		return
	}
	l.flush()
	l.typ, l.start, l.end, l.open = typ, start, end, true
}

func (l *tokenList) flush() {
	if l.open {
		l.tokens = append(l.tokens, chroma.Token{Type: l.typ, Value: l.text[l.start:l.end]})
		l.open = false
	}
}

// finish returns the tokens, or false when a token reaches chroma.Coalesce's length limit.
func (l *tokenList) finish() ([]chroma.Token, bool) {
	l.flush()
	for _, t := range l.tokens {
		if len(t.Value) >= maxCoalesced {
			return nil, false
		}
	}
	return l.tokens, true
}

// normalise does what chroma does to the text of a top-level tokenisation: CRLF and lone CR become
// LF. It reports false for text that is not valid UTF-8, which chroma turns into U+FFFD runes, so
// that chroma lexes such text itself.
func normalise(text string) (string, bool) {
	if !utf8.ValidString(text) {
		return "", false
	}
	if strings.IndexByte(text, '\r') < 0 {
		return text, true
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	return strings.ReplaceAll(text, "\r", "\n"), true
}

// asciiClass flags what regexp2's \s, \w and \d match among ASCII characters.
const (
	classSpace = 1 << iota
	classWord
	classDigit
)

var asciiClasses = func() (t [128]uint8) {
	for c := 0; c < 128; c++ {
		r := rune(c)
		if unicode.IsSpace(r) {
			t[c] |= classSpace
		}
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			t[c] |= classWord
		}
		if '0' <= r && r <= '9' {
			t[c] |= classDigit
		}
	}
	return t
}()

// isSpace is regexp2's \s: Go's unicode.IsSpace.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClasses[r]&classSpace != 0
	}
	return unicode.IsSpace(r)
}

// isWord is regexp2's \w, which also decides \b: letters, non-spacing marks, decimal digits,
// connector punctuation and the zero-width joiners.
func isWord(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClasses[r]&classWord != 0
	}
	return unicode.In(r, unicode.L, unicode.Mn, unicode.Nd, unicode.Pc) || r == '\u200D' || r == '\u200C'
}

// isDigit is regexp2's \d: any decimal digit, not only ASCII ones.
func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClasses[r]&classDigit != 0
	}
	return unicode.Is(unicode.Nd, r)
}

// runeAt decodes the rune at byte offset i of s; past the end it returns -1 and size 0.
func runeAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return -1, 0
	}
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

// wordAt reports whether a \w character starts at byte offset i (false past the end).
func wordAt(s string, i int) bool {
	r, n := runeAt(s, i)
	return n > 0 && isWord(r)
}

// wordBefore reports whether the character ending at byte offset i is a \w character.
func wordBefore(s string, i int) bool {
	if i <= 0 {
		return false
	}
	if c := s[i-1]; c < utf8.RuneSelf {
		return asciiClasses[c]&classWord != 0
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return isWord(r)
}

// boundaryAt is regexp2's \b at byte offset i.
func boundaryAt(s string, i int) bool {
	return wordBefore(s, i) != wordAt(s, i)
}

// spaceEnd returns the end of the run of \s characters starting at i.
func spaceEnd(s string, i int) int {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiClasses[c]&classSpace == 0 {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			return i
		}
		i += n
	}
	return i
}

// wordEnd returns the end of the run of \w characters starting at i.
func wordEnd(s string, i int) int {
	for i < len(s) {
		r, n := runeAt(s, i)
		if !isWord(r) {
			return i
		}
		i += n
	}
	return i
}

// asciiDigitEnd returns the end of the run of ASCII digits starting at i, and false when a
// non-ASCII decimal digit (which \d also matches) follows the run: the caller gives up rather than
// model backtracking over multi-byte digits.
func asciiDigitEnd(s string, i int) (int, bool) {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i < len(s) && s[i] >= utf8.RuneSelf {
		if r, _ := utf8.DecodeRuneInString(s[i:]); unicode.Is(unicode.Nd, r) {
			return i, false
		}
	}
	return i, true
}

// lineEnd returns the offset of the newline ending the line that holds i, or len(s).
func lineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// atLineStart is a multi-line ^ at byte offset i.
func atLineStart(s string, i int) bool {
	return i == 0 || s[i-1] == '\n'
}
