package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// The tests drive the watcher without timing. The quiet period that ends a burst ends when a test
// says so (harness.batch), and before that the test waits until the watcher has handled every
// event of what it did (harness.settle). Timeouts below only bound a failure.
const failAfter = 2 * time.Minute

type harness struct {
	w    *Watcher
	fire chan time.Time
	took chan string
	n    int
}

func start(t *testing.T, paths ...string) *harness {
	t.Helper()
	w, err := New(paths...)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{w: w, fire: make(chan time.Time), took: make(chan string, 1024)}
	w.after = func(time.Duration) <-chan time.Time { return h.fire }
	w.took = func(ev fsnotify.Event) { h.took <- ev.Name }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		w.Run(ctx)
		close(done)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		w.Close()
	})
	return h
}

// settle writes a file the watcher ignores (a vim swap file) into dir, which must be watched, and
// waits until the watcher has handled its event. Events come in the order they happened, so every
// change made before has been handled too.
func (h *harness) settle(t *testing.T, dir string) {
	t.Helper()
	h.n++
	marker := filepath.Join(dir, fmt.Sprintf(".settle%d.swp", h.n))
	write(t, marker, "x")
	deadline := time.After(failAfter)
	for {
		select {
		case p := <-h.took:
			if p == marker {
				return
			}
		case <-deadline:
			t.Fatalf("the watcher never saw %s", marker)
		}
	}
}

// batch ends the quiet period and returns the paths of the batch the watcher delivers.
func (h *harness) batch(t *testing.T) []string {
	t.Helper()
	return h.whole(t).Paths
}

// whole is batch with the batch's Newer signal: it ends quiet periods until the batch goes out
// (the first, then the one that finds the files as they were, and more while a file is empty).
func (h *harness) whole(t *testing.T) Batch {
	t.Helper()
	deadline := time.After(failAfter)
	select {
	case h.fire <- time.Time{}:
	case <-deadline:
		t.Fatal("no change is pending")
	}
	for {
		select {
		case h.fire <- time.Time{}:
		case b := <-h.w.Batches:
			return b
		case <-deadline:
			t.Fatal("no batch")
			return Batch{}
		}
	}
}

