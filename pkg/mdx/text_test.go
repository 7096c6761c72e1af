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
