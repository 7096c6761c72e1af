package search

// docsd watch keeps a page's number across new and deleted pages (pkg/search/numbers.go): a new
// page is numbered after the others whatever its route, a deleted page leaves a free number. The
// browser's engine must read such files (free numbers: null documents, no sections) and list
// results of equal score in route order, as after a fresh build (the index file's rankOffsets).

import (
	"fmt"
	"os/exec"
	"slices"
	"testing"

	"docsd/pkg/search"
)

func TestResultsOfEqualScoreListAsAfterAFreshBuild(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	page := func(route string) *search.Shard {
		return stalePage(route, "Walrus guide", search.Section{Text: "Feeding the walrus."})
	}
	routes := []string{}
	x := search.New()
	for i := 1; i <= 12; i++ {
		r := fmt.Sprintf("/docs/b-%02d", i)
		routes = append(routes, r)
		x.Update(r, page(r))
	}
	if _, _, err := x.Publish(); err != nil {
		t.Fatal(err)
	}
	// After: a page whose route comes first (numbered last), and a deleted page (a free number).
	x.Update("/docs/a-00", page("/docs/a-00"))
	if _, _, err := x.Publish(); err != nil {
		t.Fatal(err)
	}
	x.Remove("/docs/b-03")
	watch := t.TempDir()
	docsPath, indexPath := writeFiles(t, x, watch, false)
	got := staleQuery(t, docsPath, indexPath, "walrus")

	fresh := search.New()
	for _, r := range x.Routes() {
		fresh.Update(r, page(r))
	}
	docsPath, indexPath = writeFiles(t, fresh, t.TempDir(), false)
	want := staleQuery(t, docsPath, indexPath, "walrus")

	if got.Stale || len(got.Routes) != 5 || !slices.Equal(got.Routes, want.Routes) || want.Routes[0] != "/docs/a-00" {
		t.Errorf("after a new and a deleted page the results are %+v; a fresh build's %+v (want the same, /docs/a-00 first)", got, want)
	}
}
