package markdown

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// A document whose source is packed renders, gives its sections, bulk and body as before, and
// holds its source only compressed.
func TestPackedSourceRendersTheSame(t *testing.T) {
	src := "# Title\n\nIntro with [a link](./other.md#part).\n\n<!-- truncate -->\n\n## Part {#part}\n\n" +
		strings.Repeat("Some text that repeats, as pages do. ", 200) + "\n\n```go\nfunc main() {}\n```\n"
	c := New()
	resolve := func(dest string, image bool) string { return "/a/" + strings.TrimPrefix(dest, "./") }
	kept, packed := c.Parse([]byte(src), 3), c.Parse([]byte(src), 3)
	packed.PackSource()
	if packed.source == nil {
		t.Fatal("a document with its tree packed its source (the tree points into it)")
	}
	packed.Release()
	packed.ReleaseSections()
	packed.PackSource()
	if packed.source != nil || len(packed.packed) == 0 || len(packed.packed) >= len(src)/2 {
		t.Fatalf("source %d bytes, packed %d bytes, of %d", len(packed.source), len(packed.packed), len(src))
	}
	want, got := mustRender(t, kept, resolve), mustRender(t, packed, resolve)
	if !bytes.Equal(got, want) {
		t.Fatalf("packed document renders\n%s\nwant\n%s", got, want)
	}
	packed.ReleaseSections()
	if !reflect.DeepEqual(packed.Sections(), kept.Sections()) {
		t.Error("sections differ")
	}
	if !reflect.DeepEqual(packed.Bulk(), kept.Bulk()) {
		t.Errorf("bulk %+v, want %+v", packed.Bulk(), kept.Bulk())
	}
	if !bytes.Equal(packed.Body(), kept.Body()) || packed.BodyLen() != len(kept.Body()) {
		t.Error("body differs")
	}
	wantEx, _, _ := kept.Excerpt(resolve)
	gotEx, ok, _ := packed.Excerpt(resolve)
	if !ok || !bytes.Equal(gotEx, wantEx) {
		t.Errorf("excerpt %q, want %q", gotEx, wantEx)
	}
	if packed.source != nil {
		t.Error("using a packed document unpacked its source for good")
	}
}
