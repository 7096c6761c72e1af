package search

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// TestIndexFileEncoding: the index file a publish writes is IndexEntry marshalled and stamped with
// the hash of its unstamped form, byte for byte, after a first publish and after edits that keep or
// change the page files (a body edit; a section added, which changes a section count), and its page
// files hold the facts (ReadIndexEntry).
func TestIndexFileEncoding(t *testing.T) {
	x := New()
	x.chunkBytes = 2 << 10
	x.SetLookupParts([]string{"product"}) // the file's optional fields are written too
	for i := 0; i < 40; i++ {
		p := genPage(i, 0)
		x.Update(p.Route, NewShard(p))
	}
	edited := genPage(9, 0)
	edits := []func(){
		func() {},
		func() { // the same number of sections, other words
			edited.Sections[0].Text += " okapi words"
			x.Update(edited.Route, NewShard(edited))
		},
		func() { // one section more
			edited.Sections = append(edited.Sections, Section{ID: "more", Heading: "More", Text: "More okapi text."})
			x.Update(edited.Route, NewShard(edited))
		},
	}
	for step, edit := range edits {
		edit()
		index := published(t, x)["index"]
		var e IndexEntry
		if err := json.Unmarshal(index, &e); err != nil {
			t.Fatal(err)
		}
		// The file as encoding/json writes it: stamped with the hash of the file without a stamp.
		e.Stamp = ""
		unstamped, err := marshal(&e)
		if err != nil {
			t.Fatal(err)
		}
		e.Stamp = stamp(string(unstamped))
		want, err := marshal(&e)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(index, want) {
			t.Fatalf("step %d: the index file is\n%s\nwant\n%s", step, index, want)
		}
		full := readEntry(t, x, index)
		if len(e.LookupParts) == 0 || len(full.LookupPages) == 0 {
			t.Fatalf("step %d: the index file has no lookup parts or pages: %s", step, index)
		}
		if n := full.SectionCounts[slices.Index(x.Routes(), edited.Route)]; step == 2 && n != len(edited.Sections) {
			t.Fatalf("the edited page has %d sections in the index file, want %d", n, len(edited.Sections))
		}
	}
}
