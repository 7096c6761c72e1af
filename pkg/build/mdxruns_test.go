package build

// An MDX page's Markdown runs are rendered by docsd, not parsed by the MDX compiler
// (pkg/mdx/runs.go): every page must come out as it does compiled whole, with the site's
// MDXComponents overriding the elements of the runs too.

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"docsd/pkg/mdx"
)

// buildMDXPages builds the fixture site name, its MDX pages compiled whole or split, and returns
// each MDX route's HTML and each compiled file's module.
func buildMDXPages(t *testing.T, name string, whole bool) (map[string]string, map[string]string) {
	t.Helper()
	_, opts := fixtureSite(t, name)
	b := New(opts)
	defer b.Close()
	b.mdxWhole = whole
	modules := map[string]string{}
	var mu sync.Mutex // pages compile at once: the hook runs on several goroutines
	b.onCompiled = func(file, js string) string {
		mu.Lock()
		modules[filepath.Base(file)] = js
		mu.Unlock()
		return js
	}
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{}
	for path, r := range res.Site.Routes.All() {
		if r.MDX {
			pages[path] = string(res.Files.Data[res.Site.HTMLPath(path)])
		}
	}
	return pages, modules
}

// testdata/sites/mdx-runs's mixed.mdx mixes Markdown runs of every kind runjs.go makes with JSX,
// expressions, imports, an mdx-code-block and a heading inside a JSX element; mixed-refs.mdx is the
// same with a reference-style link, which keeps it whole. testdata/sites/mdx is built too.
func TestMDXRunsRenderAsWhole(t *testing.T) {
	assets := regexp.MustCompile(`[-.][A-Za-z0-9_]{6,}\.(js|css|json)`)
	split := map[string]string{}
	for _, name := range []string{"mdx-runs", "mdx"} {
		wholePages, wholeModules := buildMDXPages(t, name, true)
		splitPages, splitModules := buildMDXPages(t, name, false)
		// Split where it can be, whole where it cannot.
		for file, want := range map[string]bool{"mixed.mdx": true, "mixed-refs.mdx": false, "install.mdx": true} {
			if _, ok := splitModules[file]; !ok {
				continue
			}
			if got := strings.Contains(splitModules[file], mdx.RunsMark); got != want {
				t.Errorf("%s split: %v, want %v", file, got, want)
			}
			if strings.Contains(wholeModules[file], mdx.RunsMark) {
				t.Errorf("%s compiled whole has runs", file)
			}
		}
		// The same HTML, but for the names of the assets (the chunks differ).
		var routes []string
		for path := range wholePages {
			routes = append(routes, path)
		}
		sort.Strings(routes)
		if len(routes) < 2 {
			t.Fatalf("%s: MDX routes %v", name, routes)
		}
		for _, path := range routes {
			w, s := assets.ReplaceAllString(wholePages[path], "-H.$1"), assets.ReplaceAllString(splitPages[path], "-H.$1")
			if w != s {
				i := 0
				for i < len(w) && i < len(s) && w[i] == s[i] {
					i++
				}
				t.Errorf("%s differs at byte %d:\nwhole: %.300s\nsplit: %.300s", path, i, w[max(i-100, 0):], s[max(i-100, 0):])
			}
			split[path] = s
		}
	}
	page := split["/docs/guide/mixed"]
	for _, want := range []string{
		`<del>gone</del>`,
		`<a href="http://www.example.com">www.example.com</a>`,
		`<h2 id="custom-id" class="site-h2">A run&#x27;s heading</h2>`,
		`<h2 id="a-runs-heading" class="site-h2">A run&#x27;s heading</h2>`,
		`<code class="site-code">code</code>`,
		`<a href="/docs/guide/intro" title="The intro">link</a>`,
		`<th style="text-align:left">Left</th>`,
		`<input type="checkbox" disabled="" checked=""/> <!-- -->done`,
		`<div class="code-block language-js"><div class="code-title">x.js</div>`,
		`<h2 id="a-heading-inside-a-jsx-element" class="site-h2">A heading inside a JSX element</h2>`,
		`>Unwrapped.</div>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the split page lacks %s", want)
		}
	}
	if n := strings.Count(page, ">Mixed</h1>"); n != 1 {
		t.Errorf("the title shows %d times", n)
	}
}
