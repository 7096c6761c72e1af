package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/internal/testfs"
	"docsd/pkg/emit"
)

// outProject is a buildable project in outer/proj (the multi fixture, the repository's shell behind
// a link, a README.md and a .git), made the current folder. It returns outer.
func outProject(t *testing.T) string {
	t.Helper()
	outer := t.TempDir()
	root := filepath.Join(outer, "proj")
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	shell, err := filepath.Abs("../../site")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(shell, filepath.Join(root, "site")); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"README.md": "# Read me\n", ".git/HEAD": "ref: refs/heads/main\n", "notmine/notes.txt": "mine\n"} {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	return outer
}

// snapshot lists every file and folder under dir with a digest of each file (links not followed).
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			fmt.Fprintf(&b, "%s -> %s\n", rel, target)
		case d.IsDir():
			fmt.Fprintf(&b, "%s/\n", rel)
		default:
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, "%s %x\n", rel, sha256.Sum256(data))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// docsd build refuses, with the usage status and a message saying why, every output that would
// delete or feed on the project: a file, the project, a folder above it, a folder inside content/,
// site/ or .git, a folder it did not build. Nothing changes, in the project or beside it.
func TestBuildRefusesOutputsThatAreNotItsOwn(t *testing.T) {
	for out, want := range map[string]string{
		"README.md":            "refusing to replace a file",
		"content":              "refusing to write the site into content/",
		"./content/../content": "refusing to write the site into content/",
		"content/static/live":  "refusing to write the site into content/",
		"site/x":               "refusing to write the site into site/",
		".git/x":               "refusing to write the site into .git/",
		".":                    "refusing to write the site into the project folder itself",
		"..":                   "refusing to replace a folder that holds the project folder",
		"notmine":              "refusing to replace a folder that is not empty and has no .docsd-build file",
	} {
		t.Run(out, func(t *testing.T) {
			outer := outProject(t)
			shell, err := os.Readlink(filepath.Join(outer, "proj", "site"))
			if err != nil {
				t.Fatal(err)
			}
			before, shellBefore := snapshot(t, outer), snapshot(t, shell)
			var stdout, stderr bytes.Buffer
			code := run([]string{"build", "--once", "--root", ".", "--out", out}, &stdout, &stderr)
			if code != 2 || !strings.Contains(stderr.String(), "docsd: --out "+out+": "+want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %q", code, stderr.String(), want)
			}
			if after := snapshot(t, outer); after != before {
				t.Errorf("the files changed:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			if snapshot(t, shell) != shellBefore {
				t.Error("the shell changed")
			}
		})
	}
}

// The watching build refuses the same outputs before it starts: an output inside content/ would
// rebuild forever, each build feeding the next.
func TestWatchingBuildRefusesAnOutputInsideContent(t *testing.T) {
	outer := outProject(t)
	before := snapshot(t, outer)
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"build", "--root", ".", "--out", "content/static/live"}, &stdout, &stderr)
	}()
	select {
	case code := <-done:
		if code != 2 || !strings.Contains(stderr.String(), "refusing to write the site into content/") {
			t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
		}
	case <-time.After(2 * time.Minute): // a failure bound only: the refusal comes before any build
		t.Fatal("docsd build went on watching with its output inside content/")
	}
	if snapshot(t, outer) != before {
		t.Error("the refused build changed the project")
	}
}

// An empty folder is used and the build in it is marked; the next build replaces the marked folder
// whole, files someone put in it included.
func TestBuildUsesEmptyAndMarkedFolders(t *testing.T) {
	if testing.Short() {
		t.Skip("two full builds")
	}
	outer := outProject(t)
	out := filepath.Join(outer, "www", "docs")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"build", "--once", "--root", ".", "--out", out}, &stdout, &stderr); code != 0 {
			t.Fatalf("build %d: exit %d\n%s", i+1, code, stderr.String())
		}
		if _, err := os.Stat(filepath.Join(out, emit.Marker)); err != nil {
			t.Fatalf("build %d is not marked: %v", i+1, err)
		}
		if _, err := os.Stat(filepath.Join(out, "stale.html")); !os.IsNotExist(err) {
			t.Fatalf("build %d kept a file of the folder it replaced", i+1)
		}
		if err := os.WriteFile(filepath.Join(out, "stale.html"), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(outer, "www", ".docs.*")); len(left) != 0 {
		t.Errorf("folders left behind: %v", left)
	}
}
