package markdown

// Reference tables are made of flag, setting and variable names in narrow columns. Left to the
// browser, `--compiler.github.token` breaks after its leading `--` and VELA_PRIVILEGED_IMAGES breaks
// mid-word or not at all, pushing the table wider than the page. So inline code inside a table cell
// gets a <wbr> after each `.`, `-`, `_` and `/` (the only places a reader expects such a name to
// wrap) and the leading dashes of a flag are kept with the word they introduce; the CSS
// (`.markdown td code`) turns the browser's own break opportunities off. Every table is also put in
// a <div class="table-wrap"> so that a table still too wide scrolls inside it with a visible edge.
// A table of three or more columns is too wide for a phone even so: it gets the class table-stack and
// each body cell its column's name in data-label, so that the CSS can show it as one block per row
// with the names as labels when its column is narrow.

import (
	"bytes"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// tableRenderer wraps GFM's own table renderer; it renders code spans everywhere, because a node
// kind has one renderer, and leaves those outside tables exactly as goldmark writes them.
type tableRenderer struct {
	inner renderer.NodeRenderer
	table renderer.NodeRendererFunc
	cell  renderer.NodeRendererFunc
	// cursors holds a *labelCursor per stacked table being rendered (renders run concurrently,
	// one per document; a document's renders are serialised).
	cursors sync.Map
}

// labelCursor is where the render of one stacked table is: the body cell it last labelled and
// the header cell above it, so that the next cell's header is one step on. Finding it from the
// row's first cell cost each cell a walk along its row: a table of 10,000 columns took 0.9 s of
// CPU per body row (Session 20: nest20).
type labelCursor struct {
	cell, head ast.Node
}

func newTableRenderer() *tableRenderer {
	inner := extension.NewTableHTMLRenderer()
	funcs := captured{}
	inner.RegisterFuncs(funcs)
	return &tableRenderer{inner: inner, table: funcs[east.KindTable], cell: funcs[east.KindTableCell]}
}

// captured collects the functions a node renderer registers, to call one of them from ours.
type captured map[ast.NodeKind]renderer.NodeRendererFunc

func (c captured) Register(k ast.NodeKind, f renderer.NodeRendererFunc) { c[k] = f }

// SetOption passes the HTML options (XHTML, unsafe …) on to the table renderer it wraps.
func (r *tableRenderer) SetOption(name renderer.OptionName, value any) {
	if s, ok := r.inner.(renderer.SetOptioner); ok {
		s.SetOption(name, value)
	}
}

func (r *tableRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(east.KindTable, r.renderTable)
	reg.Register(east.KindTableCell, r.renderTableCell)
	reg.Register(ast.KindCodeSpan, r.renderCodeSpan)
}

// wideTableColumns is the column count from which a table is "wide": the page's content column may
// grow for it on wide screens (main.css, .doc-article:has(.table-wide)).
const wideTableColumns = 4

// stackTableColumns is the column count from which a table is shown one block per row in a narrow
// column (main.css, .table-stack): two columns still fit a phone, three of reference text do not.
const stackTableColumns = 3

func (r *tableRenderer) renderTable(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		cols := len(n.(*east.Table).Alignments)
		class := "table-wrap"
		if cols >= wideTableColumns {
			class += " table-wide"
		}
		if cols >= stackTableColumns {
			class += " table-stack"
		}
		_, _ = w.WriteString(`<div class="` + class + `" data-columns="` + strconv.Itoa(cols) + `">`)
		if cols >= stackTableColumns {
			r.cursors.Store(n, &labelCursor{})
		}
		return r.table(w, src, n, entering)
	}
	r.cursors.Delete(n)
	status, err := r.table(w, src, n, entering)
	_, _ = w.WriteString("</div>\n")
	return status, err
}

// renderTableCell gives each body cell of a stacked table the text of its column's header cell as
// data-label. It is written as the cell is, not kept on the tree: an attribute per cell cost about
// 400 bytes of heap for as long as the tree lived (210 MB for the 535,000 cells of a 20 MB page,
// issue 17). A cell with an alignment or other attributes gets the attribute set as before, so
// that goldmark writes it in the same place beside its style.
func (r *tableRenderer) renderTableCell(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		cell := n.(*east.TableCell)
		if label := r.cellLabel(cell, src); label != "" {
			if cell.Alignment == east.AlignNone && cell.Attributes() == nil {
				_, _ = w.WriteString(`<td data-label="`)
				_, _ = w.Write(util.EscapeHTML([]byte(label)))
				_, _ = w.WriteString(`">`)
				return ast.WalkContinue, nil
			}
			cell.SetAttributeString("data-label", []byte(label))
		}
	}
	return r.cell(w, src, n, entering)
}

