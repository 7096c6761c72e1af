package markdown

import (
	"fmt"
	"strings"
	"testing"
)

func TestLinkScanners(t *testing.T) {
	src := "Intro [a][def] and [b][nope], `[c][nope]` <https://example.test/x>.\n\n" +
		"<div id=\"box\"><a name='old'></a></div>\n\n<!-- <a href=\"/hidden\" id=\"ghost\"> -->\n\n" +
		"<a href='/single'>s</a> https://example.test/bare\n\n[def]: ./target.md\n"
	d := New().Parse([]byte(src), 1)
	if got := strings.Join(d.HTMLIDs(), ","); got != "box,old" {
		t.Errorf("HTML ids %q, want box,old (commented markup defines none)", got)
	}
	var dests, labels []string
	for _, l := range d.Links {
		dests = append(dests, l.Dest)
		labels = append(labels, l.RefLabel())
	}
	if got := strings.Join(dests, ","); got != "./target.md,/single" {
		t.Errorf("links %q", got)
	}
	if labels[0] != "def" || labels[1] != "" {
		t.Errorf("reference labels %q", labels)
	}
	refs := d.UndefinedRefs()
	if len(refs) != 1 || refs[0].Label != "nope" || refs[0].Text != "b" || src[refs[0].Offset:refs[0].Offset+4] != "[b][" {
		t.Errorf("undefined references %+v (the one in code is not one)", refs)
	}
	auto := d.AutoLinks()
	if len(auto) != 2 || auto[0].URL != "https://example.test/x" || auto[1].URL != "https://example.test/bare" {
		t.Fatalf("autolinks %+v", auto)
	}
	for _, a := range auto {
		if !strings.HasPrefix(src[a.Offset:], a.URL) {
			t.Errorf("autolink %s at offset %d points at %q", a.URL, a.Offset, src[a.Offset:a.Offset+10])
		}
	}
}

// FuzzLinkScanners: any Markdown parses, and the link scanners neither panic nor point outside the
// document.
func FuzzLinkScanners(f *testing.F) {
	for _, seed := range []string{
		"[a](b.md#c) ![i](x.png) <a href=\"/x\">y</a>",
		"[x][y]\n\n[y]: ./z.md\n",
		"[x][missing] `[a][b]`",
		"<!-- <a href=\"/x\"> -->\n<img src='q.png' id=\"w\">",
		"https://example.test and <mailto:a@b.test>",
		"<a href=\"unterminated",
		"[](<>) [][] ][ [[x]][y]",
		"# T\n\n## S {#custom}\n\n<div\nid=\"multi\"\n>",
	} {
		f.Add(seed)
	}
	conv := New()
	f.Fuzz(func(t *testing.T, src string) {
		d := conv.Parse([]byte(src), 1)
		d.HTMLIDs()
		for _, r := range d.UndefinedRefs() {
			if r.Offset < 0 || r.Offset >= len(src) || src[r.Offset] != '[' {
				t.Fatalf("undefined reference at %d of %q", r.Offset, src)
			}
		}
		for _, a := range d.AutoLinks() {
			if a.Offset < 0 || a.Offset > len(src) {
				t.Fatalf("autolink at %d of %q", a.Offset, src)
			}
		}
		for _, l := range d.Links {
			if l.Line < 1 || l.Column < 1 {
				t.Fatalf("link %+v of %q has no position", l, src)
			}
			l.RefLabel()
		}
	})
}

// TestUndefinedRefsAmongMany: on a page of thousands of reference links and bracketed words (the
// links' starts are collected once, not looked for per pair), exactly the undefined ones are
// reported, at their offsets.
func TestUndefinedRefsAmongMany(t *testing.T) {
	var b strings.Builder
	const n = 3000
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[r%d]: /p%d\n", i, i)
	}
	b.WriteString("\n")
	var want []string
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[x][r%d] [a] ![i][r%d] ", i, i)
		if i%500 == 0 {
			want = append(want, fmt.Sprintf("%d:[y][gone%d]", b.Len(), i))
			fmt.Fprintf(&b, "[y][gone%d] ", i)
		}
	}
	src := b.String()
	d := New().Parse([]byte(src), 1)
	var got []string
	for _, r := range d.UndefinedRefs() {
		got = append(got, fmt.Sprintf("%d:[%s][%s]", r.Offset, r.Text, r.Label))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("undefined refs %v\nwant %v", got, want)
	}
	if links := len(d.Links); links != 2*n {
		t.Errorf("%d links, want %d", links, 2*n)
	}
}
