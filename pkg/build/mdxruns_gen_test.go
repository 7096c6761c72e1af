package build

// Pages made from pieces with fixed seeds: Markdown pieces (the runs), JSX, expressions,
// admonitions and containers, next to each other with and without blank lines, built split and
// compiled whole (TestMDXRunsEdgePagesRenderAsWhole's comparison).

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// genMarkdown are Markdown pieces; genJSX what stays with the compiler.
var (
	genMarkdown = []string{
		"A paragraph with *em*, **strong** and `code`.",
		"Two lines\nof one paragraph.",
		"## Repeated heading",
		"## Repeated heading",
		"### A *styled* `heading`",
		"## Custom id {#gen-custom}",
		"Setext over\ntwo lines\n---------",
		"- one\n- two\n  - nested",
		"1. first\n\n2. loose",
		"3. three\n4. four",
		"- [ ] open\n- [x] closed",
		"> A quote with a [link](./intro.md \"t\").",
		"| a | b |\n|:--|--:|\n| `x` | *y* |",
		"```js title=\"g.js\" {1}\nconst g = 1;\n```",
		"```\nplain code\n```",
		"---",
		"![an image](/img/favicon.svg \"img title\")",
		"snake_case and a*b*c and **a**b",
		"中文 and emoji 🎉 and עברית.",
		"~~struck~~ text.",
		"- item\n\n  ```sh\n  echo item\n  ```",
		"Text ending the page",
		"- lazy item\n| t | u |\n|---|---|\n| 1 | 2 |",
		"## Repeated heading {#gen-other}",
		"Multi\nline heading\n===",
		"[ref-like] text and [brackets]",
		"1. one\n\n   - inner\n\n     para in inner",
		"***bold em*** and *a **b** c*",
		"Pipes | in | text",
		"`code with {braces}` and `<tag>`",
		"See **https://example.com/rules/x** for more.",
		"Visit https://example.com/a?x=1#top, then (https://example.com/c).",
		"> A quote with https://example.com/q.",
		"Under https://example.com/a_b and http://x.io/~u.",
		"Mixed `https://code.example` and https://example.com/d, *https://example.com/e*.",
		"## A heading with https://example.com/h",
		"Links [odd](./x%y.md), [pct](https://x.y/100%) and ![img](./é.png \"t\").",
	}
	// genInline are Markdown pieces with elements written inline (runinline.go takes some, the
	// compiler the others) and code whose text prose may not have, for seeds of their own: the
	// seeds above keep their pages.
	genInline = []string{
		"Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop.",
		"- Rename <code>App.m</code> to <code>App.mm</code>\n- then <b>build it</b>",
		"| key | what |\n|---|---|\n| a <kbd>Ctrl</kbd> | <i>copy</i> x |",
		"<kbd>Start</kbd> of a line.",
		"## Heading with <kbd>K</kbd>",
		"Emphasis *around <kbd>K</kbd> it* and <span>a *b*</span>.",
		"Two <sub>1</sub> and <sup>2</sup>\nlines <em>here</em>, <u> spaced </u> and <s>x</s>.",
		"> Quote with <kbd>Q</kbd> and <abbr>CLI</abbr>.",
		":::note\n\nPress <kbd>N</kbd> in a note.\n\n:::",
		"Emphasis *around <kbd>K</kbd> it* and **on <var>B</var>**.",
		"[A link <code>x</code>](./intro.md) and <mark>it's \"quoted\"</mark>.",
		"1. Use the <code>Cocoa Touch Class</code>.\n2. Name it <code>RCTWebView</code> (<i>one</i>)",
		"- <code>x</code> first in an item\n- <code>only</code>\n- <b>a</b> <i>b</i>",
		"<kbd>A</kbd> then <kbd>B</kbd>.",
		"<kbd>A</kbd> <kbd>B</kbd>",
		"Some text\n<kbd>A</kbd>",
		"<sub>alone</sub>",
		"| <kbd>C</kbd> | <i>x</i> |\n|---|---|\n| <b>1</b> | 2 |",
		"1. <code>a</code>\n\n2. <code>b</code> loose",
		// A review's pages: the paragraph MDX unravels sits in a list, a task item, a quote.
		"Intro.\n\n1. <kbd>b</kbd>\n\n2. x",
		"1. <kbd>a</kbd> <kbd>b</kbd>\n2. c",
		"- [x] <kbd>a</kbd>\n- [ ] b",
		"1. [x] <kbd>a</kbd>\n\n2. [ ] b",
		"1. > <kbd>b</kbd>",
		"- a\n\n  1. <kbd>b</kbd>",
		"x <kbd>a</kbd>\n1. <kbd>b</kbd>",
		"- [x] <kbd>a</kbd> b\n- x [<kbd>l</kbd>](./intro.md)",
		"1. - <kbd>b</kbd>\n\n   - c",
		"10) <kbd>a</kbd>\n\n11) b",
		"> x\n> 1. <kbd>b</kbd>",
		":::note\n\n1. <kbd>a</kbd>\n\n:::",
		// Code whose lines hold what prose may not (a backslash, a reference, spaces at the end).
		"```sh\ndocker run \\\n  --rm alpine:3 \\\n  echo 'a&amp;b'   \n```",
		"- item\n\n  ```js\n  const re = /\\d+\\.x/;  \n  ```",
		":::tip\n\n```\nC:\\Program Files\\x\n```\n\n:::",
		"Prose with a \\* escape\n\n```\nand code\n```",
		// Markdown after an HTML block that ends with its element's closing tag.
		"<div>\n- a\n</div>\n\n- b",
		"<Dummy>\n- a\n\n- c\n</Dummy>\n\n1. b\n\n---",
		"<details>\n<summary>S</summary>\nText *in* it.\n</details>\n\nAfter.",
		"<Dummy />\n- a\n\n- b",
		// Inline elements with attributes (className, title, id; others stay with the compiler).
		"Press <kbd className=\"key\">Ctrl</kbd> and <abbr title=\"Command line\" id=\"cli\">CLI</abbr>.",
		"| a | b |\n|---|---|\n| x <span className=\"label ios\">iOS</span> | <code className=\"\">y</code> z |",
		"Twice <i className=\"a\" className=\"b\">x</i>, <b class=\"c\">y</b>, <u>z</u> and <s title='q'>w</s>.",
		// A fourth review's: a backtick in a value pairs with none (the prose checks read past it).
		"Keys <kbd title=\"`\">K</kbd> at 10:30 and www.example.com <kbd title=\"`\">L</kbd>.",
		// Elements in headings (react-native-website's platform labels), their ids from their text
		// with the elements' (a second one of the same text numbered), and a <div> outside one.
		"### `dropShadow` <div className=\"label android\">Android</div>",
		"### `dropShadow` <div className=\"label android\">Android</div>",
		"## <kbd>Ctrl</kbd> first in a heading",
		"## Keys <kbd>K</kbd> with an id {#gen-keys}",
		"#### <span title=\"t\">A</span> and <div>B</div>",
		"Text <div className=\"x\">in a paragraph</div> stays with the compiler.",
		"| Name <div>Head</div> | Type |\n|---|---|\n| height <div className=\"label basic required\">Required</div> | number |",
		"Text\n<div className=\"x\">at a line's start</div> after it.",
		// Line breaks written as JSX (tables' cells hold them); alone, or in a heading, with the compiler.
		"| Option | Context <br/> (a note) |\n|---|---|\n| a | b<br />c |",
		"Line one<br/>\nline two, and <kbd>K</kbd><br/>.",
		"<br/>",
		"## A<br/>B heading",
	}
	genJSX = []string{
		"<Dummy />",
		"An {1 + 1} expression.",
		"<Dummy>inline *em* child</Dummy>",
		":::note\n\nIn a note.\n\n:::",
		":::tip Titled\nGlued tip.\n:::",
		"{/* a comment */}",
		"<!-- an HTML comment -->",
		"Text at 10:30 with www.example.com.",
		"Escaped \\* star.",
		"<div>\n## Repeated heading\n</div>",
		"{`\n\n## Repeated heading\n\n`}",
		":::note\n\n## Repeated heading\n\n:::",
		"<Dummy title=\"## Repeated heading\" />",
	}
	genOpen  = []string{"<div>", "<details>\n<summary>S</summary>", "<Dummy>"}
	genClose = []string{"</div>", "</details>", "</Dummy>"}
	// genAdmonitionOpen and genAdmonitionClose are admonitions as containers, whose blocks are
	// Markdown or JSX (runblank.go opens those with JSX), for seeds of their own.
	genAdmonitionOpen  = []string{":::note", ":::tip[Recap]", "::::info A title", ":::danger Kept at 10:30"}
	genAdmonitionClose = []string{":::", ":::", "::::", ":::"}
)

