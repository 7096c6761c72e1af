package devserver

// A dev server whose watcher's quiet periods end only when a test says so, for tests of saves that
// stall half-way: what the watcher hands over, and when, is the test's input, so nothing depends on
// the machine's speed.

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"docsd/pkg/build"
	"docsd/pkg/watch"
)

// outcome is one rebuild's result as OnRebuild saw it.
type outcome struct {
	res *build.Result
	err error
}

// steppedWatch is a watching dev server and the channels that step its watcher.
type steppedWatch struct {
	t       *testing.T
	srv     *httptest.Server
	fire    chan time.Time // a send ends one quiet period
	took    chan string    // the events the watcher handled, in order
	results chan outcome
	markers int
}

// watchStepped starts s watching with quiet periods that end on the test's word; the server and
// the watch stop at the test's end.
func watchStepped(t *testing.T, s *Server) *steppedWatch {
	t.Helper()
	w := &steppedWatch{t: t, fire: make(chan time.Time), took: make(chan string, 4096), results: make(chan outcome, 100)}
	s.watchHooks = watch.Options{
		After: func(time.Duration) <-chan time.Time { return w.fire },
		Took:  func(ev fsnotify.Event) { w.took <- ev.Name },
	}
	s.OnRebuild = func(res *build.Result, err error) { w.results <- outcome{res, err} }
	w.srv = httptest.NewServer(s.Handler())
	t.Cleanup(w.srv.Close)
	startWatching(t, s)
	return w
}

// settle waits until the watcher has handled every event so far: events come in order, and an
// ignored swap file's, written in dir, is the last.
func (w *steppedWatch) settle(dir string) {
	w.t.Helper()
	w.markers++
	marker := filepath.Join(dir, fmt.Sprintf(".settle%d.swp", w.markers))
	if err := os.WriteFile(marker, []byte("x"), 0o644); err != nil {
		w.t.Fatal(err)
	}
	deadline := time.After(failAfter)
	for {
		select {
		case p := <-w.took:
			if p == marker {
				return
			}
		case <-deadline:
			w.t.Fatalf("the watcher never saw %s", marker)
		}
	}
}

// rebuilt ends quiet periods until a rebuild is done, and returns it.
func (w *steppedWatch) rebuilt(what string) outcome {
	w.t.Helper()
	for {
		select {
		case w.fire <- time.Time{}:
		case o := <-w.results:
			return o
		case <-time.After(failAfter):
			w.t.Fatalf("%s: no rebuild", what)
		}
	}
}
