package markdown

import (
	"html"
	"reflect"
	"testing"
)

// A heading's HTML keeps its inline code, emphasis and strikethrough; a released tree gives the
// same values (parsed again when a heading may hold markup), and a document whose headings hold
// none gives nil, which callers read as each heading's text escaped: the same HTML.
func TestHeadingsHTML(t *testing.T) {
	c := New()
	src := []byte("# Title\n\n## Plain & \\<simple>\n\nText with `code` and *stars*.\n\n### The `--flag` **bold** _em_ ~~old~~ [link](./x.md)\n\nMore\nlines\n=====\n")
	want := []string{"Plain &amp; &lt;simple&gt;", "The <code>--flag</code> <strong>bold</strong> <em>em</em> <del>old</del> link", "More lines"}
	d := c.Parse(src, 1)
	if got := d.HeadingsHTML(); !reflect.DeepEqual(got, want) {
		t.Errorf("HeadingsHTML = %q, want %q", got, want)
	}
	d.Release()
	if got := d.HeadingsHTML(); !reflect.DeepEqual(got, want) {
		t.Errorf("after Release, HeadingsHTML = %q, want %q", got, want)
	}

	plain := c.Parse([]byte("## Plain & \\<simple>\n\nText with `code`, *stars* and a_b.\n\n### Two [link](./x.md)\n"), 1)
	values := plain.HeadingsHTML()
	plain.Release()
	if got := plain.HeadingsHTML(); got != nil {
		t.Errorf("a released document whose headings hold no markup was parsed again: %q", got)
	}
	for i, h := range plain.Headings {
		if html.EscapeString(h.Text) != values[i] {
			t.Errorf("heading %d: its text escaped %q is not its HTML %q", i, html.EscapeString(h.Text), values[i])
		}
	}
}
