package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/content"
)

// Options.Sized is told the bytes of the .mdx sources only: a Markdown page, a partial written as
// .md and a static file add nothing, and a file gone since the scan counts nothing.
func TestMDXBytesCountsMDXSources(t *testing.T) {
	dir := t.TempDir()
	var sources []content.Source
	for name, size := range map[string]int{"docs/a.mdx": 1000, "docs/b.mdx": 24_500, "docs/c.md": 5000, "static/d.txt": 300} {
		abs := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(strings.Repeat("x", size)), 0o644); err != nil {
			t.Fatal(err)
		}
		sources = append(sources, content.Source{Path: name, Abs: abs})
	}
	sources = append(sources, content.Source{Path: "docs/gone.mdx", Abs: filepath.Join(dir, "docs", "gone.mdx")})
	if got := mdxBytes(sources); got != 25_500 {
		t.Errorf("mdxBytes = %d, want 25500 (a.mdx and b.mdx)", got)
	}
}

// A page that is a link to an .mdx file (content the scan follows, inside the project) counts the
// file's bytes, not the link's.
func TestMDXBytesFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "shared", "page.mdx")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte(strings.Repeat("x", 24_500)), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "docs", "page.mdx")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if got := mdxBytes([]content.Source{{Path: "docs/page.mdx", Abs: link}}); got != 24_500 {
		t.Errorf("mdxBytes of a link to a 24,500-byte page = %d", got)
	}
}
