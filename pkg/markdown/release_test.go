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
