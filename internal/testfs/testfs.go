// Package testfs holds file-system helpers for tests. Several packages' tests build a project in a
// temporary folder from a fixture (testdata/sites/…, the shell in site/) so that they can edit it
// without touching the repository; CopyTree is the one copy they all use.
package testfs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// CopyTree copies the folder tree from into the folder to, creating to and its sub-folders (mode
// 0755) as needed. Every file is written with mode 0644, whatever its mode in from, so that a test
// may edit the copy even where the fixture is read-only. A symbolic link is copied as the file it
// points to; a link to a folder is an error. Any error fails the test at once.
func CopyTree(t testing.TB, from, to string) {
	t.Helper()
	if err := copyTree(from, to); err != nil {
		t.Fatalf("testfs: %v", err)
	}
}

func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return fmt.Errorf("copy %s: %w", p, err)
			}
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("copy %s: %w", p, err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return fmt.Errorf("copy %s: %w", p, err)
		}
		return nil
	})
}

// ShellCopy copies the shell (repo's site/) into a temporary folder a test may edit, with the
// repository's node_modules linked in beside it so that the copy still bundles; repo is the
// repository's root relative to the test's package.
func ShellCopy(t testing.TB, repo string) string {
	t.Helper()
	dir := t.TempDir()
	CopyTree(t, filepath.Join(repo, "site"), dir)
	nm, err := filepath.Abs(filepath.Join(repo, "node_modules"))
	if err != nil {
		t.Fatalf("testfs: %v", err)
	}
	if err := os.Symlink(nm, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatalf("testfs: %v", err)
	}
	return dir
}
