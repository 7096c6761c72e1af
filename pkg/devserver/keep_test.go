package devserver

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/gorilla/websocket"

	"docsd/pkg/build"
	"docsd/pkg/emit"
	"docsd/pkg/site"
)

// docsd watch keeps one build between edits: after a run of edits (body edits, interrupted ones,
// a new page and its deletion) with a browser open and pages asked for, one collection (the one the
// dev server's tidy-up forces when edits pause) leaves alive only the build being served: no
// replaced build's output or model outlives it. A sync.Pool inside each build's output kept every
// replaced build alive through that collection (emit.packers), and at 30,000 pages that was 270
// MB of resident memory after 450 edits.
func TestEditsLeaveOnlyTheServedBuild(t *testing.T) {
	root, s := project(t)
	var mu sync.Mutex
	var files []weak.Pointer[emit.Files]
	var sites []weak.Pointer[site.Site]
	s.OnRebuild = func(res *build.Result, err error) {
		if err != nil {
			t.Errorf("rebuild: %v", err)
			return
		}
		mu.Lock()
		files = append(files, weak.Make(res.Files))
		sites = append(sites, weak.Make(res.Site))
		mu.Unlock()
	}
	compacted := make(chan struct{}, 1)
	s.OnCompact = func() { compacted <- struct{}{} }

	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	ws, _, err := websocket.DefaultDialer.Dial(url, http.Header{"Origin": {srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ws.WriteJSON(map[string]string{"type": "route", "route": "/docs/guide/setup"})
	go func() { // the browser reads what the hub sends it
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	}()

	f := filepath.Join(root, "content/docs/guide/setup.md")
	original, _ := os.ReadFile(f)
	added := filepath.Join(root, "content/docs/guide/added.md")
	closed := make(chan struct{})
	close(closed)
	rebuild := func(changed string, interrupted bool) {
		t.Helper()
		if interrupted {
			s.rebuild([]string{changed}, closed) // newer edits wait: stops after the page on screen
		} else {
			s.Rebuild([]string{changed})
		}
		select {
		case <-compacted:
		case <-time.After(failAfter):
			t.Fatal("no compaction after the rebuild")
		}
		res, err := http.Get(srv.URL + "/docs/guide/setup")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	for i := range 12 {
		os.WriteFile(f, append(original, []byte(strings.Repeat("\nAn edit.\n", i+1))...), 0o644)
		rebuild(f, i%3 == 1)
		if i == 5 {
			os.WriteFile(added, []byte("---\ntitle: Added\n---\n\nA new page.\n"), 0o644)
			rebuild(added, false)
			os.Remove(added)
			rebuild(added, false)
		}
	}

	s.mu.RLock()
	servedFiles, servedSite := s.files, s.site
	s.mu.RUnlock()
	runtime.GC()
	mu.Lock()
	defer mu.Unlock()
	if len(files) < 14 {
		t.Fatalf("only %d rebuilds were seen", len(files))
	}
	kept := 0
	for i := range files {
		if f := files[i].Value(); f != nil && f != servedFiles {
			kept++
		}
		if s := sites[i].Value(); s != nil && s != servedSite {
			kept++
		}
	}
	if kept > 0 {
		t.Errorf("after %d rebuilds and one collection, %d outputs or models of replaced builds are still alive", len(files), kept)
	}
	runtime.KeepAlive(servedFiles)
	runtime.KeepAlive(servedSite)
}
