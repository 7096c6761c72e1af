package build

// Adversarial MDX pages for the Markdown runs (pkg/mdx/runs.go): each is built split and
// compiled whole, and every file a reader or the browser gets (HTML, page data with its TOC,
// search files) must be the same but for the names of the chunks.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"docsd/pkg/mdx"
)

// edgePages are pages written to break the split: each leans on a place where goldmark and
// micromark, or docsd's elements and mdast-util-to-hast's, could differ.
var edgePages = map[string]string{
	// A review's pages (session 31): a line break written as JSX alone on its line ends the paragraph
	// for MDX; one in a code span must not hide an expression from the checks.
	"br-ownline.mdx":  "Line one\n<br/>\nline two\n\nLine one\n<br/>\n\n> Quoted\n> <br/><br/>\n> line\n",
	"br-codespan.mdx": "Use `<br/>` {1+1} ``y``.\n\nA<br/>b and `<br />` c.\n",
	// A fence's closing line indented by four spaces: code for goldmark, the fence's end for MDX
	// (which has no indented code), then prose with an escape and a fence left open to the end.
	"fence-close-indented.mdx": "Intro.\n\n<Dummy />\n\n```\ncode\n    ```\na\\*b*\n```\n",
	"fence-close-in-item.mdx":  "Intro.\n\n<Dummy />\n\n- item\n\n  ```\n  code\n        ```\n  *a* b\n  ```\n",
	// An HTML block whose last line is a closing tag indented in a list item, which MDX goes on
	// with after the blank line.
	"close-in-item.mdx": "<div>\n- a\n  <span>\n  x\n  </span>\n\n- b\n\n</div>\n\n<div>\n- a\n  <span>\n  x\n  </span>\n\n  more\n\n</div>\n",
	"emphasis.mdx": `# Emphasis

*a**b* and **a*b** and *a**b**c*

a*b*c and a_b_c and snake_case_word and _x_y and __init__ in text

**strong *nested em* strong** and ***both*** and *__mixed__*

*foo**bar**baz* and **foo*bar*baz** and *a *b* c*

**"quoted"** and *(paren)* and **foo.**bar and _foo_bar_ and *
unmatched ** stars and _ lone underscores _

<Dummy />
`,
	"lists.mdx": `# Lists

- tight one
- tight two
  1. nested ordered
  2. nested two
     - deeper

* loose one

* loose two

7. seven
8. eight

1) paren one
2) paren two

- item with a fence

  ` + "```js" + `
  const x = 1;
  ` + "```" + `

- after the fence
  continued lazily
and lazier

- [ ] task
- [x] done task
- not a task

+ plus list
+ second

1. ordered

   with a second paragraph
2. tight after loose

- > quote in item
- ## heading in item
- ---

0. zero start
1. one
`,
	"tables.mdx": `# Tables

| Left | Center | Right | None |
|:--|:-:|--:|---|
| ` + "`code`" + ` | *em* | [link](./intro.md) | **strong** |
| | empty first | | |

| Only | Header |
|------|--------|

Not | a table
--- | ---
a | b

| one |
|-----|
| x |
| y | extra |
`,
	"headings.mdx": `# Headings

## Closing hashes ##

## With ` + "`code`" + ` and *em*

## With a [link](./intro.md) inside

## Dup

## Dup

### Dup

## Custom {#my-id}

## Ends with #hash

## Trailing #   

#### Level four

##### Level five

###### Level six

Setext two
----------

Setext one
==========

## 中文标题

## 🚀 Launch day

## مرحبا بالعالم

## Ümlaut Größe

## ![logo](/img/favicon.svg) With an image

![an image](/img/favicon.svg)
Setext with
an image
========

<Dummy />

## With an image
`,
	"links.mdx": `# Links and images

![alt *em* text](/img/favicon.svg "A title")

![](/img/favicon.svg)

![alt with ` + "`code`" + `](/img/favicon.svg 'single')

[title](./intro.md 'single quoted')
[angle](<./intro.md> "angle dest")
[spaced](<./a b.md>)
[empty]()
[query](./intro.md?x=1#sec)
[fragment](#emphasis)
[nested **bold** link](./intro.md#sec)
[paren](./intro.md (paren title))
[unicode](./intro.md "tître ✓")

A [broken link](./nowhere.md) and a [missing anchor](./intro.md#nowhere) in a run.
`,
	"punct.mdx": `# Punctuation

It's "quoted" -- a dash --- an em dash... and 'single' ones.

Tabs	inside	text and a	trailing tab word.

A very long line: ` + strings.Repeat("lorem ipsum dolor sit amet, ", 80) + `end.

中文段落，带标点。日本語の文章。한국어 문장.

Emoji 👍🏽 and 👨‍👩‍👧 and RTL שלום עולם and مرحبا.

Zero​width and non breaking spaces.

A line with two trailing spaces
and a line ending in a backslash\
here.

<Dummy />
`,
	"blanks.mdx": "# Blanks\n\nFirst para.\n   \nSecond para after spaces.\n\t\nThird after a tab.\n\n-\tTab item\n-\tSecond\n\n\tindented by a tab\n\n1.\tone\n2.\ttwo\n\n<Dummy />\n   \nAfter JSX and a blank with spaces.\n",
	"admonitions.mdx": `# Admonitions

Para before.

:::tip My title
Inside the tip.
:::

Para right after.
:::note
Glued to a paragraph.
:::

:::info[Bracket title]

- a list in it

:::

:::danger Title with *em*

Text.

:::

Last para.
`,
	"admonition-runs.mdx": `# Admonitions in runs

::::info[Outer]
Text in the outer one.

:::tip
A **tip** inside, with a [link](./intro.md "t") and ` + "`code`" + `.
:::

- a list
- in it

| a | b |
|:--|--:|
| 1 | 2 |

::::

:::NOTE
Upper-case kind.
:::

:::custom-kind Its title
Unknown kind.
:::

:::caution
> A quote.

## A heading in a caution {#caution-id}

## A heading in a caution
:::

:::warning[]
:::

:::danger

` + "```js title=\"in.js\"" + `
const inDanger = ":: two colons";
` + "```" + `

![img](/img/favicon.svg)

- [ ] a task

---

:::

::: note
Spaced kind, left to the compiler.
:::

:::tip[Title *with em*]
Left to the compiler.
:::

:::note Title at 10:30
Left to the compiler.
:::

:::note
:::tip
The same fence: micromark's outer one closes first.
:::
:::

::::note
Closed by more colons than it has? No: by fewer.
:::
::::

Last para.
`,
	"containers.mdx": `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Containers

<details>
<summary>Sum</summary>

Inside **details**.

- a
- b

</details>

<details>
  <summary>No blank lines</summary>
  Text straight in.
</details>

<Tabs>
<TabItem value="x" label="X">
Text without blank lines.
</TabItem>
<TabItem value="y" label="Y">

## Heading in a tab

Text in a tab.

</TabItem>
<TabItem value="z" label="Z">

- list in a tab

` + "```sh" + `
echo tab
` + "```" + `
</TabItem>
</Tabs>

Between two JSX blocks.

<Dummy />

Between again, *with em*.

<div>

Nested *run* in a div.

<div>

Deeper run.

</div>

</div>

The end without a trailing newline.`,
	// Tags alone on their lines with Markdown glued to them (runblank.go's linesBlanked), and
	// what must keep them with the compiler: review27b's pages.
	"tag-lines.mdx": "# Tag lines\n\n<div>\nGlued **text** inside a div.\n</div>\n\n<div>\n```html\n<br />\n```\n</div>\n\n" +
		"<div>\n- a\n  <Dummy />\n</div>\n\n<div>\n- a\n\n  <Dummy />\ntext\n</div>\n\n<div>\n1. Step one\n2. Step two\n   <img src=\"/img/favicon.svg\" />\n</div>\n\n" +
		"<p>hi</p>\n- item\n\n  para\n\n  para2\n\n<details>\n<summary>S</summary>\n- item\n\n  para\n\n  para2\n\n</details>\n\nThe end.\n",
	// Plain URLs in runs (runurls.go), and links whose URLs MDX encodes.
	"urls.mdx": "# URLs\n\n## See https://x.y/h\n\nA lone https://x.y/a% and https://x.y/a%2 and **https://example.com/rules/x**.\n\n" +
		"> See https://example.com/q, then (https://example.com/c).\n\n[odd](./x%y.md), [pct](https://x.y/100%), [sp](<./my page.md>) and ![img](./é.png).\n",
	"esm.mdx": `import Tabs from '@theme/Tabs';
export const meta = {a: 1};

Right after the ESM, with a blank line.

export function f() {
  return 1;
}

## After an export

Text {meta.a}.

A run after an expression paragraph.
`,
	"code.mdx":          "# Code\n\n```js title=\"a.js\" {1,3-4} showLineNumbers\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\n```\n\n```\nno language\n```\n\n```text\n```\n\n~~~python\nprint('tilde')\n~~~\n\n````md\n```js\ninner\n```\n````\n\n> ```js\n> in a quote\n> ```\n\n```mdx-code-block\n<Dummy />\n```\n\n```jsx title=\"b.jsx\"\n<div>{x}</div>\n```\n\n  ```js\n  indented fence\n    more\n  ```\n\nInline `` a ` b `` and ` padded ` and `  two  ` and `a\nb` spans.\n",
	"comments.mdx":      "# Comments\n\nBefore.\n\n<!-- a comment -->\n\nAfter.\n\nInline <!-- here --> comment.\n\n<!--\nmulti\nline\n-->\n\nEnd.\n",
	"quotes.mdx":        "# Quotes\n\n> one\n> > nested\n> back\n\n> lazy\ncontinuation\n\n>\n> empty first line\n\n> - list\n> - in quote\n\n***\n\n___\n\nPara\n---\n\n* * *\n",
	"title-only.mdx":    "---\ntitle: Front matter title\n---\n",
	"title-heading.mdx": "# The *title* heading\n<Dummy />\n",
	"title-run.mdx":     "# Title with text\nRight under it.\n\n## Next\n",
	"no-title.mdx":      "Text first.\n\n# A later h1\n\nMore.\n\n# Another h1\n",
	"crlf.mdx":          "# CRLF\r\n\r\nLine one.\r\n\r\n- a\r\n- b\r\n",
	"refs.mdx":          "# Refs\n\nA [ref][r] link.\n\n[r]: ./intro.md\n\nFoot[^1].\n\n[^1]: note\n",
	"heading-jsx.mdx": `# Heading JSX

## Same

<div>

## Same

</div>

## Same
`,
	"flanking.mdx":           "# Flanking\n\na*€b* and a*$b* and *€a*b and x**€y** and a_€b_ and *«quoted»*\n\nfoo*$*bar and 5*$*5 and *a*€ and €*a*\n\n~~ spaced~~ and a~~b~~c and ~~a~~b and **~~both~~**\n\n[a [b] c](./intro.md) and [![img](/img/favicon.svg)](./intro.md) and [*em* `code`](./intro.md)\n\n## \n\n#\n\n#5 bolt and #hashtag\n\n- - -\n\n-\n  starts blank\n\n-\n\n123456789. big start\n\nPara\n2. not a list\n\nPara\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Foo ## {#foo-id}\n\nMulti\nline\nsetext\n===\n\nText with `` ` `` and ```` ``` ```` spans.\n\n*em over a\nline break* and [link over a\nline](./intro.md)\n\nA\u00a0non-breaking space at the end\u00a0\nnext.\n\n<Dummy />\n",
	"tables2.mdx":            "# Tables two\n\n| a | b |\n|---|---|\n| `x|y` | z |\n\n|a|b|\n|-|-|\n|1|2|\n\n| left |\n| :--- |\n\n  | indented | table |\n  | -------- | ----- |\n  | 1 | 2 |\n\n| a |\n|---|\n|   |\n\n| *em* | **st** |\n|:---:|---:|\n| ~~del~~ | [l](./intro.md \"t\") |\n",
	"title-in-jsx.mdx":       "<div>\n\n# Inner\n\nText in the div.\n\n</div>\n\n# Title\n\nMore.\n",
	"title-in-jsx2.mdx":      "<div>\n\n# Inner alone\n\n</div>\n\n# Title\n\nMore.\n",
	"title-after-jsx.mdx":    "<Dummy />\n\n# Title after JSX\n\nText after.\n\n## Sub\n",
	"title-h2-first.mdx":     "## Not a title\n\nText.\n\n# Later h1\n\nMore.\n",
	"title-setext.mdx":       "Setext title\n============\n\nText under it.\n\n<Dummy />\n",
	"lazy.mdx":               "# Lazy\n\n- four\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quote\n| a | b |\n|---|---|\n\n- item\n\n  | in | item |\n  |----|------|\n  | 1 | 2 |\n\n> | q | t |\n> |---|---|\n> | 1 | 2 |\n",
	"phantom-esm.mdx":        "export const s = `\n\n## Twin\n\n`;\n\n## Twin\n\nText.\n",
	"phantom-expr.mdx":       "{`\n\n## Twin\n\n`}\n\n## Twin\n\nText.\n",
	"phantom-attr.mdx":       "<Dummy title={`\n\n## Twin\n\n`} />\n\n## Twin\n\nText.\n",
	"phantom-code.mdx":       "export const c = `\n\n` + \"```\" + `\n`;\n\n## Twin\n\nText.\n\n## Twin\n",
	"nested-heading.mdx":     "> ## Dup2\n> {1}\n\n## Dup2\n\nText.\n\n- ## Dup3\n  {2}\n\n## Dup3\n",
	"jsx-heading-inline.mdx": "<div>\n## Dup4\n</div>\n\n## Dup4\n\nText.\n\n<Dummy>\n### Dup5\n</Dummy>\n\n### Dup5\n",
	"_part.mdx":              "import Dummy from '@site/src/components/Dummy';\n\n## Part heading\n\nPart *text* with a [link](./intro.md).\n\n<Dummy />\n\n## Part heading\n\n- a\n- b\n",
	"uses-part.mdx":          "import Part from './_part.mdx';\n\n# Uses a part\n\n## Part heading\n\n<Part />\n\nAfter the part.\n\n<div>\n\n<Part />\n\n</div>\n",
	"admonition-heads.mdx":   ":::note\n\n## In a note\n\nText.\n\n:::\n\n## In a note\n\nAfter.\n\n:::tip\n## Glued\n:::\n\n## Glued\n",
	"code-block-tabs.mdx":    "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Tabs in code blocks\n\n```mdx-code-block\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\n```\n\nText in tab a, *a run*.\n\n```mdx-code-block\n</TabItem>\n<TabItem value=\"b\" label=\"B\">\n```\n\n## Heading in tab b\n\n- item\n\n```mdx-code-block\n</TabItem>\n</Tabs>\n```\n\n```mdx-code-block\n## Heading in a code block\n\nText in a code block.\n```\n\nAfter.\n",
	"title-custom-id.mdx":    "# Title with an id {#page-top}\n\nText.\n\n## Title with an id\n\n<Dummy />\n",
	"title-dup.mdx":          "# Dup title\n\nText.\n\n## Dup title\n\n<div>\n\n## Dup title\n\n</div>\n\n# Dup title\n",
	"title-fm.mdx":           "---\ntitle: From front matter\n---\n\nimport Dummy from '@site/src/components/Dummy';\n\n# A heading too\n\nText.\n\n<Dummy />\n",
	"entities.mdx":           "# Entities\n\nA &amp; B &copy; &#169; &#xA9; &nbsp;x &notanentity; AT&T\n\nPlain para.\n",
	// Code fences right under a component's tags (runblank.go reads their lines as code).
	"tabs-fences.mdx": "<Dummy>\n```bash\nnpm run ios\n<div>\n```\n</Dummy>\n\n<div>\n~~~\n</div>\n~~~\nText *after*.\n</div>\n\n" +
		"<Dummy>\n```bash\nnpm run ios\n\nmore\n```\n</Dummy>\n\n<div>\n~~~js `x`\ncode\n~~~\n</div>\n\nThe end.\n",
	// A review's older differences (session 29): a fence-like line with a backtick in its info
	// (no fence for either parser) before an admonition with a title after a space; a list
	// right under a table.
	"fence-like-title.mdx": "```a`b\n\n:::note Read this\n<Dummy />\n\nText.\n:::\n\nAfter.\n",
	"table-then-list.mdx": "| a | b |\n|---|---|\n| x | y |\n10) <kbd>a</kbd>\n\n11) b\n\n<Dummy />\n\n| a | b |\n|---|---|\n| x | y |\n10) <kbd>a</kbd>\nmore\n\n11) b\n\n" +
		"<Dummy />\n\n| a | b |\n|---|---|\n| x | y |\n10) <kbd>a</kbd>\n    - c\n\n11) b\n",
	// A review's pages (session 29): admonitions goldmark and the compiler end or open otherwise.
	"adm-unclosed-item-fence.mdx": ":::note\n{1}\n\n- a\n  ```\n:::\n\n```\nx\n```\n",
	"adm-run-over-fence.mdx":      ":::note\n<Dummy />\n\n- item\n\n  ```sh\n  npm i\n\n:::\n\n  indented after\n\nAfter.\n",
	"adm-run-over-fence2.mdx":     ":::note\n<Dummy />\n\n- item\n  ```sh\n  npm i\n:::\n\nAfter.\n",
	"adm-title-backslash.mdx":     ":::note Installs into C:\\\n<Dummy />\n\nSee the folder.\n:::\n\nAfter.\n",
	"adm-title-braces.mdx":        ":::note {1} items\n<Dummy />\n\nSee the folder.\n:::\n\nAfter.\n",
	"adm-after-open-fence.mdx":    "1. Run <Dummy />:\n   ```sh\n   npm i\n2. Then go on.\n\n:::tip Good to know\nRead *this*.\n\n<Dummy />\n\nSome text.\n:::\n\nAfter.\n",
	// A partial imported by a path with an escape prettier writes (`\_`), whose headings the page's
	// table of contents lists.
	"uses-part-escaped.mdx": "import Part from './\\_part.mdx';\n\n# Uses a part by an escaped path\n\n<Part />\n",
	// Admonitions with MDX syntax in them, whose blocks are runs all the same (runblank.go).
	"admonition-opened.mdx": "# Opened admonitions\n\n:::tip[Recap]\n\nSome **bold** text and a [link](./intro.md).\n\n<Dummy />\n\n## Inside the tip\n\n- one\n- two\n\n:::\n\n" +
		"## Inside the tip\n\n:::note Kept at 10:30\nText under a title the compiler reads.\n:::\n\n<div>\n\n:::info\n<Dummy>\nGlued *text* in a component.\n</Dummy>\n\n" +
		"```sh\nls \\\n  -l\n```\n:::\n\n</div>\n\n:::caution\n<Dummy />\n\n- a\n:::\n\n- c\n\n::::warning\n{\"expr\"}\n\nPara after an expression.\n::::\n\nThe end.\n",
}

