package markdown

// thematicbreak.go gives a thematic break (`---`) its line, as goldmark gives every other block
// its lines: goldmark's node has none, so what finds where a block starts by its lines (pkg/mdx's
// split of an MDX page into runs) took a break for part of the block before it, and a `---` after
// a page's tabs could be no run of its own.

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// linedBreak is goldmark's thematic break parser, the break's line kept as its node's line.
type linedBreak struct {
	parser.BlockParser
}

func (p linedBreak) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	_, line := reader.PeekLine()
	n, state := p.BlockParser.Open(parent, reader, pc)
	if n != nil {
		n.Lines().Append(line)
	}
	return n, state
}
