// Package markdown turns one Markdown file into a parsed document: parsed once, it yields the title,
// the headings with their ids, every outgoing link with its line and column, the plain text of each
// section for search, and (once the site's routes are known) HTML. Output is deterministic.
package markdown

import (
	"bytes"
	"errors"
	"html"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Converter parses and renders Markdown; it is safe for concurrent use.
type Converter struct {
	md goldmark.Markdown
	// trees counts the trees parsed: each page's source is parsed once when read and, on a large
	// site built with --once, once more when it renders (Trees).
	trees atomic.Int64
	// highlights holds its code blocks' highlighted HTML (codecache.go).
	highlights *Highlights
}

// Trees is how many Markdown trees the converter has parsed (the tests of when a page is parsed
// again read it).
func (c *Converter) Trees() int64 { return c.trees.Load() }

// New makes a converter with the site's Markdown dialect: CommonMark, GFM, admonitions, highlighted
// code, Docusaurus-style heading ids with {#custom} ids, raw HTML; MDX import/export lines are
// left out (esm.go).
func New() *Converter { return NewSharing(&Highlights{}) }

// NewSharing is New with the highlighted code blocks of h, which other renderers share.
func NewSharing(h *Highlights) *Converter {
	md := goldmark.New(
		goldmark.WithParser(newParser()),
		goldmark.WithExtensions(extension.GFM, admonitions{}),
		goldmark.WithParserOptions(parser.WithHeadingAttribute(),
			parser.WithBlockParsers(util.Prioritized(esmParser{}, 60)),
			parser.WithASTTransformers(util.Prioritized(headingIDs{}, 100))),
		goldmark.WithRendererOptions(ghtml.WithUnsafe(),
			renderer.WithNodeRenderers(util.Prioritized(esmRenderer{}, 100), util.Prioritized(newCodeRenderer(h), 100), util.Prioritized(headingRenderer{}, 100), util.Prioritized(newTableRenderer(), 100))),
	)
	return &Converter{md: md, highlights: h}
}

// Highlights is the converter's highlighted code blocks, to share (NewSharing).
func (c *Converter) Highlights() *Highlights { return c.highlights }

// Heading is one heading of a document.
type Heading struct {
	Level int    `json:"level"`
	ID    string `json:"id"`
	Text  string `json:"value"`
}

// Link is one outgoing reference of a document, where the writer wrote it.
type Link struct {
	Dest   string
	Text   string
	Line   int
	Column int
	Image  bool // an image or another embedded file rather than a page
	// Component: an attribute of a JSX element named with a capital (<Screenshot src>), whose
	// component decides what the URL means (a site's usually passes it to useBaseUrl).
	Component bool
	node      ast.Node
	// refLabel is the label of the reference definition the link came from (RefLabel).
	refLabel string
}

// Section is the text under one heading (the first section, before any heading, has ID "").
type Section struct {
	ID      string
	Heading string
	Text    string
	// Keys are the first cells of the section's table rows: the flags, variables and fields that a
	// reference table defines, which search ranks like headings.
	Keys string
	// Quotes are the messages the section quotes: its code spans of three words or more without a
	// flag (a word that starts with "-"), such as the error a troubleshooting entry explains. A
	// reader pastes a message as the program printed it; search puts the page that quotes it first.
	Quotes []string
}

// Doc is one parsed Markdown document.
type Doc struct {
	Title    string // the first level-1 heading, removed from the body
	Headings []Heading
	Links    []Link
	// sections are what search indexes (Sections); nil until a render or Sections makes them,
	// and once ReleaseSections dropped them.
	sections []Section
	// Warnings are unclosed fences and admonitions and unknown admonition kinds (lint.go).
	Warnings []Warning
	// tooDeep is the warning about containers nested past maxNesting, if any (TooDeep).
	tooDeep *Warning
	source  []byte
	// firstLine is the line of source's first line in its file (front matter comes before it).
	firstLine int
	root      ast.Node // nil after Release: Render parses source again
	// titleHeading is the title heading taken out of root, and titleAfter the node it came after
	// (nil: the first), for WithTree.
	titleHeading *ast.Heading
	titleAfter   ast.Node
	conv         *Converter
	// truncated is true when a `<!-- truncate -->` block ends the excerpt; excerptEnd is where that
	// block starts in source (ExcerptSource).
	truncated  bool
	excerptEnd int
	// What the link check reads, found once by Parse (refs.go).
	htmlIDs       []string
	undefinedRefs []UndefinedRef
	autoLinks     []AutoLinkRef
	// mu serialises renders: a page shared by several locales is rendered with different link
	// targets, and rendering rewrites the destinations in the tree.
	mu sync.Mutex
	// sourceGone is true once ReleaseSource dropped the source: the document renders no more.
	sourceGone bool
	// bulk is what Bulk answered, kept.
	bulk []Bulk
	// rendered is the length of the last RenderString, the size the next one starts at when it
	// is large (renderHint).
	rendered int
}

// Parse parses src. firstLine is the line number of src's first line in its file (front matter comes
// before it), so that link positions point into the file the writer edits.
func (c *Converter) Parse(src []byte, firstLine int) *Doc {
	d := &Doc{source: src, conv: c, firstLine: firstLine}
	root, title, heading, after, deep := d.parseTreeTitle()
	d.root, d.Title, d.titleHeading, d.titleAfter = root, title, heading, after
	lines := lineStarts(src)
	pos := func(off int) (int, int) {
		i := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
		if i < 0 {
			i = 0
		}
		return i + firstLine, off - lines[i] + 1
	}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			id, _ := n.AttributeString("id")
			idb, _ := id.([]byte)
			d.Headings = append(d.Headings, Heading{Level: n.Level, ID: string(idb), Text: renderedText(n, src)})
		case *ast.Link:
			line, col := pos(startOffset(n, src) - 1)
			d.Links = append(d.Links, Link{Dest: string(n.Destination), Text: plainText(n, src), Line: line, Column: col, node: n, refLabel: refLabel(n)})
		case *ast.Image:
			line, col := pos(startOffset(n, src) - 2)
			d.Links = append(d.Links, Link{Dest: string(n.Destination), Text: plainText(n, src), Line: line, Column: col, Image: true, node: n, refLabel: refLabel(n)})
		case *ast.RawHTML:
			segs := n.Segments
			for i := 0; i < segs.Len(); i++ {
				seg := segs.At(i)
				d.Links = append(d.Links, htmlLinks(src, seg.Start, seg.Value(src), pos)...)
			}
		case *ast.HTMLBlock:
			if n.HTMLBlockType == ast.HTMLBlockType2 {
				break // a comment: what it holds is not on the page
			}
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				d.Links = append(d.Links, htmlLinks(src, seg.Start, seg.Value(src), pos)...)
			}
		}
		return ast.WalkContinue, nil
	})
	// The sections' text is left to Sections or a render: a build that releases the tree here
	// renders the page from a second parse, which makes them again, and holding them from
	// processing to rendering was the largest part of a 50,000-page build's live heap (247 of
	// 886 MB, 1.3 of 3.1 million objects: BENCHMARKS.md, Session 16).
	d.tooDeep = deep.warning(pos)
	d.Warnings = lint(root, src, pos, deep.lines, d.tooDeep)
	d.htmlIDs, d.undefinedRefs, d.autoLinks = d.findHTMLIDs(), d.findUndefinedRefs(), d.findAutoLinks()
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		if hb, isHTML := n.(*ast.HTMLBlock); isHTML && truncateMarker.Match(hb.Lines().Value(src)) {
			d.truncated = true
			if hb.Lines().Len() > 0 {
				d.excerptEnd = hb.Lines().At(0).Start
			}
			break
		}
	}
	return d
}

