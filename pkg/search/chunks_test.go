package search

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The chunks hold exactly the merged index: every key (term or word as written) is in the chunk
// the entry's boundaries name, with its term's lists, and the documents chunks hold every page's
// record in order.
func TestChunksHoldTheMergedIndex(t *testing.T) {
	x := New()
	x.chunkBytes = 400 // several chunks from a small index
	for i := 0; i < 60; i++ {
		route := fmt.Sprintf("/docs/p%02d", i)
		x.Update(route, NewShard(Page{Route: route, Title: fmt.Sprintf("Page %d about builds", i), Version: []string{"", "1.0"}[i%2],
			Sections: []Section{{Text: strings.Repeat(fmt.Sprintf("word%d running builds configuring ", i), 40)}, {ID: "more", Heading: "More", Text: "secrets"}}}))
	}
	docs, index, err := x.Publish()
	if err != nil {
		t.Fatal(err)
	}
	_, merged, _, err := x.merged(x.Routes())
	if err != nil {
		t.Fatal(err)
	}
	entry := readEntry(t, x, index)
	var de DocsEntry
	if err := json.Unmarshal(docs, &de); err != nil {
		t.Fatal(err)
	}
	if entry.Pages != 60 || len(entry.SectionCounts) != 60 || entry.SectionCounts[0] != 2 || len(entry.Versions) != 2 ||
		entry.Versions[entry.PageVersions[1]] != "1.0" || de.PerChunk != docsPerChunk || de.Chunks != 8 {
		t.Fatalf("entries: %+v %+v", entry, de)
	}
	chunks := map[string][]json.RawMessage{}
	for _, c := range x.Chunks() {
		// Term chunks in the order of their first keys, named by the numbers the entry lists;
		// documents chunks in order.
		if want := len(chunks[c.Of]); c.Of == "docs" && c.N != want || c.Of == "index" && (want >= len(entry.ChunkIDs) || c.N != entry.ChunkIDs[want]) {
			t.Fatalf("chunk %s %d out of order", c.Of, c.N)
		}
		chunks[c.Of] = append(chunks[c.Of], c.Data)
	}
	if len(chunks["index"]) < 2 || len(chunks["index"]) != len(entry.Chunks) {
		t.Fatalf("%d term chunks for %d boundaries; want several", len(chunks["index"]), len(entry.Chunks))
	}
	found := map[string]bool{}
	for n, raw := range chunks["index"] {
		var c TermChunk
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		for i, k := range c.Keys {
			if k < entry.Chunks[n] || (n+1 < len(entry.Chunks) && k >= entry.Chunks[n+1]) {
				t.Errorf("key %q is in chunk %d, outside [%q, next)", k, n, entry.Chunks[n])
			}
			if c.KeyTerms[i] == int(noTerm) {
				continue // a deletion key (typokeys_test.go)
			}
			term := c.Terms[c.KeyTerms[i]]
			found[k+" "+term] = true
			for m, mt := range merged.Terms {
				if mt != term {
					continue
				}
				gs, gc := decodePages(t, c.Postings[c.KeyTerms[i]], entry.SectionCounts)
				ws, wc := decode(t, merged.Postings[m])
				if !reflect.DeepEqual(gs, ws) || !reflect.DeepEqual(gc, wc) || !reflect.DeepEqual(c.Titles[c.KeyTerms[i]], merged.Titles[m]) {
					t.Errorf("term %q has other lists in chunk %d", term, n)
				}
			}
		}
	}
	for m, term := range merged.Terms {
		if !found[term+" "+term] {
			t.Errorf("term %q is in no chunk", term)
		}
		for _, w := range strings.Fields(merged.Forms[m]) {
			if !found[w+" "+term] {
				t.Errorf("word %q of term %q is in no chunk", w, term)
			}
		}
	}
	var routes []string
	for _, raw := range chunks["docs"] {
		var df DocsFile
		if err := json.Unmarshal(raw, &df); err != nil {
			t.Fatal(err)
		}
		for _, d := range df.SearchDocs {
			routes = append(routes, d.Route)
		}
	}
	if !reflect.DeepEqual(routes, x.Routes()) {
		t.Errorf("documents chunks hold %v", routes)
	}
	if ChunkName("search-index-20260102030405.json", 3) != "search-index-20260102030405-3.json" {
		t.Error(ChunkName("search-index-20260102030405.json", 3))
	}
}

