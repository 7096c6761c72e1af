package emit

import (
	"runtime"
	"testing"
	"weak"
)

// spilledBuild is one build of a page through spill, as docsd watch makes one per edit; only a
// weak pointer to it leaves the function, so nothing on the test's stack keeps it.
//
//go:noinline
func spilledBuild(t *testing.T, spill *Spill, n int) weak.Pointer[Files] {
	f := NewSpilledFiles(spill)
	f.Add("docs/a/index.html", page(n, 20000)) // packed: takes a compressor and gives it back
	f.Add("__data/docs/a.json", page(n, 9000))
	if _, _, ok := f.Get("docs/a/index.html"); !ok {
		t.Fatal("the page is not there")
	}
	return weak.Make(f)
}

// A build that nothing refers to is gone after one collection, as docsd watch's dev server collects
// once when edits pause. Its idle compressors were in a sync.Pool inside Files, which the runtime
// keeps until a second collection, and with it every replaced build's maps of paths: at 30,000
// pages 270 MB of old builds lived on through the tidy-up after a run of edits.
func TestReplacedBuildsDieInOneCollection(t *testing.T) {
	spill := openSpill(t, t.TempDir())
	const builds = 20
	var old []weak.Pointer[Files]
	for i := range builds {
		old = append(old, spilledBuild(t, spill, i))
	}
	runtime.GC()
	alive := 0
	for _, w := range old {
		if w.Value() != nil {
			alive++
		}
	}
	if alive > 0 {
		t.Fatalf("%d of %d builds nothing refers to are still alive after a collection", alive, builds)
	}
}

// The same for a packing build without a spill store (docsd watch when the project's folder cannot
// hold the spill file).
func TestReplacedPackedBuildsDieInOneCollection(t *testing.T) {
	build := func(n int) weak.Pointer[Files] {
		f := NewPackedFiles()
		f.Add("docs/a/index.html", page(n, 20000))
		return weak.Make(f)
	}
	var old []weak.Pointer[Files]
	for i := range 20 {
		old = append(old, build(i))
	}
	runtime.GC()
	for i, w := range old {
		if w.Value() != nil {
			t.Fatalf("build %d is still alive after a collection", i)
		}
	}
}
