package mdx

// runinline.go lets a run hold an HTML element written inline in its text, as `Press
// <kbd>Ctrl</kbd> to stop` or `Rename <code>App.m</code>`: pages moved from Docusaurus have many,
// and each kept its block, and so the page, with the MDX compiler, which cost a 1.5 KB page five
// times a Markdown page's build (issue #21). Only the shape both parsers read alike is taken: a
// phrasing element of inlineTags, with no attribute but className, title or id, plain text in
// it, in a paragraph with text outside such elements (unravelled). goldmark reads it as raw
// HTML, its text, raw HTML; MDX as a JSX element whose child is that text. An element written in
// JSX is not one of the page's components (MDX gives only Markdown's elements through
// _components), so runjs.go writes it as `j("kbd",…)` and runhtml.go as its markup.

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// inlineTags are the elements taken: phrasing elements, none of which starts a CommonMark HTML
// block of kind 6 (kind 7 needs the tag alone on its line, which inlineElement refuses), and div,
// which does at a line's start (goldmark's HTML block then, never a run) and is taken in headings
// and tables' cells only (blockIsRun).
var inlineTags = map[string]bool{"abbr": true, "b": true, "div": true, "cite": true, "code": true, "dfn": true, "em": true, "i": true, "kbd": true,
	"mark": true, "s": true, "samp": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "u": true, "var": true}

// inlineAttribute is an attribute an inline element may have: className, title or id with a
// plain value in double quotes, one space before it (React writes className as class).
const inlineAttribute = ` (?:className|title|id)="[^"<>&{}\n]*"`

var (
	// inlineStart is an inline element's start tag; inlineElementText finds, in a block's
	// source, the elements inlineElement takes.
	inlineStart       = regexp.MustCompile(`^<([a-z]+)((?:` + inlineAttribute + `)*)>$`)
	inlineElementText = regexp.MustCompile(`<([a-z]+)((?:` + inlineAttribute + `)*)>([^<>\n]*)</([a-z]+)>`)
	// lineBreak is a line break written as JSX, `<br/>` or `<br />` (tables' cells hold them):
	// MDX's element, goldmark's raw HTML. (`<br>` is no JSX: MDX fails on it.)
	lineBreak        = regexp.MustCompile(`<br ?/>`)
	inlineAttributes = regexp.MustCompile(` ([A-Za-z]+)="([^"]*)"`)
)

// withoutInlineElements is text with each element runs may hold (inlineTags, plain text in it)
// replaced by its text, for the checks that look for MDX's syntax.
func withoutInlineElements(text string) string {
	if strings.Contains(text, "<br") {
		// A letter in its place: taking it out could join two code spans' backticks into one
		// run, or make a blank line of a line that held only the tag.
		text = lineBreak.ReplaceAllString(text, "x")
	}
	if !strings.Contains(text, "</") {
		return text
	}
	return inlineElementText.ReplaceAllStringFunc(text, func(m string) string {
		sub := inlineElementText.FindStringSubmatch(m)
		if sub[1] != sub[4] || !inlineTags[sub[1]] || !plainInlineText(sub[3]) {
			return m
		}
		return sub[3]
	})
}

// plainInlineText reports whether an inline element's text is one both parsers read as one text:
// no character Markdown, GFM, MDX or HTML give a meaning to, no colon (a directive's start or a
// URL's), no white space but spaces inside, and something to read.
func plainInlineText(s string) bool {
	if strings.TrimSpace(s) == "" || s != strings.TrimSpace(s) || !plainText(s) || strings.ContainsAny(s, "`*_~[]<>{}&\\!#|@$^=+:\t") {
		return false
	}
	lower := strings.ToLower(s)
	return !strings.Contains(lower, "www.") && !strings.Contains(lower, "http")
}

