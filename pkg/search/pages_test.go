package search

import (
	"fmt"
	"reflect"
	"testing"
)

// TestPageFilesFollowTheEdit: an edit of one page's body writes no page file; a section added or
// a new title writes again the one page file of its number and no other; and the files are a
// fresh index's (TestIncrementalPublishEqualsFresh checks that for every kind of edit).
func TestPageFilesFollowTheEdit(t *testing.T) {
	x := New()
	x.chunkBytes, x.perPageFile = 2<<10, 8
	pages := map[string]Page{}
	for i := 0; i < 60; i++ {
		p := genPage(i, 0)
		pages[p.Route] = p
		x.Update(p.Route, NewShard(p))
	}
	before := published(t, x)
	if got := x.RewrittenPages(); len(got) != 8 {
		t.Fatalf("a first publish wrote page files %v; want all 8", got)
	}
	edited := genPage(21, 0)
	no := int(x.last.numbers.no(edited.Route))
	edits := []struct {
		what string
		edit func()
		want []int
	}{
		{"body", func() { edited.Sections[0].Text += " okapiword" }, nil},
		{"section added", func() {
			edited.Sections = append(edited.Sections, Section{ID: "more", Heading: "More", Text: "More okapi text."})
		}, []int{no / 8}},
		{"title", func() { edited.Title = "Okapi " + edited.Title }, []int{no / 8}},
	}
	for _, e := range edits {
		e.edit()
		pages[edited.Route] = edited
		x.Update(edited.Route, NewShard(edited))
		after := published(t, x)
		if got := x.RewrittenPages(); !reflect.DeepEqual(got, e.want) {
			t.Errorf("%s: page files %v written; want %v", e.what, got, e.want)
		}
		for k := 0; k < 8; k++ {
			name := fmt.Sprint("pages-", k)
			if changed := string(before[name]) != string(after[name]); changed != (len(e.want) > 0 && k == no/8) {
				t.Errorf("%s: page file %d changed: %v", e.what, k, changed)
			}
		}
		fresh := freshOf(pages, x.chunkBytes)
		fresh.perPageFile = 8
		if diff := sameAsFresh(t, after, published(t, fresh)); diff != nil {
			t.Fatalf("%s: the files differ from a fresh index's: %v", e.what, diff)
		}
		before = after
	}
}

// TestPageFactsFollowTheSite: a page's part share reads how many pages there are and share its
// breadcrumbs, its title length how many titles have its words: a new or deleted page moves other
// pages' facts, and the files must still be a fresh index's.
func TestPageFactsFollowTheSite(t *testing.T) {
	x := New()
	x.chunkBytes, x.perPageFile = 2<<10, 8
	pages := map[string]Page{}
	set := func(i int) {
		p := genPage(i, 0)
		p.Crumbs = []string{fmt.Sprintf("Product %c", 'a'+i%3)}
		if i%2 == 0 {
			p.Title = "Common " + p.Title // a title word of half the pages: over the threshold
		}
		pages[p.Route] = p
		x.Update(p.Route, NewShard(p))
	}
	for i := 0; i < 50; i++ {
		set(i)
	}
	published(t, x)
	check := func(what string) {
		t.Helper()
		fresh := freshOf(pages, x.chunkBytes)
		fresh.perPageFile = 8
		if diff := sameAsFresh(t, published(t, x), published(t, fresh)); diff != nil {
			t.Fatalf("%s: the files differ from a fresh index's: %v", what, diff)
		}
	}
	set(60)
	check("new page")
	gone := genPage(7, 0).Route
	delete(pages, gone)
	x.Remove(gone)
	check("deleted page")
	for i := 70; i < 72; i++ {
		set(i)
	}
	check("two new pages")
}

// TestRanksBetweenNeighbours: new pages added one after another between the same two pages halve
// the room between their ranks, each rank between its neighbours' in route order and no other
// page's rank moving, until no room is left (next says so: the publish numbers the pages anew);
// and the files of each publish mean what a fresh index's do.
func TestRanksBetweenNeighbours(t *testing.T) {
	routes := []string{"/docs/a", "/docs/b"}
	indexed := map[string]*Shard{"/docs/a": {}, "/docs/b": {}}
	n := freshNumbering(routes)
	for i := 0; ; i++ {
		r := fmt.Sprintf("/docs/a-%02d", i) // after the last one added, before /docs/b
		routes = append(routes[:len(routes)-1], r, "/docs/b")
		indexed[r] = &Shard{}
		next := n.next(map[string]*Shard{r: nil}, indexed, routes)
		if next == nil {
			if i < 19 {
				t.Errorf("no room for a rank after %d pages; want about 20 (rankGap 2^20)", i)
			}
			break
		}
		for k := 1; k < len(routes); k++ {
			if a, b := next.rank(next.no(routes[k-1])), next.rank(next.no(routes[k])); a >= b {
				t.Fatalf("page %d added: %s ranks %d, %s after it %d", i, routes[k-1], a, routes[k], b)
			}
		}
		for no, r := range n.slots {
			if r != "" && n.rank(int32(no)) != next.rank(next.no(r)) {
				t.Fatalf("page %d added: %s's rank moved", i, r)
			}
		}
		n = next
	}

	x := New()
	x.chunkBytes, x.perPageFile = 2<<10, 8
	pages := map[string]Page{}
	add := func(route string, i int) {
		p := genPage(i, 0)
		p.Route = route
		pages[route] = p
		x.Update(route, NewShard(p))
	}
	add("/docs/a", 1)
	add("/docs/b", 2)
	published(t, x)
	for i := 0; i < 25; i++ {
		add(fmt.Sprintf("/docs/a-%02d", i), 10+i)
		files := published(t, x)
		fresh := freshOf(pages, x.chunkBytes)
		fresh.perPageFile = 8
		if diff := sameAsFresh(t, files, published(t, fresh)); diff != nil {
			t.Fatalf("page %d added: the files differ from a fresh index's: %v", i, diff)
		}
	}
}
