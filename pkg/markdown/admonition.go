// Admonitions are Docusaurus's call-outs, `:::kind[Title]` … `:::`. Content written for Docusaurus 3
// uses every kind it knows (its five plus the legacy caution, important, success and secondary), both
// title forms (`:::tip[Title]` and the older `:::tip Title`) and nesting with longer fences
// (`::::info` around `:::tip`); all of them parse here, so no page shows a raw `:::`.
package markdown

import (
	"bytes"
	"regexp"
	"strings"

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
	Callout string // the kind as written (lower case)
	Title   string
	fence   int  // the number of colons that opened it: a closing line needs at least as many
	open    int  // offset of the opening ::: in the source, for warnings
	closed  bool // false when the document ended before a closing :::
	unknown bool // a kind Docusaurus does not know: rendered as a note, with a warning (lint.go)
}

// KindAdmonition is the node kind of Admonition.
var KindAdmonition = ast.NewNodeKind("Admonition")

// Kind implements ast.Node.
func (n *Admonition) Kind() ast.NodeKind { return KindAdmonition }

// Dump implements ast.Node.
func (n *Admonition) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Callout": n.Callout, "Title": n.Title}, nil)
}

// AdmonitionKinds are the call-out kinds and their default titles: Docusaurus 3's five and its four
// legacy kinds, which it still renders.
var AdmonitionKinds = map[string]string{
	"note": "Note", "tip": "Tip", "info": "Info", "warning": "Warning", "danger": "Danger",
	"caution": "Caution", "important": "Important", "success": "Success", "secondary": "Secondary",
}

// admonitionStyle maps the legacy kinds to the style (CSS class) Docusaurus draws them with.
var admonitionStyle = map[string]string{"caution": "warning", "important": "info", "success": "tip", "secondary": "note"}

// AdmonitionLook is the style (CSS class) and default title of a kind (lower case): the legacy
// kinds take the style Docusaurus draws them with, an unknown kind is a note titled after itself.
// MDX pages' <Admonition> reads the same table (pkg/bundle's docsd:admonitions module).
func AdmonitionLook(kind string) (style, title string) {
	title, known := AdmonitionKinds[kind]
	if !known {
		if kind == "" {
			return "note", AdmonitionKinds["note"]
		}
		return "note", strings.ToUpper(kind[:1]) + kind[1:]
	}
	if s, ok := admonitionStyle[kind]; ok {
		return s, title
	}
	return kind, title
}

// admonitionOpen matches an opening line: three or more colons, the kind, then an optional
// [Title], optional {attributes} (ignored) and an optional plain title.
var admonitionOpen = regexp.MustCompile(`^(:{3,})[ \t]*([A-Za-z][\w-]*)(?:\[(.*)\])?(?:\{[^}]*\})?(?:[ \t]+(.*?))?[ \t]*$`)

// closingFence returns the number of colons of a closing line (only colons), or 0.
func closingFence(line []byte) int {
	t := bytes.TrimSpace(line)
	if len(t) < 3 || len(bytes.Trim(t, ":")) != 0 {
		return 0
	}
	return len(t)
}

type admonitionParser struct{}

func (admonitionParser) Trigger() []byte { return []byte{':'} }

func (admonitionParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	trimmed := bytes.TrimSpace(line)
	open := seg.Start + bytes.Index(line, []byte(":::"))
	if n := closingFence(line); n > 0 {
		// A closing line no open admonition takes: dropped (lint.go warns), never shown as text.
		reader.AdvanceToEOL()
		return &strayFence{open: open}, parser.NoChildren
	}
	m := admonitionOpen.FindSubmatchIndex(trimmed)
	if m == nil {
		return nil, parser.NoChildren
	}
	kind := strings.ToLower(string(trimmed[m[4]:m[5]]))
	from, to := m[6], m[7]
	if from == to {
		from, to = m[8], m[9]
	}
	title := ""
	if from >= 0 {
		title = strings.TrimSpace(string(trimmed[from:to]))
	}
	_, known := AdmonitionKinds[kind]
	a := &Admonition{Callout: kind, Title: title, fence: m[3] - m[2], open: open, unknown: !known}
	if title != "" {
		// The title is Markdown, as Docusaurus parses it (`:::warning[\`false\` is ignored]`):
		// goldmark parses the inline content of the title block's line as a paragraph's.
		start := seg.Start + bytes.Index(line, trimmed) + from
		t := &admonitionTitle{}
		t.Lines().Append(text.NewSegment(start, start+to-from))
		a.AppendChild(a, t)
	}
	reader.AdvanceToEOL()
	return a, parser.HasChildren
}

// admonitionTitle holds an admonition's written title as inline Markdown (its first child).
type admonitionTitle struct {
	ast.BaseBlock
}

var kindAdmonitionTitle = ast.NewNodeKind("AdmonitionTitle")

// Kind implements ast.Node.
func (n *admonitionTitle) Kind() ast.NodeKind { return kindAdmonitionTitle }

// Dump implements ast.Node.
func (n *admonitionTitle) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

func (admonitionParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	a, ok := node.(*Admonition)
	if !ok {
		// A stray fence is one line, already read: goldmark still asks about the next line.
		return parser.Close
	}
	line, _ := reader.PeekLine()
	n := closingFence(line)
	if n == 0 {
		return parser.Continue | parser.HasChildren
	}
	// goldmark asks the outer block first: a closing line belongs to the innermost open admonition
	// it can close, or is code in an open fenced block, so the outer one lets it pass then.
	inner := false
	for _, b := range pc.OpenedBlocks() {
		switch c := b.Node.(type) {
		case *Admonition:
			if inner && !c.closed && n >= c.fence {
				return parser.Continue | parser.HasChildren
			}
			inner = inner || c == a
		case *ast.FencedCodeBlock:
			if inner {
				return parser.Continue | parser.HasChildren
			}
		}
	}
	if n < a.fence {
		return parser.Continue | parser.HasChildren
	}
	reader.AdvanceToEOL()
	a.closed = true
	return parser.Close
}

func (admonitionParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}
func (admonitionParser) CanInterruptParagraph() bool                                { return true }
func (admonitionParser) CanAcceptIndentedLine() bool                                { return false }

// strayFence is a `:::` line that closes nothing; it renders as nothing.
type strayFence struct {
	ast.BaseBlock
	open int
}

var kindStrayFence = ast.NewNodeKind("StrayFence")

// Kind implements ast.Node.
func (n *strayFence) Kind() ast.NodeKind { return kindStrayFence }

// Dump implements ast.Node.
func (n *strayFence) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type admonitionRenderer struct{}

func (admonitionRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindStrayFence, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkContinue, nil
	})
	reg.Register(kindAdmonitionTitle, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString(`<p class="admonition-title">`)
		} else {
			w.WriteString("</p>\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindAdmonition, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*Admonition)
		if entering {
			style, title := AdmonitionLook(n.Callout)
			w.WriteString(`<div class="admonition admonition-` + style + `" role="note">`)
			if _, written := n.FirstChild().(*admonitionTitle); !written {
				w.WriteString(`<p class="admonition-title">`)
				w.Write(util.EscapeHTML([]byte(title)))
				w.WriteString("</p>\n")
			}
		} else {
			w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
}

// admonitions is the goldmark extension for call-outs.
type admonitions struct{}

func (admonitions) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(nestLimit{admonitionParser{}}, 50)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(admonitionRenderer{}, 100)))
}

var _ html.Option = html.WithUnsafe()
