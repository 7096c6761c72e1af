package mdx

// runs.go takes the stretches of an MDX page that hold no MDX syntax away from the MDX compiler:
// its parse (micromark) of the whole page was most of an MDX page's cost, and a typical page is
// mostly Markdown around a few components. Each run of top-level blocks that uses nothing MDX reads
// otherwise than CommonMark (UsesMDXSyntax, per block) becomes one line `<<token>run<n> />` in
// the source the compiler gets (its other lines left out: runLine), and docsd puts the
// run's React elements, made from its own parse of the page (runjs.go), where the compiler left
// that element (runCall). The compiler checks that each placeholder is a flow element of the page
// or of a JSX element; otherwise, and whenever the page has something read across the whole
// document, the page is compiled whole, as before.

import (
	"bytes"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"docsd/pkg/markdown"
)

// split is a page's source for the compiler with its runs left out.
type split struct {
	source string
	token  string
	runs   [][]string // each run's elements (its top-level blocks), in order
	// markup is each run's elements as React writes them ("" for one written otherwise, a
	// component's): the server's runs (serverruns.go).
	markup [][]string
	tags   map[string]bool // the elements the runs use
	// taken are the heading ids the runs rendered; the compiler must not give them again.
	taken map[string]bool
	// lines are each run's first and last line in the page's source.
	lines [][2]int
	// headings are each run's headings, which the compiler checks it would give the same ids.
	headings [][]runHeading
	// inAdmonition says which runs are in an admonition whose fences the split blanked
	// (runblank.go): the compiler checks that it reads each so, and no other, in a `:::` container.
	inAdmonition []bool
	// dropTitle is what the compiler is told: false when the title heading was in a run (and
	// left out of it here).
	dropTitle bool
}