// parseTree parses the source into a tree, without the title heading, which it returns: the first
// level-1 heading is the title when it comes before any other content.
func (d *Doc) parseTree() (ast.Node, string) {
	root, title, _, _, _ := d.parseTreeTitle()
	return root, title
}

// parseTreeTitle is parseTree, also giving the title heading it took out, the node it came after
// (nil: it was the first) and the lines the nesting limit kept as text (nest.go).
func (d *Doc) parseTreeTitle() (root ast.Node, title string, heading *ast.Heading, after ast.Node, deep *tooDeep) {
	d.conv.trees.Add(1)
	ctx := parser.NewContext(parser.WithIDs(newGithubIDs()))
	root = d.conv.md.Parser().Parse(text.NewReader(d.source), parser.WithContext(ctx))
	first := root.FirstChild()
	for first != nil && first.Kind() == KindESM {
		first = first.NextSibling() // MDX imports before the title do not hide it
	}
	if h, ok := first.(*ast.Heading); ok && h.Level == 1 {
		title, heading, after = renderedText(h, d.source), h, h.PreviousSibling()
		root.RemoveChild(root, h)
	}
	return root, title, heading, after, tooDeepOf(ctx)
}

// Release drops the parsed tree, most of a document's memory; what the document says about itself
// stays, and Render parses the source again. docsd watch holds every page of a site all day and
// renders a few of them again per edit.
func (d *Doc) Release() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.root == nil {
		return // released already (each rebuild releases every page's document again)
	}
	d.root, d.titleHeading, d.titleAfter = nil, nil, nil
	for i := range d.Links {
		d.Links[i].node = nil
	}
}

