package search

import (
	"reflect"
	"testing"
)

// A page's part share is the share of the pages whose breadcrumbs have its most shared breadcrumb
// term: three of four pages are under "API" (75 %), one of those also under "Build" (25 %, less),
// and a page without breadcrumbs is in no part. The entry file the browser reads carries it.
func TestPartSharesOfBreadcrumbs(t *testing.T) {
	x := New()
	add := func(route string, crumbs ...string) {
		x.Update(route, NewShard(Page{Route: route, Title: "Page " + route, Crumbs: crumbs, Sections: []Section{{Text: "x"}}}))
	}
	add("/a", "API")
	add("/b", "API", "Build")
	add("/c", "API")
	add("/d")
	_, ix, _ := publish(t, x)
	if want := []int{75, 75, 75, 0}; !reflect.DeepEqual(ix.PartShares, want) {
		t.Errorf("part shares %v, want %v", ix.PartShares, want)
	}
	_, index, err := x.Publish()
	if err != nil {
		t.Fatal(err)
	}
	entry := readEntry(t, x, index)
	if !reflect.DeepEqual(entry.PartShares, ix.PartShares) {
		t.Errorf("the entry file's part shares %v, want %v", entry.PartShares, ix.PartShares)
	}
}
