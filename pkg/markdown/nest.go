package markdown

// Deep nesting of container blocks costs goldmark super-linear time and memory: every line asks
// each open container whether it continues, and each container re-reads the line's indentation, so
// one line of 10,000 `- ` markers took 0.9 s of CPU and 1,000 indented list levels 4 s (3,000: over
// 30 s; BENCHMARKS.md, Session 20: nest20). Like markdown-it (maxNesting) and Dart's markdown
// (maxNestingLevel 32), a list, block quote or admonition nested deeper than maxNesting is not
// opened: its line stays text in the block around it, nothing is lost, and Parse warns once at the
// first such line.

import (
	"fmt"
	"reflect"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// maxNesting is how many lists, block quotes and admonitions may hold one another. Real pages nest
// a handful (the deepest in content/, testdata/sites and the Docusaurus fixtures: see nest_test.go).
const maxNesting = 32

// tooDeepKey holds a page's *tooDeep in its parser context.
var tooDeepKey = parser.NewContextKey()

// tooDeep is what the nesting limit refused in one parse: the offsets of the lines where it did
// (the lines after one that continue its text are not among them).
type tooDeep struct {
	first int // offset of the first refused line, -1 for none
	lines map[int]bool
}

func tooDeepOf(pc parser.Context) *tooDeep {
	if t, ok := pc.Get(tooDeepKey).(*tooDeep); ok {
		return t
	}
	t := &tooDeep{first: -1}
	pc.Set(tooDeepKey, t)
	return t
}

// nestLimit is a container's block parser that opens no block beyond maxNesting.
type nestLimit struct {
	parser.BlockParser
}

func (p nestLimit) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	// goldmark asks the list parser again inside the list it just opened, before the item parser
	// takes the marker: the list parser opens nothing there, so that is no refusal.
	if parent.Kind() == ast.KindList || depth(parent) < maxNesting {
		return p.BlockParser.Open(parent, reader, pc)
	}
	// A parser is asked about every line that starts with its trigger ("2024 ...", "*stress*"),
	// most of which open nothing: ask it, and refuse only the container it would open. What it
	// changed of the reader and the context is undone then, and kept when it opens nothing.
	line, seg := reader.Position()
	sets := &setsLater{Context: pc}
	n, state := p.BlockParser.Open(parent, reader, sets)
	if n == nil || !counts(n) {
		sets.apply()
		return n, state
	}
	reader.SetPosition(line, seg)
	t := tooDeepOf(pc)
	if t.first < 0 {
		t.first, t.lines = seg.Start, map[int]bool{}
	}
	t.lines[seg.Start] = true
	return nil, parser.NoChildren
}

// setsLater is a parser context whose Set waits for apply, so that a block a parser opened and
// the limit refused leaves the page's context as it was.
type setsLater struct {
	parser.Context
	keys []parser.ContextKey
	vals []any
}

func (c *setsLater) Set(k parser.ContextKey, v any) {
	c.keys, c.vals = append(c.keys, k), append(c.vals, v)
}

func (c *setsLater) Get(k parser.ContextKey) any {
	for i := len(c.keys) - 1; i >= 0; i-- {
		if c.keys[i] == k {
			return c.vals[i]
		}
	}
	return c.Context.Get(k)
}

func (c *setsLater) apply() {
	for i, k := range c.keys {
		c.Context.Set(k, c.vals[i])
	}
}

// counts is whether n is one of the containers the limit counts.
func counts(n ast.Node) bool {
	switch n.Kind() {
	case ast.KindList, ast.KindBlockquote, KindAdmonition:
		return true
	}
	return false
}

// depth counts the lists, block quotes and admonitions n is inside of, n included. The walk up is
// bounded: no chain deeper than maxNesting containers is ever built.
func depth(n ast.Node) int {
	d := 0
	for ; n != nil; n = n.Parent() {
		if counts(n) {
			d++
		}
	}
	return d
}

// newParser is goldmark's default parser with its list and block quote parsers limited to
// maxNesting (a list item opens only inside a list, so limiting lists limits items), and its
// thematic breaks' offsets kept (startedBreak).
func newParser() parser.Parser {
	limited := map[reflect.Type]bool{
		reflect.TypeOf(parser.NewListParser()):       true,
		reflect.TypeOf(parser.NewBlockquoteParser()): true,
	}
	blocks := parser.DefaultBlockParsers()
	for i, b := range blocks {
		switch reflect.TypeOf(b.Value) {
		case reflect.TypeOf(parser.NewThematicBreakParser()):
			blocks[i] = util.Prioritized(startedBreak{b.Value.(parser.BlockParser)}, b.Priority)
		default:
			if limited[reflect.TypeOf(b.Value)] {
				blocks[i] = util.Prioritized(nestLimit{b.Value.(parser.BlockParser)}, b.Priority)
			}
		}
	}
	return parser.NewParser(parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...))
}

// warning is Parse's warning for the lines the limit kept as text (nil for none).
func (t *tooDeep) warning(pos func(int) (int, int)) *Warning {
	if t.first < 0 {
		return nil
	}
	line, col := pos(t.first)
	more := ""
	if n := len(t.lines) - 1; n == 1 {
		more = " and 1 more line"
	} else if n > 1 {
		more = fmt.Sprintf(" and %d more lines", n)
	}
	return &Warning{Line: line, Column: col, Msg: fmt.Sprintf(
		"lists, block quotes and admonitions nest more than %d deep here%s: the deeper ones are shown as text; nest less", maxNesting, more)}
}

// TooDeep is the warning about lists, block quotes and admonitions nested deeper than the limit,
// at the first line kept as text; ok is false when the page nests less. An MDX page that does is
// not given to MDX's compiler (pkg/mdx).
func (d *Doc) TooDeep() (w Warning, ok bool) {
	if d.tooDeep == nil {
		return Warning{}, false
	}
	return *d.tooDeep, true
}
