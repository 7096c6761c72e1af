// tree.go gives pkg/mdx the parsed tree of an MDX page's Markdown: the MDX compiler leaves the
// stretches of a page that hold no MDX syntax to docsd, which makes them React elements from this
// tree (pkg/mdx/runs.go), with the heading ids the page's document has.

package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Tree parses src as Parse does (the same ids for the same headings) and returns the whole tree,
// the title heading included.
func (c *Converter) Tree(src []byte) ast.Node {
	ctx := parser.NewContext(parser.WithIDs(newGithubIDs()))
	return c.md.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
}

// HeadingText is a heading's text as Doc.Headings gives it.
func HeadingText(h *ast.Heading, src []byte) string { return renderedText(h, src) }

// Start is the offset of the admonition's opening `:::` line, which holds no text of the tree.
func (n *Admonition) Start() int { return n.open }