// ReleaseSource drops the source and the tree, for a build that renders the page no more and will
// not read its text again (docsd build --once, once its last route rendered and its search shard
// is made): at 50,000 pages the sources held until the end of a build were 230 MB. What the
// document says about itself (title, headings, links) stays; Render fails after it, and Sections
// gives what it holds, or nothing.
func (d *Doc) ReleaseSource() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.root, d.source, d.sourceGone = nil, nil, true
	d.titleHeading, d.titleAfter = nil, nil
	for i := range d.Links {
		d.Links[i].node = nil
	}
}

// ReleaseSections drops the text of the document's sections, which search reads only when it
// indexes the page: docsd watch held every page's text all day (45 of 357 MB at 10,000 pages)
// after its search shard had its own copy. Sections computes them again; a render from the source
// does so on the way (Render).
func (d *Doc) ReleaseSections() {
	d.mu.Lock()
	d.sections = nil
	d.mu.Unlock()
}

// Released reports whether the document holds neither its tree nor its sections' text (Release and
// ReleaseSections): what a long-lived build keeps of a page it does not render.
func (d *Doc) Released() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.root == nil && d.sections == nil
}

// Sections are the document's sections as search indexes them: the text before the first
// heading, then one per level-2 or level-3 heading. After ReleaseSections they are computed again
// from the source (and kept until the next ReleaseSections).
func (d *Doc) Sections() []Section {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.sections == nil && !d.sourceGone {
		root := d.root
		if root == nil {
			root, _ = d.parseTree()
		}
		d.sections = sections(root, d.source)
	}
	return d.sections
}

var htmlAttr = regexp.MustCompile(`(?i)\b(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')`)

// htmlLinks finds href and src attributes in raw HTML; commented-out markup is skipped.
func htmlLinks(src []byte, start int, raw []byte, pos func(int) (int, int)) []Link {
	var out []Link
	raw = stripComments(raw)
	for _, m := range htmlAttr.FindAllSubmatchIndex(raw, -1) {
		line, col := pos(start + m[0])
		dest := ""
		if m[4] >= 0 {
			dest = string(raw[m[4]:m[5]])
		} else {
			dest = string(raw[m[6]:m[7]])
		}
		out = append(out, Link{Dest: html.UnescapeString(dest), Line: line, Column: col,
			Image: strings.EqualFold(string(raw[m[2]:m[3]]), "src"), Component: inComponent(src, start+m[0])})
	}
	return out
}

