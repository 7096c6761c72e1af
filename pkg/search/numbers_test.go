package search

// Stable page numbers (numbers.go): a new, deleted or renamed page rewrites only the term chunks
// of the words whose lists it changed and the documents chunk of its number, its files mean what a
// fresh index's mean, and many free numbers make a publish number the pages anew.

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// rewrittenAsWanted checks that a publish (after) rewrote exactly the term chunks that hold a term
// whose lists (by page number) changed since before, or whose keys changed, and only the documents
// chunks docs. It returns how many term chunks it rewrote, of how many.
func rewrittenAsWanted(t *testing.T, before, after map[string][]byte, docs []int) (int, int) {
	t.Helper()
	want, _, chunks := termChunksToRewrite(t, before, after)
	var got, gotDocs []string
	for name, data := range after {
		if string(data) == string(before[name]) {
			continue
		}
		if strings.HasPrefix(name, "index-") {
			got = append(got, name)
		} else if strings.HasPrefix(name, "docs-") {
			gotDocs = append(gotDocs, name)
		}
	}
	sort.Ints(docs)
	var wantDocs []string
	for _, k := range docs {
		wantDocs = append(wantDocs, fmt.Sprint("docs-", k))
	}
	sort.Strings(got)
	sort.Strings(gotDocs)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rewritten term chunks %v; want those holding a term whose lists changed or whose keys changed, %v", got, want)
	}
	if !reflect.DeepEqual(gotDocs, wantDocs) {
		t.Errorf("rewritten documents chunks %v; want %v", gotDocs, wantDocs)
	}
	return len(got), chunks
}

// termChunksToRewrite lists, sorted, the term chunks (index-N) a publish from before to after must
// rewrite: those new, those whose keys changed, and those holding a term whose lists changed; with
// the terms whose lists changed, sorted, and how many term chunks after has.
func termChunksToRewrite(t *testing.T, before, after map[string][]byte) (want, changedTerms []string, chunks int) {
	t.Helper()
	old, now := termChunks(t, before), termChunks(t, after)
	lists := func(chunks map[int]TermChunk) map[string]string {
		out := map[string]string{}
		for _, c := range chunks {
			for k, term := range c.Terms {
				out[term] = fmt.Sprint(c.Titles[k], c.Crumbs[k], c.Names[k], c.Postings[k])
			}
		}
		return out
	}
	lb, la := lists(old), lists(now)
	changed := map[string]bool{}
	for _, term := range unionKeys(lb, la) {
		if lb[term] != la[term] {
			changed[term] = true
			changedTerms = append(changedTerms, term)
		}
	}
	for id, c := range now {
		o, kept := old[id]
		if !kept || !slices.Equal(o.Keys, c.Keys) || slices.ContainsFunc(c.Terms, func(term string) bool { return changed[term] }) {
			want = append(want, fmt.Sprint("index-", id))
		}
	}
	sort.Strings(want)
	sort.Strings(changedTerms)
	return want, changedTerms, len(now)
}

func TestNewAndDeletedPagesRewriteOnlyTheirChunks(t *testing.T) {
	x := New()
	x.chunkBytes = 1 << 10
	pages := map[string]Page{}
	set := func(p Page) {
		pages[p.Route] = p
		x.Update(p.Route, NewShard(p))
	}
	for i := 0; i < 120; i++ {
		set(genPage(i, 0))
	}
	before := published(t, x)
	number := func(route string) int { return int(x.last.numbers.no(route)) }
	check := func(what string, before map[string][]byte, docs []int) map[string][]byte {
		t.Helper()
		after := published(t, x)
		if diff := sameAsFresh(t, after, published(t, freshOf(pages, x.chunkBytes))); diff != nil {
			t.Fatalf("%s: the files differ from a fresh index's: %v", what, diff)
		}
		n, of := rewrittenAsWanted(t, before, after, docs)
		t.Logf("%s: %d of %d term chunks rewritten", what, n, of)
		if n == 0 || 3*n > of {
			t.Errorf("%s: %d of %d term chunks rewritten; want a few", what, n, of)
		}
		if g := x.Gathered(); g > 2 {
			t.Errorf("%s: the publish read %d pages' shards; want the changed pages' only", what, g)
		}
		return after
	}

	// A new page whose route comes first: appended, out of route order, so the index file ranks.
	first := genPage(200, 0)
	first.Route = "/docs/a-first/page"
	first.Title = "Aardvark page"
	first.Sections[0].Text += " aardvarkword"
	set(first)
	files := check("new page", before, []int{120 / docsPerChunk})
	if number(first.Route) != 120 || meaning(t, files).Fresh {
		t.Errorf("the new page is number %d, and the files say they are a fresh index's", number(first.Route))
	}
	entry := readEntry(t, x, files["index"])
	// The new page ranks before every other, whose ranks stay: only its page file is written.
	if len(entry.Ranks) != 121 || entry.Ranks[120] >= entry.Ranks[0] {
		t.Errorf("ranks %v; want the new page's (number 120) first", entry.Ranks)
	}
	for no, rk := range entry.Ranks[:120] {
		if rk != no*rankGap {
			t.Fatalf("page %d's rank moved to %d", no, rk)
		}
	}

	// A deleted page: its number is freed, its documents chunk rewritten.
	gone := genPage(33, 0).Route
	goneNo := number(gone)
	delete(pages, gone)
	x.Remove(gone)
	files = check("deleted page", files, []int{goneNo / docsPerChunk})
	entry = readEntry(t, x, files["index"])
	if entry.Slots != 121 || entry.Pages != 120 || entry.SectionCounts[goneNo] != 0 {
		t.Errorf("slots %d, pages %d, the freed number's sections %d; want 121, 120, 0", entry.Slots, entry.Pages, entry.SectionCounts[goneNo])
	}

	// A renamed page takes the lowest free number: the one just freed.
	renamed := genPage(50, 0)
	oldNo := number(renamed.Route)
	delete(pages, renamed.Route)
	x.Remove(renamed.Route)
	renamed.Route += "-renamed"
	renamed.Name = "page-050-renamed" // as PageOf names it: its words change with the route
	set(renamed)
	docs := []int{oldNo / docsPerChunk}
	if goneNo < oldNo && goneNo/docsPerChunk != oldNo/docsPerChunk {
		docs = []int{goneNo / docsPerChunk, oldNo / docsPerChunk}
	}
	check("renamed page", files, docs)
	if number(renamed.Route) != min(goneNo, oldNo) {
		t.Errorf("the renamed page is number %d; want %d, the lowest free", number(renamed.Route), min(goneNo, oldNo))
	}
}

