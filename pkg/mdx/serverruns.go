package mdx

// serverruns.go writes a page's runs for the renderer (the server) as placeholders: each stretch
// of a run's elements whose markup runhtml.go knows becomes one <template> element, and the
// renderer puts the stretch's markup in its place once React has rendered the page
// (site/src/entry-server.jsx, fillRuns). React walked every element of every run, and V8
// compiled them, for each page; a Markdown page's renderer takes its content as one string.
// The browser's runs are the elements (patch): it hydrates the markup the server wrote, which is
// what React writes for those elements (TestMDXRunsRenderAsWhole holds the two the same).
//
// A placeholder stands for elements only (a stretch starts and ends with one): the text around
// it is then next to an element on both sides, as around the elements it stands for, so React
// writes the same `<!-- -->` between texts, or none. Its attribute holds the page's token, which
// the page's source cannot hold (Compile), so no text of the page poses as one.

import "strings"

// ServerRunsMark is the line between a compiled page's runs' functions and the renderer's
// (CutServerRuns). U+2028 never appears raw in the functions' text (jsString escapes it), so the
// mark cannot be a page's text.
const ServerRunsMark = "\n//docsd:server-runs\u2028\n"

// CutServerRuns cuts a compiled page's runs (CutRuns) into the browser's functions and the
// renderer's ("" when the renderer takes the browser's). The renderer's code goes after the
// page's module: it defines the same functions, which run only when the page renders, and sets
// module.exports.docsdRuns ({token, markup}) for fillRuns.
func CutServerRuns(runs string) (browser, server string) {
	browser, server, _ = strings.Cut(runs, ServerRunsMark)
	return browser, server
}

// WithoutServerRuns is a compiled page (or partial) without the renderer's runs: what a bundle of
// the browser's, or one the renderer runs as the browser does, is made of.
func WithoutServerRuns(js string) string {
	js, _, _ = strings.Cut(js, ServerRunsMark)
	return js
}

// serverRun writes the renderer's function of a run (name; its elements blocks and their markup,
// inJSX and spread as patch has them) to b; markups collects what the placeholders stand for,
// and placed is whether the run has any. A placeholder is followed by null for each other entry
// of the list it stands for: React's useId ids come from each element's place among its
// siblings, so the list keeps its length and every element after it its place.
func (sp *split) serverRun(b *strings.Builder, name string, blocks, markup []string, inJSX, spread bool, markups *[]string) (placed bool) {
	// The browser's list: the blocks, with the "\n" text between a page's blocks (a JSX element's
	// children have none). A text's markup is itself; a block's is "" when it has none.
	type entry struct{ js, markup string }
	list := make([]entry, 0, 2*len(blocks))
	for k, el := range blocks {
		if k > 0 && !inJSX {
			list = append(list, entry{`"\n"`, "\n"})
		}
		list = append(list, entry{el, markup[k]})
	}
	out := make([]string, 0, len(list))
	for i := 0; i < len(list); {
		if list[i].markup == "" || list[i].markup == "\n" && list[i].js == `"\n"` {
			out = append(out, list[i].js)
			i++
			continue
		}
		// A stretch: from this block to the last block before one without markup.
		end := i
		for k := i; k < len(list) && list[k].markup != ""; k++ {
			if list[k].js != `"\n"` {
				end = k
			}
		}
		var m strings.Builder
		for _, e := range list[i : end+1] {
			m.WriteString(e.markup)
		}
		out = append(out, `j("template",{"data-docsd-run":"`+sp.token+"-"+itoa(len(*markups))+`"})`)
		for range end - i {
			out = append(out, "null")
		}
		*markups = append(*markups, m.String())
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

// serverTail is the end of the renderer's runs: the markup of the page's placeholders, set on
// the module's exports.
func (sp *split) serverTail(markups []string) string {
	var b strings.Builder
	b.WriteString("module.exports.docsdRuns={token:" + jsString(sp.token) + ",markup:[")
	for i, m := range markups {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsString(m))
	}
	b.WriteString("]};\n")
	return b.String()
}
