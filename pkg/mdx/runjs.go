package mdx

// runjs.go makes React elements (JavaScript, as the MDX compiler prints them) from goldmark's tree
// of the Markdown stretches of an MDX page that the compiler does not parse (runs.go). The elements
// are the ones @mdx-js/mdx makes of the same Markdown (mdast-util-to-hast's shapes: the "\n" text
// between blocks, a tight list item's paragraph unwrapped, a task item's checkbox, a table cell's
// textAlign), each through the page's components map (_components), so that a site's
// MDXComponents overrides them as it does the compiler's. A node it has no rule for makes the
// block stay with the compiler.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"docsd/pkg/markdown"
)

// runJSX writes the elements of one run.
type runJSX struct {
	src     []byte
	resolve func(dest string, image bool) string
	hl      *markdown.CodeHighlighter
	tags    map[string]bool // the elements used, which _components must name
	ok      bool            // false once a node had no rule
	asHTML  bool            // blocks inside an admonition may be given as HTML (runhtml.go)
}

// jsPlain marks the bytes jsString copies as they are whatever the quote.
var jsPlain = func() (plain [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = !strings.ContainsRune("\"'`\\$", rune(c))
	}
	return plain
}()

// jsString is s as a JavaScript string literal, quoted as esbuild's minifier would: with the
// quote (double, single or a template's backtick) that needs the fewest escapes, since the runs'
// functions go to the browser as docsd writes them (pkg/bundle's quickPage). Not json.Marshal's:
// it writes <, > and & as \u003c, \u003e and \u0026 (for JSON inside HTML), which made a run's
// HTML a third longer for esbuild to decode again. Invalid UTF-8 becomes U+FFFD, as json.Marshal
// made it, and U+2028 and U+2029 stay escaped (line terminators in older JavaScript).
func jsString(s string) string {
	quote := byte('"')
	// Counted byte by byte (strings.Count of one byte is vectorised; ContainsAny of a set is not).
	lines := strings.Count(s, "\n")
	double := strings.Count(s, `"`) + lines
	if double > 0 {
		single := strings.Count(s, `'`) + lines
		template := strings.Count(s, "`") + strings.Count(s, "${")
		switch {
		case double <= single && double <= template:
		case single <= template:
			quote = '\''
		default:
			quote = '`'
		}
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/16 + 2)
	b.WriteByte(quote)
	last := 0
	for i := 0; i < len(s); {
		for i < len(s) && jsPlain[s[i]] {
			i++ // most of a run's text and HTML: nothing to look at
		}
		if i == len(s) {
			break
		}
		c := s[i]
		size := 1
		var esc string
		switch {
		case c == quote:
			esc = `\` + string(c)
		case c == '\\':
			esc = `\\`
		case c == '\n':
			if quote != '`' {
				esc = `\n`
			}
		case c == '\r':
			esc = `\r`
		case c == '\t':
			esc = `\t`
		case c == '$' && quote == '`' && i+1 < len(s) && s[i+1] == '{':
			esc = `\$`
		case c < 0x20:
			esc = fmt.Sprintf(`\u%04x`, c)
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			size = n
			switch {
			case r == utf8.RuneError && n == 1:
				esc = `\ufffd`
			case r == '\u2028':
				esc = `\u2028`
			case r == '\u2029':
				esc = `\u2029`
			}
		}
		if esc != "" {
			b.WriteString(s[last:i])
			b.WriteString(esc)
			last = i + size
		}
		i += size
	}
	b.WriteString(s[last:])
	b.WriteByte(quote)
	return b.String()
}

// el is an element of the components map with props (already "name:value") and children.
func (r *runJSX) el(tag string, props []string, children []string) string {
	r.tags[tag] = true
	return r.call("c."+tag, props, children)
}

func (r *runJSX) call(typ string, props []string, children []string) string {
	fn := "j"
	switch len(children) {
	case 0:
	case 1:
		props = append(props, "children:"+children[0])
	default:
		fn = "s"
		props = append(props, "children:["+strings.Join(children, ",")+"]")
	}
	return fn + "(" + typ + ",{" + strings.Join(props, ",") + "})"
}

// blocks is the elements of a list of block nodes, with "\n" between them (wrapped: also before
// the first and after the last, as mdast-util-to-hast wraps a list's or a quote's children).
func (r *runJSX) blocks(nodes []ast.Node, wrapped bool) []string {
	var out []string
	for i, n := range nodes {
		if i > 0 || wrapped {
			out = append(out, `"\n"`)
		}
		out = append(out, r.block(n))
	}
	if wrapped && len(nodes) > 0 {
		out = append(out, `"\n"`)
	}
	return out
}

func children(n ast.Node) []ast.Node {
	var out []ast.Node
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		out = append(out, c)
	}
	return out
}