// Once more than a quarter of the numbers are free, a publish numbers the pages in route order:
// the files are a fresh index's, byte for byte.
func TestManyFreeNumbersCompact(t *testing.T) {
	x := New()
	x.chunkBytes = 1 << 10
	pages := map[string]Page{}
	for i := 0; i < 40; i++ {
		p := genPage(i, 0)
		pages[p.Route] = p
		x.Update(p.Route, NewShard(p))
	}
	published(t, x)
	fresh, kept := 0, 0
	for i := 0; i < 14; i++ {
		route := genPage(i*2+1, 0).Route
		delete(pages, route)
		x.Remove(route)
		files := published(t, x)
		if diff := sameAsFresh(t, files, published(t, freshOf(pages, x.chunkBytes))); diff != nil {
			t.Fatalf("deletion %d: %v", i+1, diff)
		}
		n := x.last.numbers
		if n.free*compactShare > len(n.slots) {
			t.Fatalf("deletion %d: %d of %d numbers free after a publish", i+1, n.free, len(n.slots))
		}
		if meaning(t, files).Fresh {
			fresh++
		} else {
			kept++
		}
	}
	// 14 of 40 pages deleted: the numbers were kept for some deletions, and numbered anew once
	// more than 10 were free (or sooner, when another reason rewrote every file).
	if fresh == 0 || kept == 0 {
		t.Fatalf("%d publishes numbered the pages anew, %d kept the numbers; want both", fresh, kept)
	}
}

// A numbering made from the last by next finds each route's number (slot) through the layers it
// shares with the numberings before, also once its changes were folded into a new base, and
// leaves those numberings' numbers as they were.
func TestNumberingLayersFindEveryNumber(t *testing.T) {
	route := func(i int) string { return fmt.Sprintf("/docs/page-%04d", i) }
	var routes []string
	for i := 0; i < 400; i += 2 {
		routes = append(routes, route(i))
	}
	n := freshNumbering(routes)
	indexed := map[string]*Shard{}
	for _, r := range routes {
		indexed[r] = &Shard{route: r}
	}
	type check struct {
		n     *numbering
		slots []string
	}
	var kept []check
	folded := false
	for step := 0; step < 300; step++ {
		changed := map[string]*Shard{}
		add, del := route(2*step+1), route(2*((step*7)%200))
		if indexed[add] == nil {
			indexed[add] = &Shard{route: add}
			changed[add] = nil
		}
		if indexed[del] != nil {
			changed[del] = indexed[del]
			delete(indexed, del)
		}
		sorted := make([]string, 0, len(indexed))
		for r := range indexed {
			sorted = append(sorted, r)
		}
		sort.Strings(sorted)
		next := n.next(changed, indexed, sorted)
		if next == nil {
			next = freshNumbering(sorted)
		}
		folded = folded || next.own == nil && next.from != nil
		kept = append(kept, check{next, slices.Clone(next.slots)})
		n = next
	}
	if !folded {
		t.Fatal("the changes were never folded into a new base: the test misses that path")
	}
	for k, c := range kept {
		seen := 0
		for no, r := range c.slots {
			if r == "" {
				continue
			}
			seen++
			if got, ok := c.n.slot(r); !ok || got != int32(no) {
				t.Fatalf("numbering %d: %s is number %d, slot says %d (%v)", k, r, no, got, ok)
			}
		}
		for i := 0; i < 800; i++ {
			if !slices.Contains(c.slots, route(i)) {
				if _, ok := c.n.slot(route(i)); ok {
					t.Fatalf("numbering %d: %s has no number, slot finds one", k, route(i))
				}
			}
		}
		if seen != len(c.slots)-c.n.free {
			t.Fatalf("numbering %d: %d routes numbered, %d free of %d", k, seen, c.n.free, len(c.slots))
		}
	}
}
