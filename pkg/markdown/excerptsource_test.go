package markdown

import (
	"strings"
	"testing"
)

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

// A blog list is rendered again only when ExcerptSource changes, so when it is a part of the
// source, what follows that part must not change the excerpt: whatever the marker is written as.
func TestExcerptSourceDecidesTheExcerpt(t *testing.T) {
	c := New()
	resolve := func(dest string, _ bool) string { return dest }
	for _, src := range []string{
		"Intro [a](/x).\n\n<!-- truncate -->\n\nRest.\n",
		"Intro.\n\n<!--truncate-->\n\nRest.\n",
		"Intro.\n\n<!--  truncate  -->\n\nRest.\n",
		"Intro.\n\n<div class=\"truncate\">Boxed.</div>\n\nRest.\n",
		"Intro <!-- truncate --> inline.\n\n<!--truncate-->\n\nRest.\n",
	} {
		part := c.Parse([]byte(src), 1).ExcerptSource()
		if len(part) == len(src) {
			continue // the whole source: any edit renders the lists again
		}
		// The marker's block as written, then other text.
		marker, _, _ := strings.Cut(src[len(part):], "\n\n")
		edited := string(part) + marker + "\n\nOther words, [b](/y).\n\n## More\n"
		a, okA, errA := c.Parse([]byte(src), 1).Excerpt(resolve)
		b, okB, errB := c.Parse([]byte(edited), 1).Excerpt(resolve)
		if errA != nil || errB != nil || okA != okB || string(a) != string(b) {
			t.Errorf("%q: ExcerptSource is %q, but an edit after it changes the excerpt:\n%q\nto\n%q", src, part, a, b)
		}
	}
}

// The truncate comment as Docusaurus reads it: any spaces inside; an HTML block that only mentions
// "truncate" is no marker, and the post has no excerpt.
func TestExcerptMarkerSpellings(t *testing.T) {
	c := New()
	resolve := func(dest string, _ bool) string { return dest }
	for _, tc := range []struct {
		src    string
		cut    bool
		before string
	}{
		{"Intro.\n\n<!-- truncate -->\n\nRest.\n", true, "<p>Intro.</p>\n"},
		{"Intro.\n\n<!--truncate-->\n\nRest.\n", true, "<p>Intro.</p>\n"},
		{"Intro.\n\n<!--   truncate\t-->\n\nRest.\n", true, "<p>Intro.</p>\n"},
		{"Intro.\n\n<div class=\"truncate\">Boxed.</div>\n\nRest.\n", false, ""},
		{"Intro.\n\n```html\n<!-- truncate -->\n```\n\nRest.\n", false, ""},
	} {
		got, ok, err := c.Parse([]byte(tc.src), 1).Excerpt(resolve)
		if err != nil || ok != tc.cut || string(got) != tc.before {
			t.Errorf("%q: excerpt %q, %v, %v; want %q, %v", tc.src, got, ok, err, tc.before, tc.cut)
		}
	}
}
