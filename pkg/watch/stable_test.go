package watch

// A batch goes out only once its files stand still (stable.go). The quiet periods end when the
// test says so, and "the watcher still waits" is seen without timing: a watcher holding a batch
// takes the next end of a quiet period, one that offers it has no quiet period running.

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// heldAfter reports whether the watcher still holds the batch, waiting for a quiet period to end
// (true: the test ends it), or offers it (false, the batch taken and returned).
func (h *harness) heldAfter(t *testing.T) (bool, Batch) {
	t.Helper()
	select {
	case h.fire <- time.Time{}:
		return true, Batch{}
	case b := <-h.w.Batches:
		return false, b
	case <-time.After(failAfter):
		t.Fatal("the watcher neither waits nor offers a batch")
		return false, Batch{}
	}
}

// A save in place truncates the file and then writes it. Between the two the file is empty: the
// batch waits for the write, however many quiet periods end meanwhile (up to the hold), and goes
// out once the file has its bytes.
func TestATruncatedFileHoldsTheBatchUntilItsWrite(t *testing.T) {
	root := t.TempDir()
	page := filepath.Join(root, "page.mdx")
	write(t, page, "import X from './x';\n\n# Page\n")
	h := start(t, root)
	h.w.hold = 5
	f, err := os.OpenFile(page, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h.settle(t, root)
	// The quiet period after the truncation, then as many as the hold allows: the watcher waits.
	h.fire <- time.Time{}
	for i := 0; i < h.w.hold; i++ {
		if held, b := h.heldAfter(t); !held {
			t.Fatalf("a batch went out while %v was empty (%d quiet periods after the first)", b.Paths, i+1)
		}
	}
	if _, err := f.WriteString("import X from './x';\n\n# Page, saved\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	h.settle(t, root)
	expect(t, root, h.batch(t), "page.mdx")
}

// A file that stays empty is built empty all the same: the batch goes out after the hold.
func TestAFileLeftEmptyGoesOutAfterTheHold(t *testing.T) {
	root := t.TempDir()
	h := start(t, root)
	h.w.hold = 3
	write(t, filepath.Join(root, "empty.md"), "")
	h.settle(t, root)
	h.fire <- time.Time{} // the quiet period; its end looks at the files
	ends := 1
	for {
		held, b := h.heldAfter(t)
		if !held {
			expect(t, root, b.Paths, "empty.md")
			break
		}
		ends++
	}
	// The first end looks, the next finds the file unchanged but empty, and it waits hold more.
	if want := 1 + 1 + h.w.hold; ends != want {
		t.Fatalf("the batch went out after %d quiet periods, want %d", ends, want)
	}
}

// A file with bytes goes out at the second quiet period's end, which finds it as the first left
// it; one that changed between the two looks waits for another.
func TestABatchGoesOutOnceItsFilesStandStill(t *testing.T) {
	root := t.TempDir()
	h := start(t, root)
	write(t, filepath.Join(root, "a.md"), "1")
	h.settle(t, root)
	h.fire <- time.Time{}
	if held, b := h.heldAfter(t); !held {
		t.Fatalf("%v went out at the first quiet period's end, before a second look", b.Paths)
	}
	if held, b := h.heldAfter(t); held {
		t.Fatal("a batch whose file stood still did not go out at the second quiet period's end")
	} else {
		expect(t, root, b.Paths, "a.md")
	}

	// The looks themselves: a size or time that changed between them (the write's event not yet
	// read) is not stable.
	pending := map[string]bool{filepath.Join(root, "a.md"): true}
	first := h.w.look(pending, nil)
	if first.stable(nil, 0) {
		t.Fatal("the first look is stable: the batch would go out at the first quiet period's end")
	}
	if same := h.w.look(pending, first); !same.stable(first, 0) {
		t.Fatal("a file that did not change is not stable")
	}
	write(t, filepath.Join(root, "a.md"), "12")
	if moved := h.w.look(pending, first); moved.stable(first, 0) {
		t.Fatal("a file whose size changed between two looks is stable")
	}
}
