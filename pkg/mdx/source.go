// Package mdx compiles MDX pages and partials to JavaScript modules with the MDX project's own
// compiler (@mdx-js/mdx, run in a long-lived Node process), and prepares what docsd's Go side reads
// of an MDX page (title, headings, links, text) from the same source with goldmark. This file holds
// the text transforms both sides share; every one keeps line numbers, so positions stay right.
package mdx

import (
	"bytes"
	"regexp"
	"strings"

	"docsd/pkg/content"
)

var (
	headingID  = regexp.MustCompile(`^([ \t]{0,3}#{1,6}[ \t].*?)[ \t]*(\{#[^{}\s]+\})[ \t]*$`)
	esmStart   = regexp.MustCompile(`^(import|export)[ \t{*]`)
	blankSpace = regexp.MustCompile(`[^\n]`)
)

// fenceLine is what the regexp ^[ \t]*(`{3,}|~{3,})[ \t]*([^ \t`]*) matches of line (the match,
// the fence's marker, its info string's first word), or nil, read by hand: a page's lines are read
// several times per compile, and the regexp on each fence line was 2 % of docsd's CPU for an MDX
// page (TestFenceLineIsTheRegexps holds it to the regexp).
func fenceLine(line string) []string {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) || line[i] != '`' && line[i] != '~' {
		return nil
	}
	marker := i
	for i < len(line) && line[i] == line[marker] {
		i++
	}
	if i-marker < 3 {
		return nil
	}
	end := i
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	info := i
	for i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '`' {
		i++
	}
	return []string{line[:i], line[marker:end], line[info:i]}
}

// forLines calls fn for each line outside code fences; inFence lines go to fence (may be nil). A
// line's text excludes its newline; fn returns the line's replacement.
func forLines(src []byte, fn func(line string) string, fence func(line, marker, lang string, opening, closing bool) string) []byte {
	out := make([]byte, 0, len(src)+len(src)/8) // most transforms keep a line's length, or shorten it
	var f fences
	sep := ""
	for line := range strings.SplitSeq(string(src), "\n") {
		out = append(append(out, sep...), f.line(line, fn, fence)...)
		sep = "\n"
	}
	return out
}

// eachLine is forLines for a caller that only reads the lines: what fn and fence return is
// dropped, and the page is neither split into a slice nor joined again (an MDX page's blocks are
// read this way several times before its compile; the split and the joins were most of those
// reads' allocations).
func eachLine(src string, fn func(line string) string, fence func(line, marker, lang string, opening, closing bool) string) {
	var f fences
	for line := range strings.SplitSeq(src, "\n") {
		f.line(line, fn, fence)
	}
}

// FencedRanges are the byte ranges of src's fenced code blocks, from the opening fence's line to
// the end of the closing one's (to src's end for a fence never closed), the fences followed as
// every other reader of a page's lines follows them (fences: ````mdx around a ```js example is one
// block).
func FencedRanges(src string) [][2]int {
	var out [][2]int
	at, open := 0, -1
	eachLine(src, func(line string) string {
		at += len(line) + 1
		return line
	}, func(line, _, _ string, opening, closing bool) string {
		switch {
		case opening:
			open = at
		case closing:
			out, open = append(out, [2]int{open, at + len(line)}), -1
		}
		at += len(line) + 1
		return line
	})
	if open >= 0 {
		out = append(out, [2]int{open, len(src)})
	}
	return out
}

// fences follows the code fences of a page read line by line (forLines, eachLine): marker is the
// open fence's, "" outside one.
type fences struct{ marker string }

// line gives line to fence when it opens, closes or is inside a code fence, else to fn, and
// returns what that returns; a fence line with no fence func is returned as it is.
func (f *fences) line(line string, fn func(line string) string, fence func(line, marker, lang string, opening, closing bool) string) string {
	if m := fenceLine(line); m != nil {
		if f.marker == "" {
			f.marker = m[1]
			if fence != nil {
				return fence(line, f.marker, m[2], true, false)
			}
			return line
		}
		if m[1][0] == f.marker[0] && len(m[1]) >= len(f.marker) && strings.TrimSpace(line) == m[1] {
			marker := f.marker
			f.marker = ""
			if fence != nil {
				return fence(line, marker, "", false, true)
			}
			return line
		}
	}
	if f.marker != "" {
		if fence != nil {
			return fence(line, f.marker, "", false, false)
		}
		return line
	}
	return fn(line)
}

