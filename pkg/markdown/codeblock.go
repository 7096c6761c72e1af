package markdown

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/chroma/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"docsd/pkg/highlight"
)

// CodeInfo is what a fence's info string says: ```yaml title="a.yml" {1,4-6}
type CodeInfo struct {
	Lang      string
	Title     string
	Highlight [][2]int
	// Npm2Yarn: the info string is a language and the word npm2yarn (Npm2YarnInfo).
	Npm2Yarn bool
}

var (
	infoTitle = regexp.MustCompile(`title=(?:"([^"]*)"|'([^']*)'|(\S+))`)
	infoLines = regexp.MustCompile(`\{([\d,\s-]+)\}`)
)

// ParseCodeInfo reads a fenced code block's info string.
func ParseCodeInfo(info string) CodeInfo {
	ci := CodeInfo{Npm2Yarn: Npm2YarnInfo(info)}
	if m := infoTitle.FindStringSubmatch(info); m != nil {
		ci.Title = m[1] + m[2] + m[3]
		info = strings.Replace(info, m[0], "", 1)
	}
	if m := infoLines.FindStringSubmatch(info); m != nil {
		for _, part := range strings.Split(m[1], ",") {
			part = strings.TrimSpace(part)
			lo, hi, found := strings.Cut(part, "-")
			a, err1 := strconv.Atoi(strings.TrimSpace(lo))
			b := a
			var err2 error
			if found {
				b, err2 = strconv.Atoi(strings.TrimSpace(hi))
			}
			if err1 == nil && err2 == nil && a > 0 && b >= a {
				ci.Highlight = append(ci.Highlight, [2]int{a, b})
			}
		}
		info = strings.Replace(info, m[0], "", 1)
	}
	if f := strings.Fields(info); len(f) > 0 {
		ci.Lang = strings.ToLower(f[0])
	}
	return ci
}

// codeRenderer replaces goldmark's fenced-code output with highlighted, titled blocks. Colours come
// from CSS classes so that one HTML serves both the light and the dark theme.
// Its HTML is chroma's HTML formatter's, written by codeHTML (codehtml.go).
type codeRenderer struct {
	spans *codeHTML
	// lexers keeps the lexer of each language as written (chroma.Lexer): chroma looks a name up by
	// matching it against every lexer's file patterns when it is not a lexer's name or alias, about
	// 7% of docsd's own CPU (0.11 of 1.53 s) on typescript-eslint's docs, whose pages are mostly
	// code. The lexers hold no state between blocks, so one serves every page.
	lexers sync.Map
	// highlighted holds each block's <pre> once made (codecache.go); made counts the blocks
	// highlighted, for the tests.
	highlighted *Highlights
	made        atomic.Int64
}

// lexer is highlight.Lexer(lang), looked up once per language.
func (c *codeRenderer) lexer(lang string) chroma.Lexer {
	if l, ok := c.lexers.Load(lang); ok {
		return l.(chroma.Lexer)
	}
	l := highlight.Lexer(lang)
	c.lexers.Store(lang, l)
	return l
}

func newCodeRenderer(h *Highlights) *codeRenderer {
	return &codeRenderer{spans: newCodeHTML(), highlighted: h}
}

func (c *codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, c.renderFenced)
	reg.Register(ast.KindCodeBlock, c.renderFenced)
}

func (c *codeRenderer) renderFenced(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	ci, code := blockCode(node, source)
	if err := c.write(w, ci, code); err != nil {
		return ast.WalkStop, err
	}
	return ast.WalkSkipChildren, nil
}

// write writes one code block's HTML: Markdown fences and MDX pages' fences (CodeHTML) alike; a
// block marked npm2yarn is tabs when the builder's setting asks for them (npmtabs.go).
func (c *codeRenderer) write(w util.BufWriter, ci CodeInfo, code string) error {
	if ci.Npm2Yarn {
		if t := c.highlighted.npm2yarn(); t != nil {
			return c.writeTabs(w, t, ci, code)
		}
	}
	c.writeBlock(w, ci, code)
	return nil
}

// writeBlock writes a code block as it is.
func (c *codeRenderer) writeBlock(w util.BufWriter, ci CodeInfo, code string) {
	w.WriteString(`<div class="code-block`)
	if ci.Lang != "" {
		w.WriteString(` language-` + html.EscapeString(ci.Lang))
	}
	w.WriteString(`">`)
	if ci.Title != "" {
		w.WriteString(`<div class="code-title">` + html.EscapeString(ci.Title) + `</div>`)
	}
	w.WriteString(`<div class="code-body">`)
	// The <pre> scrolls sideways on long lines, so it takes keyboard focus (tabindex) to be scrollable
	// without a mouse.
	w.WriteString(c.pre(ci, code))
	w.WriteString(`<button type="button" class="copy-button" aria-label="Copy code to clipboard">Copy</button></div></div>` + "\n")
}

// pre is the block's highlighted <pre>, made once for each language, marked lines and code.
func (c *codeRenderer) pre(ci CodeInfo, code string) string {
	key := c.highlighted.key(ci.Lang, ci.Highlight, code)
	if pre, ok := c.highlighted.get(key); ok {
		return pre
	}
	var b strings.Builder
	if it, err := c.lexer(ci.Lang).Tokenise(nil, code); err != nil {
		b.WriteString(`<pre class="chroma" tabindex="0"><code>` + html.EscapeString(code) + `</code></pre>`)
	} else {
		c.spans.write(&b, it.Tokens(), ci.Highlight)
	}
	pre := strings.Clone(b.String()) // not the builder's spare capacity, half as much again
	c.made.Add(1)
	c.highlighted.put(key, pre)
	return pre
}

// blockCode is what a code block gives the highlighter: its info string and its text.
func blockCode(node ast.Node, source []byte) (CodeInfo, string) {
	var ci CodeInfo
	if f, ok := node.(*ast.FencedCodeBlock); ok && f.Info != nil {
		ci = ParseCodeInfo(string(f.Info.Segment.Value(source)))
	}
	var code strings.Builder
	lines := node.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		code.Write(seg.Value(source))
	}
	return ci, code.String()
}

// CodeBlock is one code block of a document as the renderer highlights it.
type CodeBlock struct {
	Info CodeInfo
	Code string
}

// CodeBlocks lists the code blocks of a Markdown body in document order, extracted exactly as the
// renderer extracts them, so that pkg/highlight can test its lexers against the site's real blocks.
func (c *Converter) CodeBlocks(src []byte) []CodeBlock {
	root := c.md.Parser().Parse(text.NewReader(src))
	var blocks []CodeBlock
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindFencedCodeBlock, ast.KindCodeBlock:
			ci, code := blockCode(n, src)
			blocks = append(blocks, CodeBlock{Info: ci, Code: code})
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return blocks
}
