package mdx

// serverruns.go writes a page's runs for the renderer (the server) as placeholders: each stretch
// of a run's elements whose markup runhtml.go knows becomes one <template> element, and the
// renderer puts the stretch's markup in its place once React has rendered the page
// (site/src/entry-server.jsx, fillRuns). React walked every element of every run, and V8
// compiled them, for each page; a Markdown page's renderer takes its content as one string.
// The browser's runs are the elements (patch): it hydrates the markup the server wrote, which is
// what React writes for those elements (TestMDXRunPlaceholders and TestMDXRunsEdgePagesRenderAsWhole
// compare the pages with the pages compiled whole).
//
// Only the page's own list of blocks gets placeholders, never a JSX element's children: a
// component may look at its children (Tabs keeps the valid elements and clones each with its
// panel's attributes; a site's component may wrap each one), and a placeholder there is one child
// where the browser has several.
//
// A placeholder stands for elements only (a stretch starts and ends with one): the text around
// it is then next to an element on both sides, as around the elements it stands for, so React
// writes the same `<!-- -->` between texts, or none. Its attribute holds the page's token, which
// the page's source cannot hold (Compile), so no text of the page poses as one.

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ServerRunsMark is the line between a compiled page's runs' functions and the renderer's
// (CutServerRuns). U+2028 never appears raw in the functions' text (jsString escapes it), so the
// mark cannot be a page's text.
const ServerRunsMark = "\n//docsd:server-runs\u2028\n"

// CutServerRuns cuts a compiled page's runs (CutRuns) into the browser's functions, the
// renderer's ("" when the renderer takes the browser's) and the markup the renderer's
// placeholders stand for. The renderer's code goes after the page's module: it defines the same
// functions, which run only when the page renders, and sets module.exports.docsdRuns ({token})
// for fillRuns; the markup goes to the renderer as bytes of its own (pkg/ssr), not in the code,
// which V8 would parse: that parse was most of what a page's runs cost the renderer.
func CutServerRuns(runs string) (browser, server string, markup []string) {
	browser, server, _ = strings.Cut(runs, ServerRunsMark)
	server, pieces, ok := strings.Cut(server, markupMark)
	head, rest, _ := strings.Cut(pieces, "\n")
	for _, f := range strings.Fields(head) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > len(rest) {
			ok = false
			break
		}
		markup, rest = append(markup, rest[:n]), rest[n:]
	}
	if !ok || rest != "" || len(markup) == 0 {
		// Not as writeServerTail writes it: the renderer takes the browser's runs.
		return browser, "", nil
	}
	return browser, server, markup
}

// markupMark starts the markup's part of the renderer's runs: the pieces' byte lengths on its
// line, then the pieces. U+2028 is not in the code before it (jsString escapes it).
const markupMark = "\u2028markup "

// WithoutServerRuns is a compiled page (or partial) without the renderer's runs: what a bundle of
// the browser's, or one the renderer runs as the browser does, is made of.
func WithoutServerRuns(js string) string {
	js, _, _ = strings.Cut(js, ServerRunsMark)
	return js
}

// serverRun writes the renderer's function of a run (name; its elements blocks and their markup,
// inJSX and spread as patch has them) to b; markups collects what the placeholders stand for,
// and placed is whether the run has any. A placeholder is followed by an empty text for each
// other entry of the list it stands for: React's useId ids come from each element's place among
// its siblings, so the list keeps its length and every element after it its place. React writes
// nothing for an empty text, not even the `<!-- -->` between texts, and Children.toArray keeps it
// (MdxExcerpt.jsx cuts the list there), where it drops null.
func (sp *split) serverRun(b *strings.Builder, name string, blocks, markup []string, inJSX, spread bool, markups *[][]string) (placed bool) {
	if inJSX {
		markup = nil // a JSX element's children (see the file's comment): the browser's own run
	}
	// The browser's list: the blocks, with the "\n" text between a page's blocks (a JSX element's
	// children have none). A text's markup is itself; a block's is "" when it has none.
	type entry struct {
		js, markup string
		text       bool
	}
	list := make([]entry, 0, 2*len(blocks))
	for k, el := range blocks {
		if k > 0 && !inJSX {
			list = append(list, entry{`"\n"`, "\n", true})
		}
		m := ""
		if markup != nil {
			m = validUTF8(markup[k])
		}
		list = append(list, entry{js: el, markup: m})
	}
	out := make([]string, 0, len(list))
	for i := 0; i < len(list); {
		if list[i].markup == "" || list[i].text {
			out = append(out, list[i].js)
			i++
			continue
		}
		// A stretch: from this block to the last block before one without markup.
		end := i
		for k := i; k < len(list) && list[k].markup != ""; k++ {
			if !list[k].text {
				end = k
			}
		}
		pieces := make([]string, 0, end+1-i)
		for _, e := range list[i : end+1] {
			pieces = append(pieces, e.markup)
		}
		out = append(out, `j("template",{"data-docsd-run":"`+sp.token+"-"+itoa(len(*markups))+`"})`)
		for range end - i {
			out = append(out, `""`)
		}
		*markups = append(*markups, pieces)
		placed = true
		i = end + 1
	}
	open, close := "", ""
	switch {
	case spread:
		open, close = "[", "]"
	case len(blocks) > 1:
		open, close = "s(f,{children:[", "]})"
	}
	b.WriteString("var " + name + "=(function(j,s,f,c){return " + open + strings.Join(out, ",") + close + "});\n")
	return placed
}

// writeServerTail writes the end of the renderer's runs to b: the page's token, set on the
// module's exports, then the markup of its placeholders, each the pieces of its stretch
// (CutServerRuns reads it).
func (sp *split) writeServerTail(b *strings.Builder, markups [][]string) {
	b.WriteString("module.exports.docsdRuns={token:" + jsString(sp.token) + "};\n" + markupMark)
	for i, pieces := range markups {
		if i > 0 {
			b.WriteByte(' ')
		}
		n := 0
		for _, p := range pieces {
			n += len(p)
		}
		b.WriteString(strconv.Itoa(n))
	}
	b.WriteByte('\n')
	for _, pieces := range markups {
		for _, p := range pieces {
			b.WriteString(p)
		}
	}
}

// serverSize is about how long the renderer's runs of sp are: a run's functions, once more,
// and its markup.
func (sp *split) serverSize() int {
	size := 128
	for i, blocks := range sp.runs {
		size += 64 + 3*len(sp.token) + 8*len(blocks)
		if i < len(sp.markup) {
			for k, m := range sp.markup[i] {
				if m == "" {
					size += len(blocks[k])
				}
				size += len(m) + 1
			}
		}
	}
	return size
}

// validUTF8 is s with each byte that is not UTF-8 as U+FFFD, as jsString writes the browser's
// copy of the same markup (and json.Marshal before it); Node's decoder would make one U+FFFD of
// a cut sequence of several bytes.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\ufffd")
		} else {
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}
