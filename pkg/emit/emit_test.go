package emit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestWriteAtomicReplacesTheFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	a := NewFiles()
	a.Add("index.html", []byte("one"))
	a.Add("old.html", []byte("old"))
	if err := WriteAtomic(dir, a); err != nil {
		t.Fatal(err)
	}
	b := NewFiles()
	b.Add("index.html", []byte("two"))
	if err := WriteAtomic(dir, b); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "two" {
		t.Errorf("index.html = %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.html")); !os.IsNotExist(err) {
		t.Error("a file of the previous build survived")
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".build.*"))
	if len(left) != 0 {
		t.Errorf("temporary folders left behind: %v", left)
	}
}

func TestUpdateTouchesOnlyWhatChanged(t *testing.T) {
	dir := t.TempDir()
	static := filepath.Join(t.TempDir(), "logo.svg")
	os.WriteFile(static, []byte("<svg/>"), 0o644)
	prev := NewFiles()
	prev.Add("a.html", []byte("a"))
	prev.Add("b.html", []byte("b"))
	prev.Add("gone.html", []byte("gone"))
	prev.Copy("img/logo.svg", static)
	if err := WriteAtomic(dir, prev); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "a.html"), old, old)
	next := NewFiles()
	next.Add("a.html", []byte("a"))
	next.Add("b.html", []byte("b, edited"))
	next.Add("new/c.html", []byte("c"))
	next.Copy("img/logo.svg", static)
	if err := Update(dir, prev, next); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "a.html")); !st.ModTime().Equal(old) {
		t.Error("an unchanged file was rewritten")
	}
	for p, want := range map[string]string{"b.html": "b, edited", "new/c.html": "c", "img/logo.svg": "<svg/>"} {
		if got, _ := os.ReadFile(filepath.Join(dir, p)); string(got) != want {
			t.Errorf("%s = %q, want %q", p, got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "gone.html")); !os.IsNotExist(err) {
		t.Error("a removed page is still in the folder")
	}
}

// Removing a page removes the folders it leaves empty, never the output folder itself.
func TestUpdateRemovesEmptiedFolders(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	prev := NewFiles()
	prev.Add("index.html", []byte("home"))
	prev.Add("docs/guide/deep/a.html", []byte("a"))
	prev.Add("docs/b.html", []byte("b"))
	if err := WriteAtomic(dir, prev); err != nil {
		t.Fatal(err)
	}
	next := NewFiles()
	next.Add("index.html", []byte("home"))
	next.Add("docs/b.html", []byte("b"))
	if err := Update(dir, prev, next); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "docs", "guide")); !os.IsNotExist(err) {
		t.Error("the folders of a removed page stay")
	}
	if _, err := os.Stat(filepath.Join(dir, "docs", "b.html")); err != nil {
		t.Error(err)
	}
	if err := Update(dir, next, NewFiles()); err != nil {
		t.Fatal(err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 || entries[0].Name() != Marker {
		t.Errorf("after removing every page the folder holds %v (%v), want only the marker", entries, err)
	}
}

// A packing build keeps large pages compressed and gives them back whole, to Get, to the copy of
// what it misses from another build, and to the folder it writes.
func TestPackedFilesRoundTrip(t *testing.T) {
	page := []byte("<!doctype html>" + strings.Repeat("<p>Vela runs pipelines.</p>", 400))
	f := NewPackedFiles()
	f.Add("usage/quickstart.html", page)
	f.Add("__data/usage/quickstart.json", page)
	f.Add("small.html", []byte("<p>hi</p>"))
	f.Add("search-index-1.json", page) // rewritten on every rebuild: kept as it is
	if len(f.Packed) != 2 || f.Packed["usage/quickstart.html"] == nil || len(f.Packed["usage/quickstart.html"]) > len(page)/5 {
		t.Fatalf("packed %d files; want the page and its data, each under a fifth of its size", len(f.Packed))
	}
	for _, p := range []string{"usage/quickstart.html", "__data/usage/quickstart.json", "search-index-1.json"} {
		if got, _, ok := f.Get(p); !ok || !bytes.Equal(got, page) {
			t.Errorf("Get(%s) does not give the file back", p)
		}
		if !f.Has(p) {
			t.Errorf("Has(%s) is false", p)
		}
	}
	next := NewPackedFiles()
	next.Add("usage/quickstart.html", []byte("<p>new</p>"))
	next.AddMissing(f)
	if got, _, _ := next.Get("usage/quickstart.html"); string(got) != "<p>new</p>" {
		t.Errorf("AddMissing replaced a file the build has: %q", got)
	}
	if _, dup := next.Packed["usage/quickstart.html"]; dup {
		t.Error("AddMissing kept the last build's packed copy of a file the build has unpacked")
	}
	if len(next.Data)+len(next.Packed) != 4 {
		t.Errorf("AddMissing gave %d files, want the 4 of the last build", len(next.Data)+len(next.Packed))
	}
	if got, _, _ := next.Get("__data/usage/quickstart.json"); !bytes.Equal(got, page) {
		t.Error("AddMissing lost a packed file")
	}
	dir := filepath.Join(t.TempDir(), "build")
	if err := WriteAtomic(dir, next); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "__data/usage/quickstart.json")); !bytes.Equal(got, page) {
		t.Error("the written file is not the page")
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "usage/quickstart.html")); string(got) != "<p>new</p>" {
		t.Errorf("written page %q", got)
	}
}

