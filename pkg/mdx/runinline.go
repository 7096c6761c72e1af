package mdx

// runinline.go lets a run hold an HTML element written inline in its text, as `Press
// <kbd>Ctrl</kbd> to stop` or `Rename <code>App.m</code>`: pages moved from Docusaurus have many,
// and each kept its block, and so the page, with the MDX compiler, which cost a 1.5 KB page five
// times a Markdown page's build (issue #21). Only the shape both parsers read alike is taken: a
// phrasing element of inlineTags, with no attribute, plain text in it, in a paragraph with text
// outside such elements (unravelled). goldmark reads it as raw HTML, its text, raw HTML; MDX as a JSX element whose child
// is that text. An element written in JSX is not one of the page's components (MDX gives only
// Markdown's elements through _components), so runjs.go writes it as `j("kbd",…)` and runhtml.go
// as its markup.

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// inlineTags are the elements taken: phrasing elements, none of which starts a CommonMark HTML
// block of kind 6 (kind 7 needs the tag alone on its line, which inlineElement refuses).
var inlineTags = map[string]bool{"abbr": true, "b": true, "cite": true, "code": true, "dfn": true, "em": true, "i": true, "kbd": true,
	"mark": true, "s": true, "samp": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "u": true, "var": true}

// inlineElementText finds, in a block's source, the elements inlineElement takes.
var inlineElementText = regexp.MustCompile(`<([a-z]+)>([^<>\n]*)</([a-z]+)>`)

// withoutInlineElements is text with each element runs may hold (inlineTags, plain text in it,
// text before it on its line) replaced by its text, for the checks that look for MDX's syntax.
func withoutInlineElements(text string) string {
	if !strings.Contains(text, "</") {
		return text
	}
	return inlineElementText.ReplaceAllStringFunc(text, func(m string) string {
		sub := inlineElementText.FindStringSubmatch(m)
		if sub[1] != sub[3] || !inlineTags[sub[1]] || !plainInlineText(sub[2]) {
			return m
		}
		return sub[2]
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
// tag), returning its tag, its text, and the raw HTML of its end tag; ok is false for anything
// else, and for an element of a paragraph MDX unravels.
func inlineElement(raw *ast.RawHTML, src []byte) (tag, text string, end *ast.RawHTML, ok bool) {
	if raw.Segments.Len() != 1 {
		return "", "", nil, false
	}
	seg := raw.Segments.At(0)
	endOf := func(end *ast.RawHTML) string {
		s := end.Segments.At(0)
		return string(s.Value(src))
	}
	start := string(seg.Value(src))
	tag, found := strings.CutPrefix(start, "<")
	if tag, found = strings.CutSuffix(tag, ">"); !found || !inlineTags[tag] {
		return "", "", nil, false
	}
	if unravelled(raw.Parent(), src) {
		return "", "", nil, false
	}
	t, isText := raw.NextSibling().(*ast.Text)
	if !isText || t.SoftLineBreak() || t.HardLineBreak() {
		return "", "", nil, false
	}
	end, isRaw := t.NextSibling().(*ast.RawHTML)
	if !isRaw || end.Segments.Len() != 1 || endOf(end) != "</"+tag+">" {
		return "", "", nil, false
	}
	text = string(t.Segment.Value(src))
	if !plainInlineText(text) || !utf8.ValidString(text) {
		return "", "", nil, false
	}
	return tag, text, end, true
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
