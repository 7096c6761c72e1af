package mdx

// The split of an MDX page into Markdown runs, which docsd renders, and the rest, which the MDX
// compiler parses (runs.go): which blocks become runs, and each rule that keeps a block, or the
// whole page, with the compiler. pkg/build's TestMDXRunsRenderAsWhole compares the pages built
// both ways.

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
)

// splitOf splits body (a page's text after its front matter) as Compile does, from the page's
// document's tree (markdown.Doc.WithTree); the split of a fresh parse of the source must be the
// same, and so must a second split of the document's tree.
func splitOf(t *testing.T, body string, page bool) *split {
	t.Helper()
	conv := markdown.New()
	b := UnwrapCodeBlocks([]byte(body))
	modelSrc := ModelSource(b)
	model := conv.Parse(modelSrc, 1)
	src := string(StripHeadingIDs(b))
	splitWith := func(tree ast.Node, parse bool) *split {
		return splitRuns(src, conv, tree, modelSrc, "tok", page && model.Title != "", model.Headings,
			func(dest string, image bool) string { return "/resolved/" + dest }, markdown.NewCodeHighlighter(), false, parse)
	}
	splitTree := func(tree ast.Node) *split { return splitWith(tree, false) }
	// setOff's proof without a parse must split as parsing every run alone does.
	if parsed, proved := splitWith(nil, true), splitTree(nil); !reflect.DeepEqual(parsed, proved) {
		t.Errorf("the split with every run parsed alone\n%+v\nis not the split setOff proved\n%+v", parsed, proved)
	}
	var fromDoc, again *split
	if !model.WithTree(modelSrc, func(tree ast.Node) { fromDoc = splitTree(tree) }) {
		t.Fatal("the page's document gave no tree")
	}
	model.WithTree(modelSrc, func(tree ast.Node) { again = splitTree(tree) })
	if fresh := splitTree(nil); !reflect.DeepEqual(fromDoc, fresh) || !reflect.DeepEqual(again, fresh) {
		t.Errorf("the split of the document's tree\n%+v\nand again\n%+v\nis not that of a fresh parse\n%+v", fromDoc, again, fresh)
	}
	return fromDoc
}