// Files streamed to a stage are on disk before Commit, the target is untouched until then, and
// Commit settles what changed after streaming: a file added again, copies (which lose to contents).
func TestStageStreamsAndCommits(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	prev := NewFiles()
	prev.Add("index.html", []byte("previous"))
	if err := WriteAtomic(dir, prev); err != nil {
		t.Fatal(err)
	}
	static := filepath.Join(t.TempDir(), "logo.svg")
	os.WriteFile(static, []byte("<svg/>"), 0o644)
	stage, err := NewStage(dir)
	if err != nil {
		t.Fatal(err)
	}
	// The stage's writer takes streamed files from a queue: a.html is on disk before Commit. The
	// hook says when the writer has written a file (set before anything is streamed; the bound only
	// stops a test whose files are not streamed at all).
	wrote := make(chan string, 16)
	stage.wrote = func(p string) { wrote <- p }
	f := NewFiles()
	f.Add("before.html", []byte("added before streaming"))
	f.StreamTo(stage)
	f.Add("docs/a.html", []byte("a"))
	f.Add("docs/b.html", []byte("b, first"))
	for p := ""; p != "docs/a.html"; {
		select {
		case p = <-wrote:
		case <-time.After(2 * time.Minute):
			t.Fatal("a streamed file is not written before Commit")
		}
	}
	if got, err := os.ReadFile(filepath.Join(stage.tmp, "docs", "a.html")); string(got) != "a" {
		t.Fatalf("a streamed file is not on disk before Commit: %q, %v", got, err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "previous" {
		t.Fatal("the target changed before Commit")
	}
	f.Add("docs/b.html", []byte("b, second"))
	f.Copy("img/logo.svg", static)
	f.Copy("docs/a.html", static) // contents win over a copy to the same path
	if err := stage.Commit(f); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"before.html": "added before streaming", "docs/a.html": "a", "docs/b.html": "b, second", "img/logo.svg": "<svg/>"} {
		if got, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path))); string(got) != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); !os.IsNotExist(err) {
		t.Error("a file of the previous build survived")
	}
	f.Add("after.html", []byte("x")) // no longer streams: the stage is committed
	if _, err := os.Stat(filepath.Join(dir, "after.html")); !os.IsNotExist(err) {
		t.Error("a file added after Commit was written")
	}
}

// An aborted stage (a failed build) leaves the previous site as it was and nothing behind.
func TestStageAbortKeepsThePreviousSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	prev := NewFiles()
	prev.Add("index.html", []byte("previous"))
	if err := WriteAtomic(dir, prev); err != nil {
		t.Fatal(err)
	}
	stage, f := streaming(t, dir)
	f.Add("index.html", []byte("half a build"))
	stage.Abort()
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "previous" {
		t.Errorf("index.html = %q after an aborted build", got)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".build.*")); len(left) != 0 {
		t.Errorf("temporary folders left behind: %v", left)
	}
}

// A file that cannot be written fails Commit with its path, and the target stays.
func TestStageWriteErrorFailsCommit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	stage, f := streaming(t, dir)
	f.Add("page", []byte("a file where a folder must go"))
	f.Add("page/inner.html", []byte("x"))
	if err := stage.Commit(f); err == nil || !strings.Contains(err.Error(), "page") {
		t.Fatalf("Commit = %v, want an error naming the file", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Error("a failed build was put in place")
	}
}

// More files than the writer's queue holds, added from many goroutines, all arrive whole.
func TestStageQueueFull(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	stage, f := streaming(t, dir)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 1200; i++ {
				f.Add(fmt.Sprintf("d%d/%d.html", g, i), []byte(strconv.Itoa(i)))
			}
		}()
	}
	wg.Wait()
	if err := stage.Commit(f); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"d0/0.html", "d7/1199.html"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Error(err)
		}
	}
}

// streaming opens a stage for dir and a build that streams to it.
func streaming(t *testing.T, dir string) (*Stage, *Files) {
	t.Helper()
	stage, err := NewStage(dir)
	if err != nil {
		t.Fatal(err)
	}
	f := NewFiles()
	f.StreamTo(stage)
	return stage, f
}

// Packing reuses its compressors: many pages added at once, each from its own goroutine as the
// renderers do, must each come back as they were (a compressor shared or not reset would mix them).
func TestPackedFilesConcurrentAdds(t *testing.T) {
	f := NewPackedFiles()
	pages := map[string][]byte{}
	for i := range 64 {
		pages[fmt.Sprintf("p%d.html", i)] = []byte(strings.Repeat(fmt.Sprintf("<p>page %d of many</p>", i), 300+i))
	}
	var wg sync.WaitGroup
	for p, data := range pages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.Add(p, data)
		}()
	}
	wg.Wait()
	for p, data := range pages {
		if got, _, ok := f.Get(p); !ok || !bytes.Equal(got, data) {
			t.Errorf("%s did not come back as it was added", p)
		}
	}
}

// BenchmarkPackedAdd is the cost of keeping one 40 KB page packed (docsd watch packs two files per page).
func BenchmarkPackedAdd(b *testing.B) {
	page := []byte(strings.Repeat("<p>Vela runs pipelines in containers.</p>", 1000))
	f := NewPackedFiles()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		f.Add("p.html", page)
	}
}