// dummyComponent is the component edgePages use between runs.
const dummyComponent = `export default function Dummy() {
  return <span className="dummy">dummy</span>;
}
`

// buildMDXSite builds the fixture name with extra files written in, split or whole, and returns
// every published file but the chunks, by name, with the chunks' names made the same, the names
// of the files compiled with runs, and of those with a run's block given as HTML (runhtml.go).
// It also returns which pages' modules have a run's block as HTML, and which a run's admonition.
func buildMDXSite(t *testing.T, name string, extra map[string]string, whole bool) (map[string]string, []string, []string, []string) {
	t.Helper()
	root, opts := fixtureSite(t, name)
	for rel, text := range extra {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts.BuildTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b := New(opts)
	defer b.Close()
	b.mdxWhole = whole
	var runs, html, admonitions []string
	var mu sync.Mutex
	b.onCompiled = func(file, js string) string {
		mu.Lock()
		if strings.Contains(js, mdx.RunsMark) {
			runs = append(runs, filepath.Base(file))
		}
		if strings.Contains(js, "dangerouslySetInnerHTML:{__html:") {
			html = append(html, filepath.Base(file))
		}
		if strings.Contains(js, "(c.Admonition,{") {
			admonitions = append(admonitions, filepath.Base(file))
		}
		mu.Unlock()
		return js
	}
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	assets := regexp.MustCompile(`[-.][A-Za-z0-9_]{6,}\.(js|css|json)`)
	out := map[string]string{}
	for file, data := range res.Files.Data {
		if strings.HasSuffix(file, ".js") || strings.HasSuffix(file, ".css") || strings.HasSuffix(file, ".map") {
			continue
		}
		// (Only chunks' names differ: the search files' names follow their content.)
		out[file] = assets.ReplaceAllString(string(data), "-H.$1")
	}
	// The link check's findings, as a file of their own.
	out["(link problems)"] = fmt.Sprint(res.Problems)
	sort.Strings(runs)
	sort.Strings(html)
	sort.Strings(admonitions)
	return out, slices.Compact(runs), slices.Compact(html), slices.Compact(admonitions)
}

func TestMDXRunsEdgePagesRenderAsWhole(t *testing.T) {
	for _, components := range mdxComponentsVariants {
		t.Run(components.name, func(t *testing.T) {
			extra := map[string]string{"src/components/Dummy.jsx": dummyComponent, "src/theme/MDXComponents.js": components.file}
			for name, text := range edgePages {
				if !strings.HasPrefix(text, "---") && !strings.HasPrefix(name, "_") {
					text = "---\nsidebar_position: 9\n---\n\nimport Dummy from '@site/src/components/Dummy';\n\n" + text
				}
				extra["content/docs/guide/edge/"+name] = text
			}
			whole, _, _, _ := buildMDXSite(t, "mdx-runs", extra, true)
			split, withRuns, withHTML, withAdmonitions := buildMDXSite(t, "mdx-runs", extra, false)
			t.Logf("split: %v; with HTML: %v; admonitions in runs: %v", withRuns, withHTML, withAdmonitions)
			for _, page := range []string{"admonitions.mdx", "admonition-heads.mdx", "admonition-runs.mdx"} {
				if !slices.Contains(withAdmonitions, page) {
					t.Errorf("%s has no admonition in a run", page)
				}
			}
			if !slices.Contains(withRuns, "admonition-opened.mdx") {
				t.Errorf("admonition-opened.mdx has no run")
			}
			if plain := components.name == "plain"; plain != (len(withHTML) >= 10) {
				t.Errorf("%d pages have a run's block as HTML: %v", len(withHTML), withHTML)
			}
			if !strings.Contains(split["(link problems)"], "nowhere.md") {
				t.Errorf("the link check did not report the broken link: %s", split["(link problems)"])
			}
			compareBuilds(t, whole, split)
		})
	}
}

// mdxComponentsVariants are the site's MDXComponents the split pages are compared under: the
// fixture's, which overrides two elements the runs make (each run's blocks are elements), and one
// that overrides none (the runs' blocks are given to React as HTML where they can be, runhtml.go).
var mdxComponentsVariants = []struct{ name, file string }{
	{"overridden", mustRead("../../testdata/sites/mdx-runs/src/theme/MDXComponents.js")},
	{"plain", "import MDXComponents from '@theme-original/MDXComponents';\n\nexport default { ...MDXComponents };\n"},
}

func mustRead(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// compareBuilds reports each file that differs between the two builds.
func compareBuilds(t *testing.T, whole, split map[string]string) {
	t.Helper()
	var files []string
	for f := range whole {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		w, s := whole[f], split[f]
		if w == s {
			continue
		}
		i := 0
		for i < len(w) && i < len(s) && w[i] == s[i] {
			i++
		}
		t.Errorf("%s differs at byte %d:\nwhole: %.400s\nsplit: %.400s", f, i, w[max(i-150, 0):], s[max(i-150, 0):])
	}
	if len(whole) != len(split) {
		t.Errorf("%d files whole, %d split", len(whole), len(split))
	}
}
