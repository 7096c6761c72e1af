package build

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// A page whose runs' blocks are HTML and whose chunk is built from its own module reaches the
// renderer with its runs as placeholders and their markup beside the module (pkg/mdx's
// serverruns.go). Its pages are what the page compiled whole gives, tabs' ids after the runs
// included (the placeholders keep their lists' lengths), and no placeholder is left in them.
func TestMDXRunPlaceholders(t *testing.T) {
	whole, _, _, _ := buildMDXSite(t, "mdx-html-runs", nil, true)
	split, runs, withHTML, _ := buildMDXSite(t, "mdx-html-runs", nil, false)
	if !slices.Contains(runs, "runs.mdx") || !slices.Contains(withHTML, "runs.mdx") {
		t.Fatalf("runs.mdx was not split with HTML blocks (split: %v, with HTML: %v)", runs, withHTML)
	}
	compareBuilds(t, whole, split)

	_, opts := fixtureSite(t, "mdx-html-runs")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	server := b.assets.MDXServer["docs/guide/runs.mdx"]
	if len(server.Markup) < 2 || strings.Count(server.JS, `"data-docsd-run"`) != len(server.Markup) {
		t.Errorf("the renderer's module has %d placeholders for %d pieces of markup", strings.Count(server.JS, `"data-docsd-run"`), len(server.Markup))
	}
	for _, m := range server.Markup {
		if strings.Contains(server.JS, m) {
			t.Errorf("the markup %.40q… is in the renderer's module too", m)
		}
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/runs")])
	for _, want := range []string{
		`<h2 id="before-the-tabs" class="anchor">Before the tabs<a class="hash-link"`,
		`<td style="text-align:right"><code>4</code></td>`,
		`<div class="admonition admonition-note" role="note">`,
		`role="tab"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(html, "data-docsd-run") {
		t.Error("a run placeholder is left in the page")
	}
	// A blog post's excerpt (MdxExcerpt.jsx cuts the post's blocks at its truncate marker) is
	// rendered from the same module: the list shows it whole, placeholders filled.
	post := b.assets.MDXServer["blog/2026-11-30-runs.mdx"]
	if len(post.Markup) == 0 {
		t.Errorf("the blog post's module has no run markup (modules: %v)", slices.Collect(maps.Keys(b.assets.MDXServer)))
	}
	list := string(res.Files.Data[res.Site.HTMLPath("/blog")])
	if !strings.Contains(list, "<li>one</li>") || !strings.Contains(list, "A panel before the cut.") || strings.Contains(list, "The rest of the post.") {
		t.Errorf("the blog's list does not show the post's excerpt, and only it")
	}
	if strings.Contains(list, "data-docsd-run") {
		t.Error("a run placeholder is left in the blog's list")
	}
}