// UnwrapCodeBlocks removes the fence lines of ```mdx-code-block fences (Docusaurus's way to write
// MDX that other Markdown tools show as code): their content is part of the page. The fence lines
// become empty lines. An mdx-code-block fence inside one (````mdx-code-block around Tabs whose
// panels hold ```mdx-code-block fences, as ory's pages have) is unwrapped too, as Docusaurus
// unwraps both; any other fence inside one is left alone, with what it holds.
func UnwrapCodeBlocks(src []byte) []byte {
	if !bytes.Contains(src, []byte("mdx-code-block")) {
		return src
	}
	lines := strings.Split(string(src), "\n")
	var open []string // the markers of the mdx-code-block fences the line is in, innermost last
	inner := ""       // the code fence inside an unwrapped block, which must be left alone
	closes := func(m []string, line, marker string) bool {
		return m[1][0] == marker[0] && len(m[1]) >= len(marker) && strings.TrimSpace(line) == m[1]
	}
	for i, line := range lines {
		m := fenceLine(line)
		switch {
		case m == nil:
		case inner != "":
			if closes(m, line, inner) {
				inner = ""
			}
		case m[2] == "mdx-code-block" && (len(open) == 0 || len(m[1]) < len(open[len(open)-1])):
			open, lines[i] = append(open, m[1]), ""
		case len(open) > 0 && closes(m, line, open[len(open)-1]):
			open, lines[i] = open[:len(open)-1], ""
		case len(open) > 0:
			inner = m[1]
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// StripHeadingIDs blanks the `{#custom-id}` at the end of headings (MDX would read it as a
// JavaScript expression); the ids themselves come from the goldmark parse of the same text.
func StripHeadingIDs(src []byte) []byte {
	if !bytes.Contains(src, []byte("{#")) {
		return src
	}
	return forLines(src, func(line string) string {
		if m := headingID.FindStringSubmatchIndex(line); m != nil {
			return line[:m[4]] + strings.Repeat(" ", m[5]-m[4]) + line[m[5]:]
		}
		return line
	}, nil)
}

// ModelSource is the MDX body as goldmark reads it for docsd's model of the page (title, headings,
// links, search text): import and export blocks become empty lines, so they are neither text nor
// links, and a <Link to="…"> reads as <Link href="…">, so that the link check sees it as it sees
// an <a href>.
func ModelSource(src []byte) []byte {
	hasESM := bytes.Contains(src, []byte("import")) || bytes.Contains(src, []byte("export"))
	hasLink := bytes.Contains(src, []byte("<Link"))
	if !hasESM && !hasLink {
		return src
	}
	inESM := false
	return forLines(src, func(line string) string {
		if hasESM && !inESM && esmStart.MatchString(line) {
			inESM = true
		}
		if inESM {
			if strings.TrimSpace(line) == "" {
				inESM = false
				return line
			}
			return blankSpace.ReplaceAllString(line, "")
		}
		if hasLink {
			line = linkTo.ReplaceAllString(line, "${1}href=")
		}
		return line
	}, nil)
}

// linkTo is the `to=` attribute of a <Link> tag (of @docusaurus/Link) on one line.
var linkTo = regexp.MustCompile(`(<Link\b[^<>]*?\s)to=`)

// PageFormat is the format a page is compiled in, decided as Docusaurus 3 decides it: the page's
// front-matter `format` (front), else the site's markdown.format (site). The site's "mdx", its
// default, is "": IsMDX then compiles with MDX what MDX would read otherwise than CommonMark.
func PageFormat(front, site string) string {
	if front != "" || site == "mdx" {
		return front
	}
	return site
}

// IsMDX says whether a page is compiled as MDX, following Docusaurus 3: front matter `format: mdx`
// or `md` decides; `detect` goes by the extension; without it an .mdx file is MDX, and so is a .md
// file written in MDX (Docusaurus's default format compiles every .md file as MDX; docsd keeps the
// much faster Markdown pipeline for the .md files that use no MDX: no import or export block
// and no component, UsesComponent, outside code). An .mdx file (without `format: mdx`) that uses no MDX syntax at all (see
// UsesMDXSyntax) is Markdown too: MDX reads such text as CommonMark does, so goldmark renders it
// the same, at a fraction of the MDX compiler's cost and with no JavaScript chunk for the page.
// body is the text after the front matter.
func IsMDX(path, format string, body []byte) bool {
	switch format {
	case "mdx":
		return true
	case "md":
		return false
	case "detect":
		return strings.HasSuffix(path, ".mdx") && UsesMDXSyntax(body)
	}
	if strings.HasSuffix(path, ".mdx") {
		return UsesMDXSyntax(body)
	}
	return UsesESM(body) || UsesComponent(body) || UsesExpressionAttribute(body)
}

// hasComponentTag reports whether s (a page's body, read without a copy) holds the start of a JSX element named with a capital,
// <Shout> or <Tabs.Item />: HTML has no such element, so only MDX can mean it. `\<Login />` is
// text in both. It is the regexp `(?:^|[^\\])<[A-Z][A-Za-z0-9_.]*(?:[\s/>]|$)` looking only at
// each '<': the regexp, which starts with an alternation, has no literal prefix to skip to and ran
// its backtracker over every byte of every .md page (a tenth of docsd's CPU in a 10,000-page
// build). TestHasComponentTagMatchesRegexp holds the two to the same answers.
func hasComponentTag(s []byte) bool {
	for i := 0; i < len(s); {
		j := bytes.IndexByte(s[i:], '<')
		if j < 0 {
			return false
		}
		i += j
		if (i == 0 || s[i-1] != '\\') && i+1 < len(s) && 'A' <= s[i+1] && s[i+1] <= 'Z' {
			k := i + 2
			for k < len(s) && isTagNameByte(s[k]) {
				k++
			}
			if k == len(s) || strings.IndexByte(" \t\n\f\r/>", s[k]) >= 0 {
				return true
			}
		}
		i++
	}
	return false
}

// isTagNameByte is componentTag's [A-Za-z0-9_.].
func isTagNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.'
}

// UsesComponent reports whether a body uses a JSX element named with a capital outside code
// (fences, code spans, indented code): Docusaurus 3 compiles every .md file as MDX, so such an
// element renders a component the page imports or the site's MDXComponents gives, and one nothing
// gives is an error; goldmark would leave the tag as unknown HTML.
func UsesComponent(src []byte) bool {
	if !hasComponentTag(src) {
		return false
	}
	return anyTextLine(src, func(text string) bool { return hasComponentTag([]byte(text)) })
}

// UsesExpressionAttribute reports whether a body has an HTML element with an attribute whose value
// is a JSX expression outside code: `<img src={require('./shot.png').default} />`, `<div
// style={{float: 'right'}}>`, also on the lines of a tag written over several. Docusaurus 3
// compiles the .md file as MDX, which gives the element that value; for CommonMark the tag is no
// HTML (such a value is no attribute value), and goldmark showed it as text. Only what reads as a
// tag counts: a lower-case name, then attributes (names, quoted values) up to the `={`; text such
// as "count <limit the request waits." or an autolink `<https://a.test/?q={x}>` is none, and a
// blank line ends a tag.
func UsesExpressionAttribute(src []byte) bool {
	if !bytes.Contains(src, []byte("=")) || !bytes.Contains(src, []byte("{")) {
		return false
	}
	at := outsideTag   // where a tag begun on an earlier line is
	startsTag := false // whether that tag began its line
	quoted := 0        // the block quote markers before it on that line
	// anyTextLine sees no code inside a block quote (`> ```jsx`, `>     <img`): its fences and
	// indented code are followed here, now that a tag goes on over the quote's lines.
	var qf fences
	qblank := true     // the line before was no quote's text (a blank quote line, or none)
	qindented := false // the quote's indented code goes on (blank quote lines do not end it)
	return anyTextLine(src, func(text string) bool {
		n, inner := quoteMarkers(text, -1)
		if n == 0 {
			qf.marker, qindented = "", false // a quote's code ends with the quote
		}
		if strings.TrimSpace(inner) == "" { // a blank line, `>` alone too, ends a tag
			at, qblank = outsideTag, true
			return false
		}
		if n > 0 {
			code := false
			qf.line(inner, func(l string) string { return l }, func(l, _, _ string, _, _ bool) string { code = true; return l })
			indented := !code && (qblank || qindented) && (strings.HasPrefix(inner, "    ") || strings.HasPrefix(inner, "\t"))
			code, qblank, qindented = code || indented, false, indented
			if code {
				at = outsideTag
				return false
			}
		} else {
			qblank = true
		}
		// A tag goes on over lines only from a line it begins (`<img` then `  src={…}`): one
		// begun in prose ("while count <max and total" then "= {sum} is reached.") is none.
		if at != outsideTag && !startsTag {
			at = outsideTag
		}
		if at == outsideTag {
			startsTag = strings.HasPrefix(strings.TrimLeft(text, " \t>"), "<")
			quoted, _ = quoteMarkers(text, -1)
		} else if quoted > 0 {
			// The tag's next line in its block quote (`> <img` then `>   src={…}`): the
			// quote's markers are no end of the tag.
			_, text = quoteMarkers(text, quoted)
		}
		var found bool
		found, at = expressionAttribute(text, at)
		return found
	})
}

// quoteMarkers counts the block quote markers (">", each after up to three spaces) that line
// starts with, up to limit of them (-1: all), and gives the line after them and a space after
// the last.
func quoteMarkers(line string, limit int) (int, string) {
	n := 0
	for n != limit {
		rest := strings.TrimLeft(line, " ")
		if len(line)-len(rest) > 3 || !strings.HasPrefix(rest, ">") {
			break
		}
		line = strings.TrimPrefix(rest[1:], " ")
		n++
	}
	return n, line
}

// Where expressionAttribute is at a line's end.
const (
	outsideTag  = iota
	inTag       // after the tag's name or an attribute's value
	afterName   // after an attribute's name: its "=" may come, on the next line too
	afterEquals // after an attribute's "=": its value may start on the next line
)

// expressionAttribute reads one line of text (code spans and comments left out) for an attribute
// written `name={` (white space and line breaks allowed around the "=") in a lower-case tag, given
// where the line starts; it returns whether it found one and where the line ends.
func expressionAttribute(line string, at int) (bool, int) {
	space := func(c byte) bool { return c == ' ' || c == '\t' }
	lower := func(c byte) bool { return 'a' <= c && c <= 'z' }
	nameStart := func(c byte) bool { return lower(c) || 'A' <= c && c <= 'Z' || c == '_' || c == '$' || c == ':' }
	nameRest := func(c byte) bool { return nameStart(c) || '0' <= c && c <= '9' || c == '-' }
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case at == outsideTag:
			j := strings.IndexByte(line[i:], '<')
			if j < 0 {
				return false, outsideTag
			}
			i += j + 1
			if i >= 2 && line[i-2] == '\\' {
				continue // \< is text
			}
			k := i
			for k < len(line) && (lower(line[k]) || k > i && ('0' <= line[k] && line[k] <= '9' || line[k] == '-')) {
				k++
			}
			// A tag's name ends at white space, "/", ">" or the line's end (not "<https:").
			if k > i && (k == len(line) || space(line[k]) || line[k] == '/' || line[k] == '>') {
				i, at = k, inTag
			}
		case space(c):
			i++
		case at == afterEquals:
			switch c {
			case '{':
				return true, inTag
			case '"', '\'':
				end := strings.IndexByte(line[i+1:], c)
				if end < 0 {
					return false, outsideTag // a value over lines: left as text
				}
				i, at = i+1+end+1, inTag
			default:
				i, at = i+1, outsideTag // "=" and no value: no tag
			}
		case c == '=' && at == afterName:
			i, at = i+1, afterEquals
		case c == '>':
			i, at = i+1, outsideTag
		case c == '/' && i+1 < len(line) && line[i+1] == '>':
			i, at = i+2, outsideTag
		case c == '{':
			// A spread of attributes ({...props}): JSX, whose other attributes may follow.
			end := strings.IndexByte(line[i:], '}')
			if !strings.HasPrefix(line[i+1:], "...") || end < 0 {
				return false, outsideTag
			}
			i += end + 1
		case nameStart(c):
			for i++; i < len(line) && nameRest(line[i]); i++ {
			}
			at = afterName
		default:
			i, at = i+1, outsideTag // no attribute: no tag ("<limit the request waits.")
		}
	}
	return false, at
}

