package build

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"unsafe"
)

// A rebuild's output holds the search chunks in the index's own arrays, never in an equal copy:
// docsd watch held every search chunk twice at 30,000 pages (71 MB) after a page was added and
// deleted. The add's publish ran to its end on its own (newer edits arrived after its last look at
// them), so the output kept the chunks of the publish before while the index went on from the
// add's; the deletion's publish wrote those same bytes again in new arrays, which the index kept
// while the output kept its equal old ones.
func TestOutputSharesTheIndexChunks(t *testing.T) {
	root, opts := siteCopy(t, true)
	opts.LowMemory = true
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	added := "content/docs/guide/added.md"
	write(t, root, added, "---\ntitle: Added\n---\n\nA page the test adds.\n")
	ctx := &lateContext{Context: context.Background(), done: make(chan struct{})}
	release := make(chan struct{})
	held := false
	b.beforePublish = func() {
		held = true
		close(ctx.done) // newer edits arrive while the publish runs: the rebuild returns
		<-release
	}
	onScreen := map[string]bool{"/docs/guide/setup": true}
	if _, err := b.RebuildFirst(ctx, []string{added}, onScreen, func(*Result) {}); err != nil {
		t.Fatal(err)
	}
	b.beforePublish = nil
	close(release)
	b.waitPublish()
	if !held {
		t.Fatal("the add's publish did not run in the background: the test did not test it")
	}
	if err := os.Remove(filepath.Join(root, added)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rebuild([]string{added}); err != nil {
		t.Fatal(err)
	}
	chunks, copies := 0, 0
	for loc, idx := range b.search {
		docsRel, indexRel, _, _ := b.last.searchPaths(loc)
		for _, c := range idx.Chunks() {
			rel := c.FileName(docsRel, indexRel)
			data, ok := b.last.files.Data[rel]
			if !ok {
				t.Fatalf("the output has no %s", rel)
			}
			chunks++
			if unsafe.SliceData(data) != unsafe.SliceData(c.Data) {
				copies++
			}
		}
	}
	if chunks == 0 {
		t.Fatal("no search chunks")
	}
	if copies > 0 {
		t.Errorf("the output holds %d of the index's %d search chunks in copies of its own", copies, chunks)
	}
}

// lateContext is a rebuild's context whose newer edits arrive after the publish's last look at
// them: Done is closed, but Err, which the publish asks between its parts, says nothing, so the
// publish runs to its end while the rebuild has returned without its files.
type lateContext struct {
	context.Context
	done chan struct{}
}

func (c *lateContext) Done() <-chan struct{} { return c.done }
func (c *lateContext) Err() error            { return nil }
