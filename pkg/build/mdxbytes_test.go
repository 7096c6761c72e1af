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

// A .md page that uses MDX syntax is compiled as MDX, and counts as an .mdx page does once it is
// read: the build tells Options.Sized again, with its bytes added to the .mdx files'.
func TestSizedCountsMarkdownPagesCompiledAsMDX(t *testing.T) {
	root, opts := fixtureSite(t, "mdx")
	var calls [][2]int64
	opts.Sized = func(sources int, mdxBytes int64) { calls = append(calls, [2]int64{int64(sources), mdxBytes}) }
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	// reference.md imports a component; the fixture's other .md pages are Markdown.
	info, err := os.Stat(filepath.Join(root, "content", "docs", "guide", "reference.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 2 {
		t.Fatalf("Sized called %v, want twice: at the scan, and with the .md page in MDX", calls)
	}
	if calls[1][0] != calls[0][0] || calls[1][1] != calls[0][1]+info.Size() {
		t.Errorf("Sized %v: the second call should add reference.md's %d bytes to the first's", calls, info.Size())
	}
}
