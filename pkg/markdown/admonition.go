package markdown

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Admonition is a `:::kind[Title]` … `:::` block: a call-out that holds any Markdown.
type Admonition struct {
	ast.BaseBlock
	Callout string
	Title   string
	open    int  // offset of the opening ::: in the source, for warnings
	closed  bool // false when the document ended before a closing :::
}

// KindAdmonition is the node kind of Admonition.
var KindAdmonition = ast.NewNodeKind("Admonition")

// Kind implements ast.Node.
func (n *Admonition) Kind() ast.NodeKind { return KindAdmonition }

// Dump implements ast.Node.
func (n *Admonition) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Callout": n.Callout, "Title": n.Title}, nil)
}

// AdmonitionKinds are the call-out kinds and their default titles.
var AdmonitionKinds = map[string]string{
	"note": "Note", "tip": "Tip", "info": "Info", "warning": "Warning", "danger": "Danger",
}

var admonitionOpen = regexp.MustCompile(`^:::([a-z]+)(?:\[([^\]]*)\])?\s*$`)

type admonitionParser struct{}

func (admonitionParser) Trigger() []byte { return []byte{':'} }

func (admonitionParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	m := admonitionOpen.FindSubmatch(bytes.TrimSpace(line))
	if m == nil {
		return nil, parser.NoChildren
	}
	kind := string(m[1])
	if _, ok := AdmonitionKinds[kind]; !ok {
		return nil, parser.NoChildren
	}
	_, seg := reader.Position()
	open := seg.Start + bytes.Index(line, []byte(":::"))
	reader.AdvanceToEOL()
	return &Admonition{Callout: kind, Title: string(m[2]), open: open}, parser.HasChildren
}

func (admonitionParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if string(bytes.TrimSpace(line)) == ":::" {
		reader.AdvanceToEOL()
		node.(*Admonition).closed = true
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

func (admonitionParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}
func (admonitionParser) CanInterruptParagraph() bool                                { return true }
func (admonitionParser) CanAcceptIndentedLine() bool                                { return false }

type admonitionRenderer struct{}

func (admonitionRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindAdmonition, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*Admonition)
		if entering {
			title := n.Title
			if title == "" {
				title = AdmonitionKinds[n.Callout]
			}
			w.WriteString(`<div class="admonition admonition-` + n.Callout + `" role="note"><p class="admonition-title">`)
			w.Write(util.EscapeHTML([]byte(title)))
			w.WriteString("</p>\n")
		} else {
			w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
}

// admonitions is the goldmark extension for call-outs.
type admonitions struct{}

func (admonitions) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(admonitionParser{}, 50)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(admonitionRenderer{}, 100)))
}

var _ html.Option = html.WithUnsafe()
