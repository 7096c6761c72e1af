package site

import (
	"strings"
	"testing"
)

// countFields must count what strings.Fields splits, for any text (reading times stay as they were).
func FuzzCountFields(f *testing.F) {
	for _, s := range []string{"", " ", "a", " a b  c ", "tab\tand\nnewline\r\n", "nbsp\u00a0here", "em\u2003space",
		"\u0085next", "bad\xffbyte", "\xc2", "ünï çødé", "x\u200by", "\u3000ideo\u3000graphic"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := countFields(s), len(strings.Fields(s)); got != want {
			t.Fatalf("countFields(%q) = %d, want %d", s, got, want)
		}
	})
}
