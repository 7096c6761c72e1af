package mdx

import (
	"reflect"
	"testing"

	"docsd/pkg/markdown"
)

func TestSectionsOfRenderedContent(t *testing.T) {
	body := `<header><h1>Title</h1></header><div class="markdown" data-mdx-content="true"><p>Intro &amp; more<br/>text.</p>` +
		`<h2 id="tabs">Tabs <code>x</code></h2><div role="tabpanel" hidden="">Hidden panel.</div>` +
		`<div class="code-block"><pre><code>echo hi</code></pre><button class="copy-button">Copy</button></div>` +
		`<h3 id="deep">Deep</h3><p>Partial text.</p></div><footer>Not content</footer>`
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
		{"a.mdx", "", fenced, true},
		{"a.md", "", esm, true},
		{"a.md", "", fenced, false},
		{"a.md", "mdx", fenced, true},
		{"a.mdx", "md", esm, false},
		{"a.md", "detect", esm, false},
		{"a.mdx", "detect", fenced, true},
	} {
		if got := IsMDX(c.path, c.format, c.body); got != c.want {
			t.Errorf("IsMDX(%s, %q, %q) = %v", c.path, c.format, c.body, got)
		}
	}
}
