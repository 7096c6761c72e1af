package testfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCopyTreeCopiesFilesAndFolders(t *testing.T) {
	from := t.TempDir()
	write := func(rel, body string, mode os.FileMode) {
		t.Helper()
		p := filepath.Join(from, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("a.txt", "A", 0o644)
	write("sub/deeper/b.txt", "B", 0o444)
	if err := os.MkdirAll(filepath.Join(from, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.txt", filepath.Join(from, "link.txt")); err != nil {
		t.Fatal(err)
	}

	to := filepath.Join(t.TempDir(), "new")
	CopyTree(t, from, to)

	for rel, want := range map[string]string{"a.txt": "A", "sub/deeper/b.txt": "B", "link.txt": "A"} {
		p := filepath.Join(to, rel)
		got, err := os.ReadFile(p)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", rel, got, err, want)
		}
		info, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode() != 0o644 {
			t.Errorf("%s: mode %v, want a regular file with mode 0644", rel, info.Mode())
		}
	}
	if info, err := os.Stat(filepath.Join(to, "empty")); err != nil || !info.IsDir() {
		t.Errorf("the empty folder was not copied: %v", err)
	}
}

func TestCopyTreeNamesTheFileThatFailed(t *testing.T) {
	from := t.TempDir()
	if err := os.Mkdir(filepath.Join(from, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("dir", filepath.Join(from, "dirlink")); err != nil {
		t.Fatal(err)
	}
	err := copyTree(from, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), filepath.Join(from, "dirlink")) {
		t.Fatalf("want an error naming the link to a folder, got %v", err)
	}
}

func TestCopyTreeOfAMissingFolderFails(t *testing.T) {
	if err := copyTree(filepath.Join(t.TempDir(), "missing"), t.TempDir()); err == nil {
		t.Fatal("want an error")
	}
}

func TestShellCopyLinksNodeModules(t *testing.T) {
	repo := t.TempDir()
	for _, p := range []string{"site/src/App.jsx", "node_modules/react/index.js"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, p), []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := ShellCopy(t, repo)
	if data, err := os.ReadFile(filepath.Join(dir, "src/App.jsx")); err != nil || string(data) != "site/src/App.jsx" {
		t.Errorf("the shell's file was not copied: %q, %v", data, err)
	}
	link, err := os.Readlink(filepath.Join(dir, "node_modules"))
	if err != nil || link != filepath.Join(repo, "node_modules") {
		t.Errorf("node_modules links to %q (%v), want the repository's", link, err)
	}
}
