package mdx

// runhtml.go gives a top-level block of a Markdown run to React as the HTML React would write for
// its elements (runjs.go): `j("ol",{start:3,dangerouslySetInnerHTML:{__html:"<li>…"}})`.
// A run's elements were most of a compiled page's module: esbuild parsed, minified and printed them
// for every page, and the renderer walked them, where a Markdown page's renderer takes one string.
// Only when no component of the page's map may stand for an HTML element (the site's MDXComponents
// names none, Compile's Provided), only for blocks whose every element is plain markup (no code
// block, which is a component, no image or checkbox, whose markup React writes its own way, no
// link React would rewrite) or a top-level heading (docsd's Heading.jsx, whose markup this writes:
// anchoredHeading), and only with React's exact markup: escaped text and attributes
// (&quot; and &#x27; included), `<!-- -->` between two texts of one parent, style objects as
// `text-align:left`. The server HTML is the same as the elements' (TestMDXRunsRenderAsWhole and
// the edge and generated pages compare it with the page compiled whole), and hydration does not
// look inside such an element.

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// htmlBlock is the element of top-level block n with its content as HTML, and the markup React
// writes for that element (the server's, serverruns.go); ok is false when n is not a block this
// is done for.
func (r *runJSX) htmlBlock(n ast.Node) (js, markup string, ok bool) {
	h := &runHTML{r: r, ok: true}
	var tag string
	var attrs [][2]string // React's attribute names and values, in the order of the props
	// The markup is written whole, the element's own tags around its content, and the content
	// (the element's __html) is the part between them: one copy of the page's text, not two.
	var b strings.Builder
	b.WriteString("<")
	open := 0
	var kids []htmlNode
	var heading *ast.Heading
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		tag = "p"
		kids = h.inlines(n)
	case *ast.Blockquote:
		tag = "blockquote"
		kids = h.blocks(children(n), true)
	case *ast.List:
		tag = "ul"
		if n.IsOrdered() {
			tag = "ol"
			if n.Start != 1 {
				attrs = append(attrs, [2]string{"start", fmt.Sprint(n.Start)})
			}
		}
		kids = h.listItems(n)
	case *east.Table:
		tag = "table"
		kids = h.tableParts(n)
	case *ast.Heading:
		id := idOf(n)
		if id == "" {
			return "", "", false
		}
		tag = fmt.Sprintf("h%d", n.Level)
		attrs = [][2]string{{"id", id}, {"class", "anchor"}}
		heading = n
	default:
		return "", "", false
	}
	b.WriteString(tag)
	for _, a := range attrs {
		b.WriteString(" " + a[0] + `="` + escapeHTML.Replace(a[1]) + `"`)
	}
	b.WriteString(">")
	open = b.Len()
	if heading != nil {
		h.anchoredHeading(&b, heading, attrs[0][1])
	} else {
		h.children(&b, kids)
	}
	if !h.ok {
		return "", "", false
	}
	closeAt := b.Len()
	b.WriteString("</" + tag + ">")
	markup = b.String()
	inner := markup[open:closeAt]
	props := make([]string, 0, len(attrs)+1)
	for _, a := range attrs {
		switch a[0] {
		case "start":
			props = append(props, "start:"+a[1])
		case "class":
			props = append(props, "className:"+jsString(a[1]))
		default:
			props = append(props, a[0]+":"+jsString(a[1]))
		}
	}
	props = append(props, "dangerouslySetInnerHTML:{__html:"+jsString(inner)+"}")
	return "j(" + jsString(tag) + ",{" + strings.Join(props, ",") + "})", markup, true
}

// wrap is the markup of element tag with attrs around inner, which is markup already.
func (h *runHTML) wrap(tag string, attrs [][2]string, inner string) string {
	var b strings.Builder
	b.Grow(len(inner) + 64)
	b.WriteString("<" + tag)
	for _, a := range attrs {
		b.WriteString(" " + a[0] + `="` + escapeHTML.Replace(a[1]) + `"`)
	}
	b.WriteString(">" + inner + "</" + tag + ">")
	return b.String()
}