// genPage is one page of pieces from rng: Markdown from genMarkdown and more, and with
// admonitions, containers that are admonitions too.
func genPage(rng *rand.Rand, n int, more []string, admonitions bool) string {
	var b strings.Builder
	b.WriteString("---\nsidebar_position: 9\n---\n\nimport Dummy from '@site/src/components/Dummy';\n\n")
	if rng.Intn(2) == 0 {
		fmt.Fprintf(&b, "# Generated %d\n", n)
		if rng.Intn(2) == 0 {
			b.WriteString("\n")
		}
	}
	pieces := append(genMarkdown[:len(genMarkdown):len(genMarkdown)], more...)
	md := func() string { return pieces[rng.Intn(len(pieces))] }
	// sep is a blank line, or for two Markdown pieces sometimes none.
	sep := func(glue bool) string {
		if glue && rng.Intn(4) == 0 {
			return "\n"
		}
		return "\n\n"
	}
	prevMD := true
	for i, k := 0, 3+rng.Intn(8); i < k; i++ {
		switch r := rng.Intn(10); {
		case r < 6:
			if i > 0 {
				b.WriteString(sep(prevMD))
			}
			b.WriteString(md())
			prevMD = true
		case r < 8:
			if i > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(genJSX[rng.Intn(len(genJSX))])
			prevMD = false
		default:
			if i > 0 {
				b.WriteString("\n\n")
			}
			open, close := genOpen, genClose
			if admonitions {
				open, close = append(genOpen[:len(genOpen):len(genOpen)], genAdmonitionOpen...), append(genClose[:len(genClose):len(genClose)], genAdmonitionClose...)
			}
			c := rng.Intn(len(open))
			b.WriteString(open[c])
			// The container's tags are set off by blank lines, or (one time in four each) not:
			// MDX reads Markdown right after or before a tag alone on its line as its children.
			b.WriteString(sep(true))
			for j, m := 0, 1+rng.Intn(3); j < m; j++ {
				if j > 0 {
					b.WriteString("\n\n")
				}
				if admonitions && rng.Intn(3) == 0 {
					b.WriteString(genJSX[rng.Intn(len(genJSX))])
					continue
				}
				b.WriteString(md())
			}
			b.WriteString(sep(true) + close[c])
			prevMD = false
		}
	}
	if rng.Intn(3) > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

func TestMDXRunsGeneratedPagesRenderAsWhole(t *testing.T) {
	extra := map[string]string{"src/components/Dummy.jsx": dummyComponent}
	// Each seed after 11 made a page that differed: 51 a table with an underline under it, 141 a
	// heading with an image, 231 a list right under a table.
	seeds := []int64{11, 51, 141, 231, 1001, 1002, 2001, 2002}
	for _, seed := range seeds {
		rng := rand.New(rand.NewSource(seed))
		var more []string
		if seed > 1000 {
			more = genInline
		}
		for i := 0; i < 60; i++ {
			extra[fmt.Sprintf("content/docs/guide/gen/s%d-p%02d.mdx", seed, i)] = genPage(rng, i, more, seed > 2000)
		}
	}
	for _, components := range mdxComponentsVariants {
		t.Run(components.name, func(t *testing.T) {
			extra["src/theme/MDXComponents.js"] = components.file
			whole, _, _, _ := buildMDXSite(t, "mdx-runs", extra, true)
			split, withRuns, withHTML, _ := buildMDXSite(t, "mdx-runs", extra, false)
			if len(withRuns) < 40*len(seeds) {
				t.Errorf("only %d pages split: %v", len(withRuns), withRuns)
			}
			if plain := components.name == "plain"; plain != (len(withHTML) >= 30*len(seeds)) {
				t.Errorf("%d pages have a run's block as HTML", len(withHTML))
			}
			compareBuilds(t, whole, split)
		})
	}
}
