package markdown

// A heading's inline markup as HTML, for an MDX file's `toc` export: Docusaurus's MDX loader gives
// each heading's value as HTML that keeps code, emphasis and strikethrough (links become their
// text), so <TOCInline> shows `` `--flag` `` as code. Made only when a file's toc is written, from
// the tree (docs keep Heading.Text alone: this is not needed for Markdown pages).

import (
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// HeadingsHTML is the inline HTML of each of d.Headings, in order. A released tree is parsed
// again from the source (and not kept); nil once the source is gone too.
func (d *Doc) HeadingsHTML() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	root := d.root
	if root == nil {
		if d.sourceGone {
			return nil
		}
		root, _ = d.parseTree()
	}
	var out []string
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			out = append(out, inlineHTML(h, d.source))
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if len(out) != len(d.Headings) {
		return nil // not the same headings (never expected): the caller keeps the text
	}
	return out
}

// inlineHTML writes n's inline children as HTML: text escaped, code, emphasis and strikethrough
// as elements, links as their content, images as their alternative text, raw HTML left out.
func inlineHTML(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if c == n {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			if entering {
				v := t.Segment.Value(src)
				if t.Parent() == nil || t.Parent().Kind() != ast.KindCodeSpan {
					v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
				}
				b.WriteString(html.EscapeString(string(v)))
				if t.SoftLineBreak() || t.HardLineBreak() {
					b.WriteByte(' ')
				}
			}
		case *ast.String:
			if entering {
				b.WriteString(html.EscapeString(string(t.Value)))
			}
		case *ast.AutoLink:
			if entering {
				b.WriteString(html.EscapeString(string(t.URL(src))))
			}
		case *ast.CodeSpan:
			tag(&b, "code", entering)
		case *ast.Emphasis:
			if t.Level == 2 {
				tag(&b, "strong", entering)
			} else {
				tag(&b, "em", entering)
			}
		case *east.Strikethrough:
			tag(&b, "del", entering)
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

func tag(b *strings.Builder, name string, open bool) {
	if open {
		b.WriteString("<" + name + ">")
	} else {
		b.WriteString("</" + name + ">")
	}
}
