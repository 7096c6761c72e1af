// tree.go gives pkg/mdx the parsed tree of an MDX page's Markdown: the MDX compiler leaves the
// stretches of a page that hold no MDX syntax to docsd, which makes them React elements from this
// tree (pkg/mdx/runs.go), with the heading ids the page's document has.

package markdown

import (
	"bytes"

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

// WithTree calls fn with the document's tree as Tree(src) gives it (its title heading back in its
// place) and reports true, when the document still holds its tree and src is its source; else it
// reports false and calls nothing. An MDX page's document is parsed from the source the MDX
// compiler's split reads (pkg/mdx/runs.go), which parsed it a second time (0.1 ms a page). The
// document is locked while fn runs; fn must not change the tree or keep any of its nodes.
func (d *Doc) WithTree(src []byte, fn func(root ast.Node)) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.root == nil || d.sourceGone || !bytes.Equal(d.source, src) {
		return false
	}
	if h := d.titleHeading; h != nil {
		next := d.root.FirstChild()
		if d.titleAfter != nil {
			next = d.titleAfter.NextSibling()
		}
		// (goldmark's InsertBefore of nil, as its InsertAfter of the last child, counts the child
		// twice.)
		if next != nil {
			d.root.InsertBefore(d.root, next, h)
		} else {
			d.root.AppendChild(d.root, h)
		}
		defer d.root.RemoveChild(d.root, h)
	}
	fn(d.root)
	return true
}

// HeadingText is a heading's text as Doc.Headings gives it.
func HeadingText(h *ast.Heading, src []byte) string { return renderedText(h, src) }

// Start is the offset of the admonition's opening `:::` line, which holds no text of the tree.
func (n *Admonition) Start() int { return n.open }
