package markdown

// codeHTML writes a highlighted block's tokens as chroma's HTML formatter does with CSS classes
// (chromahtml.WithClasses, TabWidth(4), HighlightLines), byte for byte, straight into the page.
// chroma's formatter builds every token's span with fmt.Sprintf and a class lookup that walks the
// token type's parents, and the page then copied its output twice more (a buffer, then the
// tabindex added by strings.Replace): about a third of the highlighting's CPU.
// TestCodeHTMLMatchesChroma holds it to chroma's output for every block of the site.

import (
	"bytes"
	"io"
	"sort"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
)

type codeHTML struct {
	// preStart and preEnd wrap the lines: chroma's own, taken from its formatter once, with the
	// tabindex that makes a scrolling <pre> reachable by keyboard.
	preStart, preEnd string
	// open and openHighlighted start a line and its code: <span class="line"><span class="cl">,
	// with chroma's highlight class for a highlighted line.
	open, openHighlighted string
}

// htmlEscaper is html.EscapeString's replacer, writing into the page instead of a new string.
var htmlEscaper = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")

// wrapperStyle is the style newCodeHTML formats with.
var wrapperStyle = chroma.MustNewStyle("docsd", chroma.StyleEntries{})

func newCodeHTML() *codeHTML {
	var empty bytes.Buffer
	// No tokens: chroma writes the wrapper alone. With classes the style colours nothing here: an
	// empty one stands for chroma's styles, which docsd does not load (highlightcss.go).
	_ = chromahtml.New(chromahtml.WithClasses(true), chromahtml.TabWidth(4)).Format(&empty, wrapperStyle, chroma.Literator())
	wrapper := strings.Replace(empty.String(), `<pre class="chroma">`, `<pre class="chroma" tabindex="0">`, 1)
	cut := strings.Index(wrapper, "<code>") + len("<code>")
	code := `<span class="` + tokenClass(chroma.CodeLine) + `">`
	return &codeHTML{preStart: wrapper[:cut], preEnd: wrapper[cut:],
		open:            `<span class="` + tokenClass(chroma.Line) + `">` + code,
		openHighlighted: `<span class="` + tokenClass(chroma.Line) + ` ` + tokenClass(chroma.LineHighlight) + `">` + code}
}

// tokenClass is the CSS class chroma gives a token type: its own, or its nearest parent's.
func tokenClass(t chroma.TokenType) string {
	for t != 0 {
		if cls, ok := chroma.StandardTypes[t]; ok {
			return cls
		}
		t = t.Parent()
	}
	return chroma.StandardTypes[t]
}

// codeWriter is what codeHTML writes to (goldmark's BufWriter, a bytes.Buffer).
type codeWriter interface {
	io.Writer
	io.StringWriter
}

// byStart orders line ranges as chroma's HighlightLines does (sort.Sort by first line, in place),
// so that ranges sharing a first line come in the order chroma's come in.
type byStart [][2]int

func (h byStart) Len() int           { return len(h) }
func (h byStart) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h byStart) Less(i, j int) bool { return h[i][0] < h[j][0] }

// write writes tokens as one <pre>, the lines in highlight (1-based, inclusive) marked. Lines are
// split as chroma.SplitTokensIntoLines splits them (a token ends its line after each newline; a
// last line holding one empty token is dropped), into one reused slice.
func (h *codeHTML) write(w codeWriter, tokens []chroma.Token, highlight [][2]int) {
	sort.Sort(byStart(highlight))
	w.WriteString(h.preStart)
	n, next := 0, 0 // the line's number; the first range that may hold it or a later line
	var line []chroma.Token
	flush := func() {
		n++
		for next < len(highlight) && n > highlight[next][1] {
			next++
		}
		if next < len(highlight) && n >= highlight[next][0] {
			w.WriteString(h.openHighlighted)
		} else {
			w.WriteString(h.open)
		}
		for _, tok := range line {
			cls := tokenClass(tok.Type)
			if cls != "" {
				w.WriteString(`<span class="`)
				w.WriteString(cls)
				w.WriteString(`">`)
			}
			_, _ = htmlEscaper.WriteString(w, tok.Value)
			if cls != "" {
				w.WriteString(`</span>`)
			}
		}
		w.WriteString(`</span></span>`)
		line = line[:0]
	}
	for _, tok := range tokens {
		used := false // a token ending in a newline is done with its line
		for nl := strings.IndexByte(tok.Value, '\n'); nl >= 0 && !used; nl = strings.IndexByte(tok.Value, '\n') {
			line = append(line, chroma.Token{Type: tok.Type, Value: tok.Value[:nl+1]})
			flush()
			tok.Value = tok.Value[nl+1:]
			used = tok.Value == ""
		}
		if !used {
			line = append(line, tok)
		}
	}
	if len(line) > 0 && !(len(line) == 1 && line[0].Value == "") {
		flush()
	}
	w.WriteString(h.preEnd)
}
