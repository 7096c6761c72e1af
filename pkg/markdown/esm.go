// Docusaurus 3 reads every .md file as MDX, so its docs open with `import X from '...'` lines and
// may `export const ...`. Until docsd renders MDX those lines must neither show as text nor hide the
// `# Title` that follows them: a top-level block of such lines parses as an ESM block, which renders
// as nothing, and lint.go warns once per file. Removing the MDX stand-in means deleting this file,
// the parser's registration in New and the warning in lint.go.
package markdown

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// esmLine matches the first line of an MDX import or export statement (not prose that starts with
// the word: `import` needs a quoted module or `from`, `export` a declaration).
var esmLine = regexp.MustCompile(`^(?:import\s+(?:['"]|[\w*{}$,\s]+\s+from\s+['"]|type\s)|export\s+(?:const|let|var|function|async|class|default|\{|\*|type\s))`)

// ESM is a top-level block of MDX import/export lines, kept out of the page.
type ESM struct {
	ast.BaseBlock
	open int // offset of its first line, for the warning
}

// KindESM is the node kind of ESM.
var KindESM = ast.NewNodeKind("ESM")

// Kind implements ast.Node.
func (n *ESM) Kind() ast.NodeKind { return KindESM }

// Dump implements ast.Node.
func (n *ESM) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type esmParser struct{}

func (esmParser) Trigger() []byte { return []byte{'i', 'e'} }

func (esmParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if parent.Kind() != ast.KindDocument {
		return nil, parser.NoChildren
	}
	line, seg := reader.PeekLine()
	if !esmLine.Match(line) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &ESM{open: seg.Start}, parser.NoChildren
}

// Continue takes lines up to the next blank line, as MDX does.
func (esmParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if len(bytes.TrimSpace(line)) == 0 {
		return parser.Close
	}
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (esmParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}
func (esmParser) CanInterruptParagraph() bool                                { return false }
func (esmParser) CanAcceptIndentedLine() bool                                { return false }

// esmRenderer writes nothing for an ESM block.
type esmRenderer struct{}

func (esmRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindESM, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
}
