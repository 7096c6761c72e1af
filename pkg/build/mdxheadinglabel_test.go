package build

import (
	"regexp"
	"testing"
)

// An MDX page's "#" links are labelled as a Markdown page's (pkg/markdown's anchorLabel): the
// heading's text as a reader hears it, an image's alternative text included.
func TestMDXHeadingLabelsAreMarkdowns(t *testing.T) {
	root, opts := mdxSite(t)
	body := "## ![Vela logo](/img/favicon.svg) Vela <abbr title=\"x\">CLI</abbr>\n\nText.\n\n## Plain `code` and *more*\n\nText.\n"
	write(t, root, "content/docs/guide/label-md.md", "---\ntitle: Labels\n---\n\n"+body)
	write(t, root, "content/docs/guide/label-mdx.mdx", "---\ntitle: Labels\n---\n\nexport const x = 1;\n\n"+body)
	res := built(t, opts)
	label := regexp.MustCompile(`class="hash-link" href="#[^"]*" aria-label="([^"]*)"`)
	labels := func(route string) []string {
		var out []string
		for _, m := range label.FindAllStringSubmatch(string(res.Files.Data[res.Site.HTMLPath(route)]), -1) {
			out = append(out, m[1])
		}
		return out
	}
	md, mdx := labels("/docs/guide/label-md"), labels("/docs/guide/label-mdx")
	if len(md) != 2 || md[0] != "Link to Vela logo Vela CLI" {
		t.Fatalf("the Markdown page's labels are %q", md)
	}
	if len(mdx) != len(md) || mdx[0] != md[0] || mdx[1] != md[1] {
		t.Errorf("the MDX page's labels are %q, the Markdown page's %q", mdx, md)
	}
}
