package mdx

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/markdown"
)

func TestSectionsOfRenderedContent(t *testing.T) {
	body := `<header><h1>Title</h1></header><div class="markdown" data-mdx-content="true"><p>Intro &amp; more<br/>text.</p>` +
		`<h2 id="tabs">Tabs <code>x</code></h2><div role="tabpanel" hidden="">Hidden panel.</div>` +
		`<div class="code-block"><pre><code>echo hi</code></pre><button class="copy-button">Copy</button></div>` +
		`<h3 id="deep" class="anchor">Deep<a class="hash-link" href="#deep" aria-label="Link to Deep">#</a></h3><p>Partial text.</p></div><footer>Not content</footer>`
	got, ok := Sections(body)
	if !ok {
		t.Fatal("no content found")
	}
	want := []markdown.Section{
		{Text: "Intro & more text."},
		{ID: "tabs", Heading: "Tabs x", Text: "Hidden panel. echo hi"},
		{ID: "deep", Heading: "Deep", Text: "Partial text."},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sections\n%+v\nwant\n%+v", got, want)
	}
	if _, ok := Sections("<div>no mdx</div>"); ok {
		t.Error("content found in a page without it")
	}
}

func TestIsMDX(t *testing.T) {
	esm := []byte("import Tabs from '@theme/Tabs';\n\n# Title\n")
	fenced := []byte("# Title\n\n```js\nimport x from 'y';\n```\n")
	for _, c := range []struct {
		path, format string
		body         []byte
		want         bool
	}{
		{"a.mdx", "", fenced, false},
		{"a.mdx", "", esm, true},
		{"a.md", "", esm, true},
		{"a.md", "", fenced, false},
		{"a.md", "mdx", fenced, true},
		{"a.mdx", "md", esm, false},
		{"a.md", "detect", esm, false},
		{"a.mdx", "detect", fenced, false},
		{"a.mdx", "detect", esm, true},
		{"a.md", "", []byte("Some <Shout>loud</Shout> words.\n"), true},
		{"a.md", "", []byte("  <Tabs.Item value=\"x\" />\n"), true},
		{"a.md", "", []byte("Plain <b>HTML</b> and <details><summary>x</summary></details>.\n"), false},
		{"a.md", "", []byte("Code `<Shout>` and\n\n```tsx\n<Shout />\n```\n\n    <Indented />\n\n    <StillCode />\n"), false},
		{"a.md", "detect", []byte("Some <Shout>loud</Shout> words.\n"), false},
		{"a.md", "", []byte("Prefer the [\\<Login /\\> component](./login.md).\n"), false},
		// A capitalised tag in an HTML comment names no component (MDX reads the comment as one).
		{"a.md", "", []byte("Text <!-- <Tabs> came here --> and\n\n<!--\n<Tabs>\n  <TabItem>\n-->\n\nmore.\n"), false},
		{"a.md", "", []byte("<!-- a note --> <Shout /> after a comment\n"), true},
		{"a.md", "", []byte("<!--\nstill a comment\n--> <Shout /> after one\n"), true},
		// An HTML element with an expression for an attribute's value is MDX (CommonMark shows the
		// tag as text), on its line or on the lines of a tag written over several; in code, in a
		// comment, in a quoted value, escaped or in plain text it is not.
		{"a.md", "", []byte("Items:\n\n<img src={require('@site/static/img/shot.png').default} />\n"), true},
		{"a.md", "", []byte("<div style = {{float: 'right'}}>x</div>\n"), true},
		{"a.md", "", []byte("<img\n  alt=\"a > b\"\n  src={shot}\n/>\n"), true},
		{"a.md", "", []byte("`<img src={x} />` and\n\n```html\n<img src={x} />\n```\n\n    <img src={x} />\n"), false},
		{"a.md", "", []byte("<!-- <img src={x} /> -->\n<img alt=\"a={b}\" src=\"x.png\" />\n\\<img src={x} /> and a={b} in text.\n"), false},
		{"a.md", "", []byte("<br/> then a={b}, and <img src=\"x.png\"\n/> then c={d}\n"), false},
		// Text that only looks like a tag to a looser reading (a review's pages): a "<" in prose,
		// an autolink with a query, a tag ended by a blank line.
		{"a.md", "", []byte("When count <limit the request waits.\n\nSet the flag, e.g. replicas={3}, in the values.\n"), false},
		{"a.md", "", []byte("The API answers at <https://api.example.test/v1/users?id={id}> for a user.\n"), false},
		{"a.md", "", []byte("Write <mailto:a@b.test?subject={x}> or x <y ={z}.\n"), false},
		{"a.md", "", []byte("A list <ul class=\"x\"\n\nstyle={y}\n"), false},
		// A review's: white space around the "=", the value on the next line, a spread before it.
		{"a.md", "", []byte("<img src =  {x} />\n"), true},
		{"a.md", "", []byte("<img src=\t{x} />\n"), true},
		{"a.md", "", []byte("<img src\n={x} />\n"), true},
		{"a.md", "", []byte("<img src=\n{require('./a.png').default} />\n"), true},
		{"a.md", "", []byte("<div {...props} style={{a: 1}}>x</div>\n"), true},
		// A final review's: prose whose "<word" and "= {" are on two lines is no tag; a tag goes on
		// over lines only from a line it begins.
		{"a.md", "", []byte("A request waits while count <max and total\n= {sum} is reached.\n"), false},
		{"a.md", "", []byte("If a <b and c\n= {d} holds.\n"), false},
		{"a.md", "", []byte("Let x <y be the bound\nand z =\n{1, 2} the set.\n"), false},
		// In a block quote, a tag goes on over the quote's lines, its markers not read as its end.
		{"a.md", "", []byte("> <img\n>   src={shot}\n> />\n"), true},
		{"a.md", "", []byte("> > <img\n> >   alt=\"A\"\n> >   src={shot} />\n"), true},
		{"a.md", "", []byte("> <img\n>   alt=\"A\"\n> />\n> and a={b} after it.\n"), false},
		{"a.md", "", []byte("> While count <max and total\n> = {sum} is reached.\n"), false},
		// Code in a block quote is code; a quote's blank line ends a tag.
		{"a.md", "", []byte("> Example:\n>\n> ```jsx\n> <img\n>   src={shot}\n> />\n> ```\n"), false},
		{"a.md", "", []byte("> Example:\n>\n>     <img\n>       src={shot}\n>     />\n"), false},
		{"a.md", "", []byte("> <br\n>\n> The setting x={y} is set.\n"), false},
		// The quote's indented code goes on over its lines, blank quote lines too.
		{"a.md", "", []byte("> Example:\n>\n>     // the image\n>     <img src={shot} />\n"), false},
		{"a.md", "", []byte("> Example:\n>\n>     <br />\n>\n>     <img src={shot} />\n"), false},
		{"a.md", "", []byte("> Text\n>     <img src={shot} />\n"), true},
	} {
		if got := IsMDX(c.path, c.format, c.body); got != c.want {
			t.Errorf("IsMDX(%s, %q, %q) = %v", c.path, c.format, c.body, got)
		}
	}
}

