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
	var b strings.Builder
	h := &runHTML{r: r, ok: true, b: &b}
	var tag string
	var attrs [][2]string // React's attribute names and values, in the order of the props
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		tag = "p"
	case *ast.Blockquote:
		tag = "blockquote"
	case *ast.List:
		tag, attrs = listTag(n)
	case *east.Table:
		tag = "table"
	case *ast.Heading:
		id := idOf(n)
		if id == "" {
			return "", "", false
		}
		tag = fmt.Sprintf("h%d", n.Level)
		attrs = [][2]string{{"id", id}, {"class", "anchor"}}
	default:
		return "", "", false
	}
	// The markup is written whole, the element's own tags around its content, and the content
	// (the element's __html) is the part between them: one copy of the page's text.
	h.open(tag, attrs)
	start := b.Len()
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		h.inlines(n)
	case *ast.Blockquote:
		h.blocks(children(n), true)
	case *ast.List:
		h.listItems(n)
	case *east.Table:
		h.tableParts(n)
	case *ast.Heading:
		h.anchoredHeading(n, attrs[0][1])
	}
	if !h.ok {
		return "", "", false
	}
	end := b.Len()
	h.close(tag)
	markup = b.String()
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
	props = append(props, "dangerouslySetInnerHTML:{__html:"+jsString(markup[start:end])+"}")
	return "j(" + jsString(tag) + ",{" + strings.Join(props, ",") + "})", markup, true
}

// listTag is a list's element and its attributes.
func listTag(n *ast.List) (string, [][2]string) {
	if !n.IsOrdered() {
		return "ul", nil
	}
	if n.Start != 1 {
		return "ol", [][2]string{{"start", fmt.Sprint(n.Start)}}
	}
	return "ol", nil
}

// anchoredHeading writes the inside of heading n as docsd's components map renders it
// (site/src/mdx/theme/Heading.jsx): its content, then the "#" link whose label names the heading by
// its text, the words of textOf joined by single spaces.
func (h *runHTML) anchoredHeading(n *ast.Heading, id string) {
	h.inlines(n)
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
	h.open("a", [][2]string{{"class", "hash-link"}, {"href", "#" + id}, {"aria-label", label}})
	h.textChild("#")
	h.close("a")
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
		case *ast.AutoLink:
			b.Write(c.Label(h.r.src))
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

// runHTML writes one block's markup to b as React writes its elements: element by element, in
// one builder (elements written as strings and copied into their parents cost the page's text
// once per level of nesting).
type runHTML struct {
	r        *runJSX
	ok       bool
	b        *strings.Builder
	lastText bool // the last thing written is a text: a text after it is a second child
}

// escapeHTML is React's escapeTextForBrowser, for text and attribute values.
var escapeHTML = strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;", `"`, "&quot;", `'`, "&#x27;")

// open writes an element's start tag with attributes (name, value; already React's names).
func (h *runHTML) open(tag string, attrs [][2]string) {
	h.b.WriteString("<" + tag)
	for _, a := range attrs {
		h.b.WriteString(" " + a[0] + `="`)
		_, _ = escapeHTML.WriteString(h.b, a[1])
		h.b.WriteByte('"')
	}
	h.b.WriteByte('>')
	h.lastText = false
}

// close writes an element's end tag.
func (h *runHTML) close(tag string) {
	h.b.WriteString("</" + tag + ">")
	h.lastText = false
}

// textChild writes one text child made of pieces, as React does: a text right after another text
// of the same parent (an element's tags come between any others) gets `<!-- -->` before it, so
// the browser keeps them two nodes; an empty text is nothing.
func (h *runHTML) textChild(pieces ...string) {
	empty := true
	for _, p := range pieces {
		if p != "" {
			empty = false
			break
		}
	}
	if empty {
		return
	}
	if h.lastText {
		h.b.WriteString("<!-- -->")
	}
	for _, p := range pieces {
		_, _ = escapeHTML.WriteString(h.b, p)
	}
	h.lastText = true
}

func (h *runHTML) blocks(nodes []ast.Node, wrapped bool) {
	for i, n := range nodes {
		if i > 0 || wrapped {
			h.textChild("\n")
		}
		h.block(n)
	}
	if wrapped && len(nodes) > 0 {
		h.textChild("\n")
	}
}

func (h *runHTML) block(n ast.Node) {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		h.open("p", nil)
		h.inlines(n)
		h.close("p")
	case *ast.Heading:
		if idOf(n) != "" {
			// A heading with an id inside another block (a quote's): left to React, which gives it
			// its anchor (Heading.jsx); top-level ones are htmlBlock's.
			h.ok = false
			return
		}
		tag := fmt.Sprintf("h%d", n.Level)
		h.open(tag, nil)
		h.inlines(n)
		h.close(tag)
	case *ast.ThematicBreak:
		h.b.WriteString("<hr/>") // React's void element
		h.lastText = false
	case *ast.Blockquote:
		h.open("blockquote", nil)
		h.blocks(children(n), true)
		h.close("blockquote")
	case *ast.List:
		tag, attrs := listTag(n)
		h.open(tag, attrs)
		h.listItems(n)
		h.close(tag)
	case *east.Table:
		h.open("table", nil)
		h.tableParts(n)
		h.close("table")
	default:
		h.ok = false // a code block (a component), or what runjs.go has no rule for
	}
}

