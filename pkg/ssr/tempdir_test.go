//go:build unix

package ssr

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A renderer's folder is named for the docsd that made it, and the next renderer removes the
// folders of docsd processes that have ended (killed before their renderer's first answer, which
// removes its folder): only such folders of this user, never a link, a running docsd's folder or
// another name.
func TestTempDirsOfEndedProcessesAreRemoved(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	done := exec.Command(self, "-test.run=^$")
	if err := done.Run(); err != nil {
		t.Fatal(err)
	}
	dead := strconv.Itoa(done.Process.Pid)
	elsewhere := t.TempDir()
	if err := os.WriteFile(filepath.Join(elsewhere, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	folders := map[string]bool{ // name: removed
		"docsd-ssr-" + dead + "-123":                       true,
		"docsd-ssr-" + strconv.Itoa(os.Getpid()) + "-123":  false,
		"docsd-ssr-" + strconv.Itoa(os.Getppid()) + "-123": false,
		"docsd-ssr-123456789":                              false, // the old name, without a pid
		"other-" + dead + "-123":                           false,
	}
	for name := range folders {
		if err := os.MkdirAll(filepath.Join(tmp, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, name, "ssr.cjs"), []byte("bundle"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(tmp, "docsd-ssr-"+dead+"-link")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	dir, err := makeTempDir()
	if err != nil {
		t.Fatal(err)
	}
	if want := "docsd-ssr-" + strconv.Itoa(os.Getpid()) + "-"; filepath.Dir(dir) != tmp || !strings.HasPrefix(filepath.Base(dir), want) {
		t.Errorf("the renderer's folder is %s, want %s/%s…", dir, tmp, want)
	}
	for name, removed := range folders {
		_, err := os.Stat(filepath.Join(tmp, name))
		if gone := os.IsNotExist(err); gone != removed {
			t.Errorf("%s: removed %v, want %v", name, gone, removed)
		}
	}
	if _, err := os.Lstat(link); err != nil {
		t.Errorf("a link named as a renderer's folder was removed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "keep")); err != nil {
		t.Errorf("the folder a link points to lost its file: %v", err)
	}
}
