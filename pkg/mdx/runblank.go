package mdx

// runblank.go finds the lines of a page that MDX reads as the bounds of a container around
// Markdown, where goldmark reads one block to its end: a JSX tag alone on its line in an HTML block
// (goldmark's raw HTML runs to the next blank line), and the fences of a `:::kind` admonition
// that holds MDX syntax (goldmark's admonition is one block, which then cannot be a run). The
// split parses the model again with those lines blank, so that the Markdown between them can be
// runs: the compiler then reads a run's placeholder as a child of the element or admonition.

import (
	"bytes"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"docsd/pkg/markdown"
)

// linesBlanked is the model with those lines made spaces, and which lines they were; nil when
// there is none:
//   - each JSX tag alone on its line (an opening, closing or self-closing tag of directOpen's and
//     directClose's forms) in an HTML block of the page's own list, or of an admonition whose
//     fences are blanked, when the block also has other lines and MDX reads it as tags around
//     Markdown (htmlBlockLines). goldmark reads the block as raw HTML to its blank line; MDX
//     reads such a tag as a flow element and the lines between as Markdown, which can then be
//     runs (a `<TabItem>`'s text written with no blank line around it);
//   - the fences of a top-level admonition that is no run of its own (openedAdmonition).
//
// admonitions are the opened admonitions' opening and closing lines. A run never spans one of
// these lines (splitParsed), where goldmark reads a block across it once it is blank (a loose list,
// or a list item's unclosed fence, over an admonition's closing fence).
func linesBlanked(tree ast.Node, src []byte) ([]byte, map[int]bool, [][2]int) {
	var blank []text.Segment
	var opened [][2]text.Segment
	tags := func(n ast.Node) {
		if lines, _, blankable := htmlBlockLines(n, src); blankable {
			blank = append(blank, lines...)
		}
	}
	for n := tree.FirstChild(); n != nil; n = n.NextSibling() {
		adm, ok := n.(*markdown.Admonition)
		if !ok {
			tags(n)
			continue
		}
		if open, shut, ok := openedAdmonition(adm, src); ok {
			blank = append(blank, open, shut)
			opened = append(opened, [2]text.Segment{open, shut})
			for c := adm.FirstChild(); c != nil; c = c.NextSibling() {
				tags(c)
			}
		}
	}
	if len(blank) == 0 {
		return nil, nil, nil
	}
	slices.SortFunc(blank, func(a, b text.Segment) int { return a.Start - b.Start })
	out, lines := bytes.Clone(src), map[int]bool{}
	line, counted := 0, 0 // the line of src[counted]
	for _, seg := range blank {
		for k := seg.Start; k < seg.Stop; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
		line += bytes.Count(src[counted:seg.Start], []byte{'\n'})
		counted = seg.Start
		lines[line] = true
	}
	admonitions := make([][2]int, len(opened))
	for i, o := range opened {
		admonitions[i] = [2]int{bytes.Count(src[:o[0].Start], []byte{'\n'}), bytes.Count(src[:o[1].Start], []byte{'\n'})}
	}
	return out, lines, admonitions
}

// openedAdmonition gives the opening and closing lines of a top-level admonition whose blocks
// the split may take one by one, ok false for one it leaves whole. The admonition is no run by
// its text (blockIsRun: it holds MDX syntax), and goldmark ends it at a line the compiler should
// end it at too (the compiler checks that it did: each run's placeholder is in a `:::` container
// exactly when docsd expects it there, splitParsed's inAdmonition):
// its opening line starts at the line's start after a blank line (or the page's start), with a
// kind of letters and digits (micromark's directive names and goldmark's kinds agree there), and
// its closing line is the first line after it that starts with ":::", is exactly its own colons,
// lies in no fenced code block, and has a blank line (or the page's end) after it. No other line
// between starts with ":::" (a nested admonition, or colons in code, which the two parsers may
// read as the end).
func openedAdmonition(adm *markdown.Admonition, src []byte) (open, shut text.Segment, ok bool) {
	start := adm.Start()
	if start < 0 || start > len(src) || start > 0 && src[start-1] != '\n' {
		return open, shut, false
	}
	if start > 0 && !blankLine(src, bytes.LastIndexByte(src[:start-1], '\n')+1) {
		return open, shut, false
	}
	open = lineAt(src, start)
	m := admonitionOpenLine.FindSubmatch(open.Value(src))
	if m == nil || !plainKind(open.Value(src)[len(m[1]):]) {
		return open, shut, false
	}
	fence := string(m[1])
	var code []text.Segment // the admonition's code lines
	_ = ast.Walk(adm, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*ast.FencedCodeBlock); ok && entering {
			for i := 0; i < c.Lines().Len(); i++ {
				code = append(code, c.Lines().At(i))
			}
		}
		return ast.WalkContinue, nil
	})
	found := false
	for at := open.Stop + 1; at < len(src); {
		line := lineAt(src, at)
		value := string(line.Value(src))
		if strings.HasPrefix(strings.TrimSpace(value), ":::") {
			if value != fence || slices.ContainsFunc(code, func(c text.Segment) bool { return c.Start <= line.Start && line.Start < c.Stop }) {
				return open, shut, false
			}
			shut, found = line, true
			break
		}
		at = line.Stop + 1
	}
	if !found || !blankLine(src, shut.Stop+1) {
		return open, shut, false
	}
	// goldmark's admonition ends at that line: none of its lines is at it or after it (one that
	// went on past it, a list item's fence left open, took the line as a stray fence).
	beyond := false
	_ = ast.Walk(adm, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Type() == ast.TypeBlock && n.Lines().Len() > 0 && n.Lines().At(n.Lines().Len()-1).Stop > shut.Start {
			beyond = true
		}
		return ast.WalkContinue, nil
	})
	nextStart := -1 // where the block after the admonition starts, if anything in it says
	if next := adm.NextSibling(); next != nil {
		nextStart = nodeStart(next, src)
	}
	if beyond || nextStart >= 0 && nextStart <= shut.Start {
		return open, shut, false
	}
	body := string(src[open.Start:shut.Stop])
	codeLines := make([]bool, strings.Count(body, "\n")+1)
	for _, c := range code {
		if k := bytes.Count(src[open.Start:c.Start], []byte{'\n'}); k < len(codeLines) {
			codeLines[k] = true
		}
	}
	if blockIsRun(body, codeLines) {
		return open, shut, false // the admonition may be a run whole
	}
	return open, shut, true
}

