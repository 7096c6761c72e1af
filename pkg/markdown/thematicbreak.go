package markdown

// thematicbreak.go records where a thematic break (`---`) starts: goldmark's node has no lines,
// so what finds where a block starts by its lines (pkg/mdx's split of an MDX page into runs) took a
// break for part of the block before it, and a `---` after a page's tabs could be no run of its
// own. The offset is kept in an attribute of the node, not as its line: goldmark parses a block's
// lines as inline text, which a break would then render after its <hr>.

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// breakStart is the attribute that holds a break's offset; goldmark's renderer writes no
// attribute of that name (html.ThematicAttributeFilter).
var breakStart = []byte("docsdBreakStart")

// startedBreak is goldmark's thematic break parser, the break's offset kept on its node.
type startedBreak struct {
	parser.BlockParser
}

func (p startedBreak) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	_, line := reader.PeekLine()
	n, state := p.BlockParser.Open(parent, reader, pc)
	if n != nil {
		n.SetAttribute(breakStart, line.Start)
	}
	return n, state
}

// BreakStart is the offset of a thematic break's line (its first character after the line's
// indentation or container marks), ok false for any other node.
func BreakStart(n ast.Node) (int, bool) {
	if _, ok := n.(*ast.ThematicBreak); !ok {
		return 0, false
	}
	v, ok := n.Attribute(breakStart)
	if !ok {
		return 0, false
	}
	off, ok := v.(int)
	return off, ok
}