// anchoredHeading writes the inside of heading n as docsd's components map renders it
// (site/src/mdx/theme/Heading.jsx): its content, then the "#" link whose label names the heading by
// its text, the words of textOf joined by single spaces.
func (h *runHTML) anchoredHeading(b *strings.Builder, n *ast.Heading, id string) {
	h.children(b, h.inlines(n))
	var text strings.Builder
	h.text(&text, n)
	words := text.String()
	if strings.ContainsAny(words, "\u0085\ufeff") {
		h.ok = false // where Go's white space and JavaScript's \s differ
		return
	}
	label := "Link to this section"
	if words = strings.Join(strings.Fields(words), " "); words != "" {
		label = "Link to " + words
	}
	b.WriteString(`<a class="hash-link" href="#` + escapeHTML.Replace(id) + `" aria-label="` + escapeHTML.Replace(label) + `">#</a>`)
}

// text writes the text of n's inlines as Heading.jsx's textOf reads their elements: the text of
// each, nested ones included (inline rejects what has another markup: images, checkboxes).
func (h *runHTML) text(b *strings.Builder, n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(h.r.src))
			if c.SoftLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			t, _ := codeSpanText(c, h.r.src)
			b.WriteString(t)
		default:
			h.text(b, c)
		}
	}
}

// idOf is a heading's id attribute, "" when it has none.
func idOf(n *ast.Heading) string {
	id, _ := n.AttributeString("id")
	idb, _ := id.([]byte)
	return string(idb)
}

// htmlNode is a child as React sees it: text, or an element already written.
type htmlNode struct {
	text bool
	s    string // the text (unescaped), or the element's markup
}

type runHTML struct {
	r  *runJSX
	ok bool
}

func htmlText(s string) htmlNode { return htmlNode{text: true, s: s} }

// escapeHTML is React's escapeTextForBrowser, for text and attribute values.
var escapeHTML = strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;", `"`, "&quot;", `'`, "&#x27;")

// children writes a parent's children as React does: a text right after another text of the same
// parent gets `<!-- -->` before it, so the browser keeps them two nodes.
func (h *runHTML) children(b *strings.Builder, kids []htmlNode) {
	lastText := false
	for _, k := range kids {
		if !k.text {
			b.WriteString(k.s)
			lastText = false
			continue
		}
		if k.s == "" {
			continue
		}
		if lastText {
			b.WriteString("<!-- -->")
		}
		b.WriteString(escapeHTML.Replace(k.s))
		lastText = true
	}
}

// el is an element with attributes (name, value; already React's names) and children.
func (h *runHTML) el(tag string, attrs [][2]string, kids []htmlNode) htmlNode {
	if tag == "hr" {
		return htmlNode{s: "<hr/>"} // React's void element; runs give it no attributes
	}
	var b strings.Builder
	h.children(&b, kids)
	return htmlNode{s: h.wrap(tag, attrs, b.String())}
}

func (h *runHTML) blocks(nodes []ast.Node, wrapped bool) []htmlNode {
	var out []htmlNode
	for i, n := range nodes {
		if i > 0 || wrapped {
			out = append(out, htmlText("\n"))
		}
		out = append(out, h.block(n))
	}
	if wrapped && len(nodes) > 0 {
		out = append(out, htmlText("\n"))
	}
	return out
}

func (h *runHTML) block(n ast.Node) htmlNode {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return h.el("p", nil, h.inlines(n))
	case *ast.Heading:
		if idOf(n) != "" {
			// A heading with an id inside another block (a quote's): left to React, which gives it
			// its anchor (Heading.jsx); top-level ones are htmlBlock's.
			h.ok = false
			return htmlNode{}
		}
		return h.el(fmt.Sprintf("h%d", n.Level), nil, h.inlines(n))
	case *ast.ThematicBreak:
		return h.el("hr", nil, nil)
	case *ast.Blockquote:
		return h.el("blockquote", nil, h.blocks(children(n), true))
	case *ast.List:
		tag, attrs := "ul", [][2]string(nil)
		if n.IsOrdered() {
			tag = "ol"
			if n.Start != 1 {
				attrs = append(attrs, [2]string{"start", fmt.Sprint(n.Start)})
			}
		}
		return h.el(tag, attrs, h.listItems(n))
	case *east.Table:
		return h.el("table", nil, h.tableParts(n))
	}
	h.ok = false // a code block (a component), or what runjs.go has no rule for
	return htmlNode{}
}

