package build

import (
	"slices"
	"strings"
	"testing"
)

// TestPageSizeWarningOutlivesOtherEdits: a page too large still warns after a rebuild that does not
// render it again (an edit of another page), as a fresh build of the same files does, and stops
// warning once it is cut down. docsd watch's overlay and terminal show a build's warnings: the
// large page's went away at the first edit elsewhere, and came back as new when it rendered again.
func TestPageSizeWarningOutlivesOtherEdits(t *testing.T) {
	root, opts := siteCopy(t, true)
	write(t, root, "content/docs/guide/large.md", largePage("A paragraph long enough to count, with `code` in it, again and again.\n\n"))
	sizeWarnings := func(res *Result) int {
		n := 0
		for _, w := range res.Warnings {
			if strings.HasSuffix(w.File, "guide/large.md") && strings.Contains(w.Msg, "consider splitting") {
				n++
			}
		}
		return n
	}
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if n := sizeWarnings(res); n != 1 {
		t.Fatalf("the build warns %d times about the large page, want once: %v", n, res.Warnings)
	}
	write(t, root, "content/docs/guide/intro.md", read(t, root, "content/docs/guide/intro.md")+"\nOne more line.\n")
	if res, err = b.Rebuild([]string{"content/docs/guide/intro.md"}); err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(res.RenderedRoutes, func(r string) bool { return strings.HasSuffix(r, "/large") }) {
		t.Fatalf("an edit of intro.md rendered the large page again (%v): the test needs one that does not", res.RenderedRoutes)
	}
	if n := sizeWarnings(res); n != 1 {
		t.Errorf("after an edit of another page, %d warnings about the large page, want 1: %v", n, res.Warnings)
	}
	// Nothing changed: the last build as it is, its warnings sorted and each once.
	if res, err = b.Rebuild([]string{"content/docs/guide/intro.md"}); err != nil {
		t.Fatal(err)
	}
	if n := sizeWarnings(res); n != 1 {
		t.Errorf("after a save that changed nothing, %d warnings about the large page, want 1: %v", n, res.Warnings)
	}
	write(t, root, "content/docs/guide/large.md", "# Large\n\nCut down.\n")
	if res, err = b.Rebuild([]string{"content/docs/guide/large.md"}); err != nil {
		t.Fatal(err)
	}
	if n := sizeWarnings(res); n != 0 {
		t.Errorf("the page was cut down, and still %d warnings about it: %v", n, res.Warnings)
	}
	write(t, root, "content/docs/guide/intro.md", read(t, root, "content/docs/guide/intro.md")+"\nAnd another.\n")
	if res, err = b.Rebuild([]string{"content/docs/guide/intro.md"}); err != nil {
		t.Fatal(err)
	}
	if n := sizeWarnings(res); n != 0 {
		t.Errorf("the page was cut down, and after another edit %d warnings about it: %v", n, res.Warnings)
	}
}