// inComponent reports whether the attribute at offset off of src is in a tag named with a capital,
// a JSX component's: the nearest "<" before it opens the tag, however many lines above (a tag
// written over several lines).
func inComponent(src []byte, off int) bool {
	if off > len(src) {
		return false
	}
	i := bytes.LastIndexByte(src[:off], '<')
	return i >= 0 && i+1 < len(src) && src[i+1] >= 'A' && src[i+1] <= 'Z'
}

// TOC returns the headings between levels min and max, inclusive.
func (d *Doc) TOC(min, max int) []Heading {
	var out []Heading
	for _, h := range d.Headings {
		if h.Level >= min && h.Level <= max {
			out = append(out, h)
		}
	}
	return out
}

// Render writes the document's HTML. resolve maps each link destination as written to the URL the
// page must use (a relative .md link becomes a route); it is applied to the original destinations
// every time, so a document can be rendered again after its targets move.
func (d *Doc) Render(resolve func(dest string, image bool) string) ([]byte, error) {
	var buf bytes.Buffer
	err := d.render(resolve, &buf, nil)
	return buf.Bytes(), err
}

// RenderString is Render into a string. A strings.Builder grows by a quarter at large sizes where a
// bytes.Buffer doubles, and its string is not copied again: for a page of 82 MB of HTML that is
// 100 MB instead of a 128 MB buffer plus an 82 MB string at the moment the render ends (issue 17).
//
// A large page rendered again (the same page in another locale, an edit) starts at the size of
// its last render, with a little room for links that resolve longer: the builder's growth held
// the old and the new buffer at once (82 and 100 MB) besides the tree, and the string kept up
// to a quarter more than its length.
func (d *Doc) RenderString(resolve func(dest string, image bool) string) (string, error) {
	var b strings.Builder
	d.mu.Lock()
	hint := d.rendered
	d.mu.Unlock()
	err := d.render(resolve, &b, func() {
		// Once the tree is parsed: the buffer allocated before it made the parse's 330 MB of a
		// 20 MB page run against a higher heap, and the collector ran more often (81 cycles
		// against 69, +1.9 s of CPU, in one build of that page).
		if hint >= renderHintMin {
			b.Grow(hint + hint/64)
		}
	})
	if hint >= renderHintMin && b.Cap()-b.Len() > b.Len()/16 {
		// Much smaller than the hint (an edit cut the page): not the hint's buffer for the rest
		// of the page's life.
		out := strings.Clone(b.String())
		d.setRendered(len(out))
		return out, err
	}
	d.setRendered(b.Len())
	return b.String(), err
}

// renderHintMin is the smallest render RenderString sizes from the last one: below it, growing
// costs little and a page's renders vary.
const renderHintMin = 1 << 20

func (d *Doc) setRendered(n int) {
	d.mu.Lock()
	d.rendered = n
	d.mu.Unlock()
}

// render writes the document to w; ready, when set, is called once the tree is at hand, before
// the first byte is written.
func (d *Doc) render(resolve func(dest string, image bool) string, w io.Writer, ready func()) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.sourceGone {
		return errors.New("the page's source was released before it rendered")
	}
	root, released := d.root, d.root == nil
	if released {
		// A fresh tree, whose destinations are still as written.
		root, _ = d.parseTree()
	}
	if d.sections == nil {
		// Taken from the tree at hand before search asks for it (Sections), and before the
		// destinations below are rewritten.
		d.sections = sections(root, d.source)
	}
	if released {
		_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if entering {
				switch n := n.(type) {
				case *ast.Link:
					n.Destination = []byte(resolve(string(n.Destination), false))
				case *ast.Image:
					n.Destination = []byte(resolve(string(n.Destination), true))
				}
			}
			return ast.WalkContinue, nil
		})
	} else {
		for _, l := range d.Links {
			switch n := l.node.(type) {
			case *ast.Link:
				n.Destination = []byte(resolve(l.Dest, false))
			case *ast.Image:
				n.Destination = []byte(resolve(l.Dest, true))
			}
		}
	}
	if ready != nil {
		ready()
	}
	return d.conv.md.Renderer().Render(w, d.source, root)
}

