package devserver

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"docsd/internal/testfs"
	"docsd/pkg/build"
	"docsd/pkg/site"
)

// startProject starts the dev server of a copy of the multi site with the given hooks, without
// waiting for its first build.
func startProject(t *testing.T, hooks firstBuildHooks) *Server {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	shell, _ := filepath.Abs("../../site")
	return start(build.Options{Root: root, SiteDir: shell, Production: true}, io.Discard, hooks)
}

func fetch(t *testing.T, url string) (int, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, body
}

// A page asked for during the first build renders ahead of the others and is answered while they
// wait, with the bytes the finished build serves; so is its page data (client navigation).
func TestFirstBuildAnswersAPageBeforeTheOthers(t *testing.T) {
	gate := make(chan struct{})
	var fed atomic.Int64
	own := make(chan string, 1)
	// The render loop takes one page of its own, then pauses until gate closes: only pages that
	// requests ask for render meanwhile.
	s := startProject(t, firstBuildHooks{hold: func(route string) <-chan struct{} {
		if fed.Add(1) > 1 {
			return gate
		}
		own <- route
		return nil
	}})
	var opened sync.Once
	release := func() { opened.Do(func() { close(gate) }) }
	t.Cleanup(func() { release(); s.Close() })
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	<-s.first.servable
	s.mu.RLock()
	st, files := s.site, s.files
	s.mu.RUnlock()
	if st == nil {
		t.Fatalf("the first build failed: %v", s.Wait())
	}
	var target string
	for _, r := range st.Order {
		if st.Routes.Get(r).Data.Kind == site.KindDoc {
			target = r // the last doc page: the build's own order reaches it last
		}
	}
	// The loop's own page may still be rendering: asking for it waits until it is written, so the
	// count below does not depend on how fast the machine renders.
	if code, _ := fetch(t, srv.URL+<-own); code != 200 {
		t.Fatalf("the page the render loop took: %d", code)
	}
	code, page := fetch(t, srv.URL+target)
	if code != 200 {
		t.Fatalf("%s during the first build: %d\n%s", target, code, page)
	}
	code, data := fetch(t, srv.URL+st.Config.BasePath+st.DataPath(target))
	if code != 200 {
		t.Fatalf("the page data of %s during the first build: %d", target, code)
	}
	rendered := 0
	for _, r := range st.Order {
		if files.Has(st.HTMLPath(r)) {
			rendered++
		}
	}
	if rendered != 2 {
		t.Errorf("%d of %d pages were rendered when %s was answered; want 2 (the one the paused loop took, and %s)", rendered, len(st.Order), target, target)
	}

	release()
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	if _, after := fetch(t, srv.URL+target); !bytes.Equal(page, after) {
		t.Errorf("%s answered during the first build differs from the finished build's", target)
	}
	if _, after := fetch(t, srv.URL+st.Config.BasePath+st.DataPath(target)); !bytes.Equal(data, after) {
		t.Errorf("the page data of %s answered during the first build differs from the finished build's", target)
	}
}

// A request that arrives before the site is assembled waits for it, then gets its page.
func TestFirstBuildRequestBeforeAssemblyWaits(t *testing.T) {
	assembled := make(chan struct{})
	waiting := make(chan struct{})
	var once sync.Once
	s := startProject(t, firstBuildHooks{
		beforeReady: func() { <-assembled },
		waiting:     func() { once.Do(func() { close(waiting) }) },
	})
	t.Cleanup(s.Close)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	type answer struct {
		code int
		body []byte
	}
	got := make(chan answer, 1)
	go func() {
		res, err := http.Get(srv.URL + "/docs/guide/intro")
		if err != nil {
			got <- answer{code: -1, body: []byte(err.Error())}
			return
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		got <- answer{res.StatusCode, body}
	}()
	<-waiting
	select {
	case a := <-got:
		t.Fatalf("answered %d before the site was assembled", a.code)
	default:
	}
	close(assembled)
	a := <-got
	if a.code != 200 || !bytes.Contains(a.body, []byte("<html")) {
		t.Fatalf("after assembly: %d\n%s", a.code, a.body)
	}
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
}

// A page opened during the first build finds no search files yet (its box fails to load them):
// once the build has written them, it is told to load them again.
func TestFirstBuildTellsOpenPagesToLoadSearch(t *testing.T) {
	gate := make(chan struct{})
	s := startProject(t, firstBuildHooks{hold: func(string) <-chan struct{} { return gate }})
	var opened sync.Once
	release := func() { opened.Do(func() { close(gate) }) }
	t.Cleanup(func() { release(); s.Close() })
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	c := openPage(t, srv.URL, "/docs/guide/intro")
	hello := readHello(t, c)
	if hello.Search {
		t.Fatal("told to load the search files before the first build wrote them")
	}
	release()
	var m message
	for !m.Search {
		c.SetReadDeadline(time.Now().Add(failAfter))
		if err := c.ReadJSON(&m); err != nil {
			t.Fatalf("waiting for the message saying the search files are there: %v", err)
		}
	}
	for _, url := range []string{m.SearchDocs, m.SearchIndex} {
		if code, _ := fetch(t, srv.URL+url); url == "" || code != 200 {
			t.Errorf("the search file %q: %d after the first build", url, code)
		}
	}
}