// inlineElement reads the inline element that starts at raw (goldmark's raw HTML of its start
// tag), returning its tag, its attributes (name, value: className for class), its text, and the
// raw HTML of its end tag; ok is false for anything else, and for an element of a paragraph MDX
// unravels.
func inlineElement(raw *ast.RawHTML, src []byte) (el inlineElementParts, end *ast.RawHTML, ok bool) {
	if raw.Segments.Len() != 1 {
		return el, nil, false
	}
	seg := raw.Segments.At(0)
	endOf := func(end *ast.RawHTML) string {
		s := end.Segments.At(0)
		return string(s.Value(src))
	}
	if lb := lineBreak.FindString(string(seg.Value(src))); lb != "" && len(lb) == seg.Len() {
		if unravelled(raw.Parent(), src) || aloneOnItsLine(seg.Start, seg.Stop, src) {
			return el, nil, false
		}
		return inlineElementParts{tag: "br", void: true}, raw, true
	}
	start := inlineStart.FindStringSubmatch(string(seg.Value(src)))
	if start == nil || !inlineTags[start[1]] || unravelled(raw.Parent(), src) {
		return el, nil, false
	}
	el.tag = start[1]
	for _, a := range inlineAttributes.FindAllStringSubmatch(start[2], -1) {
		if slices.ContainsFunc(el.attrs, func(b [2]string) bool { return b[0] == a[1] }) || !plainText(a[2]) {
			return el, nil, false // the same attribute twice: the last is React's, both are HTML's
		}
		el.attrs = append(el.attrs, [2]string{a[1], a[2]})
	}
	t, isText := raw.NextSibling().(*ast.Text)
	if !isText || t.SoftLineBreak() || t.HardLineBreak() {
		return el, nil, false
	}
	end, isRaw := t.NextSibling().(*ast.RawHTML)
	if !isRaw || end.Segments.Len() != 1 || endOf(end) != "</"+el.tag+">" {
		return el, nil, false
	}
	el.text = string(t.Segment.Value(src))
	if !plainInlineText(el.text) { // (plainText in it refuses invalid UTF-8)
		return el, nil, false
	}
	return el, end, true
}

// aloneOnItsLine reports whether the bytes start:stop of src are on a line with nothing else but
// line breaks written as JSX, white space and a quote's markers: MDX reads such a line as a block
// element, which ends the paragraph around it (goldmark keeps the tag in the paragraph).
func aloneOnItsLine(start, stop int, src []byte) bool {
	from := bytes.LastIndexByte(src[:start], '\n') + 1
	to := len(src)
	if i := bytes.IndexByte(src[stop:], '\n'); i >= 0 {
		to = stop + i
	}
	rest := lineBreak.ReplaceAllString(string(src[from:to]), "")
	return strings.Trim(rest, " \t>") == ""
}

// inlineElementParts is an inline element as inlineElement reads it.
type inlineElementParts struct {
	tag   string
	attrs [][2]string // the props' names and values, in their order
	text  string
	void  bool // <br/>: no text, no end tag (end is the start's own node)
}

// props are the element's attributes as props of runjs.go's call.
func (el inlineElementParts) props() []string {
	props := make([]string, len(el.attrs))
	for i, a := range el.attrs {
		props[i] = a[0] + ":" + jsString(a[1])
	}
	return props
}

// htmlAttributes are the element's attributes as React writes them.
func (el inlineElementParts) htmlAttributes() [][2]string {
	attrs := make([][2]string, len(el.attrs))
	for i, a := range el.attrs {
		attrs[i] = a
		if a[0] == "className" {
			attrs[i][0] = "class"
		}
	}
	return attrs
}

// unravelled reports whether MDX takes the elements of paragraph p out of it: a paragraph (or a
// tight list item's text) with nothing but JSX elements and white space in it is no paragraph
// for MDX (remark-mdx's unravelling: a line `<kbd>A</kbd>` is the element alone, a list item
// `- <code>x</code>` the element between "\n" texts). Text outside the elements, or any of
// Markdown's inline nodes, keeps it one.
func unravelled(p ast.Node, src []byte) bool {
	switch p.(type) {
	case *ast.Paragraph, *ast.TextBlock:
	default:
		return false // in a cell, or in emphasis or a link, which is Markdown in the paragraph
	}
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.RawHTML, *east.TaskCheckBox: // goldmark's checkbox is in the paragraph, MDX's not
		case *ast.Text:
			_, afterTag := c.PreviousSibling().(*ast.RawHTML)
			_, beforeTag := c.NextSibling().(*ast.RawHTML)
			if !(afterTag && beforeTag) && strings.TrimSpace(string(c.Segment.Value(src))) != "" {
				return false
			}
		default:
			return false
		}
	}
	return true
}
