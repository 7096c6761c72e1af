package build

// An MDX page's Markdown runs are rendered by docsd, not parsed by the MDX compiler
// (pkg/mdx/runs.go): every page must come out as it does compiled whole, with the site's
// MDXComponents overriding the elements of the runs too.

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// mixedMDX is a page that mixes Markdown runs with JSX, expressions, imports, an mdx-code-block
// and a heading inside a JSX element, and has something of every kind runjs.go makes.
const mixedMDX = `---
title: Mixed
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Mixed

Some *Markdown*, **strong**, ~~gone~~, ` + "`code`" + ` and a [link](./intro.md "The intro").
A second line.

A link GFM makes: www.example.com, and a time, 10:30.

## A run's heading {#custom-id}

1. one
2. two

3. three

- [ ] to do
- [x] done
  - nested

> A quote
> over two lines.

<Tabs>
  <TabItem value="a" label="A">

A paragraph in a tab.

` + "```sh" + `
echo in a tab
` + "```" + `

  </TabItem>
  <TabItem value="b" label="B">

Another.

  </TabItem>
</Tabs>

An expression: {1 + 1}.

<div className="box">

## A heading inside a JSX element

Text beside it.

</div>

` + "```mdx-code-block" + `
<Tabs><TabItem value="c" label="C">Unwrapped.</TabItem></Tabs>
` + "```" + `

| Left | Centre | Right |
|:-----|:------:|------:|
| ` + "`1`" + ` | 2 | *3* |

---

` + "```js title=\"x.js\"" + `
let a = '<b>';
` + "```" + `

## A run's heading

The end, with a [reference][intro] link.

[intro]: ./intro.md
`

// mixedMDXNoRefs is mixedMDX without its reference link, which makes the page compiled whole.
var mixedMDXNoRefs = strings.Replace(strings.Replace(mixedMDX, "\n[intro]: ./intro.md\n", "", 1), "[reference][intro]", "[plain](./intro.md)", 1)

func TestMDXRunsRenderAsWhole(t *testing.T) {
	root, opts := mdxSite(t)
	guide := filepath.Join(root, "content", "docs", "guide")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(guide, "mixed.mdx"), mixedMDXNoRefs)
	write(filepath.Join(guide, "mixed-refs.mdx"), mixedMDX)
	// The site overrides two elements the runs make.
	write(filepath.Join(root, "src", "theme", "MDXComponents.js"), "import MDXComponents from '@theme-original/MDXComponents';\n"+
		"import Heading2 from '@site/src/components/Heading2';\nimport Code from '@site/src/components/Code';\n\n"+
		"export default { ...MDXComponents, h2: Heading2, code: Code };\n")
	write(filepath.Join(root, "src", "components", "Heading2.jsx"), "export default function Heading2(props) {\n  return <h2 {...props} className=\"site-h2\" />;\n}\n")
	write(filepath.Join(root, "src", "components", "Code.jsx"), "export default function Code(props) {\n  return <code {...props} className=\"site-code\" />;\n}\n")

	build := func(whole bool) (map[string]string, map[string]string) {
		t.Helper()
		b := New(opts)
		defer b.Close()
		b.mdxWhole = whole
		modules := map[string]string{}
		b.onCompiled = func(file, js string) string {
			modules[filepath.Base(file)] = js
			return js
		}
		res, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		pages := map[string]string{}
		for path, r := range res.Site.Routes {
			if r.MDX {
				pages[path] = string(res.Files.Data[res.Site.HTMLPath(path)])
			}
		}
		return pages, modules
	}
	whole, wholeModules := build(true)
	split, splitModules := build(false)

	// Split where it can be, whole where it cannot.
	for file, want := range map[string]bool{"mixed.mdx": true, "install.mdx": true, "mixed-refs.mdx": false} {
		if got := strings.Contains(splitModules[file], "_docsdJsx"); got != want {
			t.Errorf("%s split: %v, want %v", file, got, want)
		}
		if strings.Contains(wholeModules[file], "_docsdJsx") {
			t.Errorf("%s compiled whole has runs", file)
		}
	}
	// The same HTML, but for the names of the assets (the chunks differ).
	assets := regexp.MustCompile(`[-.][A-Za-z0-9_]{6,}\.(js|css|json)`)
	var routes []string
	for path := range whole {
		routes = append(routes, path)
	}
	sort.Strings(routes)
	if len(routes) < 4 {
		t.Fatalf("MDX routes %v", routes)
	}
	for _, path := range routes {
		w, s := assets.ReplaceAllString(whole[path], "-H.$1"), assets.ReplaceAllString(split[path], "-H.$1")
		if w != s {
			i := 0
			for i < len(w) && i < len(s) && w[i] == s[i] {
				i++
			}
			t.Errorf("%s differs at byte %d:\nwhole: %.300s\nsplit: %.300s", path, i, w[max(i-100, 0):], s[max(i-100, 0):])
		}
	}
	page := split["/docs/guide/mixed"]
	for _, want := range []string{
		`<del>gone</del>`,
		`<a href="http://www.example.com">www.example.com</a>`,
		`<h2 id="custom-id" class="site-h2">A run&#x27;s heading</h2>`,
		`<h2 id="a-runs-heading" class="site-h2">A run&#x27;s heading</h2>`,
		`<code class="site-code">code</code>`,
		`<a href="/docs/guide/intro" title="The intro">link</a>`,
		`<th style="text-align:left">Left</th>`,
		`<input type="checkbox" disabled="" checked=""/> <!-- -->done`,
		`<div class="code-block language-js"><div class="code-title">x.js</div>`,
		`<h2 id="a-heading-inside-a-jsx-element" class="site-h2">A heading inside a JSX element</h2>`,
		`>Unwrapped.</div>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the split page lacks %s", want)
		}
	}
	if n := strings.Count(page, ">Mixed</h1>"); n != 1 {
		t.Errorf("the title shows %d times", n)
	}
}
