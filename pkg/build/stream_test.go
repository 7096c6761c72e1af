package build

import "testing"

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
	peak := b.last.pipeline.peak.Load()
	if peak < 1 || peak > 3 {
		t.Fatalf("%d pages were held between their Markdown and their page at once; the bound is 3", peak)
	}
	if held := b.last.pipeline.held.Load(); held != 0 {
		t.Fatalf("%d pages are still counted as held after the build", held)
	}
}