func (r *runJSX) block(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return r.el("p", nil, r.inlines(n))
	case *ast.Heading:
		var props []string
		if id := idOf(n); id != "" {
			props = append(props, "id:"+jsString(id))
		}
		return r.el(fmt.Sprintf("h%d", n.Level), props, r.inlines(n))
	case *ast.ThematicBreak:
		return r.el("hr", nil, nil)
	case *ast.Blockquote:
		return r.el("blockquote", nil, r.blocks(children(n), true))
	case *ast.List:
		return r.list(n)
	case *ast.FencedCodeBlock:
		return r.code(n)
	case *east.Table:
		return r.table(n)
	case *markdown.Admonition:
		return r.admonition(n)
	}
	r.ok = false
	return `""`
}

// code is a fence as the compiler leaves it: docsd's highlighted HTML in <DocsdHTML>, the
// provider's component (compiler.go puts the same HTML in for the compiler's placeholders), or,
// with asHTML, the element DocsdHTML renders (codeHTML).
func (r *runJSX) code(n *ast.FencedCodeBlock) string {
	if r.asHTML {
		js, _ := r.codeHTML(n)
		return js
	}
	return r.call("c.DocsdHTML", []string{"html:" + jsString(r.highlighted(n))}, nil)
}

// codeHTML is a fence as the element DocsdHTML renders (site/src/mdx/components.jsx), one
// component fewer, and the markup React writes for it.
func (r *runJSX) codeHTML(n *ast.FencedCodeBlock) (js, markup string) {
	html := r.highlighted(n)
	js = `j("div",{className:"mdx-html",style:{display:"contents"},dangerouslySetInnerHTML:{__html:` + jsString(html) + `}})`
	return js, `<div class="mdx-html" style="display:contents">` + html + `</div>`
}

// highlighted is a fence's code as docsd's highlighter writes it.
func (r *runJSX) highlighted(n *ast.FencedCodeBlock) string {
	info := ""
	if n.Info != nil {
		info = strings.Join(strings.Fields(string(n.Info.Segment.Value(r.src))), " ")
	}
	var code strings.Builder
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		code.Write(seg.Value(r.src))
	}
	text := code.String()
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	html, err := r.hl.HTML(info, text)
	if err != nil {
		r.ok = false // the compiler's path says what went wrong, at the block's line
		return `""`
	}
	return html
}

func checkBox(item ast.Node) *east.TaskCheckBox {
	if first := item.FirstChild(); first != nil {
		if cb, ok := first.FirstChild().(*east.TaskCheckBox); ok {
			return cb
		}
	}
	return nil
}

func (r *runJSX) list(n *ast.List) string {
	tag, props := "ul", []string(nil)
	if n.IsOrdered() {
		tag = "ol"
		if n.Start != 1 {
			props = append(props, fmt.Sprintf("start:%d", n.Start))
		}
	}
	tasks := false
	var items []string
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		if _, ok := item.(*ast.ListItem); !ok {
			r.ok = false
			return `""`
		}
		if checkBox(item) != nil {
			tasks = true
		}
		items = append(items, `"\n"`, r.item(item, !n.IsTight))
	}
	items = append(items, `"\n"`)
	if tasks {
		props = append(props, `className:"contains-task-list"`)
	}
	return r.el(tag, props, items)
}

// item is mdast-util-to-hast's listItem: a tight item's first paragraph is unwrapped, and "\n"
// goes between its other children.
func (r *runJSX) item(item ast.Node, loose bool) string {
	var props []string
	if checkBox(item) != nil {
		props = append(props, `className:"task-list-item"`)
	}
	kids := children(item)
	var out []string
	for i, c := range kids {
		_, para := c.(*ast.Paragraph)
		_, tb := c.(*ast.TextBlock)
		para = para || tb
		if loose || i != 0 || !para {
			out = append(out, `"\n"`)
		}
		if para && !loose {
			out = append(out, r.inlines(c)...)
		} else {
			out = append(out, r.block(c))
		}
	}
	if len(kids) > 0 {
		_, para := kids[len(kids)-1].(*ast.Paragraph)
		_, tb := kids[len(kids)-1].(*ast.TextBlock)
		if loose || !(para || tb) {
			out = append(out, `"\n"`)
		}
	}
	return r.el("li", props, out)
}

func (r *runJSX) table(n *east.Table) string {
	var head, body []string
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		if row.ChildCount() != len(n.Alignments) {
			r.ok = false // a short or long row: the two fill it differently
			return `""`
		}
		cellTag := "td"
		if _, ok := row.(*east.TableHeader); ok {
			cellTag = "th"
		}
		var cells []string
		i := 0
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			var props []string
			switch n.Alignments[i] {
			case east.AlignLeft:
				props = append(props, `style:{textAlign:"left"}`)
			case east.AlignCenter:
				props = append(props, `style:{textAlign:"center"}`)
			case east.AlignRight:
				props = append(props, `style:{textAlign:"right"}`)
			}
			cells = append(cells, r.el(cellTag, props, r.inlines(cell)))
			i++
		}
		tr := r.el("tr", nil, cells)
		if cellTag == "th" {
			head = append(head, tr)
		} else {
			body = append(body, tr)
		}
	}
	parts := []string{r.el("thead", nil, head)}
	if len(body) > 0 {
		parts = append(parts, r.el("tbody", nil, body))
	}
	return r.el("table", nil, parts)
}