// The stamps tell builds apart where it matters and nowhere else: a term chunk's stamp is the one
// the index file lists for it, and changes with its content only; the documents chunks keep theirs
// while the routes stay, so that only the chunk of the edited page is rewritten.
func TestChunkStamps(t *testing.T) {
	x := New()
	x.chunkBytes = 200
	for i := 0; i < 20; i++ {
		route := fmt.Sprintf("/docs/p%02d", i)
		x.Update(route, NewShard(Page{Route: route, Title: fmt.Sprintf("Page %d", i), Sections: []Section{{Text: fmt.Sprintf("builds and secrets word%d", i)}}}))
	}
	publish := func() (IndexEntry, DocsEntry, map[string][]byte) {
		docs, index, err := x.Publish()
		if err != nil {
			t.Fatal(err)
		}
		ie := *readEntry(t, x, index)
		var de DocsEntry
		if err := json.Unmarshal(docs, &de); err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		k := 0
		for _, c := range x.Chunks() {
			var head struct{ Stamp string }
			if err := json.Unmarshal(c.Data, &head); err != nil {
				t.Fatal(err)
			}
			want := de.Stamp
			switch c.Of {
			case "index":
				want = ie.ChunkStamps[k]
				k++
			case "pages":
				want = ie.PageFiles[c.N]
			}
			if head.Stamp != want || want == "" {
				t.Errorf("%s chunk %d has stamp %q, its entry lists %q", c.Of, c.N, head.Stamp, want)
			}
			files[fmt.Sprint(c.Of, c.N)] = c.Data
		}
		return ie, de, files
	}
	ie1, de1, files1 := publish()
	if len(ie1.Chunks) < 3 {
		t.Fatalf("%d term chunks; want several", len(ie1.Chunks))
	}
	x.Update("/docs/p00", NewShard(Page{Route: "/docs/p00", Title: "Page 0", Sections: []Section{{Text: "builds and secrets word0"}, {ID: "new", Heading: "New", Text: "more"}}}))
	ie2, de2, files2 := publish()
	if ie1.Stamp == ie2.Stamp {
		t.Errorf("a new section left the index stamp %q", ie1.Stamp)
	}
	if de1.Stamp != de2.Stamp {
		t.Errorf("the same routes changed the documents stamp: %q, %q", de1.Stamp, de2.Stamp)
	}
	stamps1 := map[int]string{}
	for i, id := range ie1.ChunkIDs {
		stamps1[id] = ie1.ChunkStamps[i]
	}
	kept := 0
	for i, id := range ie2.ChunkIDs {
		same := string(files1[fmt.Sprint("index", id)]) == string(files2[fmt.Sprint("index", id)])
		if same != (stamps1[id] == ie2.ChunkStamps[i]) {
			t.Errorf("term chunk %d: bytes the same %v, stamp %q then %q", id, same, stamps1[id], ie2.ChunkStamps[i])
		}
		if same {
			kept++
		}
	}
	if kept == 0 || kept == len(ie2.ChunkIDs) {
		t.Errorf("%d of %d term chunks kept; want the chunks without the page's terms kept, the others not", kept, len(ie2.ChunkIDs))
	}
	for k, b := range files2 {
		if strings.HasPrefix(k, "docs") && k != "docs0" && string(b) != string(files1[k]) {
			t.Errorf("%s changed though none of its pages did", k)
		}
	}
}