// anyTextLine reports whether test holds for a line of src outside code (fences, indented code),
// given with its code spans and HTML comments left out; test sees the lines in order, up to the
// first it holds for.
func anyTextLine(src []byte, test func(text string) bool) bool {
	found, blank, indented, comment := false, true, false, false
	eachLine(string(src), func(line string) string {
		if found {
			return line
		}
		code := !comment && (blank || indented) && (strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "    "))
		indented = code && strings.TrimSpace(line) != "" || indented && strings.TrimSpace(line) == ""
		blank = strings.TrimSpace(line) == ""
		if code {
			return line
		}
		var text string
		text, comment = withoutComments(withoutCodeSpans(line), comment)
		if test(text) { // (a page that has a tag somewhere: few lines, short)
			found = true
		}
		return line
	}, func(line, marker, lang string, opening, closing bool) string {
		blank, indented = false, false
		return line
	})
	return found
}

// withoutComments is line without the HTML comments in it (`<!-- <Tabs> was here -->` names no
// component: MDX reads a comment as a comment, CommonMark as HTML that shows nothing), given
// whether the line starts inside one; and whether it ends inside one. As compile.mjs's
// htmlComments reads them, a "<!--" in a JSX tag or an expression begun on the line is no comment.
func withoutComments(line string, inComment bool) (string, bool) {
	if !inComment && !strings.Contains(line, "<!--") {
		return line, false
	}
	var out strings.Builder
	for at := 0; at < len(line); {
		if inComment {
			end := strings.Index(line[at:], "-->")
			if end < 0 {
				return out.String(), true
			}
			at, inComment = at+end+3, false
			continue
		}
		start := strings.Index(line[at:], "<!--")
		if start < 0 {
			out.WriteString(line[at:])
			break
		}
		start += at
		if inTagOrExpression(line, start) {
			out.WriteString(line[at : start+4])
			at = start + 4
			continue
		}
		out.WriteString(line[at:start])
		at, inComment = start+4, true
	}
	return out.String(), inComment
}

