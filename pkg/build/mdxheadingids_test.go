package build

import (
	"regexp"
	"strings"
	"testing"
)

// Every TOC entry of an MDX page links to a heading of the page: a heading with a JavaScript
// expression in it ({1+1}, {props.x}) has the id docsd gave it, not another (its TOC link went
// nowhere: the compiler read the expression's text without its braces, matched no heading of
// docsd's and gave it a slug of its own, "-1" after docsd's).
func TestMDXHeadingsWithExpressionsKeepTheirIDs(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/exprs.mdx", "---\ntitle: Exprs\n---\n\nexport const v = '3.1';\n\n"+
		"## Version {v} notes\n\nText.\n\n## Sum {1+1} and {'two'}\n\nMore.\n\n<div>\n\n## Boxed {v}\n\n</div>\n\n## Version {v} notes\n\nAgain.\n")
	res := built(t, opts)
	page := pageData(t, res, "/docs/guide/exprs")
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/exprs")])
	var ids []string
	for _, m := range regexp.MustCompile(`<h[2-6] id="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		ids = append(ids, m[1])
	}
	toc := headingIDs(*page)
	if len(toc) != 4 {
		t.Fatalf("TOC %q, want the page's four headings", toc)
	}
	if strings.Join(toc, " ") != strings.Join(ids, " ") {
		t.Errorf("the TOC links to %q, the page's headings have the ids %q", toc, ids)
	}
}
