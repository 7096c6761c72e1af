package markdown

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

// A thematic break knows where its line starts, top level, in a list item or quote, in any of its
// spellings; a setext heading's underline is no break; and a break renders as <hr> alone.
func TestThematicBreakHasItsLine(t *testing.T) {
	src := []byte("Intro.\n\n---\n\n- item\n\n  * * *\n\n> ___  \n\nTitle\n---\n")
	var lines []string
	_ = ast.Walk(New().Tree(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, ok := n.(*ast.ThematicBreak); ok && entering {
			off, ok := BreakStart(n)
			if !ok {
				t.Error("a break with no start")
				return ast.WalkContinue, nil
			}
			end := off + strings.IndexByte(string(src[off:]), '\n')
			lines = append(lines, string(src[off:end]))
		}
		return ast.WalkContinue, nil
	})
	want := []string{"---", "* * *", "___  "}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("breaks %q, want %q", lines, want)
	}
	out, err := New().Parse(src, 1).Render(func(dest string, image bool) string { return dest })
	if err != nil {
		t.Fatal(err)
	}
	html := string(out)
	if strings.Count(html, "<hr>") != 3 || strings.Contains(html, "<hr>\n---") || strings.Contains(html, "* * *") || strings.Contains(html, "___") {
		t.Errorf("the breaks render as\n%s", html)
	}
}
