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

// A page overwritten with binary bytes while watching is skipped with a warning (its route goes),
// and comes back when it is Markdown again; new writer warnings show in the page's overlay.
func TestBinaryPageWhileWatching(t *testing.T) {
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
	original, err := os.ReadFile(setup)
	if err != nil {
		t.Fatal(err)
	}
	before := s.Pages()
	if err := os.WriteFile(setup, []byte("GIF89a\x00\x01"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Rebuild([]string{setup})
	if !strings.Contains(log.String(), "warning: content/docs/guide/setup.md:1:7: a binary file (it holds NUL bytes), not text; skipped") {
		t.Fatalf("the log lacks the binary warning:\n%s", log.String())
	}
	if s.Pages() >= before {
		t.Errorf("the binary file is still a page: %d pages, %d before", s.Pages(), before)
	}
	// The pages linking to it are checked again: their link now leads nowhere.
	var broken bool
	for _, p := range s.status("/docs/guide/intro").Problems {
		broken = broken || strings.Contains(p.Message, "setup.md#before-you-start")
	}
	if !broken {
		t.Errorf("the link to the skipped page is not reported: %+v", s.status("/docs/guide/intro"))
	}
	if err := os.WriteFile(setup, append(original, "\n:::cauton\nx\n:::\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Rebuild([]string{setup})
	if s.Pages() != before {
		t.Errorf("%d pages after the fix, want %d:\n%s", s.Pages(), before, log.String())
	}
	var found bool
	for _, p := range s.status("/docs/guide/setup").Problems {
		if strings.Contains(p.Message, `unknown admonition kind "cauton"`) {
			found = true
		}
	}
	if !found {
		t.Errorf("the overlay lacks the admonition warning: %+v", s.status("/docs/guide/setup"))
	}
}
