package site

import (
	"testing"

	"docsd/pkg/config"
	"docsd/pkg/layered"
)

// TestResolveMarkdownLinkOrder: a link to a Markdown file is looked up where Docusaurus 3 looks,
// in its order, so that when two files match the nearer one wins as it does there.
func TestResolveMarkdownLinkOrder(t *testing.T) {
	s := &Site{
		Config: &config.Site{BasePath: "/docs/", Versions: []config.Version{
			{Name: "current", Dir: "docs"}, {Name: "1.0", Dir: "versioned_docs/version-1.0"}}},
		FileRoute: layered.From(map[string]string{
			"en:docs/a/x.md":                       "/docs/a/x",
			"en:docs/x.md":                         "/docs/x",
			"en:docs/docs/y.md":                    "/docs/docs/y",
			"en:docs/y.md":                         "/docs/y",
			"en:versioned_docs/version-1.0/x.md":   "/docs/1.0/x",
			"en:versioned_docs/version-1.0/a/z.md": "/docs/1.0/a/z",
			"en:blog/2024-01-01-p.md":              "/docs/blog/p",
			"en:docs/a/b/c.md":                     "/docs/a/b/c",
		}),
	}
	cases := []struct{ source, dest, want string }{
		{"docs/a/page.md", "x.md", "/docs/a/x"},                       // beside the file first
		{"docs/b/page.md", "x.md", "/docs/x"},                         // then the content folder
		{"docs/b/page.md", "./x.md", "./x.md"},                        // ./ only beside the file
		{"docs/a/page.md", "/x.md", "/docs/x"},                        // /x.md never beside the file
		{"docs/a/page.md", "/docs/y.md", "/docs/docs/y"},              // the content folder before the site folder
		{"docs/a/page.md", "/docs/x.md#h", "/docs/x#h"},               // then the site folder (content/)
		{"docs/a/page.md", "docs/x.md", "/docs/x"},                    // a bare site-folder path
		{"versioned_docs/version-1.0/a/p.md", "/x.md", "/docs/1.0/x"}, // a version's own folder
		{"versioned_docs/version-1.0/a/p.md", "z.md", "/docs/1.0/a/z"},
		{"docs/a/page.md", "../../blog/2024-01-01-p.md", "/docs/blog/p"},
		{"docs/a/page.md", "b/c%2Emd", "b/c%2Emd"}, // not a .md link as written
		{"docs/a/page.md", "b/c.md?x=1", "/docs/a/b/c"},
		{"docs/a/page.md", "../../../x.md", "../../../x.md"}, // out of content/: as written
	}
	for _, c := range cases {
		if got := s.Resolve(nil, c.source, "en", c.dest); got != c.want {
			t.Errorf("%s: %s resolves to %q, want %q", c.source, c.dest, got, c.want)
		}
	}
}
