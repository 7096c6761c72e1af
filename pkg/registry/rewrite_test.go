package registry

import (
	"strings"
	"testing"
)

var kanikoSrc = source{Repo: "go-vela/vela-kaniko", File: "docs/DOCS.md", Ref: "main", Web: "https://github.com"}

func TestResolve(t *testing.T) {
	const blob = "https://github.com/go-vela/vela-kaniko/blob/main/"
	for _, c := range []struct {
		dest  string
		image bool
		want  string
	}{
		{"setup.md", false, blob + "docs/setup.md"},
		{"./setup.md#install", false, blob + "docs/setup.md#install"},
		{"../README.md", false, blob + "README.md"},
		{"../../../../etc/passwd", false, blob + "etc/passwd"},
		{"/LICENSE", false, blob + "LICENSE"},
		{"..", false, "https://github.com/go-vela/vela-kaniko/tree/main"},
		{"?plain=1#L10", false, blob + "docs/DOCS.md?plain=1#L10"},
		{"img/a.png", true, blob + "docs/img/a.png?raw=true"},
		{"img/a.png?v=2#x", true, blob + "docs/img/a.png?raw=true&v=2#x"},
		{"my%20file.md", false, blob + "docs/my%20file.md"},
		{"#usage", false, "#usage"},
		{"", false, ""},
		{"https://example.com/x.md", false, "https://example.com/x.md"},
		{"HTTP://EXAMPLE.COM", false, "HTTP://EXAMPLE.COM"},
		{"mailto:a@b.c", false, "mailto:a@b.c"},
		{"//cdn.example.com/x.png", true, "//cdn.example.com/x.png"},
	} {
		if got := resolve(c.dest, c.image, kanikoSrc); got != c.want {
			t.Errorf("resolve(%q, %v) = %q, want %q", c.dest, c.image, got, c.want)
		}
	}
}

func TestFitTitleHeading(t *testing.T) {
	for _, c := range []struct{ body, title, want string }{
		{"# Kaniko\n\nText.", "Kaniko", "\nText."},
		{"\n\n# kaniko #\nText.", "Kaniko", "Text."},
		{"# Captain's Log\nText.", "captains-log", "Text."},
		{"# **Kaniko** {#top}\nText.", "Kaniko", "Text."},
		{"Kaniko\n======\nText.", "Kaniko", "Text."},
		// Not the title: kept as a second-level heading, so nothing the page says is lost.
		{"# Vela Kaniko Plugin\nText.", "Kaniko", "## Vela Kaniko Plugin\nText."},
		{"\nVela Kaniko Plugin\n===\nText.", "Kaniko", "\n## Vela Kaniko Plugin\nText."},
		{"# Kaniko\nText.", "", "## Kaniko\nText."},
		{"## Kaniko\nText.", "Kaniko", "## Kaniko\nText."},
		{"Intro.\n\n# Kaniko\n", "Kaniko", "Intro.\n\n# Kaniko\n"},
	} {
		if got := string(fitTitleHeading([]byte(c.body), c.title)); got != c.want {
			t.Errorf("fitTitleHeading(%q, %q) = %q, want %q", c.body, c.title, got, c.want)
		}
	}
}

func TestRewriteLeavesCodeAlone(t *testing.T) {
	in := "~~~\n[a](a.md)\n~~~\n````md\n```\n[b](b.md)\n````\n`[c](c.md)` [d](d.md) ``[e](e.md)``\n    ```\n    [f](f.md)\n    ```\n"
	want := "~~~\n[a](a.md)\n~~~\n````md\n```\n[b](b.md)\n````\n`[c](c.md)` [d](https://github.com/go-vela/vela-kaniko/blob/main/docs/d.md) ``[e](e.md)``\n    ```\n    [f](f.md)\n    ```\n"
	if got := string(rewriteLinks([]byte(in), kanikoSrc)); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestRewriteInlineForms(t *testing.T) {
	for in, want := range map[string]string{
		"[a](a.md \"Title\")":                       "[a](https://github.com/go-vela/vela-kaniko/blob/main/docs/a.md \"Title\")",
		"[a]( a.md )":                               "[a]( https://github.com/go-vela/vela-kaniko/blob/main/docs/a.md )",
		"[a](<a b.md>)":                             "[a](<https://github.com/go-vela/vela-kaniko/blob/main/docs/a b.md>)",
		"[a](x_(1).md)":                             "[a](https://github.com/go-vela/vela-kaniko/blob/main/docs/x_(1).md)",
		"![i](i.svg) ![j](https://x/j)":             "![i](https://github.com/go-vela/vela-kaniko/blob/main/docs/i.svg?raw=true) ![j](https://x/j)",
		"[![b](b.png)](c.md)":                       "[![b](https://github.com/go-vela/vela-kaniko/blob/main/docs/b.png?raw=true)](https://github.com/go-vela/vela-kaniko/blob/main/docs/c.md)",
		"<a href=\"a.md\">a</a> <img src='i.png'/>": "<a href=\"https://github.com/go-vela/vela-kaniko/blob/main/docs/a.md\">a</a> <img src='https://github.com/go-vela/vela-kaniko/blob/main/docs/i.png?raw=true'/>",
		"[ref]: a.md \"t\"":                         "[ref]: https://github.com/go-vela/vela-kaniko/blob/main/docs/a.md \"t\"",
		"[img]: i.png":                              "[img]: https://github.com/go-vela/vela-kaniko/blob/main/docs/i.png?raw=true",
		"plain text (not a link)":                   "plain text (not a link)",
	} {
		if got := string(rewriteLinks([]byte(in), kanikoSrc)); got != want {
			t.Errorf("rewrite(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

func TestComposeNeedsTheCommittedFrontMatter(t *testing.T) {
	_, err := compose([]byte("No front matter here.\n"), []byte("Upstream.\n"), kanikoSrc)
	if err == nil || !strings.Contains(err.Error(), "no front matter") {
		t.Errorf("error %v", err)
	}
	_, err = compose([]byte("---\ntitle: [unclosed\n---\nx\n"), []byte("Upstream.\n"), kanikoSrc)
	if err == nil || !strings.Contains(err.Error(), "front matter") {
		t.Errorf("error %v", err)
	}
}

func TestComposeStripsUpstreamFrontMatterAndKeepsOurs(t *testing.T) {
	committed := "\xef\xbb\xbf---\r\ntitle: Kaniko\r\ndescription: Ours.\r\nsidebar_position: 3\r\n---\r\n\r\nOur text.\r\n"
	for _, upstream := range []string{
		"---\ntitle: Theirs\ndescription: Theirs.\n---\n# Kaniko\n\nUpstream text.\n",
		"+++\ntitle = \"Theirs\"\n+++\n\nUpstream text.\n",
	} {
		page, err := compose([]byte(committed), []byte(upstream), kanikoSrc)
		if err != nil {
			t.Fatal(err)
		}
		want := "---\n" + marker + " fetched from go-vela/vela-kaniko/docs/DOCS.md at main by docsd build; never commit it (git restore brings back our page)\n" +
			"title: Kaniko\ndescription: Ours.\nsidebar_position: 3\n---\n\nUpstream text.\n"
		if string(page) != want {
			t.Errorf("page:\n%q\nwant:\n%q", page, want)
		}
	}
}