// inTagOrExpression reports whether line[pos] is inside a JSX tag (`<Name …`, strings in it
// included) or a {…} expression begun on the line (compile.mjs's inTagOrExpression).
func inTagOrExpression(line string, pos int) bool {
	depth, tag, quote := 0, false, byte(0)
	for i := 0; i < pos; i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case tag && depth == 0 && (c == '"' || c == '\''):
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth = max(0, depth-1)
		case depth > 0 && (c == '"' || c == '\'' || c == '`'):
			quote = c
		case tag && depth == 0 && c == '>':
			tag = false
		case !tag && depth == 0 && c == '<' && i+1 < len(line) && isLetter(line[i+1]):
			tag = true
		}
	}
	return tag || depth > 0 || quote != 0
}

// UsesMDXSyntax reports whether a body holds anything MDX reads otherwise than CommonMark (with
// GFM and directives, as goldmark does): an import or export block, JSX or an HTML tag or comment
// (`<`), an expression (`{`, but for a heading's `{#id}`), an indented code block (MDX has none),
// or an mdx-code-block fence. Code fences and inline code are left out: both read them as text. It
// errs towards MDX: a `<` in a code span that runs over lines counts.
func UsesMDXSyntax(src []byte) bool { return usesMDXSyntax(string(src)) }