var (
	// Link reference definitions and footnotes are read across the whole document: a page with
	// either is compiled whole.
	refDefinition = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:`)
	// An ATX heading, whose line may end in the spaces StripHeadingIDs left of its {#id}.
	atxHeading = regexp.MustCompile(`^ {0,3}#{1,6}([ \t]|$)`)
	// What GFM's autolink literals start with (hasAutolinkText, runtext.go, reads ASCII lines).
	autolinkText = regexp.MustCompile(`(?i)www\.|https?:|mailto:|@`)
	// A link's destination and title, `](…)`, which GFM does not make links of.
	linkDest = regexp.MustCompile(`\]\([^()]*\)`)
	// A setext heading's underline (or a thematic break of dashes).
	setextUnderline = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	// The start of a list item.
	listItemStart = regexp.MustCompile(`^ {0,3}([-+*]|[0-9]{1,9}[.)])([ \t]|$)`)
	// A table's delimiter row.
	delimiterRow = regexp.MustCompile(`^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$`)
	// A character reference; backslash escapes are looked for as a byte. Both are left to the
	// compiler (a block with one is not a run), which resolves them into its text nodes.
	charRef = regexp.MustCompile(`&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)
)

// Each regexp below is asked only of text holding the literal its matches must hold ("]:", "&",
// "]("): Go's regexp reads every byte of what it is given, and most blocks and pages hold none.

// wholePageReason says why a page is compiled whole ("" when it may be split): what the split
// cannot see block by block.
func wholePageReason(src string) string {
	switch {
	case strings.IndexByte(src, '\r') >= 0 || strings.IndexByte(src, 0) >= 0:
		return "a carriage return or NUL"
	case strings.Contains(src, "[^"):
		return "footnotes"
	case strings.Contains(src, "]:") && refDefinition.MatchString(src):
		return "link reference definitions"
	}
	return ""
}

// blockIsRun reports whether a block's source, as a page of its own, would read as CommonMark
// reads it and has nothing the elements of runjs.go leave out. code marks, by line of text, the
// lines goldmark reads as a fenced code block's content (nil: none), which both parsers take as
// they are: a backslash, a character reference or spaces at a line's end there are the code's
// (a shell command's `\` line continuation, a regular expression).
func blockIsRun(text string, code []bool) bool {
	// The checks read the text of the inline elements runs may take, not their tags: an
	// attribute's value is neither Markdown nor MDX (a ` in it pairs with no other).
	text = withoutInlineElements(text)
	if usesMDXSyntax(text) {
		return false
	}
	prose := text
	if slices.Contains(code, true) {
		kept := strings.Split(text, "\n")
		for i := range kept {
			if i < len(code) && code[i] {
				kept[i] = ""
			}
		}
		prose = strings.Join(kept, "\n")
	}
	if strings.Contains(prose, `\`) || strings.IndexByte(prose, '&') >= 0 && charRef.MatchString(prose) {
		return false
	}
	// Where the two parsers read text otherwise: a directive's name (the compiler makes "1:1"
	// three text nodes), a ~ not doubled (GFM's strikethrough, which goldmark does not take), and what
	// GFM makes a link of (www., a URL, an email), whose ends the two find differently.
	differs := false
	piped := false // a line with a | since the last blank line: maybe a table
	table := false // a table's delimiter row since the last blank line
	done := proseLines(text, func(whole, line string) {
		// A setext underline under a table's lines, or a line with no | after a table's delimiter
		// row: micromark reads one as one more row and ends the table at a list item, goldmark
		// the other way round.
		filled, pipe := strings.TrimSpace(whole) != "", strings.IndexByte(whole, '|') >= 0
		differs = differs || piped && setextUnderline.MatchString(whole) || table && filled && !pipe
		piped = filled && (piped || pipe)
		table = filled && (table || pipe && delimiterRow.MatchString(whole))
		differs = differs || oddTildes(line) || hasDirectiveName(line) || hasAutolinkText(line) && !urlsCertain(line)
	})
	if differs || !done {
		return false
	}
	for line := range strings.SplitSeq(prose, "\n") {
		// (A heading's {#id}, taken off the compiler's source, leaves spaces: a heading has no
		// line breaks.)
		if (strings.HasSuffix(line, " ") || strings.HasSuffix(line, "\t")) && !atxHeading.MatchString(line) {
			return false // a hard line break, or spaces the two parsers may keep differently
		}
	}
	return true
}

// proseLines calls fn with each line of a block outside code, as written (whole) and as text
// GFM reads for links (line: an admonition's marks, code spans and links' destinations taken
// out), and reports whether the block's admonitions are all closed.
func proseLines(text string, fn func(whole, line string)) bool {
	adm := newAdmonitionLines()
	eachLine(text, func(line string) string {
		whole := line
		if line = withoutCodeSpans(adm.line(line)); strings.Contains(line, "](") {
			line = linkDest.ReplaceAllString(line, "](")
		}
		fn(whole, line)
		return line
	}, func(line, marker, lang string, opening, closing bool) string {
		adm.code(line)
		return line
	})
	return adm.done()
}

// oddTildes reports a run of ~ other than ~~ in line.
func oddTildes(line string) bool {
	for i := 0; i < len(line); {
		if line[i] != '~' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] == '~' {
			j++
		}
		if j-i != 2 {
			return true
		}
		i = j
	}
	return false
}

// scanOpen follows what a block that stays with the compiler leaves open: a `{` not yet closed
// (an expression or an export that goes on over a blank line) or a JSX tag whose `>` has not
// come. A block after it cannot be a run. Code fences are skipped; strings are not, so the count
// errs towards open, which only keeps blocks with the compiler.
func scanOpen(text string, depth int, inTag bool) (int, bool) {
	eachLine(text, func(line string) string {
		line = withoutCodeSpans(line)
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case c == '{':
				depth++
			case c == '}':
				depth--
			case c == '<' && depth == 0 && i+1 < len(line) && (isLetter(line[i+1]) || strings.IndexByte("/>!", line[i+1]) >= 0):
				inTag = true
			case c == '>' && depth == 0:
				inTag = false
			}
		}
		return line
	}, nil)
	return depth, inTag
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }

// nodeStart is the offset of the line a top-level block starts on, -1 when nothing in it says.
func nodeStart(n ast.Node, src []byte) int {
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if a, ok := c.(*markdown.Admonition); ok {
			off = a.Start()
			return ast.WalkStop, nil
		}
		if b, ok := markdown.BreakStart(c); ok {
			off = b
			return ast.WalkStop, nil
		}
		if f, ok := c.(*ast.FencedCodeBlock); ok {
			switch {
			case f.Info != nil:
				off = f.Info.Segment.Start
			case f.Lines().Len() > 0:
				// The fence's line is the one before its first line of code.
				start := f.Lines().At(0).Start
				off = bytes.LastIndexByte(src[:max(start-1, 0)], '\n') + 1
				if start == 0 {
					off = -1
				}
			}
			return ast.WalkStop, nil
		}
		if t, ok := c.(*ast.Text); ok {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		if c.Type() == ast.TypeBlock && c.Lines().Len() > 0 {
			off = c.Lines().At(0).Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if off < 0 {
		return -1
	}
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// chunk is one or more top-level blocks and the source lines they span.
type chunk struct {
	nodes       []ast.Node
	first, last int // line indexes, last without the blank lines after it
	run         bool
	// placed: the chunk is one block whose line nodeStart found (no block joined it).
	placed bool
}

// splitRuns splits src (the compiler's source; modelSrc is docsd's model of the same lines, and
// tree its parse, conv.Tree(modelSrc), or nil to parse it here) into runs and the rest; nil when
// there is nothing to take away, or the page must be compiled whole. asHTML gives the blocks that
// can be given so as HTML (runhtml.go). The tree is only read.
//
// parseRuns proves every run's lines its blocks by parsing them alone (sameBlocks), where setOff
// proves most without a parse; the tests split each page both ways and compare.
func splitRuns(src string, conv *markdown.Converter, tree ast.Node, modelSrc []byte, token string, dropTitle bool, headings []markdown.Heading,
	resolve func(string, bool) string, hl *markdown.CodeHighlighter, asHTML, parseRuns bool) *split {
	if wholePageReason(src) != "" {
		return nil
	}
	lines := strings.Split(src, "\n")
	if len(lines) != bytes.Count(modelSrc, []byte{'\n'})+1 {
		return nil
	}
	if tree == nil {
		tree = conv.Tree(modelSrc)
	}
	// With tags blanked the split may fail where the model's does not (a heading only the
	// blanked parse sees): then the model's split stands, as before.
	if blanked, tagLines, admonitions := linesBlanked(tree, modelSrc); blanked != nil {
		sp := splitParsed(src, lines, conv, conv.Tree(blanked), blanked, tagLines, admonitions, token, dropTitle, headings, resolve, hl, asHTML, parseRuns)
		if sp != nil {
			return sp
		}
	}
	return splitParsed(src, lines, conv, tree, modelSrc, nil, nil, token, dropTitle, headings, resolve, hl, asHTML, parseRuns)
}

// splitParsed is splitRuns on the model's parse; tagLines are the lines linesBlanked made blank
// in it, which set a run off as a blank line does (the compiler reads a placeholder next to such a
// tag as an element of its own), and admonitions the opened admonitions' fences among them.
func splitParsed(src string, lines []string, conv *markdown.Converter, tree ast.Node, modelSrc []byte, tagLines map[int]bool, admonitions [][2]int, token string, dropTitle bool,
	headings []markdown.Heading, resolve func(string, bool) string, hl *markdown.CodeHighlighter, asHTML, parseRuns bool) *split {
	modelLines := strings.Split(string(modelSrc), "\n")
	lineStarts := []int{0}
	for i, c := range modelSrc {
		if c == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	lineOf := func(off int) int { return sort.SearchInts(lineStarts, off+1) - 1 }
	// Top-level blocks into chunks: a block whose line nothing in it gives joins the one before.
	var chunks []*chunk
	for n := tree.FirstChild(); n != nil; n = n.NextSibling() {
		off := nodeStart(n, modelSrc)
		if off < 0 || len(chunks) > 0 && lineOf(off) <= chunks[len(chunks)-1].first {
			if len(chunks) == 0 {
				chunks = append(chunks, &chunk{first: 0})
			}
			chunks[len(chunks)-1].nodes = append(chunks[len(chunks)-1].nodes, n)
			chunks[len(chunks)-1].placed = false
			continue
		}
		chunks = append(chunks, &chunk{nodes: []ast.Node{n}, first: lineOf(off), placed: true})
	}
	// The lines of fenced code blocks' content, as goldmark reads them.
	codeLines := make([]bool, len(lines))
	_ = ast.Walk(tree, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if code, ok := n.(*ast.FencedCodeBlock); ok && entering {
			for i := 0; i < code.Lines().Len(); i++ {
				if l := lineOf(code.Lines().At(i).Start); l < len(codeLines) {
					codeLines[l] = true
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	blank := func(i int) bool { return i < 0 || i >= len(lines) || strings.TrimSpace(lines[i]) == "" }
	modelBlank := func(i int) bool { return strings.TrimSpace(modelLines[i]) == "" }
	for i, c := range chunks {
		end := len(lines)
		if i+1 < len(chunks) {
			end = chunks[i+1].first
		}
		// The lines up to the next block, but for the blank ones after it in docsd's model, where
		// import and export blocks are blank: those stay with the compiler.
		c.last = end - 1
		for c.last > c.first && modelBlank(c.last) {
			c.last--
		}
	}
	// Which chunks may be runs: their own text, and nothing left open before them by what stays
	// with the compiler (blocks that are not runs, and the import and export blocks between).
	// The blocks after an HTML block with lines other than tags may be, for MDX, more of the
	// Markdown it reads in that block's lines (a list's next item or paragraph after a blank line,
	// where goldmark's HTML block ended): the block right after it, and those after that which are
	// indented or start a list item or quote, stay with the compiler. Not after an HTML block
	// whose last line is a closing tag at the line's start (indented, it may be in a list item
	// MDX goes on with), when no tag is left open after it (scanOpen's depth, below): a list or
	// paragraph MDX read in an element ended with the element.
	holdsMarkdown := func(c *chunk) bool {
		last := c.nodes[len(c.nodes)-1]
		if _, others, _ := htmlBlockLines(last, modelSrc); others == 0 {
			return false
		}
		lastLine := last.Lines().At(last.Lines().Len() - 1)
		return !directClose.MatchString(strings.TrimSuffix(string(lastLine.Value(modelSrc)), "\n"))
	}
	continues := false // the chunk may continue such a block's Markdown
	mayContinue := func(c *chunk) bool {
		first := lines[c.first]
		return strings.TrimLeft(first, " \t") != first || listItemStart.MatchString(first) || strings.HasPrefix(first, ">")
	}
	depth, inTag := 0, false
	prevLast := -1
	group := -1 // the first line of the runs right before, with no line between them
	for k, c := range chunks {
		if gap := strings.Join(lines[prevLast+1:c.first], "\n"); strings.TrimSpace(gap) != "" {
			depth, inTag = scanOpen(gap, depth, inTag)
		}
		if k == 0 || c.first != prevLast+1 || !chunks[k-1].run {
			group = c.first
		}
		text := strings.Join(lines[c.first:c.last+1], "\n")
		// A list item or an indented line after a block the compiler keeps that ends in a list
		// item (a line since its last blank line starts one) may go on with that list for MDX,
		// where goldmark ended it (a list under a table's rows, which goldmark read as rows).
		endsInItem := false
		if k > 0 && !chunks[k-1].run {
			for l := chunks[k-1].last; l >= chunks[k-1].first && !blank(l) && !endsInItem; l-- {
				endsInItem = listItemStart.MatchString(lines[l])
			}
		}
		continues = k > 0 && (holdsMarkdown(chunks[k-1]) || (continues || endsInItem) && mayContinue(c))
		c.run = depth == 0 && !inTag && !continues && blockIsRun(text, codeLines[c.first:c.last+1]) && supported(c.nodes, modelSrc) &&
			autoLinksAgree(c.nodes, modelSrc, text)
		if c.run && group < c.first {
			// Blocks with no blank line between are read together too: a table's lines, then an
			// underline, are blocks goldmark ends where micromark does not.
			c.run = blockIsRun(strings.Join(lines[group:c.last+1], "\n"), codeLines[group:c.last+1])
		}
		if !c.run {
			depth, inTag = scanOpen(text, depth, inTag)
		}
		prevLast = c.last
	}
	// joined says whether chunk k goes on the run of chunk k-1: both are runs, and only blank
	// lines are between them (not an import or export block).
	joined := func(k int) bool {
		if k <= 0 || k >= len(chunks) || !chunks[k-1].run || !chunks[k].run {
			return false
		}
		for l := chunks[k-1].last + 1; l < chunks[k].first; l++ {
			if !blank(l) {
				return false
			}
		}
		return true
	}
	// A run is set off by blank lines (else the compiler would read its placeholder as part of
	// the block next to it).
	setsOff := func(i int) bool { return blank(i) || tagLines[i] }
	for changed := true; changed; {
		changed = false
		for i, c := range chunks {
			if c.run && (!joined(i) && !setsOff(c.first-1) || !joined(i+1) && !setsOff(c.last+1)) {
				c.run, changed = false, true
			}
		}
	}
	// A title heading alone is left to the compiler, which drops it: a run of nothing would still
	// be a child of the page (an empty string, and the "\n" after it).
	title, _ := tree.FirstChild().(*ast.Heading)
	if title == nil || !dropTitle || title.Level != 1 || len(chunks) == 0 || !chunks[0].run {
		title = nil
	} else if len(chunks[0].nodes) == 1 && !joined(1) {
		chunks[0].run, title = false, nil
	}
	sp := &split{token: token, tags: map[string]bool{}, taken: map[string]bool{}, dropTitle: dropTitle}
	if title != nil {
		sp.dropTitle = false // the run leaves it out
	}
	free := map[string]int{} // heading id → how many model headings have it, not yet taken
	for _, h := range headings {
		free[h.ID+"\x00"+h.Text]++
	}
	hs := &runHeadings{free: free, taken: sp.taken, before: map[string][]string{}}
	for _, h := range headings {
		hs.before[h.Text] = append(hs.before[h.Text], h.ID)
	}
	out := append([]string(nil), lines...)
	r := &runJSX{src: modelSrc, resolve: resolve, hl: hl, tags: sp.tags, asHTML: asHTML}
	for i := 0; i < len(chunks); {
		if !chunks[i].run {
			i++
			continue
		}
		j := i
		var nodes, all []ast.Node
		for ; j == i || joined(j); j++ {
			for _, n := range chunks[j].nodes {
				all = append(all, n)
				if n != ast.Node(title) || title == nil {
					nodes = append(nodes, n)
				}
			}
		}
		first, last := chunks[i].first, chunks[j-1].last
		spansBlanked := false // a block goldmark read across a line the compiler reads as a tag or fence
		for k := first; k <= last && !spansBlanked; k++ {
			spansBlanked = tagLines[k]
		}
		if spansBlanked || !(!parseRuns && setOff(chunks, i, j, modelBlank) || sameBlocks(conv, modelLines[first:last+1], all)) {
			// The lines found for the blocks are not the blocks (a block whose first line holds
			// nothing that says where it is, as ":::note" or a lone ">"): they stay with the
			// compiler.
			if i == 0 && title != nil {
				return nil // and so does the title, which the compiler was told to keep
			}
			i = j
			continue
		}
		r.ok = true
		var els, markup []string
		for _, n := range nodes {
			if asHTML {
				if js, m, ok := r.htmlBlock(n); ok {
					els, markup = append(els, js), append(markup, m)
					continue
				}
				if code, ok := n.(*ast.FencedCodeBlock); ok {
					js, m := r.codeHTML(code)
					els, markup = append(els, js), append(markup, m)
					continue
				}
			}
			els, markup = append(els, r.block(n)), append(markup, "")
		}
		if !r.ok && i == 0 && title != nil {
			return nil
		}
		if !r.ok {
			i = j // a node runjs.go has no rule for: the run stays with the compiler
			continue
		}
		taken, res := hs.take(nodes, modelSrc)
		switch res {
		case headingUnknown:
			return nil // a heading the page's document has not: simpler to leave the page whole
		case headingAfterOther:
			if i == 0 && title != nil {
				return nil
			}
			i = j // the compiler gives its id, as it would compiled whole
			continue
		}
		out[first] = runLine(token, len(sp.runs))
		for k := first + 1; k <= last; k++ {
			out[k] = dropped
		}
		sp.runs = append(sp.runs, els)
		sp.markup = append(sp.markup, markup)
		sp.lines = append(sp.lines, [2]int{first, last})
		sp.inAdmonition = append(sp.inAdmonition, slices.ContainsFunc(admonitions, func(a [2]int) bool { return a[0] < first && last < a[1] }))
		sp.headings = append(sp.headings, taken)
		i = j
	}
	if len(sp.runs) == 0 {
		return nil
	}
	// A run's other lines are left out, not blanked: micromark's reading of blank lines was a
	// good part of what the compiler still parsed. Positions in the compiler's source are wrong
	// after a run, but only errors report them, and a page with an error is compiled whole.
	kept := out[:0]
	for _, line := range out {
		if line != dropped {
			kept = append(kept, line)
		}
	}
	sp.source = strings.Join(kept, "\n")
	return sp
}

// runLine is the line that stands for run n in the compiler's source: an element with no
// attributes or children, which MDX reads without acorn (a string expression `{"…"}`, as it was,
// costs an acorn parse: 6 % of the compiler's CPU on cost.sh's pages, two runs each), named with
// the page's token, in lower case, so that MDX writes it as an HTML element, which no components
// map or import names: runCall.
func runLine(token string, n int) string {
	return "<" + token + "run" + itoa(n) + " />"
}

// runCall is runLine as the compiled module writes it.
func runCall(token string, n int) string {
	return `_jsx("` + token + "run" + itoa(n) + `", {})`
}

// dropped marks a line a run leaves out (no line of a source has a NUL: wholePageReason).
const dropped = "\x00"

// supported reports whether runjs.go has a rule for every node of nodes (of src).
func supported(nodes []ast.Node, src []byte) bool {
	ok := true
	ends := map[ast.Node]bool{} // the end tags of the inline elements taken
	for _, n := range nodes {
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch c := c.(type) {
			case *ast.FencedCodeBlock:
				ok = !fenceLikeLine(c, src)
				return ast.WalkSkipChildren, nil
			case *markdown.Admonition:
				ok = supportedAdmonition(c)
			case *ast.Text:
				ok = ok && !c.HardLineBreak()
			case *ast.RawHTML:
				// An inline element (runinline.go); a <div> only in a heading or a table's
				// cell, where a browser keeps it (react-native-website's `### prop <div
				// className="label android">Android</div>`, and its props tables' "Required"
				// labels): in a paragraph it would close the <p>; a <br/> not in a heading.
				if !ends[c] {
					el, end, taken := inlineElement(c, src)
					ok = taken && (el.tag != "div" || inHeading(c) || inCell(c)) && (!el.void || !inHeading(c))
					ends[end] = true
				}
			case *east.Table:
				// A table in a list item or a quote may be lines that continue a paragraph
				// lazily, which goldmark makes a table of and micromark does not.
				_, top := c.Parent().(*ast.Document)
				ok = top
			case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *ast.ThematicBreak, *ast.Blockquote, *ast.List, *ast.ListItem,
				*east.TableHeader, *east.TableRow, *east.TableCell, *ast.String, *ast.CodeSpan, *ast.Emphasis,
				*east.Strikethrough, *ast.Link, *ast.AutoLink, *ast.Image, *east.TaskCheckBox:
			default:
				// An admonition's title block: plain text only (runadmonition.go).
				if ok = isAdmonitionTitle(c) && plainTitle(c); ok {
					return ast.WalkSkipChildren, nil
				}
			}
			if !ok {
				return ast.WalkStop, nil
			}
			return ast.WalkContinue, nil
		})
	}
	return ok
}

