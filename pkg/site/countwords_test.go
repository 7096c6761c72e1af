package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
)

// countFields must count what strings.Fields splits, for any text (reading times stay as they were).
func FuzzCountFields(f *testing.F) {
	for _, s := range []string{"", " ", "a", " a b  c ", "tab\tand\nnewline\r\n", "nbsp\u00a0here", "em\u2003space",
		"\u0085next", "bad\xffbyte", "\xc2", "ünï çødé", "x\u200by", "\u3000ideo\u3000graphic"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := countFields(s), len(strings.Fields(s)); got != want {
			t.Fatalf("countFields(%q) = %d, want %d", s, got, want)
		}
	})
}

// Processing a page holds none of its sections' text: a large build releases the tree after
// processing and renders from a second parse, which makes the text again; text made here was held
// until the page rendered (247 of 886 MB live at 50,000 pages). A post's words are still counted.
func TestProcessHoldsNoSections(t *testing.T) {
	dir := t.TempDir()
	body := "---\ntitle: T\ndate: 2024-01-02\n---\n\nOne two three.\n\n## Four\n\nFive six.\n"
	file := filepath.Join(dir, "post.md")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []content.Kind{content.Doc, content.BlogPost} {
		p, err := ProcessOne(markdown.New(), content.Source{Kind: kind, Path: "x/post.md", Rel: "post.md", Abs: file, Locale: "en"}, []byte(body), nil)
		if err != nil {
			t.Fatal(err)
		}
		p.Doc.Release()
		if !p.Doc.Released() {
			t.Errorf("kind %v: the processed page holds its sections' text", kind)
		}
		if kind == content.BlogPost && p.Words != 6 {
			t.Errorf("a post's words: %d, want 6", p.Words)
		}
	}
}
