package markdown

import (
	"bytes"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
)

// chromaHTML is what the page held before codeHTML: chroma's formatter's output, with the tabindex.
func chromaHTML(t *testing.T, tokens []chroma.Token, highlight [][2]int) string {
	t.Helper()
	opts := []chromahtml.Option{chromahtml.WithClasses(true), chromahtml.TabWidth(4)}
	if len(highlight) > 0 {
		opts = append(opts, chromahtml.HighlightLines(highlight))
	}
	var out bytes.Buffer
	if err := chromahtml.New(opts...).Format(&out, styles.Fallback, chroma.Literator(tokens...)); err != nil {
		t.Fatal(err)
	}
	return strings.Replace(out.String(), `<pre class="chroma">`, `<pre class="chroma" tabindex="0">`, 1)
}

// siteCodeBlocks is every code block of the site (content/).
func siteCodeBlocks(tb testing.TB) []CodeBlock {
	tb.Helper()
	var blocks []CodeBlock
	c := New()
	err := filepath.WalkDir("../../content", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".mdx")) {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		blocks = append(blocks, c.CodeBlocks(raw)...)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(blocks) < 500 {
		tb.Fatalf("found %d code blocks under content/, want the site's", len(blocks))
	}
	return blocks
}

// TestCodeHTMLMatchesChroma: every code block of the site (content/), in its own language and with
// lines highlighted in ranges picked at random (overlapping, unordered, past the end), and blocks
// made to be awkward (empty, no final newline, markup characters, tabs, empty tokens, token types
// with no class of their own), come out as chroma's HTML formatter writes them.
func TestCodeHTMLMatchesChroma(t *testing.T) {
	blocks := siteCodeBlocks(t)
	blocks = append(blocks,
		CodeBlock{Info: CodeInfo{Lang: "go"}, Code: ""},
		CodeBlock{Info: CodeInfo{Lang: "go"}, Code: "x := \"<a href='&'>\"\n\n\n"},
		CodeBlock{Info: CodeInfo{Lang: "python"}, Code: "def f():\n\treturn '<&>'"},
		CodeBlock{Info: CodeInfo{Lang: "nosuchlanguage"}, Code: "plain <text> & \"quotes\"\n"},
	)
	r := newCodeRenderer(&Highlights{})
	rnd := rand.New(rand.NewSource(1))
	for i, b := range blocks {
		it, err := r.lexer(b.Info.Lang).Tokenise(nil, b.Code)
		if err != nil {
			t.Fatal(err)
		}
		tokens := it.Tokens()
		lines := strings.Count(b.Code, "\n") + 1
		ranges := [][][2]int{nil, b.Info.Highlight}
		for k := 0; k < 3; k++ {
			var hl [][2]int
			for n := rnd.Intn(4) + 1; n > 0; n-- {
				a := rnd.Intn(lines+2) + 1
				hl = append(hl, [2]int{a, a + rnd.Intn(4)})
			}
			ranges = append(ranges, hl)
		}
		for _, hl := range ranges {
			want := chromaHTML(t, tokens, append([][2]int(nil), hl...))
			var got bytes.Buffer
			r.spans.write(&got, tokens, append([][2]int(nil), hl...))
			if got.String() != want {
				t.Fatalf("block %d (%s, lines %v):\n%s\nwant\n%s", i, b.Info.Lang, hl, got.String(), want)
			}
		}
	}
	// Tokens chroma's lexers may yield: empty ones, types with no class of their own (a
	// sub-type's class comes from its parent), and the error type.
	odd := []chroma.Token{{Type: chroma.Keyword, Value: ""}, {Type: chroma.NameBuiltinPseudo, Value: "self"},
		{Type: chroma.TokenType(chroma.LiteralStringDouble + 99), Value: "\"x\"\n"}, {Type: chroma.Error, Value: "<\n"},
		{Type: chroma.Text, Value: "\n"}, {Type: chroma.Other, Value: "'"}}
	want := chromaHTML(t, odd, [][2]int{{2, 2}})
	var got bytes.Buffer
	r.spans.write(&got, odd, [][2]int{{2, 2}})
	if got.String() != want {
		t.Fatalf("odd tokens:\n%s\nwant\n%s", got.String(), want)
	}
}

// BenchmarkCodeHTML writes the HTML of every code block of the site from its tokens, with chroma's
// formatter (and the copy that added the tabindex) and with codeHTML:
// go test -run '^$' -bench CodeHTML -benchmem ./pkg/markdown
func BenchmarkCodeHTML(b *testing.B) {
	r := newCodeRenderer(&Highlights{})
	var tokens [][]chroma.Token
	for _, blk := range siteCodeBlocks(b) {
		it, err := r.lexer(blk.Info.Lang).Tokenise(nil, blk.Code)
		if err != nil {
			b.Fatal(err)
		}
		tokens = append(tokens, it.Tokens())
	}
	var out bytes.Buffer
	b.Run("chroma", func(b *testing.B) {
		f := chromahtml.New(chromahtml.WithClasses(true), chromahtml.TabWidth(4))
		for b.Loop() {
			for _, toks := range tokens {
				var one bytes.Buffer
				_ = f.Format(&one, styles.Fallback, chroma.Literator(toks...))
				out.Reset()
				out.WriteString(strings.Replace(one.String(), `<pre class="chroma">`, `<pre class="chroma" tabindex="0">`, 1))
			}
		}
	})
	b.Run("codeHTML", func(b *testing.B) {
		for b.Loop() {
			for _, toks := range tokens {
				out.Reset()
				r.spans.write(&out, toks, nil)
			}
		}
	})
}