// fenceLikeLine reports whether a line of a fenced code block's content is only a run of three
// or more backticks or tildes: goldmark keeps such a line indented by four spaces or a tab as
// code, where MDX, which has no indented code, ends the fence at it.
func fenceLikeLine(code *ast.FencedCodeBlock, src []byte) bool {
	for i := 0; i < code.Lines().Len(); i++ {
		seg := code.Lines().At(i)
		line := strings.TrimSpace(string(seg.Value(src)))
		if len(line) >= 3 && (strings.Trim(line, "`") == "" || strings.Trim(line, "~") == "") {
			return true
		}
	}
	return false
}

// inHeading reports whether n is in a heading.
func inHeading(n ast.Node) bool { return within[*ast.Heading](n) }

// inCell reports whether n is in a table's cell.
func inCell(n ast.Node) bool { return within[*east.TableCell](n) }

// within reports whether n is inside a node of type T.
func within[T ast.Node](n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(T); ok {
			return true
		}
	}
	return false
}

// setOff reports whether the lines of chunks i to j-1 are, without a doubt, their blocks: each
// chunk is one block whose line nodeStart found, and it and the chunk after the run (if any)
// start after a blank line of docsd's model (or at its first line). A block starts on a line
// that is not blank, and every line from there to the one nodeStart finds is not blank either
// (a lone ">" or "-", a fence), so a block that starts earlier than its line shows as a line
// that is not blank before it; and each block ends where the next begins. What sameBlocks'
// parse finds beyond that is a block whose line nodeStart misplaced, which this sends to it.
func setOff(chunks []*chunk, i, j int, blank func(int) bool) bool {
	startsClean := func(k int) bool { return chunks[k].first == 0 || blank(chunks[k].first-1) }
	for k := i; k < j; k++ {
		if !chunks[k].placed || !startsClean(k) {
			return false
		}
	}
	return j == len(chunks) || startsClean(j)
}

