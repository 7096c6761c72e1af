// Package testhtml reads HTML as a test wants it: the text a reader sees, so that a test can look
// for a command or a sentence however the highlighter split it into spans. Tests of pkg/markdown
// and pkg/build both look at code blocks' text this way.
package testhtml

import (
	"html"
	"strings"
)

// Text is s with its tags taken out and its entities decoded.
func Text(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return html.UnescapeString(b.String())
}
