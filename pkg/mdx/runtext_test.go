package mdx

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// directiveName is compile.mjs's directiveStart, a directive's name to the compiler:
// hasDirectiveName's reference.
var directiveName = regexp.MustCompile(`:[^\s\p{P}\p{S}]`)

// TestRunTextChecksMatchTheirExpressions holds the written-out checks of runtext.go to the regular
// expressions they replace, on chosen lines and on lines made at random (fixed seed) from pieces
// where the two could part: case, Unicode case folding, punctuation and symbols after a colon,
// invalid UTF-8.
func TestRunTextChecksMatchTheirExpressions(t *testing.T) {
	lines := []string{"", ":", "a:", "a:b", "1:1", ": x", ":\tx", ":.", ":-", ":$", ":é", ":中", ":\xff", ":\u00a0",
		"see WWW.example.com", "wWw.", "www", "HTTPS://x", "http:", "httpſ:", "Mailto:me", "mail to", "a@b", "ftp://x",
		"https", "HtTp:", "mailTO:", "Kelvin \u212a", "ww\u212a.", "http\u017f:", "hts:", "m", "w", "h"}
	pieces := []string{"a", "W", "w", "ww", "www", ".", "h", "H", "t", "T", "p", "P", "s", "S", "ſ", ":", "m", "M", "ai", "AI",
		"l", "to", "TO", "@", " ", "\t", "\f", "\v", "é", "中", "\u00a0", "\u2028", "-", "$", "€", "\xff", "\xc3", "1", "K", "\u212a", "#"}
	rng := rand.New(rand.NewSource(21))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(9); n >= 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	for _, line := range lines {
		if got, want := hasDirectiveName(line), directiveName.MatchString(line); got != want {
			t.Errorf("hasDirectiveName(%q) = %v, the expression says %v", line, got, want)
		}
		if got, want := hasAutolinkText(line), autolinkText.MatchString(line); got != want {
			t.Errorf("hasAutolinkText(%q) = %v, the expression says %v", line, got, want)
		}
	}
}
