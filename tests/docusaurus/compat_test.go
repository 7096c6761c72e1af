// Package docusaurus holds the compatibility test of issue #20: a small site written the way
// Docusaurus 3 projects are (testdata/site, our own text) must build with every Markdown and content
// rule Docusaurus applies: admonitions, titles, partials, link resolution, folder index pages,
// heading ids, blog URLs, tags and authors, front-matter and category keys, and MDX warnings.
package docusaurus

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/build"
)

func buildSite(t *testing.T) *build.Result {
	t.Helper()
	b := build.New(build.Options{Root: "testdata/site", SiteDir: "../../site", Production: true})
	t.Cleanup(b.Close)
	res, err := b.Build()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return res
}

func TestDocusaurusCompat(t *testing.T) {
	res := buildSite(t)
	page := func(p string) string {
		b, ok := res.Files.Data[p]
		if !ok {
			t.Errorf("missing output %s", p)
		}
		return string(b)
	}

	t.Run("routes", func(t *testing.T) {
		for _, p := range []string{
			"guide/intro.html", "guide/no-title.html", "guide/setup.html", "readme-dir.html", "ref/api.html", "ref/options.html",
			"category/topics.html", "guide/topics/first.html",
			"blog/2024/01/03/dated.html", "blog/2024/02/10/folder-post.html", "blog/2024/03/01.html", "blog/custom-slug.html",
			"blog/tags/release.html", "blog/tags/news.html", "blog/tags/object-tag.html",
		} {
			page(p)
		}
		for _, p := range []string{"assets/files/blog/2024-01-03-picture.png", "assets/files/blog/2024-02-10-folder-post/diagram.png"} {
			if !res.Files.Has(p) {
				t.Errorf("%s, an image beside a post, is not copied", p)
			}
		}
		for p := range res.Files.Data {
			if strings.Contains(p, "_partials") || strings.Contains(p, "_shared") || strings.Contains(p, "_draft") ||
				strings.Contains(p, "_unpublished") || strings.HasPrefix(p, "guide/setup/") {
				t.Errorf("output %s: partials and dir/dir.md children are not pages", p)
			}
		}
	})

	t.Run("admonitions", func(t *testing.T) {
		intro := page("guide/intro.html")
		for _, w := range []string{
			`<div class="admonition admonition-tip" role="note"><p class="admonition-title">Write this first</p>`,
			`<div class="admonition admonition-warning" role="note"><p class="admonition-title">Caution</p>`,
			`<p class="admonition-title">Outer</p>`, `<p class="admonition-title">Important</p>`,
			`<p class="admonition-title">Success</p>`, `<p class="admonition-title">Secondary</p>`,
			`<p class="admonition-title">Danger zone</p>`, `<p class="admonition-title">Cauton</p>`,
		} {
			if !strings.Contains(intro, w) {
				t.Errorf("intro lacks %q", w)
			}
		}
		if i, j := strings.Index(intro, "<p>Nested.</p>"), strings.Index(intro, "<p>Outer again.</p>"); i < 0 || j < i {
			t.Errorf("the nested note is not inside the outer info")
		}
		if strings.Contains(intro, ":::") {
			t.Errorf("raw ::: in the intro page")
		}
	})

	t.Run("titles and imports", func(t *testing.T) {
		intro := page("guide/intro.html")
		if !strings.Contains(intro, "<h1>Getting started</h1>") || strings.Contains(intro, "import ") {
			t.Errorf("the imports hide the title or show as text")
		}
		if !strings.Contains(page("guide/no-title.html"), "<h1>no-title</h1>") {
			t.Errorf("a page without a title is not named after its file")
		}
		if !strings.Contains(page("blog/2024/03/01.html"), "2024-03-01") {
			t.Errorf("a post named by its date alone has no title")
		}
	})

	t.Run("links", func(t *testing.T) {
		intro := page("guide/intro.html")
		for _, w := range []string{`href="/docs/guide/setup"`, `href="/docs/ref/api"`, `href="/docs/ref/options"`,
			`href="/docs/guide/no-title"`, `href="/docs/readme-dir#a-section"`, `href="/docs/ref/api#parse-arraystring--object"`} {
			if !strings.Contains(intro, w) {
				t.Errorf("intro lacks %q", w)
			}
		}
		dated := page("blog/2024/01/03/dated.html")
		for _, w := range []string{`href="/docs/blog/2024/02/10/folder-post"`, `href="/docs/blog/2024/03/01"`,
			`src="/docs/assets/files/blog/2024-01-03-picture.png"`,
			`<a href="https://example.test/inline" class="post-author-name">Inline Author</a>`} {
			if !strings.Contains(dated, w) {
				t.Errorf("the dated post lacks %q", w)
			}
		}
		if strings.Contains(dated, `/authors/"`) {
			t.Errorf("an inline author links to an author page that does not exist")
		}
		for _, p := range res.Problems {
			t.Errorf("link problem %s:%d: %s", p.File, p.Line, p.Message)
		}
	})

	t.Run("number prefixes", func(t *testing.T) {
		// 01-first.md is the doc steps/first at /docs/steps/first; 03-more/ is the folder more.
		for _, p := range []string{"steps/first.html", "steps/second.html", "steps/last.html", "steps/more/detail.html"} {
			page(p)
		}
		var items []struct {
			Label string `json:"label"`
			Route string `json:"route"`
		}
		if err := json.Unmarshal([]byte(page("__data/sidebars/current-en-steps.json")), &items); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range items {
			got = append(got, it.Label)
		}
		// Ordered by number (1, 2, 3, 10), not by name.
		if want := []string{"First step", "Second step", "More", "Last step"}; !slices.Equal(got, want) {
			t.Errorf("steps sidebar %v, want %v", got, want)
		}
	})

	t.Run("heading ids", func(t *testing.T) {
		api := page("ref/api.html")
		for _, id := range []string{"parse-arraystring--object", "what-not-to-do", "repeat", "repeat-1", "custom-id"} {
			if !strings.Contains(api, `id="`+id+`"`) {
				t.Errorf("api page lacks id %q", id)
			}
		}
		if !strings.Contains(page("ref/options.html"), `id="testmatch-arraystring"`) {
			t.Errorf("options page lacks id testmatch-arraystring")
		}
	})

	t.Run("warnings", func(t *testing.T) {
		var got []string
		for _, w := range res.Warnings {
			got = append(got, w.Error())
		}
		all := strings.Join(got, "\n")
		for _, want := range []string{
			`content/docs/guide/intro.md:41:1: unknown admonition kind "cauton", shown as a note (did you mean "caution"?)`,
			`content/docs/guide/topics/_category_.json:7:1: unknown category key "colapsible" (did you mean "collapsible"?)`,
			`content/docs/guide/no-title.md:9:1: unknown front-matter key "sidebar_postion" (did you mean "sidebar_position"?)`,
		} {
			if !strings.Contains(all, want) {
				t.Errorf("no warning %q in\n%s", want, all)
			}
		}
		// A page with import lines is MDX (Docusaurus 3's format detection): compiled, not warned about.
		if n := strings.Count(all, "MDX import/export"); n != 0 {
			t.Errorf("%d import warnings, want none", n)
		}
		if mdx := page("guide/mdx-page.html"); !strings.Contains(mdx, "a thing from the site") || !strings.Contains(mdx, "An MDX page") {
			t.Errorf("the MDX page lacks its title or its imported component")
		}
		// customProps, description, link.keywords and link.image, object tags and sidebar_custom_props
		// are Docusaurus keys: no word about them.
		if regexp.MustCompile(`customProps|"description"|keywords|"image"|"tags"|sidebar_custom_props`).MatchString(all) {
			t.Errorf("a Docusaurus key is warned about:\n%s", all)
		}
	})
}