// cellLabel is the text of the header cell above a body cell of a table of stackTableColumns or
// more columns, "" for any other cell.
func (r *tableRenderer) cellLabel(cell *east.TableCell, src []byte) string {
	row := cell.Parent()
	if row == nil || row.Kind() != east.KindTableRow {
		return ""
	}
	table, ok := row.Parent().(*east.Table)
	if !ok || len(table.Alignments) < stackTableColumns {
		return ""
	}
	head := table.FirstChild()
	if head == nil || head.Kind() != east.KindTableHeader {
		return ""
	}
	var h ast.Node
	cur, _ := r.cursors.Load(table)
	c, _ := cur.(*labelCursor)
	if c != nil && c.cell != nil && c.cell == cell.PreviousSibling() {
		h = c.head.NextSibling()
	} else {
		h = head.FirstChild()
		for x := row.FirstChild(); x != cell && h != nil; x = x.NextSibling() {
			h = h.NextSibling()
		}
	}
	if c != nil {
		c.cell, c.head = cell, h
		if h == nil {
			c.cell = nil // a row longer than the header: the cells after have no label either
		}
	}
	if h == nil {
		return ""
	}
	return plainText(h, src)
}

func (r *tableRenderer) renderCodeSpan(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, _ = w.WriteString("</code>")
		return ast.WalkContinue, nil
	}
	if n.Attributes() != nil {
		_, _ = w.WriteString("<code")
		ghtml.RenderAttributes(w, n, ghtml.CodeAttributeFilter)
		_ = w.WriteByte('>')
	} else {
		_, _ = w.WriteString("<code>")
	}
	var value []byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		v := c.(*ast.Text).Segment.Value(src)
		if bytes.HasSuffix(v, []byte("\n")) {
			value = append(append(value, v[:len(v)-1]...), ' ')
			continue
		}
		value = append(value, v...)
	}
	// Code with a space is no name (a command, a cron entry): it wraps at its spaces as text does.
	if inTableCell(n) && bytes.IndexByte(value, ' ') < 0 {
		writeBreakable(w, value)
	} else {
		ghtml.DefaultWriter.RawWrite(w, value)
	}
	return ast.WalkSkipChildren, nil
}

func inTableCell(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Kind() == east.KindTableCell {
			return true
		}
	}
	return false
}

// writeBreakable writes code escaped, with <wbr> after each separator that has more of the name after
// it. A flag's leading dashes and the word after them go in a <span class="nowrap">, because
// browsers may otherwise break after a hyphen.
func writeBreakable(w util.BufWriter, code []byte) {
	dashes := 0
	for dashes < len(code) && code[dashes] == '-' {
		dashes++
	}
	start := 0
	if dashes > 0 && dashes < len(code) {
		end := dashes
		for end < len(code) && !isNameBreak(code[end]) && code[end] != ' ' {
			end++
		}
		if end < len(code) && isNameBreak(code[end]) {
			end++ // the separator stays with the word before it
		}
		_, _ = w.WriteString(`<span class="nowrap">`)
		ghtml.DefaultWriter.RawWrite(w, code[:end])
		_, _ = w.WriteString(`</span>`)
		if end < len(code) && isNameBreak(code[end-1]) {
			_, _ = w.WriteString("<wbr>")
		}
		start = end
	}
	from := start
	for i := start; i < len(code); i++ {
		if isNameBreak(code[i]) && i+1 < len(code) && code[i+1] != ' ' && !isNameBreak(code[i+1]) {
			writePiece(w, code[from:i+1])
			_, _ = w.WriteString("<wbr>")
			from = i + 1
		}
	}
	writePiece(w, code[from:])
}

// longPiece is the length from which a piece without separators is no name but a digest or a
// token (sha256:02de…): it may break anywhere rather than widen its column by hundreds of pixels.
const longPiece = 24

func writePiece(w util.BufWriter, piece []byte) {
	if len(piece) < longPiece || bytes.IndexByte(piece, ' ') >= 0 {
		ghtml.DefaultWriter.RawWrite(w, piece)
		return
	}
	_, _ = w.WriteString(`<span class="break-any">`)
	ghtml.DefaultWriter.RawWrite(w, piece)
	_, _ = w.WriteString(`</span>`)
}

// isNameBreak reports the characters after which a flag, setting, variable or path may wrap.
func isNameBreak(c byte) bool { return c == '.' || c == '-' || c == '_' || c == '/' }

// rowText writes a table row's plain text for search snippets: cells apart with " · " and the row
// ended as a sentence, so that a snippet does not run one cell's text into the next.
func rowText(b *strings.Builder, row ast.Node, src []byte) {
	var cells []string
	for c := row.FirstChild(); c != nil; c = c.NextSibling() {
		if t := strings.TrimSpace(plainText(c, src)); t != "" {
			cells = append(cells, t)
		}
	}
	if len(cells) == 0 {
		return
	}
	line := strings.Join(cells, " · ")
	if !strings.ContainsAny(line[len(line)-1:], ".!?:;") {
		line += "."
	}
	b.WriteString(line)
	b.WriteByte(' ')
}
