package devserver

// A storm of in-place saves of an MDX page through the real watcher. Each save truncates the file
// and then writes it; between the two the watcher's quiet periods end (the test ends them, as a
// busy machine would, so nothing here depends on its speed). A batch handed over then built the
// page without its imports: the shell's registry of shared modules shrank, the entry moved and
// every open page reloaded, and again when the next save moved it back (the session 13 audit).

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestInPlaceSavesOfAnMDXPageReloadNoPage(t *testing.T) {
	root, s := fixtureProject(t, "mdx")
	w := watchStepped(t, s)

	page := filepath.Join(root, "content/docs/guide/install.mdx")
	dir := filepath.Dir(page)
	good, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	const saves = 6
	for i := 0; i < saves; i++ {
		f, err := os.OpenFile(page, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			t.Fatal(err)
		}
		w.settle(dir)
		// Three quiet periods end while the file is empty: no batch may go out.
		for k := 0; k < 3; k++ {
			select {
			case w.fire <- time.Time{}:
			case o := <-w.results:
				f.Close()
				t.Fatalf("save %d: a rebuild ran while the page was empty (shell changed: %v, error: %v)", i, o.res != nil && o.res.ShellChanged, o.err)
			case <-time.After(failAfter):
				t.Fatal("the watcher waits for no quiet period")
			}
		}
		text := string(good) + fmt.Sprintf("\nStorm save %d.\n", i)
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
		f.Close()
		w.settle(dir)
		// Quiet periods end until the save's rebuild is done.
		o := w.rebuilt(fmt.Sprintf("save %d", i))
		if o.err != nil {
			t.Fatalf("save %d: %v", i, o.err)
		}
		if o.res.ShellChanged {
			t.Fatalf("save %d: open pages were told to reload", i)
		}
		if len(o.res.Warnings) > 0 || len(o.res.Problems) > 0 {
			t.Errorf("save %d: warnings %v, problems %v", i, o.res.Warnings, o.res.Problems)
		}
		if body := get(t, w.srv.URL+"/docs/guide/install"); !strings.Contains(body, fmt.Sprintf("Storm save %d.", i)) ||
			!strings.Contains(body, `role="tablist"`) {
			t.Fatalf("save %d is not served whole", i)
		}
	}
}
