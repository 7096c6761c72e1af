package watch

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func next(t *testing.T, w *Watcher) []string {
	t.Helper()
	select {
	case b := <-w.Batches:
		return b
	case <-time.After(5 * time.Second):
		t.Fatal("no batch")
		return nil
	}
}

func TestBurstIsOneBatchAndTempFilesAreIgnored(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "content/docs"), 0o755)
	os.WriteFile(filepath.Join(root, "docsd.toml"), []byte("x"), 0o644)
	w, err := New(filepath.Join(root, "content"), filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	for i := 0; i < 5; i++ {
		os.WriteFile(filepath.Join(root, "content/docs/a.md"), []byte(strings.Repeat("x", i)), 0o644)
	}
	os.WriteFile(filepath.Join(root, "content/docs/.a.md.swp"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(root, "content/docs/a.md~"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(root, "other.txt"), []byte("x"), 0o644)
	b := next(t, w)
	if len(b) != 1 || filepath.Base(b[0]) != "a.md" {
		t.Fatalf("batch %v, want only a.md once", b)
	}
	// a config file replaced by rename, as editors do
	tmp := filepath.Join(root, "docsd.toml.new")
	os.WriteFile(tmp, []byte("y"), 0o644)
	os.Rename(tmp, filepath.Join(root, "docsd.toml"))
	b = next(t, w)
	if len(b) != 1 || filepath.Base(b[0]) != "docsd.toml" {
		t.Fatalf("batch %v, want docsd.toml", b)
	}
}

func TestNewFoldersAreWatched(t *testing.T) {
	root := t.TempDir()
	w, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	os.MkdirAll(filepath.Join(root, "new/deeper"), 0o755)
	next(t, w)
	time.Sleep(50 * time.Millisecond)
	os.WriteFile(filepath.Join(root, "new/deeper/page.md"), []byte("x"), 0o644)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		for _, p := range next(t, w) {
			if strings.HasSuffix(p, "new/deeper/page.md") {
				return
			}
		}
	}
	t.Fatal("a file in a new folder was not seen")
}

func TestChangesPileUpWhileTheConsumerIsBusy(t *testing.T) {
	root := t.TempDir()
	w, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	os.WriteFile(filepath.Join(root, "a.md"), []byte("1"), 0o644)
	time.Sleep(100 * time.Millisecond) // first batch ready, nobody reading: the consumer is busy
	os.WriteFile(filepath.Join(root, "b.md"), []byte("1"), 0o644)
	time.Sleep(100 * time.Millisecond)
	os.WriteFile(filepath.Join(root, "c.md"), []byte("1"), 0o644)
	time.Sleep(100 * time.Millisecond)
	// One batch with all three: no queue of stale rebuilds.
	if seen := next(t, w); len(seen) != 3 {
		t.Fatalf("first batch after a busy consumer is %v, want a.md, b.md and c.md together", seen)
	}
}