// sameBlocks reports whether lines, parsed alone, are blocks of the kinds of nodes, in order.
func sameBlocks(conv *markdown.Converter, lines []string, nodes []ast.Node) bool {
	alone := conv.Tree([]byte(strings.Join(lines, "\n")))
	n := alone.FirstChild()
	for _, want := range nodes {
		if n == nil || n.Kind() != want.Kind() || n.ChildCount() != want.ChildCount() {
			return false
		}
		n = n.NextSibling()
	}
	return n == nil
}

// runHeadings are the page's headings as runs take them.
type runHeadings struct {
	free  map[string]int  // id and text → how many of the document's headings have them, not taken
	taken map[string]bool // the ids runs took
	// before is, by text, the ids of the document's headings with that text, in order. The
	// compiler gives a heading the first id of its text it has not given: a run's heading has its
	// own id only when each heading of the same text before it was taken by a run. Another may be
	// one the compiler gives (in a JSX element), or one only docsd's model sees (a heading-like
	// line of a template literal over a blank line), which the page compiled whole skips.
	before map[string][]string
}

// What take found.
const (
	headingsTaken = iota
	headingUnknown
	headingAfterOther
)

// runHeading is a heading of a run, as the compiler's request names it.
type runHeading struct {
	Value string `json:"value"`
	ID    string `json:"id"`
}