// The site's markdown.format applies to a page without front-matter `format`; "mdx" is the default.
func TestPageFormat(t *testing.T) {
	for _, c := range []struct{ front, site, want string }{
		{"", "", ""}, {"", "mdx", ""}, {"", "md", "md"}, {"", "detect", "detect"},
		{"mdx", "md", "mdx"}, {"md", "detect", "md"}, {"detect", "md", "detect"},
	} {
		if got := PageFormat(c.front, c.site); got != c.want {
			t.Errorf("PageFormat(%q, %q) = %q, want %q", c.front, c.site, got, c.want)
		}
	}
}

// An .mdx page that uses no MDX syntax is Markdown (goldmark renders it as MDX would, far faster);
// anything MDX reads otherwise than CommonMark keeps it MDX.
func TestUsesMDXSyntax(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{"# Title\n\nPlain *text* with `<code>` and ``a ` {b}``.\n", false},
		{"## Custom {#my-id}\n\n:::note[Title]\nText.\n:::\n", false},
		{"```html\n<div>{x}</div>\n```\n\n- item\n  continued\n", false},
		{"Some <Badge /> here.\n", true},
		{"A {1 + 1} expression.\n", true},
		{"<!-- a comment -->\n", true},
		{"Text.\n\n    indented code\n", true},
		{"```mdx-code-block\nimport X from './x';\n```\n", true},
		{"export const a = 1;\n\nText.\n", true},
		{"An unclosed `span <b>\n", true},
	} {
		if got := UsesMDXSyntax([]byte(c.body)); got != c.want {
			t.Errorf("UsesMDXSyntax(%q) = %v, want %v", c.body, got, c.want)
		}
	}
}

// FencedRanges follows fences as the page's other readers do: a longer fence holds a shorter one,
// a fence closes only on a run as long with nothing after it, one never closed runs to the end.
func TestFencedRanges(t *testing.T) {
	src := "a\n````mdx\n```js\nx\n```\n````\nb\n~~~\ny\n~~~~ z\n"
	got := FencedRanges(src)
	want := [][2]int{{2, strings.Index(src, "````\nb") + 4}, {strings.Index(src, "~~~"), len(src)}}
	if !slices.Equal(got, want) {
		t.Errorf("FencedRanges = %v, want %v", got, want)
	}
}
