package mdx

// runadmonition.go lets a run hold `:::kind` admonitions: the compiler's remarkDocsd
// (site/mdx-compiler/compile.mjs) makes a container directive an <Admonition type title> whose
// children are the directive's blocks, and was asked to parse every one of them, Markdown inside
// included (a Markdown page's note cost an MDX page a compiler parse). A run writes the same
// element from goldmark's tree. Only admonitions whose lines both parsers provably read alike are
// taken: fences at the start of their lines, set off by blank lines, nested ones with fewer colons
// than the one around them and every one closed by exactly its own number of colons (micromark
// closes the outermost container a fence can close, goldmark the innermost), and a title that is
// plain text.

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"

	"docsd/pkg/markdown"
)

var (
	// An opening line as both parsers read it alike: the colons, the kind, then nothing, a
	// [Title] or a space and a Title, neither holding brackets nor (bracketed) spaces at its ends.
	admonitionOpenLine = regexp.MustCompile(`^(:{3,})[A-Za-z][\w-]*(?:\[([^\[\]\s](?:[^\[\]]*[^\[\]\s])?)?\]|[ \t]+([^\[\]]*))?$`)
	// A closing line: colons only.
	admonitionCloseLine = regexp.MustCompile(`^:{3,}$`)
)

// admonitionLines follows the admonition fences of a run's lines (blockIsRun).
type admonitionLines struct {
	open      []int // the colons of the admonitions open, outermost first
	prevBlank bool  // the line before was blank (or the text's start)
	afterShut bool  // the line before closed an admonition
	prevOpen  bool  // the line before opened one
	differs   bool
}

func newAdmonitionLines() *admonitionLines { return &admonitionLines{prevBlank: true} }

// line reads a line outside code fences and returns what of it the text checks must still read:
// the title of an opening line, "" for a closing one, else the line.
func (a *admonitionLines) line(line string) string {
	blank := strings.TrimSpace(line) == ""
	if a.afterShut && !blank && !admonitionCloseLine.MatchString(line) {
		a.differs = true // a block glued under a closing fence
	}
	a.afterShut = false
	opened := false
	switch {
	case !strings.Contains(line, ":::"):
	case admonitionCloseLine.MatchString(line):
		if n := len(a.open); n == 0 || a.open[n-1] != len(line) {
			a.differs = true
		} else {
			a.open = a.open[:n-1]
		}
		a.afterShut = true
		line = ""
	default:
		m := admonitionOpenLine.FindStringSubmatch(line)
		if m == nil {
			if strings.HasPrefix(strings.TrimSpace(line), ":::") {
				a.differs = true // a fence not at the line's start, or a title the two read apart
			}
			break
		}
		if n := len(a.open); !a.prevBlank && !a.prevOpen || n > 0 && a.open[n-1] <= len(m[1]) {
			a.differs = true
		}
		a.open = append(a.open, len(m[1]))
		opened = true
		line = m[2] + m[3]
	}
	a.prevBlank, a.prevOpen = blank, opened
	return line
}

// code reads a line inside a code fence: in an admonition, a line of colons there is one the two
// parsers may take as its end.
func (a *admonitionLines) code(line string) {
	if len(a.open) > 0 && strings.HasPrefix(strings.TrimSpace(line), ":::") {
		a.differs = true
	}
	a.prevBlank, a.prevOpen, a.afterShut = false, false, false
}

// done reports whether the lines read as both parsers read them, every admonition closed.
func (a *admonitionLines) done() bool { return !a.differs && len(a.open) == 0 }

// supportedAdmonition reports whether an admonition node is one a run may hold (its children are
// walked by supported): at the page's top level or in another admonition.
func supportedAdmonition(n *markdown.Admonition) bool {
	switch n.Parent().(type) {
	case *ast.Document, *markdown.Admonition:
		return true
	}
	return false
}

// plainTitle reports whether an admonition's title block is text only, which the compiler gives
// as a title attribute (else as a <DocsdAdmonitionTitle> child).
func plainTitle(n ast.Node) bool {
	if _, ok := n.Parent().(*markdown.Admonition); !ok {
		return false
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); !ok || t.SoftLineBreak() || t.HardLineBreak() {
			return false
		}
	}
	return true
}

// admonitionTitle is the plain title of an admonition's written title block (its first child),
// ok false when the title holds markup.
func admonitionTitle(n ast.Node, src []byte) (string, bool) {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok || t.SoftLineBreak() || t.HardLineBreak() {
			return "", false
		}
		b.Write(t.Segment.Value(src))
	}
	return b.String(), true
}

// isAdmonitionTitle reports whether n is an admonition's written title block.
func isAdmonitionTitle(n ast.Node) bool { return n.Kind().String() == "AdmonitionTitle" }

// admonition is the compiler's <Admonition type="kind" title="…"> of n, through the page's
// components map as the compiler's is: its children are the blocks with nothing between them, as
// a JSX element's are.
func (r *runJSX) admonition(n *markdown.Admonition) string {
	props := []string{"type:" + jsString(n.Callout)}
	var kids []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if isAdmonitionTitle(c) {
			title, ok := admonitionTitle(c, r.src)
			if !ok {
				r.ok = false
				return `""`
			}
			if title != "" {
				props = append(props, "title:"+jsString(title))
			}
			continue
		}
		if r.asHTML {
			if js, _, ok := r.htmlBlock(c); ok {
				kids = append(kids, js)
				continue
			}
		}
		kids = append(kids, r.block(c))
	}
	return r.call("c.Admonition", props, kids)
}