// take marks the headings of nodes as given (by id and text, as the page's document has them)
// and returns them, or nothing when it cannot (headingUnknown: one is not among them;
// headingAfterOther: one comes after a heading of the same text that no run took).
func (hs *runHeadings) take(nodes []ast.Node, src []byte) ([]runHeading, int) {
	type found struct{ id, key, text string }
	var got []found
	var wrong int
	free := map[string]int{}
	for _, n := range nodes {
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			h, isHeading := c.(*ast.Heading)
			if !entering || !isHeading {
				return ast.WalkContinue, nil
			}
			id, _ := h.AttributeString("id")
			idb, _ := id.([]byte)
			text := markdown.HeadingText(h, src)
			key := string(idb) + "\x00" + text
			if hs.free[key]-free[key] == 0 {
				wrong = headingUnknown
				return ast.WalkStop, nil
			}
			free[key]++
			for _, other := range hs.before[text] {
				if other == string(idb) {
					break
				}
				if !hs.taken[other] && !slices.ContainsFunc(got, func(f found) bool { return f.id == other }) {
					wrong = headingAfterOther
				}
			}
			got = append(got, found{string(idb), key, text})
			return ast.WalkSkipChildren, nil
		})
		if wrong == headingUnknown {
			break
		}
	}
	if wrong != headingsTaken {
		return nil, wrong
	}
	out := make([]runHeading, 0, len(got))
	for _, f := range got {
		hs.free[f.key]--
		hs.taken[f.id] = true
		out = append(out, runHeading{Value: f.text, ID: f.id})
	}
	return out, headingsTaken
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// RunsMark is the line between a compiled page's module and its runs' functions (patch): a
// module without the functions is JavaScript that calls them, so the bundler can leave them out of
// what esbuild parses and put them back after (pkg/bundle's quickPage).
const RunsMark = "\n//docsd:runs\n"

