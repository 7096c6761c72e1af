package markdown

import "testing"

// What a blog list shows of a post is made from the source before its truncate marker, unless a
// definition after the marker may be used before it.
func TestExcerptSource(t *testing.T) {
	c := New()
	for _, tc := range []struct{ name, src, want string }{
		{"truncated", "Intro [a](/x).\n\n<!-- truncate -->\n\nRest.\n", "Intro [a](/x).\n\n"},
		{"no marker", "Intro.\n\nRest.\n", "Intro.\n\nRest.\n"},
		{"reference after the marker", "Intro [a].\n\n<!-- truncate -->\n\n[a]: /x\n", "Intro [a].\n\n<!-- truncate -->\n\n[a]: /x\n"},
		{"footnote after the marker", "Intro[^1].\n\n<!-- truncate -->\n\n[^1]: A note.\n", "Intro[^1].\n\n<!-- truncate -->\n\n[^1]: A note.\n"},
	} {
		if got := string(c.Parse([]byte(tc.src), 1).ExcerptSource()); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
