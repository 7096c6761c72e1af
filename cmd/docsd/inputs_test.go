package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docsd build --once prints a file it skipped as a warning naming the file, builds the rest, and
// does not count it among the link warnings (nor fail --fail-on-broken-links for it).
func TestBuildOnceWarnsAboutASymlinkOutOfTheProject(t *testing.T) {
	root := fixtureRoot(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("SECRET-OUTSIDE"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "content/static"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "content/static/secret.txt")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "build")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--root", root, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "warning: content/static/secret.txt: symlink to a target outside the project; skipped\n") {
		t.Errorf("stderr lacks the warning:\n%s", stderr.String())
	}
	if strings.Contains(stderr.String(), outside) {
		t.Errorf("stderr names the link's target:\n%s", stderr.String())
	}
	if !strings.Contains(stdout.String(), "29 link warnings") {
		t.Errorf("the skipped file is counted as a link warning: %s", stdout.String())
	}
	if _, err := os.Lstat(filepath.Join(out, "secret.txt")); !os.IsNotExist(err) {
		t.Errorf("the file outside the project is in the build: %v", err)
	}
}
