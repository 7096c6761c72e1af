// bulk.go says what makes a document big, for the build's warning about unreasonably large pages
// (issue 17): a writer told that a page is 60 MB of HTML needs to know which part to split off.

package markdown

import (
	"bytes"
	"slices"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Bulk is one kind of top-level block of a document and how much of its source it spans.
type Bulk struct {
	Kind   string // "code", "table", "list", "html" or "text"
	Blocks int    // how many blocks of this kind
	Units  int    // lines of code, table rows, list items, HTML lines; 0 for text
	Bytes  int    // bytes of the source they span
	Line   int    // the line, in the file, where the largest of them starts
}

// Bulk returns the kinds of block the document is made of, the largest first; a released
// document is parsed again for it, once: the answer is kept (a few records), since a page shared
// by several locales is asked once per locale, after the first locale's render released its tree
// (a 20 MB page's tree is 330 MB and a second of parsing).
func (d *Doc) Bulk() []Bulk {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.bulk == nil {
		d.bulk = d.computeBulk()
	}
	return slices.Clone(d.bulk)
}

func (d *Doc) computeBulk() []Bulk {
	root := d.root
	if root == nil {
		// Released (a build drops every tree after reading the sources): only pages too large
		// ask, so parsing one again is cheap overall.
		root, _ = d.parseTree()
	}
	type block struct {
		kind  string
		units int
		start int
	}
	var blocks []block
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		b := block{kind: "text", start: blockStart(n)}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			b.kind, b.units = "code", n.Lines().Len()
		case *east.Table:
			b.kind, b.units = "table", n.ChildCount()
		case *ast.List:
			b.kind, b.units = "list", n.ChildCount()
		case *ast.HTMLBlock:
			b.kind, b.units = "html", n.Lines().Len()
		}
		if b.start < 0 { // nothing in it to place it (an empty code block): where the last one was
			b.start = 0
			if len(blocks) > 0 {
				b.start = blocks[len(blocks)-1].start
			}
		}
		blocks = append(blocks, b)
	}
	byKind := map[string]*Bulk{}
	largest := map[string]int{} // kind → bytes of its largest block
	var out []*Bulk
	for i, b := range blocks {
		end := len(d.source)
		if i+1 < len(blocks) {
			end = max(blocks[i+1].start, b.start)
		}
		k := byKind[b.kind]
		if k == nil {
			k = &Bulk{Kind: b.kind}
			byKind[b.kind] = k
			out = append(out, k)
		}
		k.Blocks++
		k.Units += b.units
		k.Bytes += end - b.start
		if size := end - b.start; size > largest[b.kind] || k.Blocks == 1 {
			largest[b.kind] = size
			k.Line = b.start // an offset until the end
		}
	}
	res := make([]Bulk, 0, len(out))
	for _, k := range out {
		k.Line = d.firstLine + bytes.Count(d.source[:k.Line], []byte("\n"))
		res = append(res, *k)
	}
	slices.SortStableFunc(res, func(a, b Bulk) int { return b.Bytes - a.Bytes })
	return res
}

// blockStart is the offset in the source of the first text a block holds, -1 when it holds none.
func blockStart(n ast.Node) int {
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if t, ok := c.(*ast.Text); ok {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		if c.Type() == ast.TypeBlock && c.Lines().Len() > 0 {
			off = c.Lines().At(0).Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return off
}
