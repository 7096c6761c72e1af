package config

import (
	"strings"
	"testing"
)

// A wrong type or an unknown key in docsd.toml names the key as written, where it is, and what it
// must be (or the key that was probably meant), not Go's struct fields.
func TestConfigErrorsNameTheKey(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"title = 5\n", "docsd.toml:1:9: `title` must be a string (in quotes), not a number"},
		{"[navbar]\nhide_on_scroll = \"yes\"\n", "docsd.toml:2:18: `navbar.hide_on_scroll` must be true or false, not a string"},
		{"[[locales]]\ncode = \"en\"\ndefault = \"yes\"\n", "docsd.toml:3:11: `locales.default` must be true or false, not a string"},
		{"titel = \"x\"\n", `docsd.toml:1:1: unknown key "titel" (did you mean "title"?)`},
		{"[navbar]\nhide_on_scrol = true\n", `docsd.toml:2:1: unknown key "navbar.hide_on_scrol" (did you mean "hide_on_scroll"?)`},
		{"[search]\nzzz = 1\n", `docsd.toml:2:1: unknown key "search.zzz"`},
	} {
		_, err := Parse("docsd.toml", []byte(c.toml))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.toml, err, c.want)
		}
	}
}

// [markdown] format takes Docusaurus's three values (and none).
func TestMarkdownFormat(t *testing.T) {
	for _, f := range []string{"", "mdx", "md", "detect"} {
		s, err := Parse("docsd.toml", []byte("title = \"x\"\n[markdown]\nformat = \""+f+"\"\n"))
		if err != nil || s.Markdown.Format != f {
			t.Errorf("format %q: %v, %+v", f, err, s)
		}
	}
	_, err := Parse("docsd.toml", []byte("title = \"x\"\n\n[markdown]\nformat = \"markdown\"\n"))
	if want := `docsd.toml:4:1: [markdown] format must be mdx, md or detect, not "markdown"`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// A negative posts_per_page is a mistake at its line (the blog's lists sliced by it panicked).
func TestNegativePostsPerPage(t *testing.T) {
	src := "title = \"T\"\n\n[[locales]]\ncode = \"en\"\ndefault = true\n\n[[versions]]\nname = \"current\"\nis_last = true\n\n[blog]\nposts_per_page = -5\n"
	_, err := Parse("docsd.toml", []byte(src))
	if want := "docsd.toml:12:1: [blog] posts_per_page must be 1 or more (or 0 for 10), not -5"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if _, err := Parse("docsd.toml", []byte(strings.Replace(src, "-5", "0", 1))); err != nil {
		t.Errorf("posts_per_page = 0: %v", err)
	}
}
