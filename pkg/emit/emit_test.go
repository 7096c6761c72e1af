package emit

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWriteAtomicReplacesTheFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	a := NewFiles()
	a.Add("index.html", []byte("one"))
	a.Add("old.html", []byte("old"))
	if err := WriteAtomic(dir, a); err != nil {
		t.Fatal(err)
	}
	b := NewFiles()
	b.Add("index.html", []byte("two"))
	if err := WriteAtomic(dir, b); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "two" {
		t.Errorf("index.html = %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.html")); !os.IsNotExist(err) {
		t.Error("a file of the previous build survived")
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".build.*"))
	if len(left) != 0 {
		t.Errorf("temporary folders left behind: %v", left)
	}
}

func TestUpdateTouchesOnlyWhatChanged(t *testing.T) {
	dir := t.TempDir()
	static := filepath.Join(t.TempDir(), "logo.svg")
	os.WriteFile(static, []byte("<svg/>"), 0o644)
	prev := NewFiles()
	prev.Add("a.html", []byte("a"))
	prev.Add("b.html", []byte("b"))
	prev.Add("gone.html", []byte("gone"))
	prev.Copy("img/logo.svg", static)
	if err := WriteAtomic(dir, prev); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "a.html"), old, old)
	next := NewFiles()
	next.Add("a.html", []byte("a"))
	next.Add("b.html", []byte("b, edited"))
	next.Add("new/c.html", []byte("c"))
	next.Copy("img/logo.svg", static)
	if err := Update(dir, prev, next); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "a.html")); !st.ModTime().Equal(old) {
		t.Error("an unchanged file was rewritten")
	}
	for p, want := range map[string]string{"b.html": "b, edited", "new/c.html": "c", "img/logo.svg": "<svg/>"} {
		if got, _ := os.ReadFile(filepath.Join(dir, p)); string(got) != want {
			t.Errorf("%s = %q, want %q", p, got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "gone.html")); !os.IsNotExist(err) {
		t.Error("a removed page is still in the folder")
	}
}
