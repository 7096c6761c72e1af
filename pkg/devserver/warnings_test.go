package devserver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/build"
)

// Files skipped or repaired on reading are logged when they appear (not again on every edit), and
// a page's own warning shows in its overlay with the link problems.
func TestReadingWarningsAreLoggedOnceAndShownOnThePage(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte("# Secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(root, "content/docs/guide/leak.md")); err != nil {
		t.Fatal(err)
	}
	setup := filepath.Join(root, "content/docs/guide/setup.md")
	data, err := os.ReadFile(setup)
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, "\nCaf\xe9.\n"...)
	if err := os.WriteFile(setup, data, 0o644); err != nil {
		t.Fatal(err)
	}
	site, _ := filepath.Abs("../../site")
	var log bytes.Buffer
	s, err := New(build.Options{Root: root, SiteDir: site, Production: true}, &log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)

	leak := "warning: content/docs/guide/leak.md: symlink to a target outside the project; skipped"
	if !strings.Contains(log.String(), leak) || !strings.Contains(log.String(), "content/docs/guide/setup.md:") {
		t.Fatalf("the log lacks the warnings:\n%s", log.String())
	}
	var found bool
	for _, p := range s.status("/docs/guide/setup").Problems {
		if p.File == "content/docs/guide/setup.md" && strings.Contains(p.Message, "invalid UTF-8 (1 byte replaced with U+FFFD)") {
			found = true
		}
	}
	if !found {
		t.Errorf("the page's overlay lacks its UTF-8 warning: %+v", s.status("/docs/guide/setup"))
	}

	if err := os.WriteFile(setup, append(data, "\nMore.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Rebuild([]string{setup})
	if n := strings.Count(log.String(), leak); n != 1 {
		t.Errorf("the warning is logged %d times, want once:\n%s", n, log.String())
	}
}
