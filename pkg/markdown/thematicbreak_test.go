package markdown

import (
	"testing"

	"github.com/yuin/goldmark/ast"
)

// A thematic break has its line, as every other block has its own: top level, in a list item or
// quote, in any of its spellings; a setext heading's underline is no break.
func TestThematicBreakHasItsLine(t *testing.T) {
	src := []byte("Intro.\n\n---\n\n- item\n\n  * * *\n\n> ___\n\nTitle\n---\n")
	var lines []string
	_ = ast.Walk(New().Tree(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*ast.ThematicBreak); ok && entering {
			if b.Lines().Len() != 1 {
				t.Errorf("a break with %d lines", b.Lines().Len())
				return ast.WalkContinue, nil
			}
			seg := b.Lines().At(0)
			lines = append(lines, string(seg.Value(src)))
		}
		return ast.WalkContinue, nil
	})
	want := []string{"---\n", "* * *\n", "___\n"}
	if len(lines) != len(want) {
		t.Fatalf("breaks %q, want %q", lines, want)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("break %d is %q, want %q", i, lines[i], want[i])
		}
	}
}