// Excerpt renders the blocks before a truncate comment (`<!-- truncate -->`, any spaces inside, as
// Docusaurus reads it); ok is false when there is none.
func (d *Doc) Excerpt(resolve func(string, bool) string) (htmlOut []byte, ok bool, err error) {
	if !d.truncated {
		return nil, false, nil
	}
	full, err := d.Render(resolve)
	if err != nil {
		return nil, false, err
	}
	if loc := truncateMarker.FindIndex(full); loc != nil {
		return full[:loc[0]], true, nil
	}
	return full, true, nil
}

// truncateMarker is the comment that ends a post's excerpt, written as Docusaurus accepts it:
// `<!-- truncate -->`, `<!--truncate-->`. Raw HTML passes through rendering as written, so Excerpt
// cuts the rendered page where it finds it; code shows it escaped, never as a comment.
var truncateMarker = regexp.MustCompile(`<!--\s*truncate\s*-->`)

// markerAtStart is truncateMarker at the start of a block.
var markerAtStart = regexp.MustCompile(`^<!--\s*truncate\s*-->`)

// ExcerptSource is the part of the source the excerpt (Excerpt) is made from: what comes before the
// truncate marker, or the whole source when there is none, or when what follows the marker holds a
// definition (a link reference or a footnote) that the part before it may use, or when the marker's
// block does not begin with it (Excerpt may then cut elsewhere).
// A blog list shows the excerpt, so an edit after the marker leaves the lists as they are. Nil
// after ReleaseSource.
func (d *Doc) ExcerptSource() []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.truncated || d.excerptEnd <= 0 || d.excerptEnd > len(d.source) || !markerAtStart.Match(d.source[d.excerptEnd:]) ||
		definition.Match(d.source[d.excerptEnd:]) {
		return d.source
	}
	return d.source[:d.excerptEnd]
}