// listItems is runJSX.list's children; a task list is left to the elements.
func (h *runHTML) listItems(n *ast.List) []htmlNode {
	var items []htmlNode
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		if _, ok := item.(*ast.ListItem); !ok || checkBox(item) != nil {
			h.ok = false
			return nil
		}
		items = append(items, htmlText("\n"), h.item(item, !n.IsTight))
	}
	return append(items, htmlText("\n"))
}

// item is runJSX.item.
func (h *runHTML) item(item ast.Node, loose bool) htmlNode {
	kids := children(item)
	var out []htmlNode
	for i, c := range kids {
		_, para := c.(*ast.Paragraph)
		_, tb := c.(*ast.TextBlock)
		para = para || tb
		if loose || i != 0 || !para {
			out = append(out, htmlText("\n"))
		}
		if para && !loose {
			out = append(out, h.inlines(c)...)
		} else {
			out = append(out, h.block(c))
		}
	}
	if len(kids) > 0 {
		_, para := kids[len(kids)-1].(*ast.Paragraph)
		_, tb := kids[len(kids)-1].(*ast.TextBlock)
		if loose || !(para || tb) {
			out = append(out, htmlText("\n"))
		}
	}
	return h.el("li", nil, out)
}

// tableParts is runJSX.table's children.
func (h *runHTML) tableParts(n *east.Table) []htmlNode {
	var head, body []htmlNode
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		if row.ChildCount() != len(n.Alignments) {
			h.ok = false
			return nil
		}
		cellTag := "td"
		if _, ok := row.(*east.TableHeader); ok {
			cellTag = "th"
		}
		var cells []htmlNode
		i := 0
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			var attrs [][2]string
			switch n.Alignments[i] {
			case east.AlignLeft:
				attrs = append(attrs, [2]string{"style", "text-align:left"})
			case east.AlignCenter:
				attrs = append(attrs, [2]string{"style", "text-align:center"})
			case east.AlignRight:
				attrs = append(attrs, [2]string{"style", "text-align:right"})
			}
			cells = append(cells, h.el(cellTag, attrs, h.inlines(cell)))
			i++
		}
		tr := h.el("tr", nil, cells)
		if cellTag == "th" {
			head = append(head, tr)
		} else {
			body = append(body, tr)
		}
	}
	parts := []htmlNode{h.el("thead", nil, head)}
	if len(body) > 0 {
		parts = append(parts, h.el("tbody", nil, body))
	}
	return parts
}

// inlines is runJSX.inlines: adjacent text is one text.
func (h *runHTML) inlines(n ast.Node) []htmlNode {
	var out []htmlNode
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, htmlText(text.String()))
			text.Reset()
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			if c.HardLineBreak() {
				h.ok = false
			}
			text.Write(c.Segment.Value(h.r.src))
			if c.SoftLineBreak() {
				text.WriteByte('\n')
			}
		case *ast.String:
			text.Write(c.Value)
		default:
			flush()
			out = append(out, h.inline(c))
		}
	}
	flush()
	return out
}

func (h *runHTML) inline(n ast.Node) htmlNode {
	switch n := n.(type) {
	case *ast.CodeSpan:
		text, ok := codeSpanText(n, h.r.src)
		if !ok {
			h.ok = false
			return htmlNode{}
		}
		return h.el("code", nil, []htmlNode{htmlText(text)})
	case *ast.Emphasis:
		tag := "em"
		if n.Level == 2 {
			tag = "strong"
		}
		return h.el(tag, nil, h.inlines(n))
	case *east.Strikethrough:
		return h.el("del", nil, h.inlines(n))
	case *ast.Link:
		href := h.r.url(string(n.Destination), false)
		if strings.Contains(strings.ToLower(href), "script") {
			h.ok = false // React writes a javascript: URL as an error of its own
			return htmlNode{}
		}
		attrs := [][2]string{{"href", href}}
		if len(n.Title) > 0 {
			attrs = append(attrs, [2]string{"title", string(n.Title)})
		}
		return h.el("a", attrs, h.inlines(n))
	}
	h.ok = false // an image or a checkbox: React's own way with them
	return htmlNode{}
}
