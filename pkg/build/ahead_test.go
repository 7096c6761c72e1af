package build

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// aheadSite is the test site with 40 generated pages; target, late in the order, is given code
// that chroma lexes by regular expressions (Python) and pos is each route's place in the order.
func aheadSite(t *testing.T) (root string, opts Options, target string, pos map[string]int) {
	root, opts = siteCopy(t, true)
	generate(t, root, 1, 40)
	first := New(opts)
	res, err := first.Build()
	first.Close()
	if err != nil {
		t.Fatal(err)
	}
	pos = map[string]int{}
	for i, p := range res.Site.Order {
		pos[p] = i
		if strings.Contains(p, "gen-00/part-1/page-3") {
			target = p
		}
	}
	if target == "" || pos[target] < 20 {
		t.Fatalf("no generated page late in the order: %v", res.Site.Order)
	}
	r := res.Site.Routes.Get(target)
	write(t, root, path.Join("content", r.Source), pythonPage())
	return root, opts, target, pos
}

// TestSlowPagesRenderAhead: in a build --once, the Markdown of a page whose code chroma lexes by
// regular expressions renders before the pages ahead of it in the order (ahead.go). The hook holds
// every page from ten before it to the end until its Markdown has started: without rendering
// ahead, the build never gets to it.
func TestSlowPagesRenderAhead(t *testing.T) {
	_, opts, target, pos := aheadSite(t)
	opts.Out = filepath.Join(t.TempDir(), "out")
	b := New(opts)
	defer b.Close()
	b.maxInFlight = 2
	started := newCloser()
	b.onMarkdown = func(route string) {
		switch p, ok := pos[route]; {
		case route == target:
			started.close()
		case ok && p >= pos[target]-10:
			awaitEvent(t, started.ch, "the slow page's Markdown before the pages ahead of it")
		}
	}
	got, err := b.once()
	if err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(filepath.Join(opts.Out, got.Site.HTMLPath(target)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "A paragraph of the Python page") || !strings.Contains(string(html), "class=\"chroma\"") {
		t.Errorf("the slow page's content is not in its HTML")
	}
}

// TestBuildRendersInOrder: a build kept for rebuilds (Build; served builds and rebuilds alike)
// renders no page ahead of its turn: when the Python page's Markdown starts, the pages five
// before it in the order have started (two pages in flight).
func TestBuildRendersInOrder(t *testing.T) {
	_, opts, target, pos := aheadSite(t)
	b := New(opts)
	defer b.Close()
	b.maxInFlight = 2
	var mu sync.Mutex
	startedAt := map[string]bool{}
	var missing []string
	b.onMarkdown = func(route string) {
		mu.Lock()
		defer mu.Unlock()
		startedAt[route] = true
		if route != target {
			return
		}
		for r, p := range pos {
			if p <= pos[target]-5 && !startedAt[r] {
				missing = append(missing, r)
			}
		}
	}
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if !startedAt[target] || len(missing) > 0 {
		t.Errorf("the Python page's Markdown started before the pages ahead of it: %v", missing)
	}
}

// TestRegexpCodeBytes: the estimate counts the code of fenced blocks whose language has no
// hand-written lexer and that chroma knows, nothing else.
func TestRegexpCodeBytes(t *testing.T) {
	py := "def f(x):\n    return x\n"
	for _, c := range []struct {
		name, body string
		want       int
	}{
		{"python", "# T\n\n```python title=\"a.py\"\n" + py + "```\n", len(py)},
		{"tildes and indent", "- item\n\n  ~~~ruby\n  puts 1\n  ~~~\n", len("  puts 1\n")},
		{"a longer fence holds a shorter one", "````python\n```\n" + py + "````\n", len("```\n" + py)},
		{"hand-written lexers", "```yaml\na: 1\n```\n\n```go\npackage a\n```\n\n```sh\nls\n```\n", 0},
		{"unknown and no language", "```nosuchlanguage\nx\n```\n\n```\ny\n```\n", 0},
		{"prose", "def f(x): return x\n", 0},
	} {
		if got := regexpCodeBytes([]byte(c.body), map[string]bool{}); got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, got, c.want)
		}
	}
}

// pythonPage is a page with more Python code than any other page of the test sites holds.
func pythonPage() string {
	var page strings.Builder
	page.WriteString("# Python\n\nA paragraph of the Python page.\n\n```python\n")
	for i := 0; page.Len() < 20<<10; i++ {
		page.WriteString("def handler_" + strings.Repeat("x", i%7) + "(event, context):\n    return {\"status\": 200, \"body\": event.get('body')}\n\n")
	}
	page.WriteString("```\n")
	return page.String()
}