// usesMDXSyntax is UsesMDXSyntax of a string: a page's blocks are asked one by one (blockIsRun).
func usesMDXSyntax(src string) bool {
	// (Looked for by a rarer first byte: strings.Contains starts at each "m" of the text.)
	if strings.Contains(src, "-code-block") && strings.Contains(src, "mdx-code-block") || usesESM(src) {
		return true
	}
	if strings.IndexByte(src, '<') < 0 && strings.IndexByte(src, '{') < 0 && !hasIndentedLine(src) {
		return false // most of a page's blocks: nothing below could find anything
	}
	if strings.Contains(src, "{#") {
		src = string(StripHeadingIDs([]byte(src)))
	}
	found, blank := false, true
	eachLine(src, func(line string) string {
		if found {
			return line
		}
		if blank && (strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "    ")) && strings.TrimSpace(line) != "" {
			found = true // an indented code block in CommonMark, a paragraph in MDX
		}
		blank = strings.TrimSpace(line) == ""
		if strings.ContainsAny(withoutCodeSpans(line), "<{") {
			found = true
		}
		return line
	}, func(line, marker, lang string, opening, closing bool) string {
		blank = false
		return line
	})
	return found
}

// hasIndentedLine reports whether a line of src starts with a tab or four spaces.
func hasIndentedLine(src string) bool {
	for line := range strings.SplitSeq(src, "\n") {
		if strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "    ") {
			return true
		}
	}
	return false
}

// withoutCodeSpans is line without its inline code spans; an unclosed run of backticks stays, as it
// is text.
func withoutCodeSpans(line string) string {
	if !strings.Contains(line, "`") {
		return line
	}
	var out strings.Builder
	content.SplitCodeSpans(line, func(part string, code bool) {
		if !code {
			out.WriteString(part)
		}
	})
	return out.String()
}

// UsesESM reports whether an MDX body has an import or export block outside code fences.
func UsesESM(src []byte) bool { return usesESM(string(src)) }

func usesESM(src string) bool {
	// A block starts a line (esmStart): looked for after a newline, a rarer byte than an "i" or
	// an "e", which strings.Contains would start at all through the text.
	if !strings.HasPrefix(src, "import") && !strings.HasPrefix(src, "export") && !strings.Contains(src, "\nimport") && !strings.Contains(src, "\nexport") {
		return false
	}
	found := false
	eachLine(src, func(line string) string {
		if !found && esmStart.MatchString(line) {
			found = true
		}
		return line
	}, nil)
	return found
}
