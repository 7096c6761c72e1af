package build

// The Markdown runs of an MDX page (pkg/mdx/runs.go) across rebuilds: the compiler's answer for a
// file is cached, and what a run holds must follow what changed around the page.

import (
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// A run's links are resolved when the page is split, and the compiler's answer for a file is
// cached by its request: when what a link points to moves (another page's slug) and the bundle
// loads the unchanged page again (a site component was edited), the page must get the new URL,
// as the compiler's own links get theirs. The cache kept the run's old URL.
func TestMDXRunsLinksFollowAMovedPage(t *testing.T) {
	b, root, first, page := buildMDXRunsFixture(t)
	// The first paragraph's link, in a run.
	const before, after = `<a href="/docs/guide/intro" title="The intro">link</a>`, `<a href="/docs/guide/moved" title="The intro">link</a>`
	if !strings.Contains(string(first.Files.Data[page]), before) {
		t.Fatalf("the run's link before the move:\n%s", first.Files.Data[page])
	}
	write(t, root, "content/docs/guide/intro.md", "---\nsidebar_position: 1\nslug: /guide/moved\n---\n\n# Introduction\n\nMoved.\n")
	write(t, root, "src/components/Code.jsx", read(t, root, "src/components/Code.jsx")+"\n// Edited.\n")
	compiled := map[string]bool{}
	var mu sync.Mutex
	b.onCompile = func(abs string) {
		mu.Lock()
		compiled[filepath.Base(abs)] = true
		mu.Unlock()
	}
	res, err := b.Rebuild([]string{filepath.Join(root, "content/docs/guide/intro.md"), filepath.Join(root, "src/components/Code.jsx")})
	if err != nil {
		t.Fatal(err)
	}
	if !compiled["mixed.mdx"] {
		t.Fatalf("the page was not loaded again (compiled %v): the test shows nothing", compiled)
	}
	if got := string(res.Files.Data[page]); strings.Contains(got, before) || !strings.Contains(got, after) {
		t.Errorf("after the move, the page links:\n%s", regexp.MustCompile(`href="[^"]*"`).FindAllString(got, -1))
	}
}

// Edits that turn a run into what the compiler parses and back: after each rebuild the page is
// what a fresh build of the same files makes.
func TestMDXRunsEditsMatchAFreshBuild(t *testing.T) {
	root, opts := fixtureSite(t, "mdx-runs")
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	rel := "content/docs/guide/mixed.mdx"
	original := read(t, root, rel)
	const para = "A link GFM makes: www.example.com, and a time, 10:30."
	steps := []struct{ name, text string }{
		{"a run's paragraph becomes an expression", strings.Replace(original, "The end, with", "The end {1 + 1}, with", 1)},
		{"a run's heading is edited", strings.Replace(original, "## A run's heading {#custom-id}", "## An edited heading {#custom-id}", 1)},
		{"a run joins the one before", strings.Replace(original, para+"\n", "", 1)},
		{"back as it was", original},
	}
	for _, step := range steps {
		write(t, root, rel, step.text)
		res, err := b.Rebuild([]string{filepath.Join(root, rel)})
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		fresh := New(opts)
		want, err := fresh.Build()
		fresh.Close()
		if err != nil {
			t.Fatalf("%s: fresh build: %v", step.name, err)
		}
		page := want.Site.HTMLPath("/docs/guide/mixed")
		assets := regexp.MustCompile(`[-.][A-Za-z0-9_]{6,}\.(js|css)`)
		got, w := assets.ReplaceAllString(string(res.Files.Data[page]), "-H.$1"), assets.ReplaceAllString(string(want.Files.Data[page]), "-H.$1")
		if got != w {
			i := 0
			for i < len(got) && i < len(w) && got[i] == w[i] {
				i++
			}
			t.Errorf("%s: the rebuilt page differs at byte %d:\nrebuilt: %.300s\nfresh:   %.300s", step.name, i, got[max(i-100, 0):], w[max(i-100, 0):])
		}
	}
}

// A page another page's move changes is compiled again though nothing it imports changed: its
// links, in runs and in the compiler's own output, resolve to the moved page's new URL. Without
// this an MDX page kept the old URL in `docsd watch` until something else reloaded it.
func TestMDXPageLinksFollowAMovedPageAlone(t *testing.T) {
	b, root, first, page := buildMDXRunsFixture(t)
	const before, after = `href="/docs/guide/intro"`, `href="/docs/guide/moved"`
	if !strings.Contains(string(first.Files.Data[page]), before) {
		t.Fatalf("the page's links before the move:\n%s", first.Files.Data[page])
	}
	write(t, root, "content/docs/guide/intro.md", "---\nsidebar_position: 1\nslug: /guide/moved\n---\n\n# Introduction\n\nMoved.\n")
	res, err := b.Rebuild([]string{filepath.Join(root, "content/docs/guide/intro.md")})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Files.Data[page]); strings.Contains(got, before) || !strings.Contains(got, after) {
		t.Errorf("after the move, the page links:\n%s", regexp.MustCompile(`href="[^"]*"`).FindAllString(got, -1))
	}
}

// buildMDXRunsFixture builds a copy of testdata/sites/mdx-runs with a builder kept for rebuilds
// (closed at the test's end), and returns the folder, the build and the HTML path of its mixed page.
func buildMDXRunsFixture(t *testing.T) (*Builder, string, *Result, string) {
	t.Helper()
	root, opts := fixtureSite(t, "mdx-runs")
	b := New(opts)
	t.Cleanup(b.Close)
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return b, root, first, first.Site.HTMLPath("/docs/guide/mixed")
}
