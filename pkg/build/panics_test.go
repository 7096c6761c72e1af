package build

import (
	"strings"
	"testing"
)

// TestAPanicOnAPageFailsTheBuildNotTheDaemon: a bug that panics while one page is built (planted
// through the onWritten hook) fails that rebuild with an error naming the page's file; the process
// goes on, and the next rebuild starts from empty and succeeds. Before, the panic of a page
// worker stopped docsd watch.
func TestAPanicOnAPageFailsTheBuildNotTheDaemon(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	all, _ := allRoutes(first)
	f := "content/docs/guide/setup.md"
	b.onWritten = func(route string) {
		if route == "/docs/guide/setup" {
			panic("a planted bug")
		}
	}
	write(t, root, f, read(t, root, f)+"\nOne more paragraph.\n")
	_, err = b.Rebuild([]string{f})
	if err == nil || !strings.Contains(err.Error(), "setup.md") || !strings.Contains(err.Error(), "a planted bug") {
		t.Fatalf("the rebuild's error is %v; want one naming setup.md and the panic", err)
	}
	b.onWritten = nil
	write(t, root, f, read(t, root, f)+"\nAnd another.\n")
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rendered != len(all) {
		t.Errorf("the rebuild after the panic rendered %d routes, want all %d (from empty)", res.Rendered, len(all))
	}
	if html, _, ok := res.Files.Get("guide/setup.html"); !ok || !strings.Contains(string(html), "And another.") {
		t.Errorf("the page lacks the last edit (found: %v)", ok)
	}
}