// definition finds a line that may be a link reference or footnote definition (`[x]: ...`,
// `[^x]: ...`); some that are not (inside code) only make ExcerptSource whole.
var definition = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:`)

// plainText is the text of a node's inline content with entities and backslash escapes as written.
func plainText(n ast.Node, src []byte) string { return inlineText(n, src, false) }

// inlineText is the text of a node's inline content: soft and hard line breaks become spaces,
// autolinks their URL, inline HTML is left out (it holds no text nodes), an image's alternative
// text is kept. resolve resolves entities and backslash escapes outside code spans, as a reader
// sees them (heading ids, titles, TOC); link texts and table cells keep them as written.
func inlineText(n ast.Node, src []byte, resolve bool) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			v := t.Segment.Value(src)
			if resolve && (t.Parent() == nil || t.Parent().Kind() != ast.KindCodeSpan) {
				v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
			}
			b.Write(v)
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.AutoLink:
			b.Write(t.URL(src))
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// sections splits the document's text at headings of level 2 and 3, for search.
func sections(root ast.Node, src []byte) []Section {
	out := []Section{{}}
	var b, keys strings.Builder
	var quotes []string
	flush := func() {
		out[len(out)-1].Text = collapseSpaces(b.String())
		out[len(out)-1].Keys = collapseSpaces(keys.String())
		out[len(out)-1].Quotes = quotes
		b.Reset()
		keys.Reset()
		quotes = nil
	}
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level >= 2 && h.Level <= 3 {
			flush()
			id, _ := h.AttributeString("id")
			idb, _ := id.([]byte)
			out = append(out, Section{ID: string(idb), Heading: renderedText(h, src)})
			continue
		}
		blockText(&b, n, src)
		tableKeys(&keys, n, src)
		emphasisKeys(&keys, n, src)
		quotes = quoted(quotes, n, src)
	}
	flush()
	return out
}

// quoted appends to qs the messages n quotes (Section.Quotes): its code spans of three words or
// more, none of them a flag.
func quoted(qs []string, n ast.Node, src []byte) []string {
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		switch c.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if !entering {
				return ast.WalkContinue, nil
			}
			words := strings.Fields(plainText(c, src))
			flag := slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "-") })
			if len(words) >= 3 && !flag {
				qs = append(qs, strings.Join(words, " "))
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return qs
}

// emphasisKeys writes what the text in n emphasises (*Restart Build*, _Settings_, not **strong**
// text): the words of a screen the docs name (a button, a tab, a field), which readers type as
// they saw them, as a table's first cell names its row.
func emphasisKeys(b *strings.Builder, n ast.Node, src []byte) {
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		switch c := c.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *east.Table:
			return ast.WalkSkipChildren, nil
		case *ast.Emphasis:
			if entering && c.Level == 1 {
				b.WriteString(plainText(c, src))
				b.WriteByte(' ')
				return ast.WalkSkipChildren, nil
			}
		}
		return ast.WalkContinue, nil
	})
}

// tableKeys writes what the tables in n define: the first cell of every body row, and the other
// cells that hold only code (the environment variables beside a flag, for instance).
func tableKeys(b *strings.Builder, n ast.Node, src []byte) {
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if row, ok := c.(*east.TableRow); ok && entering {
			for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
				if cell == row.FirstChild() || onlyCode(cell, src) {
					b.WriteString(plainText(cell, src))
					b.WriteByte(' ')
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// onlyCode reports whether a cell holds code spans and nothing else but separators.
func onlyCode(cell ast.Node, src []byte) bool {
	code := false
	for c := cell.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.CodeSpan:
			code = true
		case *ast.Text:
			if strings.Trim(string(t.Segment.Value(src)), " ,/") != "" {
				return false
			}
		default:
			return false
		}
	}
	return code
}

func blockText(b *strings.Builder, n ast.Node, src []byte) {
	switch n.(type) {
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			b.Write(seg.Value(src))
		}
		b.WriteByte(' ')
		return
	case *ast.HTMLBlock:
		return
	case *east.TableHeader, *east.TableRow:
		rowText(b, n, src)
		return
	case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *east.TableCell:
		b.WriteString(plainText(n, src))
		b.WriteByte(' ')
		return
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		blockText(b, c, src)
	}
}

// startOffset finds where a link's text starts in the source.
func startOffset(n ast.Node, src []byte) int {
	var off = -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if off >= 0 {
		return off
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			return p.Lines().At(0).Start + 2
		}
	}
	return 2
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// anchorLabel names a heading's "#" link after the heading, as the TOC shows it: a screen reader's
// list of links then tells the sections apart (site/src/mdx/theme/Heading.jsx says the same).
func anchorLabel(h *ast.Heading, src []byte) string {
	if text := strings.Join(strings.Fields(renderedText(h, src)), " "); text != "" {
		return "Link to " + text
	}
	return "Link to this section"
}

// headingRenderer adds a self-link to each heading so readers can copy a link to a section.
type headingRenderer struct{}

func (headingRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, func(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*ast.Heading)
		id, _ := n.AttributeString("id")
		idb, _ := id.([]byte)
		tag := "h" + string(rune('0'+n.Level))
		if entering {
			w.WriteString("<" + tag)
			if len(idb) > 0 {
				w.WriteString(` id="` + html.EscapeString(string(idb)) + `"`)
			}
			w.WriteString(` class="anchor">`)
			return ast.WalkContinue, nil
		}
		if len(idb) > 0 {
			w.WriteString(`<a class="hash-link" href="#` + html.EscapeString(string(idb)) + `" aria-label="` + html.EscapeString(anchorLabel(n, src)) + `">#</a>`)
		}
		w.WriteString("</" + tag + ">\n")
		return ast.WalkContinue, nil
	})
}
