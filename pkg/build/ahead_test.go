package build

import (
	"path"
	"strings"
	"testing"
)

// TestLargestPagesRenderAhead: the Markdown of a large page near the end of the order renders
// before the pages ahead of it in the order (ahead.go). The hook holds every page from ten before
// it to the end until the large page's Markdown has started: without rendering ahead, the build
// never gets to it.
func TestLargestPagesRenderAhead(t *testing.T) {
	root, opts := siteCopy(t, true)
	generate(t, root, 1, 40)
	first := New(opts)
	res, err := first.Build()
	first.Close()
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]int{}
	target := ""
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
	write(t, root, path.Join("content", r.Source), largeButNotTooLarge())
	b := New(opts)
	defer b.Close()
	b.maxInFlight = 2
	started := newCloser()
	b.onMarkdown = func(route string) {
		switch p, ok := pos[route]; {
		case route == target:
			started.close()
		case ok && p >= pos[target]-10:
			awaitEvent(t, started.ch, "the large page's Markdown before the pages ahead of it")
		}
	}
	got, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if html := string(got.Files.Data[got.Site.HTMLPath(target)]); !strings.Contains(html, "A paragraph of the large page") {
		t.Errorf("the large page's content is not in its HTML")
	}
}

// largeButNotTooLarge is a page larger than any other of the test sites, below maxPageMarkdown.
func largeButNotTooLarge() string {
	var page strings.Builder
	page.WriteString("# Large\n\n")
	for page.Len() < 200<<10 {
		page.WriteString("A paragraph of the large page, with `code` in it.\n\n")
	}
	return page.String()
}