// runLines is, per line of the page, "R" where a run starts (its placeholder), "-" for a line a
// run took, and "." for a line the compiler gets as it was; and checks the compiler's source.
func runLines(t *testing.T, body string, sp *split) string {
	t.Helper()
	in := strings.Split(string(StripHeadingIDs(UnwrapCodeBlocks([]byte(body)))), "\n")
	marks := []byte(strings.Repeat(".", len(in)))
	for _, r := range sp.lines {
		marks[r[0]] = 'R'
		for k := r[0] + 1; k <= r[1]; k++ {
			marks[k] = '-'
		}
	}
	// The source the compiler gets is the page's without the runs' other lines.
	var want []string
	n := 0
	for i, line := range in {
		switch marks[i] {
		case 'R':
			want = append(want, `<tokrun`+itoa(n)+` />`)
			n++
		case '.':
			want = append(want, line)
		}
	}
	if got := sp.source; got != strings.Join(want, "\n") {
		t.Errorf("the compiler's source\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	return string(marks)
}

const mixedPage = `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# The title

Some *Markdown* with ~~a strike~~, a [link](./other.md) and ` + "`code`" + `.

## A heading {#custom}

- one
- two

<Tabs>
  <TabItem value="a">

A paragraph in a tab.

  </TabItem>
</Tabs>

An expression: {1 + 1}.

<div>

## A heading inside a JSX element

</div>

` + "```mdx-code-block" + `
<Tabs><TabItem value="b">Unwrapped.</TabItem></Tabs>
` + "```" + `

| a | b |
|---|--:|
| 1 | 2 |

` + "```js title=\"x.js\"" + `
let a = '<b>';
` + "```" + `

The end.
`

func TestSplitRuns(t *testing.T) {
	sp := splitOf(t, mixedPage, true)
	if sp == nil {
		t.Fatal("the page was not split")
	}
	// Lines: imports (1-2) stay; the title (4), the paragraph after it, the heading and the list
	// are one run (which leaves the title out); the tab's paragraph is a run inside the JSX
	// element; the expression's paragraph and the JSX blocks stay; the heading inside <div> is a
	// run; the unwrapped mdx-code-block stays; the table, the fence and the last paragraph are one
	// run.
	want := "..." + // imports, blank
		"R-------." + // the title, the paragraph, the heading and the list: one run
		"..." + "R" + "...." + // <Tabs>, <TabItem>, blank, the tab's paragraph, blank, closing tags, blank
		".." + // the expression, blank
		".." + "R" + ".." + // <div>, blank, the heading in it, blank, </div>
		"....." + // blank, the unwrapped fence's lines, blank
		"R--------." // the table, the fence, the last paragraph
	if got := runLines(t, mixedPage, sp); got != want {
		t.Errorf("split lines\n got %s\nwant %s\n%s", got, want, sp.source)
	}
	if sp.dropTitle {
		t.Error("the title heading is in a run, which leaves it out: the compiler must not drop another heading")
	}
	if strings.Contains(strings.Join(sp.runs[0], ""), "The title") {
		t.Error("the run shows the title heading")
	}
	if len(sp.runs) != 4 {
		t.Fatalf("%d runs, want 4", len(sp.runs))
	}
	first := strings.Join(sp.runs[0], "\n")
	for _, want := range []string{`c.em,{children:"Markdown"}`, `c.del,{children:"a strike"}`, `href:"/resolved/./other.md"`, `id:"custom"`, `c.ul`} {
		if !strings.Contains(first, want) {
			t.Errorf("the first run lacks %s:\n%s", want, first)
		}
	}
	if !sp.taken["custom"] || !sp.taken["a-heading-inside-a-jsx-element"] {
		t.Errorf("headings taken by runs: %v", sp.taken)
	}
	last := strings.Join(sp.runs[3], "\n")
	for _, want := range []string{`style:{textAlign:"right"}`, "c.DocsdHTML,{html:`<div class=\"code-block language-js\"><div class=\"code-title\">x.js"} {
		if !strings.Contains(last, want) {
			t.Errorf("the last run lacks %s:\n%s", want, last)
		}
	}
}

// The title heading in a run with what follows it is dropped by the split, and the compiler is
// told not to drop another heading.
func TestSplitRunsDropsTheTitle(t *testing.T) {
	body := "# Title\nText right under it.\n\n<Foo />\n"
	sp := splitOf(t, body, true)
	if sp == nil || sp.dropTitle {
		t.Fatalf("split %+v: want a run and dropTitle false", sp)
	}
	if run := strings.Join(sp.runs[0], ""); strings.Contains(run, "Title") || !strings.Contains(run, "Text right under it.") {
		t.Errorf("the run %s", run)
	}
}

// Each rule that keeps a block with the compiler: the block "Kept" stays, the paragraphs "Before"
// and "After" around it (blank lines apart) are runs.
func TestSplitRunsKeepsBlocks(t *testing.T) {
	cases := map[string]string{
		"JSX":                                               "<Foo>Kept</Foo>",
		"an expression":                                     "Kept {1}",
		"a backslash escape":                                `Kept \*`,
		"a character reference":                             "Kept &amp; more",
		"a hard line break":                                 "Kept  \nhere",
		"an HTML comment":                                   "Kept <!-- x -->",
		"an indented admonition":                            " :::note\nKept\n :::",
		"an admonition closed by more colons":               ":::note\nKept\n::::",
		"an admonition in one of the same fence":            ":::note\n:::tip\nKept\n:::\n:::",
		"an inner admonition with more colons":              ":::note\n::::tip\nKept\n::::\n:::",
		"an admonition's title with spaces in its brackets": ":::note[ Kept ]\nText\n:::",
		"an admonition's title glued to its kind":           ":::note:Kept\nText\n:::",
		"an admonition's title in brackets and after":       ":::note[Kept] more\nText\n:::",
		"an admonition's title with markup":                 ":::note Kept *em*\nText\n:::",
		"an admonition glued under a paragraph":             "Kept\n:::note\nText\n:::",
		"a paragraph glued under an admonition":             ":::note\nText\n:::\nKept",
		"an admonition's fence in its code":                 ":::note\n```\n:::\n```\nKept\n:::",
		"an admonition in a list item":                      "- Kept\n\n  :::note\n  Text\n  :::",
		"an admonition's attributes":                        ":::note{.kept}\nText\n:::",
		"an import":                                         "import Kept from './kept';",
		"a JSX tag open over a line":                        "<Foo\n  kept=\"1\"\n/>",
		"a directive's name":                                "Kept at 10:30",
		"a single tilde":                                    "Kept ~this~",
		"a URL with an underscore":                          "Kept at https://example.com/a_b",
		"a URL in capitals":                                 "Kept at HTTPS://example.com/x",
		"a URL in a link's text":                            "Kept [https://example.com/x](https://example.com/x)",
		"a URL with parentheses":                            "Kept at https://example.com/a(b)",
		"a URL after a letter":                              "Kept athttps://example.com/x",
		"a URL with an ampersand":                           "Kept `https://example.com/a` and https://example.com/b?x=1&y=2",
		"a URL with a lone %":                               "Kept at https://example.com/100%",
		"www.":                                              "Kept at www.example.com",
		"an email":                                          "Kept by someone@example.com",
		"a table in a list item":                            "- Kept\n| a |\n|---|\n| 1 |",
		"a table in a quote":                                "> Kept\n| a |\n|---|\n| 1 |",
		"an underline under a table":                        "| Kept |\n|---|\n| 1 |\nmore\n===",
		"a list right under a table":                        "| Kept |\n|---|\n| 1 |\n3. three",
	}
	for name, block := range cases {
		body := "Before.\n\n" + block + "\n\nAfter.\n"
		sp := splitOf(t, body, false)
		if sp == nil {
			t.Errorf("%s: not split", name)
			continue
		}
		if strings.Count(sp.source, `<tokrun`) != 2 || !strings.Contains(sp.source, block) {
			t.Errorf("%s: split source\n%s", name, sp.source)
		}
	}
}

// Admonitions whose fences and titles both parsers read alike are runs: the compiler's
// <Admonition type title> with the blocks inside, through the components map.
func TestSplitRunsTakesAdmonitions(t *testing.T) {
	cases := map[string]struct{ block, want string }{
		"a note":          {":::note\nThe *text*.\n:::", `j(c.Admonition,{type:"note",children:s(c.p,{children:["The ",j(c.em,{children:"text"}),"."]})})`},
		"a bracket title": {":::tip[My title]\n\n- a\n- b\n\n:::", `j(c.Admonition,{type:"tip",title:"My title",children:s(c.ul,{children:["\n",j(c.li,{children:"a"}),"\n",j(c.li,{children:"b"}),"\n"]})})`},
		"a plain title":   {":::Warning Be careful\nOne.\n\nTwo.\n:::", `s(c.Admonition,{type:"warning",title:"Be careful",children:[j(c.p,{children:"One."}),j(c.p,{children:"Two."})]})`},
		"an empty title":  {":::info[]\n:::", `j(c.Admonition,{type:"info"})`},
		"nested":          {"::::info\n:::tip\nIn.\n:::\n::::", `j(c.Admonition,{type:"info",children:j(c.Admonition,{type:"tip",children:j(c.p,{children:"In."})})})`},
		"with code":       {":::note\n```\n:: two colons\n```\n:::", `j(c.Admonition,{type:"note",children:j(c.DocsdHTML,{html:`},
	}
	for name, c := range cases {
		body := "Before.\n\n" + c.block + "\n\nAfter.\n"
		sp := splitOf(t, body, false)
		if sp == nil || len(sp.runs) != 1 || len(sp.runs[0]) != 3 {
			t.Errorf("%s: split %+v, want one run of three blocks", name, sp)
			continue
		}
		if got := sp.runs[0][1]; !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: the admonition\n%s\nwant\n%s", name, got, c.want)
		}
	}
	// Never closed, it takes the page's end: left to the compiler.
	if sp := splitOf(t, "Before.\n\n:::note\nKept\n\nAfter.\n", false); sp == nil || !strings.Contains(sp.source, ":::note\nKept\n\nAfter.") {
		t.Errorf("an unclosed admonition: split %+v", sp)
	}
}

// An admonition with MDX syntax in it stays with the compiler, but its blocks may be runs: the
// compiler reads its fences (and the JSX tags alone on their lines in it) and each run's
// placeholder as a child of the <Admonition> (runblank.go).
func TestSplitRunsOpensAdmonitions(t *testing.T) {
	cases := map[string]struct{ block, source string }{
		"a title with a directive's name": {":::note Kept at 10:30\nText\n:::", ":::note Kept at 10:30\n<tokrun1 />\n:::"},
		"a component among Markdown": {":::tip\n\nSome **text**.\n\n<Foo x={1} />\n\nMore text.\n\n:::",
			":::tip\n\n<tokrun1 />\n\n<Foo x={1} />\n\n<tokrun2 />\n\n:::"},
		"a component's Markdown glued to its tags": {":::info[Recap]\n<Foo title=\"a\">\nGlued **text**.\n</Foo>\n:::",
			":::info[Recap]\n<Foo title=\"a\">\n<tokrun1 />\n</Foo>\n:::"},
		"more colons, code inside": {"::::caution\n{props.x}\n\n```sh\nls \\\n  -l\n```\n::::", "::::caution\n{props.x}\n\n<tokrun1 />\n::::"},
		// goldmark reads "- a" and "- c" as one list over the blanked fence: no run spans it.
		"a list over the closing fence": {":::note\n<Foo />\n\n- a\n:::\n\n- c", ":::note\n<Foo />\n\n- a\n:::\n\n- c"},
	}
	for name, c := range cases {
		body := "Before.\n\n" + c.block + "\n\nAfter.\n"
		sp := splitOf(t, body, false)
		if sp == nil {
			t.Errorf("%s: not split", name)
			continue
		}
		if !strings.Contains(sp.source, "\n"+c.source+"\n") {
			t.Errorf("%s: split source\n%s\nwant in it\n%s", name, sp.source, c.source)
		}
	}
	// Left whole: the two parsers may end these otherwise, or the admonition is a run itself.
	whole := map[string]string{
		"nested":                     ":::note\n<Foo />\n\n:::tip\nIn.\n:::\n\nKept\n:::",
		"colons in its code":         ":::note\n<Foo />\n\n```\n:::\n```\n\nKept\n:::",
		"more colons to close":       ":::note\n<Foo />\n\nKept\n::::",
		"glued under a paragraph":    "Para\n:::note\n<Foo />\n\nKept\n:::",
		"a paragraph glued under it": ":::note\n<Foo />\n\nKept\n:::\nGlued",
		"a kind with a dash":         ":::my-note\n<Foo />\n\nKept\n:::",
		"indented":                   " :::note\n<Foo />\n\nKept\n:::",
	}
	for name, block := range whole {
		body := "Before.\n\n" + block + "\n\nAfter.\n"
		sp := splitOf(t, body, false)
		if sp == nil {
			t.Errorf("%s: not split", name)
			continue
		}
		if !strings.Contains(sp.source, "Kept") || strings.Count(sp.source, "<tokrun") != 2 {
			t.Errorf("%s: split source\n%s", name, sp.source)
		}
	}
	// Blank, the closing fence would leave the list item's fence open over it: no run spans it.
	overFence := "- Kept\n\n  ```sh\n  npm i\n\n:::"
	if sp := splitOf(t, "Before.\n\n:::note\n<Foo />\n\n"+overFence+"\n\nAfter.\n", false); sp == nil || !strings.Contains(sp.source, overFence) {
		t.Errorf("an item's fence over the closing fence: split %+v", sp)
	}
	// Whatever the checks before it miss, no run spans a line the split blanked: a paragraph
	// read over such a line stays with the compiler (here with the runs it would have joined).
	conv := markdown.New()
	src := "Before.\n\nOne line\nblanked line\nlast line.\n\nAfter.\n"
	sp := splitParsed(src, strings.Split(src, "\n"), conv, conv.Tree([]byte(src)), []byte(src), map[int]bool{3: true}, nil, "tok", false, nil,
		func(dest string, image bool) string { return dest }, markdown.NewCodeHighlighter(), false, false)
	if sp != nil && !strings.Contains(sp.source, "One line\nblanked line\nlast line.") {
		t.Errorf("a run over a blanked line: split %+v", sp)
	}
	// goldmark's admonition goes on past a closing line a list item's open fence keeps from it:
	// not opened (this indexed past the admonition's lines).
	if sp := splitOf(t, "Before.\n\n:::note\n{1}\n\n- Kept\n  ```\n:::\n\n```\nx\n```\n", false); sp != nil && !strings.Contains(sp.source, ":::note\n{1}\n\n- Kept") {
		t.Errorf("an admonition goldmark ends elsewhere: split source\n%s", sp.source)
	}
}

// What a block the compiler keeps leaves open keeps the blocks after it there too, and a block
// next to a kept one, with no blank line between, stays with it.
func TestSplitRunsKeepsWhatIsOpen(t *testing.T) {
	cases := map[string]struct{ body, kept string }{
		"an export over a blank line":     {"export const a = {\n\n  b: 1,\n\n};\n\nAfter.\n", "  b: 1,"},
		"an expression over a blank line": {"{[\n\n'a',\n\n]}\n\nAfter.\n", "'a',"},
		"a JSX tag over a blank line":     {"<Foo\n\n  bar\n\n/>\n\nAfter.\n", "  bar"},
		"a heading right before JSX":      {"Before.\n\n## Kept\n<Foo />\n\nAfter.\n", "## Kept"},
		"a paragraph right after JSX":     {"Before.\n\n<Foo />\n## Kept\n\nAfter.\n", "## Kept"},
	}
	for name, c := range cases {
		sp := splitOf(t, c.body, false)
		if sp == nil {
			t.Errorf("%s: not split", name)
			continue
		}
		if !strings.Contains(sp.source, "\n"+c.kept+"\n") || !strings.Contains(sp.source, `<tokrun`) {
			t.Errorf("%s: split source\n%s", name, sp.source)
		}
	}
}

// What is read across the whole document makes the page compiled whole.
func TestSplitRunsWholePage(t *testing.T) {
	cases := map[string]string{
		"a reference-style link": "Some [text][ref].\n\n<Foo />\n\nMore.\n\n[ref]: ./other.md\n",
		"a footnote":             "A claim.[^1]\n\n<Foo />\n\n[^1]: The source.\n",
		"CR line endings":        "Text.\r\n\r\n<Foo />\r\n",
		"nothing but MDX":        "<Foo />\n\n{1}\n",
	}
	for name, body := range cases {
		if sp := splitOf(t, body, false); sp != nil {
			t.Errorf("%s: split into\n%s", name, sp.source)
		}
	}
}

// The compiler counts the placeholders of runs only where docsd can put the run's elements: a flow
// element of the page or of a JSX element, of the page's token, with no attributes or children
// (and says which are in a JSX element). One read otherwise makes runsMissing, and Compile
// compiles the page whole.
func TestCompilerChecksRunPlaceholders(t *testing.T) {
	send := nodeCompiler(t)
	cases := []struct {
		name, source string
		runs         int
		missing      bool
		inJSX        []bool
	}{
		{"the page's and a JSX element's", "<tokrun0 />\n\n<div>\n\n<tokrun1 />\n\n</div>\n", 2, false, []bool{false, true}},
		{"in a list item", "- a\n\n  <tokrun0 />\n", 1, true, nil},
		{"in a paragraph", "Text <tokrun0 /> here.\n", 1, true, nil},
		{"in a block quote", "> <tokrun0 />\n", 1, true, nil},
		{"with an attribute", "<tokrun0 x=\"1\" />\n", 1, true, nil},
		{"with a child", "<tokrun0>a</tokrun0>\n", 1, true, nil},
		{"another token's", "<otherrun0 />\n", 1, true, nil},
		{"twice", "<tokrun0 />\n\n<tokrun0 />\n", 1, true, nil},
		{"one not there", "<tokrun0 />\n", 2, true, nil},
	}
	for i, c := range cases {
		a := send(map[string]any{"id": i + 1, "file": "a.mdx", "source": c.source, "firstLine": 1, "token": "tok", "page": true, "runs": c.runs})
		if a.Error != nil {
			t.Errorf("%s: %+v", c.name, a.Error)
			continue
		}
		if a.RunsMissing != c.missing || !c.missing && !reflect.DeepEqual(a.RunsInJSX, c.inJSX) {
			t.Errorf("%s: runsMissing %v, in JSX %v; want %v, %v", c.name, a.RunsMissing, a.RunsInJSX, c.missing, c.inJSX)
		}
	}
}

// A page with an error is compiled whole, so the error is where the writer made it: the split
// source has fewer lines.
func TestCompileErrorIsTheWholePages(t *testing.T) {
	c := realCompiler(t)
	body := "Intro paragraph.\n\nMore text,\nover two lines.\n\n- a list\n\n<Foo attr={1 +} />\n\nAfter.\n"
	if sp := splitOf(t, body, false); sp == nil || len(sp.runs) != 2 {
		t.Fatalf("the page is not split in two runs: %+v", sp)
	}
	raw := []byte("---\ntitle: Broken\n---\n\n" + body)
	_, splitErr := c.Compile(raw, Options{File: "broken.mdx", Page: true})
	_, wholeErr := c.Compile(raw, Options{File: "broken.mdx", Page: true, Whole: true})
	var ce *content.Error
	if !errors.As(splitErr, &ce) || ce.Line != 12 {
		t.Fatalf("error %v, want one at line 12", splitErr)
	}
	if wholeErr == nil || splitErr.Error() != wholeErr.Error() {
		t.Errorf("split: %v\nwhole: %v", splitErr, wholeErr)
	}
}

// patch leaves a module it does not know as it is (the page is then compiled whole).
func TestPatchNeedsTheCompilersModule(t *testing.T) {
	sp := &split{token: "tok", runs: [][]string{{`j(c.p,{children:"a"})`}}, tags: map[string]bool{"p": true}}
	module := "import {jsx as _jsx} from \"react/jsx-runtime\";\nimport {useMDXComponents as _provideComponents} from \"docsd:mdx-components\";\n" +
		"function _createMdxContent(props) {\n  return _jsx(_Fragment, {children: [_jsx(\"tokrun0\", {}), \"\\n\", \"x\"]});\n}\n"
	js, ok := sp.patch(module, []bool{false})
	if !ok || !strings.Contains(js, `children: [...tokruns0(_docsdJsx, _docsdJsxs, _docsdFragment, _components), "\n", "x"]`) ||
		!strings.HasSuffix(js, RunsMark+`var tokruns0=(function(j,s,f,c){return [j(c.p,{children:"a"})]});`+"\n") ||
		!strings.Contains(js, `const _components = {p: "p", ..._provideComponents(), ...props.components};`) {
		t.Fatalf("patched: %v\n%s", ok, js)
	}
	for name, bad := range map[string]string{
		"no placeholder":     strings.Replace(module, `_jsx("tokrun0", {})`, `"x"`, 1),
		"placeholder twice":  strings.Replace(module, `"x"`, `_jsx("tokrun0", {})`, 1),
		"no content":         strings.Replace(module, "_createMdxContent", "_content", 1),
		"no provider":        strings.Replace(module, "_provideComponents", "_p", 1),
		"in an odd position": strings.Replace(module, `[_jsx("tokrun0", {})`, `[f(_jsx("tokrun0", {}))`, 1),
	} {
		if _, ok := sp.patch(bad, []bool{false}); ok {
			t.Errorf("%s: patched", name)
		}
	}
	if _, ok := sp.patch(module, nil); ok {
		t.Error("patched without knowing where the run is")
	}
}

// More errors after runs: each is reported where the writer made it, as compiling the page whole
// reports it (line of the file, front matter included).
func TestCompileErrorsAfterRunsAreTheWholePages(t *testing.T) {
	c := realCompiler(t)
	runs := "Intro paragraph.\n\n## A heading\n\n- a\n- b\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
	cases := []struct {
		name, body string
		line       int // in the file, whose front matter is 3 lines and a blank
	}{
		{"an unknown component", runs + "<Unknown />\n\nAfter.\n", 16},
		{"an unknown component in a container", runs + "<div>\n\nInside.\n\n<Missing>x</Missing>\n\n</div>\n", 20},
		{"an expression in a container", runs + "<div>\n\nInside.\n\n</div>\n\nText {1 +} here.\n", 22},
		{"an unclosed element", runs + "<div>\n\nInside.\n\nAfter.\n", 0},
		{"an export", runs + "export const a = ;\n\nAfter.\n", 16},
		{"on the last line", runs + "Last {", 16},
		{"a closing tag alone", runs + "Para.\n\n</div>\n\nAfter.\n", 18},
	}
	for _, tc := range cases {
		if sp := splitOf(t, tc.body, true); sp == nil {
			t.Errorf("%s: the page is not split", tc.name)
			continue
		}
		raw := []byte("---\ntitle: Broken\n---\n\n" + tc.body)
		_, splitErr := c.Compile(raw, Options{File: "broken.mdx", Page: true})
		_, wholeErr := c.Compile(raw, Options{File: "broken.mdx", Page: true, Whole: true})
		var ce *content.Error
		if !errors.As(splitErr, &ce) || tc.line != 0 && ce.Line != tc.line {
			t.Errorf("%s: error %v, want one at line %d", tc.name, splitErr, tc.line)
		}
		if wholeErr == nil || splitErr == nil || splitErr.Error() != wholeErr.Error() {
			t.Errorf("%s:\nsplit: %v\nwhole: %v", tc.name, splitErr, wholeErr)
		}
	}
}

// A run that is a JSX element's only child goes where the compiler wrote `_jsx(…, {children:
// placeholder})`: its blocks go in a fragment made with jsxs (an array there is a list React's
// development build warns has no keys), one block as it is.
func TestPatchOnlyChild(t *testing.T) {
	module := "import {useMDXComponents as _provideComponents} from \"docsd:mdx-components\";\n" +
		"function _createMdxContent(props) {\n  return _jsx(\"div\", {\n    children: _jsx(\"tokrun0\", {})\n  });\n}\n"
	p := `j(c.p,{children:"a"})`
	for _, c := range []struct {
		blocks []string
		want   string
	}{
		{[]string{p}, `var tokruns0=(function(j,s,f,c){return ` + p + "});"},
		{[]string{p, p}, `var tokruns0=(function(j,s,f,c){return s(f,{children:[` + p + `,` + p + `]})});`},
	} {
		sp := &split{token: "tok", runs: [][]string{c.blocks}, tags: map[string]bool{"p": true}}
		js, ok := sp.patch(module, []bool{true})
		if !ok || !strings.Contains(js, c.want) || !strings.Contains(js, "children: tokruns0(_docsdJsx, _docsdJsxs, _docsdFragment, _components)\n") ||
			!strings.Contains(js, "Fragment as _docsdFragment") {
			t.Errorf("%d blocks: patched %v\n%s", len(c.blocks), ok, js)
		}
	}
}

// A run's heading keeps the id docsd's model gives it only where the page compiled whole gives
// it the same: after a heading of the same text that only the model sees (a line of a template
// literal over a blank line) the block stays with the compiler; after one only the compiler sees
// (in a JSX element without blank lines), the compiler finds it and the page is compiled whole.
func TestRunHeadingsAsCompiledWhole(t *testing.T) {
	phantom := "Intro.\n\n{`\n\n## Twin\n\n`}\n\n## Twin\n\nText.\n"
	sp := splitOf(t, phantom, false)
	if sp == nil || len(sp.runs) != 1 || !strings.Contains(sp.source, "## Twin\n\nText.") {
		t.Errorf("the heading after one only the model sees: split %+v", sp)
	}
	c := realCompiler(t)
	for _, body := range []string{
		"<div>\n## Dup\n</div>\n\n## Dup\n\nText.\n",
		phantom,
		// The model ends the export at the blank line: a run inside it is not one the compiler
		// finds.
		"export const s = `\n\n## Twin\n\n`; export const y = {a: 1};\n\n## Twin\n\nText.\n",
	} {
		if sp := splitOf(t, body, true); sp == nil {
			t.Fatalf("not split:\n%s", body)
		}
		raw := []byte("---\ntitle: Twins\n---\n\n" + body)
		split, err := c.Compile(raw, Options{File: "twins.mdx", Page: true})
		if err != nil {
			t.Fatal(err)
		}
		whole, err := c.Compile(raw, Options{File: "twins.mdx", Page: true, Whole: true})
		if err != nil {
			t.Fatal(err)
		}
		ids := regexp.MustCompile(`id: "[^"]*"`)
		if got, want := ids.FindAllString(split, -1), ids.FindAllString(whole, -1); !reflect.DeepEqual(got, want) {
			t.Errorf("heading ids split %v, whole %v:\n%s", got, want, body)
		}
	}
}

// A task item's text follows its checkbox with the one space the checkbox's " " stands for, however
// many the source has (goldmark's task-list parser takes them all). A run is made from the page's
// document's tree, which a later compile reads again (markdown.Doc.WithTree), so runjs.go reads the
// text as it is and changes nothing in the tree; splitOf splits the document's tree twice and
// compares both with a fresh parse.
func TestRunsLeaveTheTreeAsItWas(t *testing.T) {
	sp := splitOf(t, "import X from './x';\n\n- [ ]   three spaces\n- [x] one space\n\n<X />\n", false)
	if sp == nil || len(sp.runs) != 1 {
		t.Fatalf("split %+v, want one run", sp)
	}
	if got := strings.Join(sp.runs[0], ""); !strings.Contains(got, `"three spaces"`) || !strings.Contains(got, `"one space"`) {
		t.Errorf("the task items' texts are not those after the checkbox's space: %s", got)
	}
}

// A block with plain http(s) URLs in its text is a run, each URL a link whose text is the URL
// (runurls.go): the end micromark gives it, before trailing punctuation and emphasis.
func TestSplitRunsTakesPlainURLs(t *testing.T) {
	body := "Intro.\n\n> See **https://example.com/rules/naming-convention** for more.\n\n" +
		"Visit https://example.com/a/b?x=1#top, then (https://example.com/c).\n\n<Foo />\n"
	oneRunHolds(t, body,
		`j(c.a,{href:"/resolved/https://example.com/rules/naming-convention",children:"https://example.com/rules/naming-convention"})`,
		`j(c.a,{href:"/resolved/https://example.com/a/b?x=1#top",children:"https://example.com/a/b?x=1#top"})`,
		`j(c.a,{href:"/resolved/https://example.com/c",children:"https://example.com/c"})`)
}

// oneRunHolds splits body, which must make one run, checks that the run's elements hold each of
// wants, and returns the split.
func oneRunHolds(t *testing.T, body string, wants ...string) *split {
	t.Helper()
	sp := splitOf(t, body, false)
	if sp == nil || len(sp.runs) != 1 {
		t.Fatalf("not one run: %+v", sp)
	}
	run := strings.Join(sp.runs[0], "\n")
	for _, want := range wants {
		if !strings.Contains(run, want) {
			t.Errorf("the run lacks %s:\n%s", want, run)
		}
	}
	return sp
}

// Elements written inline with plain text in them are in runs (runinline.go), as the elements
// themselves, not the page's components; those of a paragraph MDX unravels (nothing but such
// elements in it), or with markup in them, stay with the compiler, and so does a <div> outside a
// heading.
func TestSplitRunsTakesInlineElements(t *testing.T) {
	body := "Intro.\n\nPress <kbd>Ctrl</kbd>+<kbd className=\"key\">C</kbd>, then rename <code>App.m</code>.\n\n<Foo />\n\n" +
		"<kbd>Alone</kbd> <kbd>B</kbd>\n\n<Foo />\n\nMarkup <span>a *b*</span>.\n\n<Foo />\n\nText <div>in a paragraph</div>.\n"
	sp := oneRunHolds(t, body, `j("kbd",{children:"Ctrl"})`, `j("kbd",{className:"key",children:"C"})`, `j("code",{children:"App.m"})`)
	for _, left := range []string{"<kbd>Alone</kbd> <kbd>B</kbd>", "Markup <span>a *b*</span>.", "Text <div>in a paragraph</div>."} {
		if !strings.Contains(sp.source, left) {
			t.Errorf("%q is not left to the compiler:\n%s", left, sp.source)
		}
	}
}

// A heading with elements written inline is a run (react-native-website's platform labels, a
// <div> there too: a browser keeps it in the heading, as in a table's cell), its id given from its
// text with the elements', as the compiler gives it.
func TestSplitRunsTakesHeadingsWithElements(t *testing.T) {
	body := "Intro.\n\n### `dropShadow` <div className=\"label android\">Android</div>\n\nPress <kbd>K</kbd>.\n\n## <kbd>Ctrl</kbd> keys\n\n" +
		"| Name | Type |\n|---|---|\n| height <div className=\"label required\">Required</div> | number |\n\n<Foo />\n"
	sp := oneRunHolds(t, body,
		`s(c.h3,{id:"dropshadow-android",children:[j(c.code,{children:"dropShadow"})," ",j("div",{className:"label android",children:"Android"})]})`,
		`s(c.h2,{id:"ctrl-keys",children:[j("kbd",{children:"Ctrl"})," keys"]})`,
		`s(c.td,{children:["height ",j("div",{className:"label required",children:"Required"})]})`)
	if got := fmt.Sprint(sp.headings); got != "[[{dropShadow Android dropshadow-android} {Ctrl keys ctrl-keys}]]" {
		t.Errorf("the run's headings are %s", got)
	}
}

// A line break written as JSX (<br/>, <br />) is in a run, as MDX's element and React's void
// element; alone in its paragraph (which MDX unravels) or in a heading it stays with the compiler.
func TestSplitRunsTakesLineBreaks(t *testing.T) {
	body := "Intro.\n\n| Option | Context <br/> (a note) |\n|---|---|\n| a | b<br />c |\n\n<Foo />\n\n<br/>\n\n<Foo />\n\n## A<br/>B\n\n<Foo />\n"
	sp := oneRunHolds(t, body, `s(c.th,{children:["Context ",j("br",{})," (a note)"]})`, `s(c.td,{children:["b",j("br",{}),"c"]})`)
	for _, left := range []string{"\n<br/>\n", "## A<br/>B"} {
		if !strings.Contains(sp.source, left) {
			t.Errorf("%q is not left to the compiler:\n%s", left, sp.source)
		}
	}
}

// A code fence's lines may hold a backslash, a character reference and spaces at their end,
// which both parsers keep as they are: the fence is in a run. In prose they stay with the
// compiler.
func TestSplitRunsTakesCodeWithBackslashes(t *testing.T) {
	body := "Intro.\n\n```sh\ndocker run \\\n  --rm x &amp;   \n```\n\n<Foo />\n\nProse with a \\* escape.\n"
	sp := oneRunHolds(t, body, "docker run")
	if strings.Contains(sp.source, "docker run") || !strings.Contains(sp.source, `Prose with a \* escape.`) {
		t.Errorf("the fence should be in the run and the prose with the compiler:\n%s", sp.source)
	}
}

// A thematic break right after a component's closing tags (react-native-website's `---` after its
// <Tabs>) is a block of its own, so it can be a run: it was taken for part of the tags' HTML block
// when goldmark gave breaks no line.
func TestSplitRunsTakesABreakAfterTags(t *testing.T) {
	body := "Intro.\n\n<Tabs>\n<TabItem value=\"js\">\n\nText.\n\n</TabItem>\n</Tabs>\n\n---\n\nAfter.\n"
	sp := splitOf(t, body, false)
	if sp == nil || strings.Contains(sp.source, "---") || !strings.Contains(sp.source, "</Tabs>\n\n<tokrun2 />") {
		t.Errorf("split %+v", sp)
	}
}

// A code fence right under a component's tag (react-native-website's tabs of commands) is a run:
// its lines are code, tags or not, and the tags around it are blanked (runblank.go).
func TestSplitRunsTakesFencesBetweenTags(t *testing.T) {
	body := "Intro.\n\n<Tabs>\n<TabItem value=\"npm\">\n```bash\nnpm run ios\n<div>\n```\n</TabItem>\n<TabItem value=\"yarn\">\n```bash\nyarn ios\n```\n</TabItem>\n</Tabs>\n\nAfter.\n"
	sp := splitOf(t, body, false)
	if sp == nil || strings.Contains(sp.source, "npm run ios") || strings.Contains(sp.source, "yarn ios") || !strings.Contains(sp.source, "<TabItem value=\"npm\">\n<tokrun1 />\n</TabItem>") {
		t.Errorf("split %+v", sp)
	}
	// A fence the block leaves open, or one indented four spaces, keeps the tags with the compiler.
	for _, kept := range []string{
		"<Tabs>\n<TabItem value=\"npm\">\n```bash\nnpm run ios\n\nmore\n```\n</TabItem>\n</Tabs>",
		"<Tabs>\n<TabItem value=\"npm\">\n    ```bash\n    npm run ios\n    ```\n</TabItem>\n</Tabs>",
	} {
		sp := splitOf(t, "Intro.\n\n"+kept+"\n\nAfter.\n", false)
		if sp == nil || !strings.Contains(sp.source, "<TabItem value=\"npm\">\n") || !strings.Contains(sp.source, "npm run ios") {
			t.Errorf("%q: split %+v", kept, sp)
		}
	}
}
