package secrets

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// No file of the Vela site or of the test sites holds a credential, read as written or as shown
// (FindUnescaped, what pages and static files are searched with): their example tokens, keys and
// JWTs are placeholders, and the detector must let every one pass.
func TestNoFindingInOurContent(t *testing.T) {
	files := 0
	for _, dir := range []string{"../../content", "../../testdata/sites", "../../site/src", "../../docsd.toml"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !d.Type().IsRegular() {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			if f, ok := FindUnescaped(data); ok {
				t.Errorf("%s: %s at byte %d", path, f.Kind, f.Offset)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 100 {
		t.Fatalf("only %d files read: the folders moved?", files)
	}
}

// velaPages are the Vela site's pages (Markdown and MDX), their bytes set as b's.
func velaPages(b *testing.B) [][]byte {
	var pages [][]byte
	size := 0
	err := filepath.WalkDir("../../content", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (filepath.Ext(path) == ".md" || filepath.Ext(path) == ".mdx") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			pages, size = append(pages, data), size+len(data)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(size))
	return pages
}

// BenchmarkFindVelaContent is Find over every page of the Vela site, what a full build adds to
// its process step (b.SetBytes: MB/s of page text).
func BenchmarkFindVelaContent(b *testing.B) {
	pages := velaPages(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, p := range pages {
			if _, ok := Find(p); ok {
				b.Fatal("a finding in our content")
			}
		}
	}
}

// BenchmarkFindUnescapedVelaContent is BenchmarkFindVelaContent with what SecretError runs: Find,
// and again without backslash escapes where a page has them.
func BenchmarkFindUnescapedVelaContent(b *testing.B) {
	pages := velaPages(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, p := range pages {
			if _, ok := FindUnescaped(p); ok {
				b.Fatal("a finding in our content")
			}
		}
	}
}