// plainKind reports whether an opening line's kind (what follows its colons) is letters and
// digits up to its title or the line's end.
func plainKind(rest []byte) bool {
	i := 0
	for i < len(rest) && isAlnum(rest[i]) {
		i++
	}
	return i > 0 && isLetter(rest[0]) && (i == len(rest) || rest[i] == '[' || rest[i] == ' ' || rest[i] == '\t')
}

// lineAt is the line that starts at src[at], without its "\n".
func lineAt(src []byte, at int) text.Segment {
	end := bytes.IndexByte(src[at:], '\n')
	if end < 0 {
		end = len(src) - at
	}
	return text.NewSegment(at, at+end)
}

// blankLine reports whether the line that starts at src[at] is blank (or the page ends there).
func blankLine(src []byte, at int) bool {
	if at >= len(src) {
		return true
	}
	line := lineAt(src, at)
	return len(bytes.TrimSpace(line.Value(src))) == 0
}

// htmlBlockLines reads an HTML block of the page's own list (or of an opened admonition) of more
// than one line (and no closing condition, as a comment's or a <pre>'s): its lines that are a JSX
// tag alone (directOpen, directClose, indented less than four spaces), and how many others are
// not blank; a code fence's lines are code, tags or not. blankable is false when MDX may read
// the tags otherwise than as the page's own elements around Markdown: a line between looks like a
// heading's (which the page's document, having read the block as HTML, does not know), or a list
// item or quote (under which a tag indented further down is a child of the item for MDX), or a
// code fence is left open or could be read otherwise by the two parsers.
func htmlBlockLines(n ast.Node, src []byte) (tags []text.Segment, others int, blankable bool) {
	block, ok := n.(*ast.HTMLBlock)
	if !ok || block.HasClosure() || block.Lines().Len() < 2 {
		return nil, 0, false
	}
	headings, fences, containers := false, false, false
	fence := "" // the marker of the code fence open, whose lines are code, tags or not
	for i := 0; i < block.Lines().Len(); i++ {
		seg := block.Lines().At(i)
		whole := strings.TrimRight(string(seg.Value(src)), "\n")
		line := strings.TrimLeft(whole, " ")
		indent := len(whole) - len(line)
		if fence != "" {
			others++
			if t := strings.TrimRight(line, " \t"); strings.Trim(t, fence[:1]) == "" && len(t) >= len(fence) {
				fence = ""
				fences = fences || indent >= 4 // a closing line goldmark would take for code
			}
			continue
		}
		switch {
		case indent < 4 && (directOpen.MatchString(line) || directClose.MatchString(line)):
			tags = append(tags, seg)
		case strings.TrimSpace(line) != "":
			others++
			headings = headings || atxHeading.MatchString(line) || setextUnderline.MatchString(line)
			containers = containers || listItemStart.MatchString(line) || strings.HasPrefix(line, ">")
			if f := fenceLine(line); f != nil {
				// A fence both parsers open (not indented four spaces: MDX has no indented code),
				// with no backtick in a backtick fence's info (goldmark's rule; micromark's too).
				fence = f[1]
				fences = fences || indent >= 4 || f[1][0] == '`' && strings.Contains(line[len(f[0]):], "`")
			}
		}
	}
	// A fence the block leaves open goes on past it for goldmark once its tags are blank.
	return tags, others, others > 0 && !headings && !containers && !fences && fence == ""
}
