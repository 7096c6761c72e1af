//go:build unix

package build

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"
)

// What a build reads from content/: nothing through a symlink that leaves the project, no FIFO
// (which once hung the build), and Markdown that is not UTF-8 repaired with a warning. The
// incremental path rescans, so a link added while watching is refused too.
func TestBuildReadsOnlyRegularFilesInsideTheProject(t *testing.T) {
	root, opts := siteCopy(t, true)
	outside := t.TempDir()
	write(t, outside, "secret.md", "# SECRET-OUTSIDE\n")
	write(t, outside, "dir/page.md", "# SECRET-OUTSIDE\n")
	write(t, root, "common/page.md", "# Shared page\n\nShared text.\n")
	write(t, root, "content/docs/guide/latin1.md", "# Caf\xe9\n\nna\xefve text\n")
	guide := filepath.Join(root, "content/docs/guide")
	mkdirAll(t, filepath.Join(root, "content/static"))
	for _, l := range [][2]string{ // target, link
		{filepath.Join(outside, "secret.md"), filepath.Join(guide, "secret.md")},
		{filepath.Join(outside, "dir"), filepath.Join(guide, "outdir")},
		{"../../../elsewhere.txt", filepath.Join(root, "content/static/dangling.txt")},
		{"/dev/zero", filepath.Join(root, "content/static/zero.bin")}, // never opened: it is outside
		{filepath.Join(outside, "dir"), filepath.Join(root, "content/static/etc")},
		{"../../../common/page.md", filepath.Join(guide, "alias.md")},
	} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(guide, "x.md"), 0o644); err != nil {
		t.Fatal(err)
	}

	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for p, data := range res.Files.Contents() {
		if bytes.Contains(data, []byte("SECRET-OUTSIDE")) {
			t.Errorf("%s holds a file from outside the project", p)
		}
	}
	for p := range res.Files.Copies {
		if strings.Contains(p, "zero") || strings.Contains(p, "etc") || strings.Contains(p, "dangling") {
			t.Errorf("%s is copied into the build", p)
		}
	}
	if alias := string(res.Files.Data["guide/alias.html"]); !strings.Contains(alias, "Shared text.") {
		t.Errorf("a symlink to a page inside the project is not built")
	}
	latin1 := res.Files.Data["guide/latin1.html"]
	if !utf8.Valid(latin1) || !strings.Contains(string(latin1), "na\uFFFDve text") {
		t.Errorf("the page with invalid UTF-8 is not valid UTF-8 with U+FFFD in place")
	}
	want := []string{
		"content/docs/guide/latin1.md:1:6: invalid UTF-8 (2 bytes on 2 lines replaced with U+FFFD; the first is here)",
		"content/docs/guide/outdir: symlink to a target outside the project; skipped",
		"content/docs/guide/secret.md: symlink to a target outside the project; skipped",
		"content/docs/guide/x.md: not a regular file (a named pipe); skipped",
		"content/static/dangling.txt: broken symlink; skipped",
		"content/static/etc: symlink to a target outside the project; skipped",
		"content/static/zero.bin: symlink to a target outside the project; skipped",
	}
	if got := fmt.Sprint(res.Warnings); got != fmt.Sprint(want) {
		t.Errorf("warnings\n%v\nwant\n%v", res.Warnings, want)
	}

	// While watching: a link out of the project appears, and a page is edited.
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(guide, "later.md")); err != nil {
		t.Fatal(err)
	}
	write(t, root, "content/docs/guide/setup.md", read(t, root, "content/docs/guide/setup.md")+"\nMore.\n")
	res, err = b.Rebuild([]string{filepath.Join(guide, "later.md"), filepath.Join(guide, "setup.md")})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := res.Files.Data["guide/later.html"]; ok {
		t.Errorf("a symlink out of the project added while watching became a page")
	}
	if got := fmt.Sprint(res.Warnings); !strings.Contains(got, "content/docs/guide/later.md: symlink to a target outside the project; skipped") ||
		!strings.Contains(got, "latin1.md:1:6") {
		t.Errorf("the rebuild's warnings lack the new link or keep the old ones:\n%s", got)
	}
}

func mkdirAll(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}
