package build

import (
	"context"
	"testing"
)

// TestNewerEditsDoNotWaitForThePublish: a rebuild whose search publish is running when newer edits
// arrive returns at once (the next edit's page goes out without waiting for it), and the next
// rebuild, after that publish has finished, brings the output up to a full build's.
// (A rebuild that waited for the publish would hang here until the test times out.)
func TestNewerEditsDoNotWaitForThePublish(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/setup.md"
	write(t, root, f, read(t, root, f)+"\nA new paragraph.\n")
	ctx, newer := context.WithCancel(context.Background())
	defer newer()
	release := make(chan struct{})
	started := false
	b.beforePublish = func() {
		// The newer edits arrive while the publish runs, and the publish takes until released.
		started = true
		newer()
		<-release
	}
	first := map[string]bool{"/docs/guide/setup": true}
	res, err := b.RebuildFirst(ctx, []string{f}, first, func(*Result) {})
	if err != nil {
		t.Fatal(err)
	}
	// RebuildFirst returned while the publish is still held: it did not wait for it.
	if !started || res.LinksChecked != nil || len(b.last.stale) == 0 {
		t.Fatalf("the rebuild did not leave its publish to the background (publish started: %v, stale: %v)", started, b.last.stale)
	}
	b.beforePublish = nil
	close(release)
	catchUpEqualsFull(t, b, opts, first)
}