// CutRuns cuts a compiled page at RunsMark: the module, and the runs' functions ("" when none).
func CutRuns(js string) (module, runs string) {
	module, runs, _ = strings.Cut(js, RunsMark)
	return module, runs
}

// patch puts a call of each run's function where the compiler left its placeholder, names the
// elements in the page's components map, imports the JSX runtime the functions are given and
// writes the functions after RunsMark; false when the module is not as the compiler prints it (the
// page is then compiled whole). A run's function takes the runtime and the components map as
// arguments (j, s, f, c), so that its text means the same wherever it is put: after esbuild has
// minified the module's own names (pkg/bundle), or as a part of the module.
func (sp *split) patch(js string, inJSX []bool) (string, bool) {
	const fn = "function _createMdxContent(props) {\n"
	at := strings.Index(js, fn)
	if at < 0 || !strings.Contains(js, "useMDXComponents as _provideComponents") {
		return "", false
	}
	// The runs' functions are most of a split page's bytes: they are written once, into a
	// builder as long as they will be, not joined and copied on the way (a page's allocations
	// are much of its cost, in the collector).
	size := 0
	for _, blocks := range sp.runs {
		size += 64 + len(sp.token)
		for _, el := range blocks {
			size += len(el) + len(`,"\n",`)
		}
	}
	var b, funcs, server strings.Builder
	b.Grow(len(js) + 128*len(sp.runs))
	funcs.Grow(size + len(ServerRunsMark) + sp.serverSize())
	var markups [][]string // what the renderer's placeholders stand for (serverruns.go)
	placed := false
	b.WriteString("import {Fragment as _docsdFragment, jsx as _docsdJsx, jsxs as _docsdJsxs} from \"react/jsx-runtime\";\n")
	rest := js
	if len(inJSX) != len(sp.runs) {
		return "", false
	}
	for i, blocks := range sp.runs {
		// The page's blocks have "\n" text between them, a JSX element's children do not.
		sep := `,"\n",`
		if inJSX[i] {
			sep = ","
		}
		ph := runCall(sp.token, i)
		k := strings.Index(rest, ph)
		if k < 0 || strings.Contains(rest[k+len(ph):], ph) {
			return "", false
		}
		name := sp.token + "runs" + itoa(i)
		call := name + "(_docsdJsx, _docsdJsxs, _docsdFragment, _components)"
		before := strings.TrimRight(rest[:k], " \n")
		open, end := "", ""
		switch {
		case strings.HasSuffix(before, "[") || strings.HasSuffix(before, ","):
			// One of several children: the run's elements go in the list.
			call = "..." + call
			open, end = "[", "]"
		case strings.HasSuffix(before, ":") || strings.HasSuffix(before, "return"):
			// The only child, of a _jsx call: an array there is a list React (in development)
			// wants keys for, where the compiler would have written _jsxs. A fragment of the
			// elements renders as they do.
			if len(blocks) > 1 {
				open, end = "s(f,{children:[", "]})"
			}
		default:
			return "", false
		}
		b.WriteString(rest[:k])
		b.WriteString(call)
		rest = rest[k+len(ph):]
		// A parenthesized function: V8 compiles it with the module (its heuristic for functions
		// called at once) instead of scanning it then, at its one call, parsing it again; the
		// renderer spent a tenth less on a page (cost.sh's JSX pages, node's CPU).
		funcs.WriteString("var " + name + "=(function(j,s,f,c){return " + open)
		for k, el := range blocks {
			if k > 0 {
				funcs.WriteString(sep)
			}
			funcs.WriteString(el)
		}
		funcs.WriteString(end + "});\n")
		if i < len(sp.markup) && sp.serverRun(&server, name, blocks, sp.markup[i], inJSX[i], open == "[", &markups) {
			placed = true
		}
	}
	b.WriteString(rest)
	out := b.String()
	tags := make([]string, 0, len(sp.tags))
	for t := range sp.tags {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	var names strings.Builder
	for _, t := range tags {
		names.WriteString(t + `: "` + t + `", `)
	}
	at = strings.Index(out, fn) + len(fn)
	const decl = "  const _components = {"
	tail := out[at:]
	if strings.HasPrefix(tail, decl) {
		tail = tail[len(decl):]
	} else {
		names.WriteString("..._provideComponents(), ...props.components};\n")
	}
	// One concatenation: the whole page is copied once.
	if placed {
		funcs.WriteString(ServerRunsMark)
		funcs.WriteString(server.String())
		sp.writeServerTail(&funcs, markups)
	}
	return out[:at] + decl + names.String() + strings.TrimRight(tail, "\n") + RunsMark + funcs.String(), true
}
