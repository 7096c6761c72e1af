package devserver

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// A tidy-up (a forced collection) never starts while a rebuild runs, even when the timer set by
// the rebuild before goes off in its middle; it does once the rebuild is over.
func TestTidyUpWaitsWhileARebuildRuns(t *testing.T) {
	root, s := project(t)
	var frees atomic.Int32
	s.tidy.free = func() { frees.Add(1) }
	// The test fires the timer itself: the real one (a second) could go off between its checks
	// while the machine is busy, and count a tidy-up the test did not ask for.
	s.tidy.after = time.Hour
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := openPage(t, srv.URL, "/docs/guide/setup")
	readHello(t, c)
	// The timer goes off in the middle of the rebuild: once the page on screen went out.
	var during int32 = -1
	s.onPushed = func() {
		s.tidy.fire()
		during = frees.Load()
	}
	f := filepath.Join(root, "content/docs/guide/setup.md")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(f, append(data, "\nTidy.\n"...), 0o644)
	s.Rebuild([]string{f})
	if during != 0 {
		t.Fatalf("a tidy-up ran in the middle of a rebuild (%d calls; -1: the page never went out early)", during)
	}
	// After the rebuild, the timer it set tidies up.
	s.tidy.fire()
	if n := frees.Load(); n != 1 {
		t.Errorf("after the rebuild, the tidy-up ran %d times, want once", n)
	}
	// A rebuild's end sets the timer again; one that began stops it.
	s.tidy.begin()
	if s.tidy.timer.Stop() {
		t.Error("a rebuild began and the tidy-up's timer is still set")
	}
	s.tidy.end(true)
	if !s.tidy.timer.Stop() {
		t.Error("a rebuild ended and the tidy-up's timer is not set")
	}
}
