package devserver

// A save whose writer pauses half-way (an editor that writes in two bursts, a network drive): the
// file stands still for the watcher's quiet periods while it is half written, so the watcher
// hands it over half written and the builder builds that. The watcher cannot know that the writer
// has not finished (fsnotify reports no close portably), so what the writer can expect is that
// nothing is lost: the second burst is an event of the same file, and its rebuild serves the whole
// file, its page and its title in the other pages' sidebars, with no error left over. The pause is
// the test's input: it ends the watcher's quiet periods itself until the half-written file's
// rebuild is done, so nothing depends on the machine's speed.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveInTwoBurstsWithAPauseConverges(t *testing.T) {
	root, s := project(t)
	w := watchStepped(t, s)
	page := filepath.Join(root, "content/docs/guide/setup.md")
	dir := filepath.Dir(page)
	whole := func(round int) string {
		return fmt.Sprintf("---\ntitle: Setup round %d\nsidebar_position: 2\n---\n\n## Before you start\n\n"+
			"Round %d was written in two bursts with a pause between them.\n\n## Steps {#the-steps}\n", round, round)
	}
	// Where the first burst stops: nothing (the file stands still empty until the watcher gives up
	// waiting for its write), inside the front matter, in the middle of a sentence.
	cuts := []func(text string) int{
		func(string) int { return 0 },
		func(text string) int { return strings.Index(text, "round") },
		func(text string) int { return strings.Index(text, "two bursts") },
	}
	for round, cut := range cuts {
		text := whole(round)
		at := cut(text)
		f, err := os.OpenFile(page, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(text[:at]); err != nil {
			t.Fatal(err)
		}
		w.settle(dir)
		// The pause: the half-written file is handed over and built, whatever that gives (the
		// front matter cut in two is an error; the sentence cut in two a page with half of it).
		half := w.rebuilt(fmt.Sprintf("round %d, first burst of %d bytes", round, at))
		t.Logf("round %d: the first %d bytes built with error %v", round, at, half.err)
		if _, err := f.WriteString(text[at:]); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		w.settle(dir)
		o := w.rebuilt(fmt.Sprintf("round %d, second burst", round))
		if o.err != nil {
			t.Fatalf("round %d: the whole file does not build: %v", round, o.err)
		}
		for _, p := range o.res.Problems { // (the fixture's intro.md has a broken link of its own)
			if strings.HasSuffix(p.File, "setup.md") {
				t.Errorf("round %d: a problem of the whole file: %v", round, p)
			}
		}
		body := get(t, w.srv.URL+"/docs/guide/setup")
		for _, want := range []string{fmt.Sprintf("Setup round %d", round),
			fmt.Sprintf("Round %d was written in two bursts with a pause between them.", round), `id="the-steps"`} {
			if !strings.Contains(body, want) {
				t.Errorf("round %d: the page served after the second burst lacks %q", round, want)
			}
		}
		if sidebar := get(t, w.srv.URL+"/docs/guide/intro"); !strings.Contains(sidebar, fmt.Sprintf("Setup round %d", round)) {
			t.Errorf("round %d: another page's sidebar does not show the new title", round)
		}
		s.mu.RLock()
		lastErr := s.lastErr
		s.mu.RUnlock()
		if lastErr != nil {
			t.Errorf("round %d: the half-written file's error is still shown: %v", round, lastErr)
		}
	}
}
