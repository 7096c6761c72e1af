package build

// <DocCardList /> on a category's own doc (its index page, the category's link) lists the
// category's items, as Docusaurus does; elsewhere it shows what it showed before.

import (
	"regexp"
	"strings"
	"testing"
)

func TestDocCardListOnACategoryDoc(t *testing.T) {
	root, opts := mdxSite(t)
	list := "import DocCardList from '@theme/DocCardList';\n\n"
	write(t, root, "content/docs/guide/more/index.mdx", "---\ntitle: More\n---\n\n"+list+"Pages of this section:\n\n<DocCardList />\n")
	write(t, root, "content/docs/guide/more/alpha.md", "---\nsidebar_position: 1\n---\n\n# Alpha\n\nText.\n")
	write(t, root, "content/docs/guide/more/beta.md", "---\nsidebar_position: 2\n---\n\n# Beta\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/one.md", "# One\n\nText.\n")
	write(t, root, "content/docs/guide/more/deeper/two.md", "# Two\n\nText.\n")
	// A doc that is no category's page keeps showing nothing.
	write(t, root, "content/docs/guide/more/alone.mdx", "---\nsidebar_position: 3\n---\n\n# Alone\n\n"+list+"<DocCardList />\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/more")])
	m := regexp.MustCompile(`<ul class="doc-card-list">.*?</ul>`).FindString(html)
	if m == "" {
		t.Fatalf("the category's page lists no cards:\n%s", html)
	}
	var got []string
	for _, c := range regexp.MustCompile(`<a href="([^"]+)"[^>]*><strong>([^<]+)</strong>(?:<span class="doc-card-description">([^<]+)</span>)?</a>`).FindAllStringSubmatch(m, -1) {
		got = append(got, c[1]+" "+c[2]+" "+c[3])
	}
	want := []string{"/docs/guide/more/alpha Alpha ", "/docs/guide/more/beta Beta ", "/docs/guide/more/alone Alone ", "/docs/guide/more/deeper/one Deeper 2 items"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("cards %q, want %q", got, want)
	}
	if alone := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/more/alone")]); strings.Contains(alone, "doc-card-list") {
		t.Error("a doc that is no category's page shows cards")
	}
}
