package build

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"docsd/pkg/site"
)

// The page data of a large page is spliced together (pagedata.go); it must be encoding/json's
// bytes exactly, whatever the HTML holds.
func TestPageDataSplicedEqualsEncoder(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	pieces := []string{`<p class="x">`, "text ", `a\b`, "\"q\"", "\n", "\t", "\r", "\b", "\f", "\x00", "\x1f", "\x7f",
		"<>&", "é", "日本", "\u2028", "\u2029", "\xff", "\xe2\x80", "😀", contentMarker}
	for i := 0; i < 60; i++ {
		var b strings.Builder
		for b.Len() < 70<<10+r.Intn(4000) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		page := site.PageData{Route: "/docs/huge", Kind: "doc", Title: `A "huge" <page>`, Locale: "en", HTML: b.String()}
		if i%3 == 0 {
			page.Title = contentMarker // the marker in other text too
		}
		got, err := marshalPageData(&page)
		if err != nil {
			t.Fatal(err)
		}
		want, err := marshalUnescaped(&page)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			at := 0
			for at < len(got) && at < len(want) && got[at] == want[at] {
				at++
			}
			t.Fatalf("case %d: spliced page data differs from the encoder's at byte %d of %d/%d: %q against %q",
				i, at, len(got), len(want), got[at:min(at+40, len(got))], want[at:min(at+40, len(want))])
		}
		if cap(got) != len(got) && !strings.Contains(page.HTML, contentMarker) && page.Title != contentMarker {
			t.Errorf("case %d: %d bytes in a buffer of %d: the length was not computed exactly", i, len(got), cap(got))
		}
	}
}
