package markdown

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// A released document renders the same HTML (links resolved again, for any resolver), keeps its
// excerpt, and still answers what the link check asks.
func TestReleasedDocumentRendersTheSame(t *testing.T) {
	src := "# Title\n\nIntro with [a link](./other.md#part) and ![img](./pic.png).\n\n<!-- truncate -->\n\n" +
		"## Part {#part}\n\nSee [ref][def] and <https://example.test/x>.\n\n<div id=\"box\"></div>\n\n[def]: ./third.md\n"
	c := New()
	resolveA := func(dest string, image bool) string { return "/a/" + strings.TrimPrefix(dest, "./") }
	resolveB := func(dest string, image bool) string { return "/b/" + strings.TrimPrefix(dest, "./") }
	kept, released := c.Parse([]byte(src), 1), c.Parse([]byte(src), 1)
	released.Release()
	for _, resolve := range []func(string, bool) string{resolveA, resolveB, resolveA} {
		want, err := kept.Render(resolve)
		if err != nil {
			t.Fatal(err)
		}
		got, err := released.Render(resolve)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("released document renders\n%s\nwant\n%s", got, want)
		}
	}
	if !strings.Contains(string(mustRender(t, released, resolveB)), `href="/b/other.md#part"`) {
		t.Error("links of a released document are not resolved")
	}
	wantEx, ok1, _ := kept.Excerpt(resolveA)
	gotEx, ok2, _ := released.Excerpt(resolveA)
	if !ok1 || !ok2 || !bytes.Equal(gotEx, wantEx) {
		t.Errorf("excerpt after release %q (%v), want %q (%v)", gotEx, ok2, wantEx, ok1)
	}
	if released.Title != "Title" || !reflect.DeepEqual(released.Headings, kept.Headings) {
		t.Errorf("title %q, headings %v", released.Title, released.Headings)
	}
	if !reflect.DeepEqual(released.HTMLIDs(), []string{"box"}) || len(released.AutoLinks()) != 1 || released.Links[2].RefLabel() != "def" {
		t.Errorf("link-check facts lost: ids %v, autolinks %v, links %+v", released.HTMLIDs(), released.AutoLinks(), released.Links)
	}
}

func mustRender(t *testing.T, d *Doc, resolve func(string, bool) string) []byte {
	t.Helper()
	out, err := d.Render(resolve)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A document whose sections' text was released gives search the same sections again: computed
// from the source when asked, or taken from the tree a render parses.
func TestReleasedSectionsComeBack(t *testing.T) {
	src := "Intro text.\n\n## Flags {#flags}\n\n| Flag | Meaning |\n|---|---|\n| `--org` | The organisation |\n\n" +
		"### Tom &amp; Jerry\n\nA [link](./x.md) in *text*.\n"
	c := New()
	want := c.Parse([]byte(src), 1).Sections()
	if len(want) != 3 || want[1].Keys != "--org" {
		t.Fatalf("sections %+v", want)
	}
	d := c.Parse([]byte(src), 1)
	if d.Released() {
		t.Fatal("a parsed document reports itself released")
	}
	d.Release()
	d.ReleaseSections()
	if !d.Released() {
		t.Fatal("a document without tree and sections reports itself not released")
	}
	if got := d.Sections(); !reflect.DeepEqual(got, want) {
		t.Fatalf("sections computed again\n%+v\nwant\n%+v", got, want)
	}
	d.ReleaseSections()
	mustRender(t, d, func(dest string, _ bool) string { return "/elsewhere/" + dest })
	if d.Released() {
		t.Fatal("a render of a released document did not take its sections from the tree it parsed")
	}
	if got := d.Sections(); !reflect.DeepEqual(got, want) {
		t.Fatalf("sections after a render\n%+v\nwant\n%+v", got, want)
	}
}

// Parse holds no sections' text: a build that releases the tree right after parsing (docsd build
// --once on a large site) renders the page from a second parse, which makes them; text made at
// parse time was held from processing to rendering, the largest part of a 50,000-page build's
// live heap. A kept tree gives the same sections after a render as before it.
func TestParseHoldsNoSections(t *testing.T) {
	src := "Intro text.\n\n## Flags {#flags}\n\n| Flag | Meaning |\n|---|---|\n| `--org` | The organisation |\n\n" +
		"### Tom &amp; Jerry\n\nA [link](./x.md) and <https://auto.example> in *text*.\n"
	c := New()
	want := c.Parse([]byte(src), 1).Sections()
	d := c.Parse([]byte(src), 1)
	d.Release()
	if !d.Released() {
		t.Fatal("a parsed document without its tree still holds its sections' text")
	}
	kept := c.Parse([]byte(src), 1)
	mustRender(t, kept, func(dest string, _ bool) string { return "/elsewhere/" + dest })
	if got := kept.Sections(); !reflect.DeepEqual(got, want) {
		t.Fatalf("sections of a kept tree after a render\n%+v\nwant\n%+v", got, want)
	}
	kept.ReleaseSections()
	if got := kept.Sections(); !reflect.DeepEqual(got, want) {
		t.Fatalf("sections of a rendered kept tree, computed again\n%+v\nwant\n%+v", got, want)
	}
}