// end ends the quiet period of a batch whose files stand still and are not empty, and the second
// one that finds them unchanged: the batch is then on offer.
func (h *harness) end(t *testing.T) {
	t.Helper()
	for i := 0; i < 2; i++ {
		select {
		case h.fire <- time.Time{}:
		case <-time.After(failAfter):
			t.Fatal("no change is pending")
		}
	}
}

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// A batch's Newer closes once a change the consumer has not taken arrives, so the dev server stops a
// stale rebuild; files the watcher ignores do not close it.
func TestNewerClosesOnceAChangeFollowsTheBatch(t *testing.T) {
	root := t.TempDir()
	h := start(t, root)
	write(t, filepath.Join(root, "a.md"), "1")
	h.settle(t, root)
	b := h.whole(t)
	expect(t, root, b.Paths, "a.md")
	h.settle(t, root) // an ignored swap file, and every event before it handled
	if closed(b.Newer) {
		t.Fatal("Newer closed with no newer change")
	}
	write(t, filepath.Join(root, "b.md"), "1")
	select {
	case <-b.Newer:
	case <-time.After(failAfter):
		t.Fatal("Newer still open after a change following the batch")
	}
	// A change while the next batch waits to be taken: that batch is out of date once taken.
	h.settle(t, root)
	h.end(t)
	write(t, filepath.Join(root, "c.md"), "1")
	h.settle(t, root)
	var next Batch
	select {
	case next = <-h.w.Batches:
	case <-time.After(failAfter):
		t.Fatal("no batch")
	}
	expect(t, root, next.Paths, "b.md")
	select {
	case <-next.Newer:
	case <-time.After(failAfter):
		t.Fatal("Newer of a batch taken with changes waiting is still open")
	}
	if b := h.batch(t); len(b) != 1 {
		t.Fatalf("the change that waited is the next batch, got %v", b)
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func rename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

// rel lists a batch's paths relative to root.
func rel(root string, batch []string) []string {
	var out []string
	for _, p := range batch {
		r, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

func expect(t *testing.T, root string, batch []string, want ...string) {
	t.Helper()
	if got := rel(root, batch); !slices.Equal(got, want) {
		t.Fatalf("batch %v, want %v", got, want)
	}
}

func TestBurstIsOneBatchAndTempFilesAreIgnored(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "content/docs")
	write(t, filepath.Join(docs, "b.md"), "b")
	write(t, filepath.Join(root, "docsd.toml"), "x")
	h := start(t, filepath.Join(root, "content"), filepath.Join(root, "docsd.toml"))
	for i := 0; i < 5; i++ {
		write(t, filepath.Join(docs, "a.md"), fmt.Sprint(i))
	}
	write(t, filepath.Join(docs, ".a.md.swp"), "x")
	write(t, filepath.Join(docs, "a.md~"), "x")
	write(t, filepath.Join(root, "other.txt"), "x")
	h.settle(t, root)
	expect(t, root, h.batch(t), "content/docs/a.md")

	// A config file replaced by rename, as editors do.
	write(t, filepath.Join(root, "docsd.toml.new"), "y")
	rename(t, filepath.Join(root, "docsd.toml.new"), filepath.Join(root, "docsd.toml"))
	h.settle(t, root)
	expect(t, root, h.batch(t), "docsd.toml")

	// A JetBrains IDE's safe write: the new text goes to name___jb_tmp___, the old file becomes
	// name___jb_old___, the new one takes its name, the old one is deleted. Only b.md changed.
	b := filepath.Join(docs, "b.md")
	write(t, b+"___jb_tmp___", "new")
	rename(t, b, b+"___jb_old___")
	rename(t, b+"___jb_tmp___", b)
	if err := os.Remove(b + "___jb_old___"); err != nil {
		t.Fatal(err)
	}
	h.settle(t, root)
	expect(t, root, h.batch(t), "content/docs/b.md")
}

func TestNewFoldersAreWatched(t *testing.T) {
	root := t.TempDir()
	h := start(t, root)
	if err := os.MkdirAll(filepath.Join(root, "new/deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	h.settle(t, root)
	h.batch(t)
	write(t, filepath.Join(root, "new/deeper/page.md"), "x")
	h.settle(t, filepath.Join(root, "new/deeper"))
	expect(t, root, h.batch(t), "new/deeper/page.md")
}

func TestChangesPileUpWhileTheConsumerIsBusy(t *testing.T) {
	root := t.TempDir()
	h := start(t, root)
	// Each file ends a quiet period of its own while nobody takes the batch: the consumer is busy.
	for _, name := range []string{"a.md", "b.md", "c.md"} {
		write(t, filepath.Join(root, name), "1")
		h.settle(t, root)
		h.end(t)
	}
	// One batch with all three: no queue of stale rebuilds.
	select {
	case b := <-h.w.Batches:
		expect(t, root, b.Paths, "a.md", "b.md", "c.md")
	case <-time.After(failAfter):
		t.Fatal("no batch")
	}
}

// rm -rf content, then git checkout -- content: the folder is watched again and everything in it
// is one batch.
func TestAWatchedFolderDeletedAndMadeAgainIsWatchedAgain(t *testing.T) {
	root := t.TempDir()
	content := filepath.Join(root, "content")
	write(t, filepath.Join(content, "docs/a.md"), "a")
	h := start(t, content, filepath.Join(root, "docsd.toml"))

	if err := os.RemoveAll(content); err != nil {
		t.Fatal(err)
	}
	h.settle(t, root)
	if b := rel(root, h.batch(t)); !slices.Contains(b, "content/docs/a.md") {
		t.Fatalf("the deletion is not reported: %v", b)
	}

	write(t, filepath.Join(content, "docs/a.md"), "a")
	write(t, filepath.Join(content, "docs/guide/b.md"), "b")
	h.settle(t, root)
	b := rel(root, h.batch(t))
	if !slices.Contains(b, "content/docs/a.md") || !slices.Contains(b, "content/docs/guide/b.md") {
		t.Fatalf("the folder made again is not reported whole: %v", b)
	}

	// And it is watched again, to the deepest folder.
	write(t, filepath.Join(content, "docs/guide/b.md"), "edited")
	h.settle(t, filepath.Join(content, "docs/guide"))
	expect(t, root, h.batch(t), "content/docs/guide/b.md")
}

// A folder to watch that does not exist yet (site/ in a new project) is seen when it is made.
func TestAFolderMadeAfterTheStartIsWatched(t *testing.T) {
	root := t.TempDir()
	h := start(t, filepath.Join(root, "site"))
	write(t, filepath.Join(root, "site/src/app.tsx"), "x")
	h.settle(t, root)
	if b := rel(root, h.batch(t)); !slices.Contains(b, "site/src/app.tsx") {
		t.Fatalf("a file in the new folder is not reported: %v", b)
	}
}

func symlink(t *testing.T, target, p string) {
	t.Helper()
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

// content.Scan reads a folder linked from content/ when it is inside the project: edits there are
// seen, under the link's name (the name the build knows the files by). A folder linked from
// outside the project is not watched, nor is a loop followed.
func TestSymlinkedFoldersInsideTheProjectAreWatched(t *testing.T) {
	base := t.TempDir()
	root, outside := filepath.Join(base, "project"), filepath.Join(base, "elsewhere")
	write(t, filepath.Join(root, "common/guide/page.md"), "x")
	write(t, filepath.Join(root, "content/docs/a.md"), "x")
	write(t, filepath.Join(outside, "page.md"), "x")
	symlink(t, "../../common", filepath.Join(root, "content/docs/common"))
	symlink(t, outside, filepath.Join(root, "content/docs/outside"))
	symlink(t, "..", filepath.Join(root, "common/guide/loop"))
	h := start(t, filepath.Join(root, "content"))

	write(t, filepath.Join(root, "common/guide/page.md"), "edited")
	h.settle(t, root)
	expect(t, root, h.batch(t), "content/docs/common/guide/page.md")

	write(t, filepath.Join(outside, "page.md"), "edited")
	write(t, filepath.Join(root, "content/docs/a.md"), "edited")
	h.settle(t, root)
	expect(t, root, h.batch(t), "content/docs/a.md")

	// A link made while watching is followed too.
	write(t, filepath.Join(root, "more/b.md"), "x")
	symlink(t, "../../more", filepath.Join(root, "content/docs/more"))
	h.settle(t, root)
	h.batch(t)
	write(t, filepath.Join(root, "more/b.md"), "edited")
	h.settle(t, root)
	expect(t, root, h.batch(t), "content/docs/more/b.md")
}

// TestNodeModulesIsWatchedAtItsTopOnly: `npm install` is seen (the folder made, a package added, the
// lock file rewritten, also after `npm ci` removed and made the folder again), but no folder below
// node_modules gets a watch, and a file changed inside a package is not a change of the project.
func TestNodeModulesIsWatchedAtItsTopOnly(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "content/a.md"), "a")
	modules := filepath.Join(root, "node_modules")
	h := start(t, filepath.Join(root, "content"), modules)

	if err := os.Mkdir(modules, 0o755); err != nil {
		t.Fatal(err)
	}
	h.settle(t, root)
	expect(t, root, h.batch(t), "node_modules")

	write(t, filepath.Join(modules, "left-pad/lib/index.js"), "module.exports = 1;")
	write(t, filepath.Join(modules, ".package-lock.json"), "{}")
	h.settle(t, modules)
	expect(t, root, h.batch(t), "node_modules/.package-lock.json", "node_modules/left-pad")
	watched := h.w.fs.WatchList()
	if !slices.Contains(watched, modules) {
		t.Errorf("node_modules is not watched: %v", watched)
	}
	for _, p := range watched {
		if strings.HasPrefix(p, modules+string(filepath.Separator)) {
			t.Errorf("a folder inside node_modules is watched: %s", p)
		}
	}

	write(t, filepath.Join(modules, "left-pad/lib/index.js"), "module.exports = 2;")
	write(t, filepath.Join(root, "content/a.md"), "a again")
	h.settle(t, filepath.Join(root, "content"))
	expect(t, root, h.batch(t), "content/a.md")

	if err := os.RemoveAll(modules); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(modules, 0o755); err != nil {
		t.Fatal(err)
	}
	h.settle(t, root)
	// What was at its top is gone too.
	expect(t, root, h.batch(t), "node_modules", "node_modules/.package-lock.json", "node_modules/left-pad")
	write(t, filepath.Join(modules, ".package-lock.json"), "{}")
	h.settle(t, modules)
	expect(t, root, h.batch(t), "node_modules/.package-lock.json")
}

// A folder given to Add after the start (docsd.toml names a new docs set) is watched to its deepest
// folder once Add returns; a path watched already is left as it is.
func TestAddWatchesAFolderNamedLater(t *testing.T) {
	root := t.TempDir()
	docs, community := filepath.Join(root, "docs"), filepath.Join(root, "community")
	write(t, filepath.Join(docs, "a.md"), "a")
	write(t, filepath.Join(community, "guide/b.md"), "b")
	h := start(t, docs)
	if err := h.w.Add(docs, community); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(community, "guide/b.md"), "edited")
	h.settle(t, filepath.Join(community, "guide"))
	expect(t, root, h.batch(t), "community/guide/b.md")
	write(t, filepath.Join(docs, "a.md"), "edited")
	h.settle(t, docs)
	expect(t, root, h.batch(t), "docs/a.md")
}

// A folder given to Add whose parent is missing too cannot be watched yet; once it is made, the next
// Add (docsd.toml saved again) watches it: it is not taken for watched already.
func TestAddAgainWatchesAFolderMadeSince(t *testing.T) {
	root := t.TempDir()
	docs, community := filepath.Join(root, "docs"), filepath.Join(root, "sets", "community")
	write(t, filepath.Join(docs, "a.md"), "a")
	h := start(t, docs)
	if err := h.w.Add(community); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(community, "b.md"), "b")
	if err := h.w.Add(community); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(community, "b.md"), "edited")
	h.settle(t, community)
	expect(t, root, h.batch(t), "sets/community/b.md")
}
