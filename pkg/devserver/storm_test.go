package devserver

// A storm of saves through the real watcher, with bad input in the middle: the overlay names the
// bad file, the last good page keeps being served, and once the file is fixed every save of the
// storm is in the served site. Run with -race: rebuilds, their cancellation and the server's
// handlers share the builder's output.

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/pkg/build"
)

func TestBadInputInAStormShowsTheOverlayAndKeepsTheLastGoodPage(t *testing.T) {
	root, s := project(t)
	results := make(chan error, 100)
	s.OnRebuild = func(_ *build.Result, err error) { results <- err }
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	// Saves before the watcher watches would be missed: they wait until it does.
	startWatching(t, s)
	c := openPage(t, srv.URL, "/docs/guide/setup")

	setup := filepath.Join(root, "content/docs/guide/setup.md")
	intro := filepath.Join(root, "content/docs/guide/intro.md")
	good, _ := os.ReadFile(setup)
	introText, _ := os.ReadFile(intro)
	save := func(f string, data []byte) {
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 10; i++ {
		save(intro, append(append([]byte(nil), introText...), fmt.Sprintf("\nStorm save %d.\n", i)...))
		if i == 5 {
			save(setup, []byte("---\ntitle: [broken\n---\n"))
		}
	}
	// Every rebuild after the bad save fails naming it; the browser's overlay says so.
	waitRebuild(t, results, func(err error) bool { return err != nil && strings.Contains(err.Error(), "setup.md:2") })
	c.SetReadDeadline(time.Now().Add(failAfter))
	for {
		var m message
		if err := c.ReadJSON(&m); err != nil {
			t.Fatalf("no overlay: %v", err)
		}
		// (A save read half-written may show its own error first: a status with the file's problem
		// comes later.)
		if named(m.Errors, "setup.md", 2) {
			break
		}
	}
	if body := get(t, srv.URL+"/docs/guide/setup"); !strings.Contains(body, "Before you start") {
		t.Fatal("the last good page of the broken file is not served")
	}
	// Fixed: the next successful rebuild has every save of the storm.
	save(setup, append(append([]byte(nil), good...), "\nFixed after the storm.\n"...))
	// (A rebuild that newer saves interrupt leaves pages to the next one: wait for the one that
	// serves both.)
	waitRebuild(t, results, func(err error) bool {
		return err == nil && strings.Contains(get(t, srv.URL+"/docs/guide/setup"), "Fixed after the storm.") &&
			strings.Contains(get(t, srv.URL+"/docs/guide/intro"), "Storm save 9.")
	})
}

func named(errs []problem, file string, line int) bool {
	for _, e := range errs {
		if strings.HasSuffix(e.File, file) && e.Line == line {
			return true
		}
	}
	return false
}

// waitRebuild waits for a rebuild whose outcome satisfies ok; the deadline only bounds a failure.
func waitRebuild(t *testing.T, results chan error, ok func(error) bool) {
	t.Helper()
	timeout := time.After(failAfter)
	for {
		select {
		case err := <-results:
			if ok(err) {
				return
			}
		case <-timeout:
			t.Fatal("no rebuild with the expected outcome")
		}
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	_, body := fetch(t, url)
	return string(body)
}
