package build

import (
	"strings"
	"testing"

	"docsd/pkg/emit"
)

// The dev server's builds (LowMemory, pages in a spill store, the store compacted
// after each rebuild) give the output of a full build after every random edit.
func TestSpilledIncrementalEqualsFull(t *testing.T) {
	root, opts := siteCopy(t, false)
	opts.Dev = true
	ref := New(opts)
	defer ref.Close()
	spill, err := emit.OpenSpill(emit.SpillDir(root))
	if err != nil {
		t.Fatal(err)
	}
	defer spill.Close()
	low := opts
	low.LowMemory, low.Spill = true, spill
	inc := New(low)
	defer inc.Close()
	res, err := inc.Build()
	if err != nil {
		t.Fatal(err)
	}
	var others int64 // what the files other than pages and page data hold
	for _, p := range res.Files.Paths() {
		if !strings.HasSuffix(p, ".html") && !strings.HasPrefix(p, "__data/") {
			data, _, _ := res.Files.Get(p)
			others += int64(len(data))
		}
	}
	if got := res.Files.HeapBytes(); got != others {
		t.Fatalf("the build holds %d bytes on the heap, its files other than pages %d: pages are not spilled", got, others)
	}
	compareRandomEdits(t, inc, ref, root, 5, 10, func(got *Result) {
		if err := got.Files.Compact(); err != nil {
			t.Fatal(err)
		}
	})
}
