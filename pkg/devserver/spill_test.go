package devserver

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/pkg/emit"
)

// heapOfOthers is how many bytes the build's files that are not pages or page data hold: all the
// heap should hold of it.
func heapOfOthers(t *testing.T, f *emit.Files) int64 {
	t.Helper()
	var n int64
	pages := 0
	for _, p := range f.Paths() {
		if strings.HasSuffix(p, ".html") || strings.HasPrefix(p, "__data/") {
			pages++
			continue
		}
		data, src, ok := f.Get(p)
		if !ok {
			t.Fatalf("%s is listed but not there", p)
		}
		if src == "" {
			n += int64(len(data))
		}
	}
	if pages < 10 {
		t.Fatalf("only %d pages", pages)
	}
	return n
}

// The dev server's pages and page data live in the spill file, not on the heap, after the first
// build and after an edit; they are served from it.
func TestServedPagesAreOffTheHeap(t *testing.T) {
	root, s := project(t)
	compacted := make(chan struct{}, 1)
	s.OnCompact = func() { compacted <- struct{}{} }
	if _, err := os.Stat(emit.SpillDir(root)); err != nil {
		t.Fatalf("no spill folder: %v", err)
	}
	check := func(when string) {
		s.mu.RLock()
		files := s.files
		s.mu.RUnlock()
		if got, want := files.HeapBytes(), heapOfOthers(t, files); got != want {
			t.Errorf("%s: the build holds %d bytes on the heap; its files other than pages hold %d", when, got, want)
		}
	}
	check("first build")
	f := filepath.Join(root, "content/docs/guide/setup.md")
	data, _ := os.ReadFile(f)
	os.WriteFile(f, append(data, "\nSpilled text.\n"...), 0o644)
	s.Rebuild([]string{f})
	select {
	case <-compacted:
	case <-time.After(failAfter):
		t.Fatal("no compaction after the rebuild")
	}
	check("after an edit")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	res, err := http.Get(srv.URL + "/docs/guide/setup")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "Spilled text.") {
		t.Errorf("the edited page: %d, %.300s", res.StatusCode, body)
	}
}
