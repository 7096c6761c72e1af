package markdown

import (
	"math/rand"
	"strings"
	"testing"
)

// collapseSpaces is strings.Join(strings.Fields(s), " ") for any text: ASCII and Unicode separators,
// runs of them at either end, and bytes that are not UTF-8.
func TestCollapseSpacesIsFieldsJoined(t *testing.T) {
	pieces := []string{"a", "word", "é", "日本", " ", "  ", "\t", "\n", "\v\f\r", "\u00a0", "\u2003", "\u3000", "\x85",
		"\xff", "\xe2\x80", "\u200b", "x\u2028y", "."}
	rnd := rand.New(rand.NewSource(1))
	cases := []string{"", " ", "a", " a ", "a  b", "\u00a0a\u00a0"}
	for i := 0; i < 5000; i++ {
		var b strings.Builder
		for n := rnd.Intn(12); n > 0; n-- {
			b.WriteString(pieces[rnd.Intn(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := collapseSpaces(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("collapseSpaces(%q) = %q, want %q", s, got, want)
		}
	}
}

// go test -run '^$' -bench CollapseSpaces -benchmem ./pkg/markdown
func BenchmarkCollapseSpaces(b *testing.B) {
	text := strings.Repeat("Some words of a section,\n  with `code` and\ta table cell | and more text. ", 200)
	b.Run("fields-join", func(b *testing.B) {
		for b.Loop() {
			_ = strings.Join(strings.Fields(text), " ")
		}
	})
	b.Run("collapse", func(b *testing.B) {
		for b.Loop() {
			_ = collapseSpaces(text)
		}
	})
}
