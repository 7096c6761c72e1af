// Markdown that parses "fine" can still not say what the writer meant: a ``` that is never closed
// turns the rest of the file into code, `:::cauton` is a kind nobody knows, and MDX imports are left
// out. Parse notes these as warnings at the line and column of the cause.
package markdown

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"docsd/pkg/textdist"

	"github.com/yuin/goldmark/ast"
)

// Warning is a problem a document was built despite, at a line and column of its file.
type Warning struct {
	Line, Column int
	Msg          string
}

var admonitionLike = regexp.MustCompile(`^:::([A-Za-z][\w-]*)`)

// lint finds unclosed fences and admonitions and unknown admonition kinds in the tree of src; pos
// maps a byte offset of src to a line and column of the file. refused are the lines the nesting
// limit kept as text, and nesting its warning about them (nil for none), which lint sorts in.
func lint(root ast.Node, src []byte, pos func(int) (int, int), refused map[int]bool, nesting *Warning) []Warning {
	var out []Warning
	esmWarned := false
	warn := func(off int, msg string) {
		line, col := pos(off)
		out = append(out, Warning{Line: line, Column: col, Msg: msg})
	}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			if open, fence, ok := unclosedFence(n, src); ok {
				warn(open, fmt.Sprintf("code fence %s is never closed, so everything after it shows as code; close it with %s on a line of its own", fence, fence))
			}
		case *Admonition:
			if !n.closed {
				warn(n.open, fmt.Sprintf("admonition :::%s is never closed, so everything after it is inside it; close it with %s on a line of its own", n.Callout, strings.Repeat(":", n.fence)))
			}
			if n.unknown {
				msg := fmt.Sprintf("unknown admonition kind %q, shown as a note", n.Callout)
				if s := closestKind(n.Callout); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				warn(n.open, msg+"; Docusaurus knows "+knownKinds())
			}
		case *strayFence:
			warn(n.open, "::: closes no admonition (one ::: too many?); left out of the page")
		case *ESM:
			if !esmWarned {
				esmWarned = true
				warn(n.open, mdxImportWarning)
			}
		case *ast.Paragraph:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				text := seg.Value(src)
				trimmed := bytes.TrimLeft(text, " \t")
				m := admonitionLike.FindSubmatch(trimmed)
				if m == nil || refused[seg.Start] {
					// Nested too deep: the nesting warning below says why it is text.
					continue
				}
				// A line the admonition parser refused (it continues a paragraph lazily, say).
				warn(seg.Start+len(text)-len(trimmed), fmt.Sprintf("admonition :::%s is shown as text: put a blank line before it", m[1]))
			}
		}
		return ast.WalkContinue, nil
	})
	if nesting != nil {
		out = append(out, *nesting)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

// mdxImportWarning is the one warning a file with MDX import/export lines gets (esm.go).
const mdxImportWarning = "MDX import/export lines are left out of the page: docsd does not run MDX yet, so what they import is not shown"

// closestKind suggests a known kind for a misspelt one.
func closestKind(kind string) string {
	var kinds []string
	for k := range AdmonitionKinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return textdist.ClosestKey(kind, kinds)
}

func knownKinds() string {
	var kinds []string
	for k := range AdmonitionKinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return strings.Join(kinds, ", ")
}

// unclosedFence reports whether the fenced block n has no closing fence; goldmark then runs it to
// the end of the document (or of the list or quote holding it). It returns the offset of the
// opening fence and the fence itself. The line after the block's content is the closing fence when
// there is one; container prefixes (indentation, >) are skipped.
func unclosedFence(n *ast.FencedCodeBlock, src []byte) (int, string, bool) {
	lines := n.Lines()
	var openEnd int // the offset of the newline ending the opening line
	switch {
	case n.Info != nil:
		openEnd = lineEnd(src, n.Info.Segment.Start)
	case lines.Len() > 0:
		openEnd = bytes.LastIndexByte(src[:lines.At(0).Start], '\n')
	default:
		return 0, "", false // an empty block without info: nothing says where it opened
	}
	if openEnd < 0 || openEnd > len(src) {
		return 0, "", false
	}
	openStart := bytes.LastIndexByte(src[:openEnd], '\n') + 1
	openLine := src[openStart:openEnd]
	at := bytes.IndexAny(openLine, "`~")
	if at < 0 {
		return 0, "", false
	}
	fence := openLine[at : at+fenceRun(openLine[at:])]
	next := openEnd + 1
	if lines.Len() > 0 {
		next = lineEnd(src, lines.At(lines.Len()-1).Stop-1) + 1
	}
	if next > len(src) {
		return openStart + at, string(fence), true
	}
	line := bytes.TrimLeft(src[next:lineEnd(src, next)], " \t>")
	closing := len(line) > 0 && line[0] == fence[0] && fenceRun(line) >= len(fence) &&
		len(bytes.TrimSpace(line[fenceRun(line):])) == 0
	return openStart + at, string(fence), !closing
}

// lineEnd is the offset of the newline ending the line holding off, or len(src).
func lineEnd(src []byte, off int) int {
	if off < 0 {
		off = 0
	}
	if off >= len(src) {
		return len(src)
	}
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(src)
}

// fenceRun counts the repeats of b's first byte at its start.
func fenceRun(b []byte) int {
	i := 0
	for i < len(b) && b[i] == b[0] {
		i++
	}
	return i
}