// inlines is the children of an inline container; adjacent text is one string, as an mdast text
// node is.
func (r *runJSX) inlines(n ast.Node) []string {
	var out []string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, jsString(text.String()))
			text.Reset()
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if raw, isRaw := c.(*ast.RawHTML); isRaw {
			// An element written in the text (runinline.go): not one of the components.
			el, end, ok := inlineElement(raw, r.src)
			if !ok {
				r.ok = false
				return nil
			}
			flush()
			if el.void {
				out = append(out, r.call(jsString(el.tag), nil, nil))
			} else {
				out = append(out, r.call(jsString(el.tag), el.props(), []string{jsString(el.text)}))
			}
			c = end
			continue
		}
		switch c := c.(type) {
		case *ast.Text:
			if c.HardLineBreak() {
				r.ok = false
			}
			text.Write(c.Segment.Value(r.src))
			if c.SoftLineBreak() {
				text.WriteByte('\n')
			}
		case *ast.String:
			text.Write(c.Value)
		case *east.TaskCheckBox:
			flush()
			props := []string{`type:"checkbox"`}
			if c.IsChecked {
				props = append(props, "checked:true")
			}
			props = append(props, "disabled:true")
			out = append(out, r.el("input", props, nil))
			// goldmark's task-list parser takes every space after the box, so the text that
			// follows starts at its first letter: the box's " " is the only space between them.
			if c.NextSibling() != nil {
				out = append(out, `" "`)
			}
		default:
			flush()
			out = append(out, r.inline(c))
		}
	}
	flush()
	return out
}

func (r *runJSX) inline(n ast.Node) string {
	switch n := n.(type) {
	case *ast.CodeSpan:
		text, ok := codeSpanText(n, r.src)
		if !ok {
			r.ok = false
			return `""`
		}
		return r.el("code", nil, []string{jsString(text)})
	case *ast.Emphasis:
		tag := "em"
		if n.Level == 2 {
			tag = "strong"
		}
		return r.el(tag, nil, r.inlines(n))
	case *east.Strikethrough:
		return r.el("del", nil, r.inlines(n))
	case *ast.Link:
		props := []string{"href:" + jsString(r.url(string(n.Destination), false))}
		if len(n.Title) > 0 {
			props = append(props, "title:"+jsString(string(n.Title)))
		}
		return r.el("a", props, r.inlines(n))
	case *ast.AutoLink:
		// A URL in the text (runurls.go): a link whose text is the URL as written.
		label := string(n.Label(r.src))
		return r.el("a", []string{"href:" + jsString(r.url(label, false))}, []string{jsString(label)})
	case *ast.Image:
		props := []string{"src:" + jsString(r.url(string(n.Destination), true)), "alt:" + jsString(altText(n, r.src))}
		if len(n.Title) > 0 {
			props = append(props, "title:"+jsString(string(n.Title)))
		}
		return r.el("img", props, nil)
	}
	r.ok = false
	return `""`
}

func (r *runJSX) url(dest string, image bool) string {
	// The compiler's links are resolved from the URL its HTML has, which MDX encodes so.
	dest = normalizeURI(dest)
	if r.resolve == nil {
		return dest
	}
	return r.resolve(dest, image)
}

// normalizeURI is micromark's normalizeUri (micromark-util-sanitize-uri), which MDX applies to a
// link's and an image's URL: a character outside the safe set, a non-ASCII one, and a "%" not
// before two letters or digits are percent-encoded as encodeURIComponent does.
func normalizeURI(s string) string {
	var b strings.Builder
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isAlnum(s[i+1]) && isAlnum(s[i+2]):
			i += 2
			continue
		case c < utf8.RuneSelf && uriSafe(c):
			continue
		}
		size := 1
		if c >= utf8.RuneSelf {
			_, size = utf8.DecodeRuneInString(s[i:])
		}
		b.WriteString(s[start:i])
		for _, e := range []byte(s[i : i+size]) {
			const hex = "0123456789ABCDEF"
			b.Write([]byte{'%', hex[e>>4], hex[e&15]})
		}
		start = i + size
		i += size - 1
	}
	if start == 0 {
		return s
	}
	return b.String() + s[start:]
}

// uriSafe is micromark's set of ASCII characters a URL keeps: [!#$&-;=?-Z_a-z~].
func uriSafe(c byte) bool {
	return c == '!' || c == '#' || c == '$' || c >= '&' && c <= ';' || c == '=' || c >= '?' && c <= 'Z' || c == '_' || c >= 'a' && c <= 'z' || c == '~'
}

// altText is an image's alternative text: the text of what its brackets hold.
func altText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// codeSpanText is a code span's text as mdast-util-to-hast gives it (line endings as spaces); ok is
// false when the span holds anything but text.
func codeSpanText(n *ast.CodeSpan, src []byte) (string, bool) {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok {
			return "", false
		}
		b.Write(t.Segment.Value(src))
	}
	return strings.ReplaceAll(b.String(), "\n", " "), true
}
