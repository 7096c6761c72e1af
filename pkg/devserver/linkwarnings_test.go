package devserver

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/build"
)

// A broken link made while watching is logged in the terminal (not only shown in the browser),
// once, with its file:line:col.
func TestBrokenLinksWhileWatchingAreLoggedOnce(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	site, _ := filepath.Abs("../../site")
	var log bytes.Buffer
	s, err := New(build.Options{Root: root, SiteDir: site, Production: true}, &log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	setup := filepath.Join(root, "content/docs/guide/setup.md")
	data, err := os.ReadFile(setup)
	if err != nil {
		t.Fatal(err)
	}
	line := bytes.Count(data, []byte("\n")) + 2
	data = append(data, "\n[gone](./no-such-page.md)\n"...)
	if err := os.WriteFile(setup, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s.Rebuild([]string{setup})
	want := "warning: content/docs/guide/setup.md:" + itoa(line) + ":1: link to ./no-such-page.md: no such page"
	if !strings.Contains(log.String(), want) {
		t.Fatalf("the log lacks %q:\n%s", want, log.String())
	}
	if err := os.WriteFile(setup, append(data, "\nMore.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Rebuild([]string{setup})
	if n := strings.Count(log.String(), "no-such-page.md"); n != 1 {
		t.Errorf("the broken link is logged %d times, want once:\n%s", n, log.String())
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
