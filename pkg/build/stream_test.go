package build

import (
	"strings"
	"testing"
)

// TestPagesStream: a build holds at most its bound of pages between their Markdown and their
// written page, however many pages the site has (rendering every page's Markdown first held the
// whole site's content, the peak of a 10,000-page build's memory).
func TestPagesStream(t *testing.T) {
	root, opts := siteCopy(t, true)
	generate(t, root, 2, 40)
	b := New(opts)
	defer b.Close()
	b.maxInFlight = 3
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if res.Rendered < 80 {
		t.Fatalf("the site has %d pages, too few to tell", res.Rendered)
	}
	peak := b.last.pipeline.held.peak.Load()
	if peak < 1 || peak > 3 {
		t.Fatalf("%d pages were held between their Markdown and their page at once; the bound is 3", peak)
	}
	if held := b.last.pipeline.held.now.Load(); held != 0 {
		t.Fatalf("%d pages are still counted as held after the build", held)
	}
	// Every page held can be at the renderer: with fewer page workers than slots (two per core)
	// Node waited for requests while the Markdown workers waited for a slot.
	if w := b.last.pipeline.pageWorkers; w != 3 {
		t.Fatalf("the pages ran %d page workers for 3 slots: a page whose Markdown is rendered must go to the renderer at once", w)
	}
}

// TestLargePagesOneAtATime: a page of more than a megabyte of Markdown in two locales (the same
// source) is rendered and written one locale after the other: the two held a 20 MB page's tree
// and HTML at once (bench/hugepage, BENCHMARKS.md session 15). The output is still both pages.
func TestLargePagesOneAtATime(t *testing.T) {
	root, opts := siteCopy(t, false)
	write(t, root, "content/docs/guide/large.md", largePage("A paragraph with `code` and a [link](./intro.md), long enough to count.\n\n"))
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if peak := b.last.pipeline.large.peak.Load(); peak != 1 {
		t.Fatalf("%d large pages were between their Markdown and their written page at once, want 1", peak)
	}
	if held := b.last.pipeline.large.now.Load(); held != 0 {
		t.Fatalf("%d large pages are still counted after the build", held)
	}
	for _, path := range []string{"guide/large.html", "fr/guide/large.html"} {
		if _, _, ok := b.last.files.Get(path); !ok {
			t.Errorf("%s was not written", path)
		}
	}
}

// largePage is a page titled Large of paragraph repeated past maxPageMarkdown.
func largePage(paragraph string) string {
	var page strings.Builder
	page.WriteString("# Large\n\n")
	for page.Len() <= maxPageMarkdown+1024 {
		page.WriteString(paragraph)
	}
	return page.String()
}
