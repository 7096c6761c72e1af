package mdx

// runtext.go holds blockIsRun's per-line checks of text the two parsers read differently, written
// out instead of as regular expressions: Go's regexp ran them on every line of every Markdown run
// (a case-folded alternation, a class of Unicode categories), a tenth of docsd's own CPU for a
// compiled MDX page. The expressions they replace (directiveName, autolinkText in runs.go) stay as
// their reference: TestRunTextChecksMatchTheirExpressions compares the two.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// hasDirectiveName reports what directiveName.MatchString does: a ':' followed by a character that
// is not white space (RE2's \s: tab, newline, form feed, carriage return, space), punctuation or a
// symbol. An invalid byte reads as U+FFFD, a symbol, as in regexp.
func hasDirectiveName(line string) bool {
	for i := strings.IndexByte(line, ':'); i >= 0; {
		rest := line[i+1:]
		if rest == "" {
			return false
		}
		r, _ := utf8.DecodeRuneInString(rest)
		switch {
		case r == '\t' || r == '\n' || r == '\f' || r == '\r' || r == ' ':
		case unicode.IsPunct(r) || unicode.IsSymbol(r):
		default:
			return true
		}
		next := strings.IndexByte(rest, ':')
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

// autolinkStarts are what GFM's autolink literals start with (autolinkText), in lower case.
var autolinkStarts = []string{"www.", "http:", "https:", "mailto:"}

// hasAutolinkText reports what autolinkText.MatchString does. The expression folds case as Unicode
// does (a long s, U+017F, matches "s"; the Kelvin sign "k"), so a line with a byte above ASCII is
// left to it; an ASCII line is searched with ASCII case folding, which is then the same.
func hasAutolinkText(line string) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '@':
			return true
		case c >= utf8.RuneSelf:
			return autolinkText.MatchString(line) // folds what the loop would not
		case c|0x20 == 'w' || c|0x20 == 'h' || c|0x20 == 'm': // an ASCII letter in lower case
			for _, s := range autolinkStarts {
				if len(line)-i >= len(s) && strings.EqualFold(line[i:i+len(s)], s) {
					return true
				}
			}
		}
	}
	return false
}
