package emit

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// page is a page's HTML of about size bytes, different for each n (and compressible, as pages are).
func page(n, size int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "<p>page %d, paragraph %d: the quick brown fox</p>\n", n, i)
	}
	return b.Bytes()
}

func openSpill(t *testing.T, dir string) *Spill {
	t.Helper()
	s, err := OpenSpill(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func mustGet(t *testing.T, f *Files, path string, want []byte) {
	t.Helper()
	got, _, ok := f.Get(path)
	if !ok || !bytes.Equal(got, want) {
		t.Fatalf("%s: got %d bytes (ok %v), want %d", path, len(got), ok, len(want))
	}
}

func TestSpillRoundTrip(t *testing.T) {
	f := NewSpilledFiles(openSpill(t, t.TempDir()))
	files := map[string][]byte{
		"docs/a/index.html":   page(1, 20000), // packed and spilled
		"docs/b/index.html":   page(2, 300),   // spilled as it is
		"__data/docs/a.json":  page(3, 9000),
		"assets/entry-x.js":   page(4, 9000), // not a page: stays in memory
		"search/en/index.bin": []byte("terms"),
	}
	for p, d := range files {
		f.Add(p, d)
	}
	f.Copy("img/logo.png", "/somewhere/logo.png")
	for p, d := range files {
		mustGet(t, f, p, d)
		if !f.Has(p) {
			t.Errorf("Has(%s) is false", p)
		}
	}
	if got, want := f.HeapBytes(), int64(len(files["assets/entry-x.js"])+len("terms")); got != want {
		t.Errorf("HeapBytes = %d, want %d: only the files that are not pages stay on the heap", got, want)
	}
	if got := strings.Join(f.Paths(), " "); got != "__data/docs/a.json assets/entry-x.js docs/a/index.html docs/b/index.html img/logo.png search/en/index.bin" {
		t.Errorf("Paths = %s", got)
	}
	if c := f.Contents(); len(c) != len(files) || !bytes.Equal(c["docs/a/index.html"], files["docs/a/index.html"]) {
		t.Errorf("Contents has %d files", len(c))
	}
	f.Remove("docs/b/index.html")
	if f.Has("docs/b/index.html") {
		t.Error("a removed page is still there")
	}
}

// A rebuild starts from the last build's files (AddMissing) and rewrites a few: each build reads
// its own version, and the last build's stays readable while the new one is made.
func TestSpillRewriteKeepsEachBuildsVersion(t *testing.T) {
	s := openSpill(t, t.TempDir())
	last := NewSpilledFiles(s)
	last.Add("docs/a/index.html", page(1, 8000))
	last.Add("docs/b/index.html", page(2, 8000))
	next := NewSpilledFiles(s)
	next.Add("docs/a/index.html", page(10, 8000))
	next.AddMissing(last)
	mustGet(t, next, "docs/a/index.html", page(10, 8000))
	mustGet(t, next, "docs/b/index.html", page(2, 8000))
	mustGet(t, last, "docs/a/index.html", page(1, 8000))
	next.Add("__data/docs/a.json", []byte("{}"))
	next.Add("__data/docs/a.json", []byte(`{"title":"A"}`))
	mustGet(t, next, "__data/docs/a.json", []byte(`{"title":"A"}`))
	if next.HeapBytes() != 0 {
		t.Errorf("HeapBytes = %d, want 0", next.HeapBytes())
	}
}

func TestSpillCompaction(t *testing.T) {
	s := openSpill(t, t.TempDir())
	compactions := 0
	s.compacted = func() { compactions++ }
	f := NewSpilledFiles(s)
	for i := range 20 {
		f.Add(fmt.Sprintf("docs/%d/index.html", i), page(i, 6000))
	}
	if err := f.Compact(); err != nil || compactions != 0 {
		t.Fatalf("a store without garbage was compacted (%d, %v)", compactions, err)
	}
	live := s.Size()
	// Three rebuilds, each rewriting every page: three times the live size is garbage.
	var older *Files
	for round := 1; round <= 3; round++ {
		older = f
		f = NewSpilledFiles(s)
		for i := range 20 {
			f.Add(fmt.Sprintf("docs/%d/index.html", i), page(100*round+i, 6000))
		}
		f.AddMissing(older)
	}
	if s.Size() <= 2*live {
		t.Fatalf("the store holds %d bytes, live %d: no garbage to test with", s.Size(), live)
	}
	if err := f.Compact(); err != nil || compactions != 1 {
		t.Fatalf("compactions = %d (%v), want 1", compactions, err)
	}
	if s.Size() > live+live/10 {
		t.Errorf("after compaction the store holds %d bytes, the build %d", s.Size(), live)
	}
	for i := range 20 {
		mustGet(t, f, fmt.Sprintf("docs/%d/index.html", i), page(300+i, 6000))
		// The build before, still served while f renders, reads the old file.
		mustGet(t, older, fmt.Sprintf("docs/%d/index.html", i), page(200+i, 6000))
	}
	// A build that took its places from older before the compaction moves them at its own.
	next := NewSpilledFiles(s)
	next.AddMissing(older)
	if err := next.Compact(); err != nil || compactions != 2 {
		t.Fatalf("compactions = %d (%v), want 2: the old file's places move to a current one", compactions, err)
	}
	for i := range 20 {
		mustGet(t, next, fmt.Sprintf("docs/%d/index.html", i), page(200+i, 6000))
	}
	if err := next.Compact(); err != nil || compactions != 2 {
		t.Errorf("compactions = %d (%v): a compact store was compacted again", compactions, err)
	}
}

// A spill file that changed under the store (truncated, overwritten) is an error, never wrong bytes.
func TestSpillDamagedFileIsNotServed(t *testing.T) {
	s := openSpill(t, t.TempDir())
	f := NewSpilledFiles(s)
	f.Add("docs/a/index.html", page(1, 9000))
	f.Add("docs/b/index.html", page(2, 9000))
	seg := f.spilled["docs/a/index.html"].seg
	b := f.spilled["docs/b/index.html"]
	if _, err := seg.f.WriteAt([]byte("xx"), b.off+5); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := f.Get("docs/b/index.html"); ok {
		t.Error("an overwritten page was served")
	}
	mustGet(t, f, "docs/a/index.html", page(1, 9000))
	if err := seg.f.Truncate(int64(f.spilled["docs/a/index.html"].off) + 10); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := f.Get("docs/a/index.html"); ok {
		t.Error("a truncated page was served")
	}
}

// Files left by an earlier process (killed on a system that cannot unlink an open file, or a
// damaged file) are removed at the next start, unless a running process still holds them.
func TestSpillRemovesLeftoversOnStart(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, spillPrefix+"123")
	if err := os.WriteFile(stale, []byte("truncated garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	held := filepath.Join(dir, spillPrefix+"456")
	if err := os.WriteFile(held, []byte("another process's"), 0o644); err != nil {
		t.Fatal(err)
	}
	unlock, ok := tryLock(held)
	if !ok {
		t.Fatal("could not lock")
	}
	defer unlock()
	s := openSpill(t, dir)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the leftover is still there (%v)", err)
	}
	if _, err := os.Stat(held); err != nil && flockable {
		t.Errorf("a file another process holds was removed: %v", err)
	}
	f := NewSpilledFiles(s)
	f.Add("docs/a/index.html", page(1, 9000))
	mustGet(t, f, "docs/a/index.html", page(1, 9000))
	// Nothing of this store is left to find by name (unlinked while open, where the system can).
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != filepath.Base(held) && flockable {
			t.Errorf("%s is in the spill folder", e.Name())
		}
	}
}

// Two processes on the same project (two docsd watch) each have their own file: neither sees the
// other's writes.
func TestSpillTwoProcesses(t *testing.T) {
	if dir := os.Getenv("DOCSD_SPILL_HELPER"); dir != "" {
		spillHelper(dir)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSpillTwoProcesses$")
	cmd.Env = append(os.Environ(), "DOCSD_SPILL_HELPER="+dir)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	next := func() string {
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, "spill:") {
				return l
			}
		}
		return "spill: no answer"
	}
	// The other process has written its pages; this one writes the same paths over them.
	if l := next(); l != "spill: written" {
		t.Fatalf("helper: %s", l)
	}
	f := NewSpilledFiles(openSpill(t, dir))
	for i := range 50 {
		f.Add(fmt.Sprintf("docs/%d/index.html", i), page(1000+i, 7000))
	}
	fmt.Fprintln(in, "check")
	if l := next(); l != "spill: ok" {
		t.Errorf("helper: %s", l)
	}
	in.Close()
	cmd.Wait()
	for i := range 50 {
		mustGet(t, f, fmt.Sprintf("docs/%d/index.html", i), page(1000+i, 7000))
	}
}

// spillHelper is the other process of TestSpillTwoProcesses.
func spillHelper(dir string) {
	s, err := OpenSpill(dir)
	if err != nil {
		fmt.Println("spill:", err)
		return
	}
	f := NewSpilledFiles(s)
	for i := range 50 {
		f.Add(fmt.Sprintf("docs/%d/index.html", i), page(i, 7000))
	}
	fmt.Println("spill: written")
	bufio.NewReader(os.Stdin).ReadString('\n')
	for i := range 50 {
		got, _, ok := f.Get(fmt.Sprintf("docs/%d/index.html", i))
		if !ok || !bytes.Equal(got, page(i, 7000)) {
			fmt.Printf("spill: page %d changed\n", i)
			return
		}
	}
	fmt.Println("spill: ok")
}
