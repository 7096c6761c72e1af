package markdown

import (
	"strings"
	"testing"
)

// TestDocusaurusAdmonitions: every kind Docusaurus 3 renders, both title forms and nesting with a
// longer fence parse as call-outs; none leaves a raw ::: on the page.
func TestDocusaurusAdmonitions(t *testing.T) {
	src := `# T

:::caution
careful
:::

:::important Read this first
body
:::

::::info[Outer]
outer text

:::tip
inner
:::

still outer
::::

:::success{title="x"}
ok
:::

:::secondary
sec
:::

:::note[Code inside]
` + "```" + `
:::
` + "```" + `
:::
`
	d := New().Parse([]byte(src), 1)
	out, err := d.Render(func(s string, _ bool) string { return s })
	if err != nil {
		t.Fatal(err)
	}
	html := string(out)
	for _, want := range []string{
		`<div class="admonition admonition-warning" role="note"><p class="admonition-title">Caution</p>`,
		`<div class="admonition admonition-info" role="note"><p class="admonition-title">Read this first</p>`,
		`<p class="admonition-title">Outer</p>`,
		`<div class="admonition admonition-tip" role="note"><p class="admonition-title">Tip</p>`,
		`<p>still outer</p>`,
		`<p class="admonition-title">Success</p>`,
		`<div class="admonition admonition-note" role="note"><p class="admonition-title">Secondary</p>`,
		`<span class="cl">:::`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q in\n%s", want, html)
		}
	}
	// The nested tip is inside the outer info, and still outer follows the tip's end.
	if i, j := strings.Index(html, "<p>inner</p>"), strings.Index(html, "<p>still outer</p>"); i < 0 || j < i ||
		strings.Count(html[i:j], "</div>") != 1 {
		t.Errorf("nesting lost:\n%s", html)
	}
	if _, rest, _ := strings.Cut(html, "</pre>"); strings.Contains(rest, ":::") || strings.Count(html, ":::") != 1 {
		t.Errorf("raw ::: in\n%s", html)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings %v", d.Warnings)
	}
}

// TestDocusaurusHeadingIDs: ids are github-slugger on the rendered text, as Docusaurus makes them.
func TestDocusaurusHeadingIDs(t *testing.T) {
	src := "# Title\n\n## `testMatch` [array&lt;string&gt;]\n\n## What _not_ to do\n\n## **Bold** and [a link](x.md)\n\n" +
		"## Repeat\n\n## Repeat\n\n## Repeat\n\n## Custom {#my-id}\n\n## Café & crème!\n\n## 1.2.3 `a.b` <span>html</span>\n"
	d := New().Parse([]byte(src), 1)
	var got []string
	for _, h := range d.Headings {
		got = append(got, h.ID)
	}
	want := []string{"testmatch-arraystring", "what-not-to-do", "bold-and-a-link", "repeat", "repeat-1", "repeat-2",
		"my-id", "café--crème", "123-ab-html"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ids\n got %q\nwant %q", got, want)
	}
	// The table of contents and search show the text a reader sees, not entity names or escapes.
	if h := d.Headings[0].Text; h != "testMatch [array<string>]" {
		t.Errorf("heading text %q", h)
	}
	if s := d.Sections()[1].Heading; s != "testMatch [array<string>]" {
		t.Errorf("section heading %q", s)
	}
	if d := New().Parse([]byte("# Tom &amp; Jerry \\*\n"), 1); d.Title != "Tom & Jerry *" {
		t.Errorf("title %q", d.Title)
	}
}

// TestMDXImportsBeforeTitle: import lines before the # Title neither hide it nor show as text.
func TestMDXImportsBeforeTitle(t *testing.T) {
	src := "import Note from './_note.md';\nimport {x} from \"y\";\n\n# The title\n\nexport const meta = {a: 1};\n\nimport a sentence that is prose.\n"
	d := New().Parse([]byte(src), 1)
	if d.Title != "The title" {
		t.Errorf("title %q", d.Title)
	}
	out, _ := d.Render(func(s string, _ bool) string { return s })
	if strings.Contains(string(out), "from") || strings.Contains(string(out), "export") {
		t.Errorf("ESM lines in the page:\n%s", out)
	}
	if !strings.Contains(string(out), "<p>import a sentence that is prose.</p>") {
		t.Errorf("prose starting with import lost:\n%s", out)
	}
}

// TestAdmonitionTitleIsMarkdown: an admonition's title is Markdown, as Docusaurus parses it, in
// both forms (tRPC's ":::note Tradeoff for large clients in `createContextInner`", Vela's
// ":::warning[`false` is ignored]"); it showed its backticks and asterisks as text.
func TestAdmonitionTitleIsMarkdown(t *testing.T) {
	src := "# T\n\n:::note Tradeoff in `createContextInner`\nbody\n:::\n\n" +
		":::warning[`false` is *ignored* & [read](/docs/x)]\nbody\n:::\n\n  :::tip   Indented  \nbody\n  :::\n\n:::info\nplain\n:::\n"
	d := New().Parse([]byte(src), 1)
	out, err := d.Render(func(s string, _ bool) string { return s })
	if err != nil {
		t.Fatal(err)
	}
	html := string(out)
	for _, want := range []string{
		`<div class="admonition admonition-note" role="note"><p class="admonition-title">Tradeoff in <code>createContextInner</code></p>` + "\n<p>body</p>",
		`<p class="admonition-title"><code>false</code> is <em>ignored</em> &amp; <a href="/docs/x">read</a></p>`,
		`<div class="admonition admonition-tip" role="note"><p class="admonition-title">Indented</p>`,
		`<div class="admonition admonition-info" role="note"><p class="admonition-title">Info</p>` + "\n<p>plain</p>",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q in\n%s", want, html)
		}
	}
}
