package mdx

import (
	"strings"
	"testing"
)

// The renderer's function of a run puts one placeholder for each stretch of elements with markup,
// keeps the list's length (empty texts after it) and the elements without markup as they are,
// and is the browser's own function when nothing has markup.
func TestServerRunPlaceholders(t *testing.T) {
	sp := &split{token: "docsdtok"}
	for _, c := range []struct {
		name          string
		blocks        []string
		markup        []string
		inJSX, spread bool
		want          string
		wantMarkup    []string
	}{
		{"page", []string{"A", "B", "C", "D"}, []string{"<a></a>", "<b></b>", "", "<d></d>"}, false, true,
			`[j("template",{"data-docsd-run":"docsdtok-0"}),"","","\n",C,"\n",j("template",{"data-docsd-run":"docsdtok-1"})]`,
			[]string{"<a></a>\n<b></b>", "<d></d>"}},
		// A JSX element's children stay elements: the component may look at them.
		{"children of an element", []string{"A", "B"}, []string{"<a></a>", "<b></b>"}, true, true, `[A,B]`, nil},
		{"invalid UTF-8", []string{"A"}, []string{"<p>\xe2\x82 x</p>"}, false, true,
			`[j("template",{"data-docsd-run":"docsdtok-0"})]`, []string{"<p>\ufffd\ufffd x</p>"}},
		{"only child", []string{"A"}, []string{"<a></a>"}, false, false,
			`j("template",{"data-docsd-run":"docsdtok-0"})`, []string{"<a></a>"}},
		{"only child, several", []string{"A", "B"}, []string{"", "<b></b>"}, false, false,
			`s(f,{children:[A,"\n",j("template",{"data-docsd-run":"docsdtok-0"})]})`, []string{"<b></b>"}},
		{"no markup", []string{"A", "B"}, []string{"", ""}, false, true, `[A,"\n",B]`, nil},
	} {
		var b strings.Builder
		var stretches [][]string
		placed := sp.serverRun(&b, "f0", c.blocks, c.markup, c.inJSX, c.spread, &stretches)
		var markups []string
		for _, pieces := range stretches {
			markups = append(markups, strings.Join(pieces, ""))
		}
		want := "var f0=(function(j,s,f,c){return " + c.want + "});\n"
		if b.String() != want || strings.Join(markups, "|") != strings.Join(c.wantMarkup, "|") || placed != (len(c.wantMarkup) > 0) {
			t.Errorf("%s: %q, markup %q, placed %v; want %q, %q", c.name, b.String(), markups, placed, want, c.wantMarkup)
		}
	}
}

// A compiled page's runs cut back into the browser's functions, the renderer's and the markup,
// whatever the markup holds (the marks, newlines, digits).
func TestCutServerRuns(t *testing.T) {
	sp := &split{token: "docsdtok"}
	runs := "var a=(function(){});\n"
	server := "var a=(function(){return 1});\n"
	markup := []string{"<p>1\n2</p>", "", "<pre>" + ServerRunsMark + markupMark + "3 4\n</pre>", "é\u2028"}
	var tail strings.Builder
	stretches := [][]string{{markup[0][:3], markup[0][3:]}}
	for _, m := range markup[1:] {
		stretches = append(stretches, []string{m})
	}
	sp.writeServerTail(&tail, stretches)
	js := "module" + RunsMark + runs + ServerRunsMark + server + tail.String()
	module, all := CutRuns(js)
	browser, gotServer, gotMarkup := CutServerRuns(all)
	wantServer := server + `module.exports.docsdRuns={token:"docsdtok"};` + "\n"
	if module != "module" || browser != runs || gotServer != wantServer || strings.Join(gotMarkup, "|") != strings.Join(markup, "|") || len(gotMarkup) != len(markup) {
		t.Errorf("CutServerRuns = %q, %q, %q", browser, gotServer, gotMarkup)
	}
	if got := WithoutServerRuns(js); got != "module"+RunsMark+runs {
		t.Errorf("WithoutServerRuns = %q", got)
	}
	if browser, server, markup := CutServerRuns(runs); browser != runs || server != "" || markup != nil {
		t.Errorf("without the renderer's runs: %q, %q, %q", browser, server, markup)
	}
	// Lengths that do not fit, bytes left over, no markup: the renderer takes the browser's runs.
	for _, bad := range []string{markupMark + "99\nshort", markupMark + "2\nlonger", markupMark + "\n", ""} {
		if _, server, markup := CutServerRuns(runs + ServerRunsMark + server + bad); server != "" || markup != nil {
			t.Errorf("with %q: %q, %q", bad, server, markup)
		}
	}
}
