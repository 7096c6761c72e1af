package mdx

import (
	"os"
	"testing"
)

// testdata/rendered-jsx-page.html is a page docsd built from bench/mdx/cost.sh's JSX variant
// (SIZE=9 JSX=once: 11.6 KB of our own fixture text with an <Admonition>), as the renderer wrote
// it: Sections reads every MDX page's HTML for its search text.
func BenchmarkSections(b *testing.B) {
	raw, err := os.ReadFile("testdata/rendered-jsx-page.html")
	if err != nil {
		b.Fatal(err)
	}
	body := string(raw)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if s, ok := Sections(body); !ok || len(s) < 20 {
			b.Fatalf("sections %d, %v", len(s), ok)
		}
	}
}
