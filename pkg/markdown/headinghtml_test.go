package markdown

import (
	"html"
	"reflect"
	"regexp"
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

// Each heading's "#" link is named after its heading, so that a screen reader's list of links does
// not read one label N times: the heading's text as a reader sees it (markup, escapes and HTML
// left out, lines joined), escaped for the attribute. The same text as the heading's in the TOC.
func TestHeadingAnchorLabels(t *testing.T) {
	src := []byte("# Title\n\n## Install & \\<run>\n\n### The `--flag` **bold** <kbd>x</kbd> [link](./x.md) \"quoted\"\n\nMore\nlines\n=====\n\n## Install & \\<run>\n")
	d := New().Parse(src, 1)
	out, err := d.Render(func(s string, _ bool) string { return s })
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`<a class="hash-link" href="#([^"]*)" aria-label="([^"]*)">#</a>`)
	var got [][2]string
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		got = append(got, [2]string{m[1], m[2]})
	}
	want := [][2]string{
		{"install--run", "Link to Install &amp; &lt;run&gt;"},
		{"the---flag-bold-x-link-quoted", "Link to The --flag bold x link &#34;quoted&#34;"},
		{"more-lines", "Link to More lines"},
		{"install--run-1", "Link to Install &amp; &lt;run&gt;"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("anchors (id, label)\n got %q\nwant %q", got, want)
	}
	for i, h := range d.Headings {
		if l := "Link to " + html.EscapeString(h.Text); l != want[i][1] {
			t.Errorf("heading %d: label %q, its text in the TOC %q", i, want[i][1], h.Text)
		}
	}
}