// listItems is runJSX.list's children; a task list is left to the elements.
func (h *runHTML) listItems(n *ast.List) {
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		if _, ok := item.(*ast.ListItem); !ok || checkBox(item) != nil {
			h.ok = false
			return
		}
		h.textChild("\n")
		h.item(item, !n.IsTight)
	}
	h.textChild("\n")
}

// item is runJSX.item.
func (h *runHTML) item(item ast.Node, loose bool) {
	h.open("li", nil)
	kids := children(item)
	for i, c := range kids {
		_, para := c.(*ast.Paragraph)
		_, tb := c.(*ast.TextBlock)
		para = para || tb
		if loose || i != 0 || !para {
			h.textChild("\n")
		}
		if para && !loose {
			h.inlines(c)
		} else {
			h.block(c)
		}
	}
	if len(kids) > 0 {
		_, para := kids[len(kids)-1].(*ast.Paragraph)
		_, tb := kids[len(kids)-1].(*ast.TextBlock)
		if loose || !(para || tb) {
			h.textChild("\n")
		}
	}
	h.close("li")
}

// tableParts is runJSX.table's children: the header row in a thead, the others in a tbody.
func (h *runHTML) tableParts(n *east.Table) {
	head, body := 0, 0
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		if row.ChildCount() != len(n.Alignments) {
			h.ok = false
			return
		}
		if _, ok := row.(*east.TableHeader); ok {
			head++
		} else {
			body++
		}
	}
	h.open("thead", nil)
	h.rows(n, true)
	h.close("thead")
	if body > 0 {
		h.open("tbody", nil)
		h.rows(n, false)
		h.close("tbody")
	}
}

// rows writes the table's header rows, or its other rows.
func (h *runHTML) rows(n *east.Table, header bool) {
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		if _, isHead := row.(*east.TableHeader); isHead != header {
			continue
		}
		cellTag := "td"
		if header {
			cellTag = "th"
		}
		h.open("tr", nil)
		i := 0
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			var attrs [][2]string
			switch n.Alignments[i] {
			case east.AlignLeft:
				attrs = [][2]string{{"style", "text-align:left"}}
			case east.AlignCenter:
				attrs = [][2]string{{"style", "text-align:center"}}
			case east.AlignRight:
				attrs = [][2]string{{"style", "text-align:right"}}
			}
			h.open(cellTag, attrs)
			h.inlines(cell)
			h.close(cellTag)
			i++
		}
		h.close("tr")
	}
}

// inlines is runJSX.inlines: adjacent text is one text.
func (h *runHTML) inlines(n ast.Node) {
	var text []string // the pieces of the text being read
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if raw, isRaw := c.(*ast.RawHTML); isRaw {
			el, end, ok := inlineElement(raw, h.r.src)
			if !ok {
				h.ok = false
				return
			}
			h.textChild(text...)
			text = text[:0]
			if el.void {
				h.b.WriteString("<" + el.tag + "/>") // React's void element
				h.lastText = false
			} else {
				h.open(el.tag, el.htmlAttributes())
				h.textChild(el.text)
				h.close(el.tag)
			}
			c = end
			continue
		}
		switch c := c.(type) {
		case *ast.Text:
			if c.HardLineBreak() {
				h.ok = false
			}
			text = append(text, string(c.Segment.Value(h.r.src)))
			if c.SoftLineBreak() {
				text = append(text, "\n")
			}
		case *ast.String:
			text = append(text, string(c.Value))
		default:
			h.textChild(text...)
			text = text[:0]
			h.inline(c)
		}
	}
	h.textChild(text...)
}

func (h *runHTML) inline(n ast.Node) {
	switch n := n.(type) {
	case *ast.CodeSpan:
		text, ok := codeSpanText(n, h.r.src)
		if !ok {
			h.ok = false
			return
		}
		h.open("code", nil)
		h.textChild(text)
		h.close("code")
	case *ast.Emphasis:
		tag := "em"
		if n.Level == 2 {
			tag = "strong"
		}
		h.open(tag, nil)
		h.inlines(n)
		h.close(tag)
	case *east.Strikethrough:
		h.open("del", nil)
		h.inlines(n)
		h.close("del")
	case *ast.Link:
		href := h.r.url(string(n.Destination), false)
		if strings.Contains(strings.ToLower(href), "script") {
			h.ok = false // React writes a javascript: URL as an error of its own
			return
		}
		attrs := [][2]string{{"href", href}}
		if len(n.Title) > 0 {
			attrs = append(attrs, [2]string{"title", string(n.Title)})
		}
		h.open("a", attrs)
		h.inlines(n)
		h.close("a")
	case *ast.AutoLink:
		label := string(n.Label(h.r.src))
		h.open("a", [][2]string{{"href", h.r.url(label, false)}})
		h.textChild(label)
		h.close("a")
	default:
		h.ok = false // an image or a checkbox: React's own way with them
	}
}
