package build

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"docsd/internal/testfs"
	"docsd/pkg/links"
)

// buildMulti builds testdata/sites/multi: two docs versions, two locales, a blog, a category index.
func buildMulti(t *testing.T) *Result {
	t.Helper()
	b := New(Options{Root: "../../testdata/sites/multi", SiteDir: "../../site", Production: true})
	t.Cleanup(b.Close)
	res, err := b.Build()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return res
}

func TestMultiSiteRoutes(t *testing.T) {
	res := buildMulti(t)
	want := []string{
		"index.html", "guide/intro.html", "guide/setup.html", "guide/more/extra.html", "category/more.html",
		"1.0/guide/intro.html", "fr/guide/intro.html", "fr/guide/setup.html", "fr/1.0/guide/intro.html", "fr.html",
		"blog.html", "blog/page/2.html", "blog/second.html", "blog/first.html", "blog/archive.html", "blog/authors.html",
		"blog/authors/team.html", "blog/tags.html", "blog/tags/news.html", "blog/rss.xml", "blog/atom.xml",
		"sitemap.xml", "404.html", "__data/guide/intro.json", "__data/sidebars/current-en-guide.json",
	}
	for _, w := range want {
		if _, ok := res.Files.Data[w]; !ok {
			t.Errorf("missing output %s", w)
		}
	}
	intro := string(res.Files.Data["guide/intro.html"])
	for _, w := range []string{`lang="en"`, `class="admonition admonition-tip"`, `class="code-title">config.yml`, `line hl`,
		`href="/docs/guide/setup#before-you-start"`, `This page in other versions`, `/docs/1.0/guide/intro`, `Skip to main content`,
		`Copyright © 2025 Multi`, `hreflang="fr"`} {
		if !strings.Contains(intro, w) {
			t.Errorf("guide/intro.html lacks %q", w)
		}
	}
	fr := string(res.Files.Data["fr/guide/intro.html"])
	if !strings.Contains(fr, "Introduction en français") || !strings.Contains(fr, `href="/docs/fr/guide/setup"`) || !strings.Contains(fr, `lang="fr"`) {
		t.Errorf("the French page is not the translation with French links")
	}
	if !strings.Contains(string(res.Files.Data["fr/guide/setup.html"]), "Before you start") {
		t.Errorf("an untranslated page falls back to the default locale's text")
	}
	extra := string(res.Files.Data["guide/more/extra.html"])
	if !strings.Contains(extra, "<h1>Extra</h1>") || strings.Contains(extra, `<h1 id="extra"`) {
		t.Errorf("the title comes from the first heading, which is not repeated in the body")
	}
	list := string(res.Files.Data["blog.html"])
	if !strings.Contains(list, "Second post") || strings.Contains(list, "The rest of it.") || !strings.Contains(list, "Read more") {
		t.Errorf("the blog list shows the newest post's excerpt only")
	}
	// Issue #17: the excerpts once, in the body; the data inside the document leaves them out.
	if n := strings.Count(list, "The excerpt of the second post."); n != 1 {
		t.Errorf("the blog list holds the excerpt %d times, want 1", n)
	}
	if !strings.Contains(string(res.Files.Data["__data/blog.json"]), "<p>The excerpt of the second post.</p>") {
		t.Errorf("the blog list's page data lacks the excerpt")
	}
	if !regexp.MustCompile(`1(<!-- -->)? min read`).MatchString(string(res.Files.Data["blog/second.html"])) {
		t.Errorf("a post shows its reading time")
	}
	rss := string(res.Files.Data["blog/rss.xml"])
	if !strings.Contains(rss, "<link>https://example.test/docs/blog/second</link>") {
		t.Errorf("rss feed lacks the post link:\n%s", rss)
	}
}

