package build

// docsd.toml's [markdown] format is Docusaurus's markdown.format: which pages the MDX compiler
// builds. The front matter's `format` wins; "detect" goes by the extension; "md" is CommonMark for
// every page.

import (
	"encoding/json"
	"testing"

	"docsd/pkg/site"
)

func TestMarkdownFormatOfTheSite(t *testing.T) {
	// testdata/sites/mdx: reference.md imports theme components, install.mdx is MDX. Two pages of
	// this test say their own format.
	for _, c := range []struct {
		format string
		mdx    map[string]bool // route → compiled as MDX
	}{
		{"", map[string]bool{"/docs/guide/reference": true, "/docs/guide/install": true, "/docs/guide/forced": true, "/docs/guide/plain": false}},
		{"mdx", map[string]bool{"/docs/guide/reference": true, "/docs/guide/install": true, "/docs/guide/forced": true, "/docs/guide/plain": false}},
		{"detect", map[string]bool{"/docs/guide/reference": false, "/docs/guide/install": true, "/docs/guide/forced": true, "/docs/guide/plain": false}},
		{"md", map[string]bool{"/docs/guide/reference": false, "/docs/guide/install": false, "/docs/guide/forced": true, "/docs/guide/plain": false}},
	} {
		t.Run("format="+c.format, func(t *testing.T) {
			root, opts := mdxSite(t)
			if c.format != "" {
				write(t, root, "docsd.toml", read(t, root, "docsd.toml")+"\n[markdown]\nformat = \""+c.format+"\"\n")
			}
			write(t, root, "content/docs/guide/forced.md", "---\nformat: mdx\n---\n\n# Forced\n\n<Admonition type=\"tip\">A tip.</Admonition>\n")
			write(t, root, "content/docs/guide/plain.mdx", "---\nformat: md\n---\n\n# Plain\n\nAn <b>HTML</b> {word}.\n")
			b := New(opts)
			defer b.Close()
			res, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			for route, want := range c.mdx {
				var page site.PageData
				if err := json.Unmarshal(res.Files.Data[res.Site.DataPath(route)], &page); err != nil {
					t.Fatalf("%s: %v", route, err)
				}
				if got := page.MDX != nil; got != want {
					t.Errorf("%s compiled as MDX: %v, want %v", route, got, want)
				}
			}
		})
	}
}
