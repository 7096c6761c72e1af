package markdown

// A heading's inline markup as HTML, for an MDX file's `toc` export: Docusaurus's MDX loader gives
// each heading's value as HTML that keeps code, emphasis and strikethrough (links become their
// text), so <TOCInline> shows `` `--flag` `` as code. Made only when a file's toc is written, from
// the tree (docs keep Heading.Text alone: this is not needed for Markdown pages).

import (
	"bytes"
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// HeadingsHTML is the inline HTML of each of d.Headings, in order, or nil when each is its text
// escaped: a released tree is parsed again from the source (and not kept) only when a heading may
// hold markup (headingMarkup); nil once the source is gone too.
func (d *Doc) HeadingsHTML() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	root := d.root
	if root == nil {
		if d.sourceGone || !headingMarkup(d.source) {
			return nil
		}
		root, _ = d.parseTree() // 0.4 ms for a page of the Vela site
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

// headingMarkup reports whether a heading of src may hold code, emphasis or strikethrough: an ATX
// heading's line holds its '#' and its markers, and a setext underline (or a thematic break,
// told apart only by parsing) may follow a heading of several lines, which counts as a yes.
// Without either, every heading's HTML is its text escaped, and no parse is needed.
func headingMarkup(src []byte) bool {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		if bytes.IndexByte(line, '#') >= 0 && bytes.ContainsAny(line, "`*_~") {
			return true
		}
		if t := bytes.TrimSpace(line); len(t) > 0 && (len(bytes.Trim(t, "=")) == 0 || len(bytes.Trim(t, "- ")) == 0) {
			return true
		}
	}
	return false
}