func TestBrokenLinksWarnWithPositions(t *testing.T) {
	res := buildMulti(t)
	var got []string
	for _, p := range res.Problems {
		got = append(got, p.String())
	}
	want := []string{
		"content/docs/guide/intro.md:7:58: link to nowhere.md: no such page",
		"content/docs/guide/setup.md:8:13: anchor #no-such-anchor does not exist on /docs/guide/intro",
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			if strings.HasPrefix(g, w) {
				found = true
			}
		}
		if !found {
			t.Errorf("missing warning %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d warnings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	_ = links.Problem{}
}

func TestOutputIsDeterministic(t *testing.T) {
	a, b := buildMulti(t), buildMulti(t)
	for p, data := range a.Files.Data {
		if !bytes.Equal(data, b.Files.Data[p]) {
			t.Errorf("%s differs between two builds of the same input", p)
		}
	}
}

func TestFailedBuildLeavesPreviousSite(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	out := filepath.Join(t.TempDir(), "build")
	if _, err := Once(Options{Root: root, SiteDir: "../../site", Out: out, Production: true}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(out, "guide/intro.html"))
	bad := filepath.Join(root, "content/docs/guide/setup.md")
	if err := os.WriteFile(bad, []byte("---\ntitle: [unclosed\n---\nBody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Once(Options{Root: root, SiteDir: "../../site", Out: out, Production: true})
	if err == nil || !strings.Contains(err.Error(), "content/docs/guide/setup.md:2:") {
		t.Fatalf("want an error naming the file and line, got %v", err)
	}
	after, _ := os.ReadFile(filepath.Join(out, "guide/intro.html"))
	if !bytes.Equal(before, after) {
		t.Error("a failed build changed the previous site")
	}
}

func TestUserMistakesNameFileAndLine(t *testing.T) {
	cases := map[string]struct{ file, body, want string }{
		"duplicate route": {"content/docs/guide/intro2.md", "---\ntitle: X\nslug: /guide/intro\n---\n", "claimed by both"},
		"bad category":    {"content/docs/guide/more/_category_.yml", "label: [x\n", "content/docs/guide/more/_category_.yml:"},
		"bad toml":        {"docsd.toml", "title = \n", "docsd.toml:1:"},
		"unknown sidebar": {"docsd.toml", "title = \"x\"\n[[navbar.items]]\ntype = \"docSidebar\"\nsidebar = \"nope\"\n", "docsd.toml:4:1: navbar item"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			testfs.CopyTree(t, "../../testdata/sites/multi", root)
			if err := os.WriteFile(filepath.Join(root, c.file), []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
			b := New(Options{Root: root, SiteDir: "../../site", Production: true})
			defer b.Close()
			_, err := b.Build()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want an error containing %q, got %v", c.want, err)
			}
		})
	}
}

// A large page with multi-byte characters is built whole. Its data reaches the server renderer in
// many pieces (some cutting a character in two); its content goes around the renderer.
func TestLargePageRendersWhole(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	var body strings.Builder
	body.WriteString("---\ntitle: Large\n---\n")
	for i := 0; i < 4000; i++ {
		// The headings make a table of contents of 300 KB, which the renderer gets.
		fmt.Fprintf(&body, "## Section %d: 漢字 ü\n\nParagraph %d: é漢字 ünïcödé, \"quoted\" <b>and</b> \\ back.\n\n", i, i)
	}
	if err := os.WriteFile(filepath.Join(root, "content/docs/guide/large.md"), []byte(body.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	b := New(Options{Root: root, SiteDir: "../../site", Production: true})
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html, _, ok := res.Files.Get("guide/large.html")
	if !ok {
		t.Fatal("guide/large.html was not built")
	}
	// Once in the document, in its body (docsd puts the content into what the renderer returns):
	// the data inside the document leaves it out, and the browser takes it from the body (issue
	// #17). The page's data file has it, unescaped, for client navigation.
	data, _, ok := res.Files.Get("__data/guide/large.json")
	if !ok {
		t.Fatal("__data/guide/large.json was not built")
	}
	for _, want := range []string{"Paragraph 0: é漢字 ünïcödé", "Paragraph 3999: é漢字 ünïcödé"} {
		if n := strings.Count(string(html), want); n != 1 {
			t.Errorf("the page holds %q %d times, want 1", want, n)
		}
		if n := strings.Count(string(data), "<p>"+want); n != 1 {
			t.Errorf("the page data holds %q %d times, want 1", "<p>"+want, n)
		}
	}
	inline := string(html[bytes.Index(html, []byte(`<script id="__docsd_data"`)):])
	if strings.Contains(inline, `"html":`) || !strings.Contains(inline, `"toc":`) {
		t.Error("the data inside the document carries the content, or lost the rest of the page")
	}
	if strings.ContainsRune(string(html), '\uFFFD') {
		t.Error("a character was cut in two on its way through the renderer")
	}
	if strings.Contains(string(html), contentMarker) {
		t.Error("the content marker is left in the page")
	}
	if !strings.Contains(string(html), `<div class="markdown" data-page-content=""><h2`) {
		t.Error("the content is not inside the page's Markdown container")
	}
	if !strings.Contains(string(html), `Section 3999: 漢字 ü</a>`) {
		t.Error("the table of contents lost its last entry")
	}
}

// docsd build --once writes each page as it is made and keeps none (issue #17: memory that does not
// grow with the output), and what it writes is what a build in memory holds, byte for byte.
func TestOnceWritesEveryFileAndKeepsNone(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	out := filepath.Join(t.TempDir(), "build")
	stamp := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	opts := Options{Root: root, SiteDir: "../../site", Production: true, BuildTime: stamp}
	onceOpts := opts
	onceOpts.Out = out
	res, err := Once(onceOpts)
	if err != nil {
		t.Fatal(err)
	}
	for p := range res.Files.Data {
		if strings.HasSuffix(p, ".html") || strings.HasPrefix(p, "__data/") {
			t.Errorf("the build still holds %s after writing it", p)
		}
	}
	if !res.Files.Has("guide/intro.html") {
		t.Error("a written page is not known to the build (the link check asks)")
	}
	// Nor their sources, once every route of a page (one per locale here) is written and indexed;
	// below, the files on disk show that no route lost its text to that.
	released := 0
	for path, r := range res.Site.Routes.All() {
		if r.Doc == nil || r.MDX || linkCheckQuotes(r.Doc) {
			continue
		}
		if r.Doc.Body() != nil {
			t.Errorf("%s: the build still holds the page's source after writing it", path)
		}
		released++
	}
	if released == 0 {
		t.Error("no page's source was released")
	}
	b := New(opts)
	defer b.Close()
	want, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for p, data := range want.Files.Contents() {
		got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s on disk differs from the build in memory (%v)", p, err)
		}
	}
}
