// Tests of the browser's ranking on a small made-up site: the pages of a part the site lists in
// [search] lookup_parts ("API") rank a little lower when a query names no part (rank.js,
// lookupKeep; pkg/search, ParseLookupParts).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// The CLI's and the API's page of one action, alike in title and text but for the API's longer
// text (its parameters): "cancel a build" is the CLI's page when the site lists "API" among its
// lookup parts, the API's when it does not; "cancel a build api" is the API's either way.
func TestLookupPartRanksLowerWhenNotNamed(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	site := func(lookup []string) *search.Index {
		x := search.New()
		terms, err := search.ParseLookupParts(lookup)
		if err != nil {
			t.Fatal(err)
		}
		x.SetLookupParts(terms)
		add := func(route, title string, crumbs []string, texts ...string) {
			var secs []search.Section
			for _, s := range texts {
				secs = append(secs, search.Section{Text: s})
			}
			x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: crumbs, Sections: secs}))
		}
		add("/docs/api/build/cancel", "Cancel a build", []string{"API", "Build"},
			"Cancels a build that is running.", "The build to cancel: its number.", "The cancelled build.")
		add("/docs/cli/build/cancel", "Cancel a build", []string{"CLI", "Build"}, "Cancels a build that is running.")
		for i := 0; i < 11; i++ {
			add(fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), []string{"API"}, "An endpoint of the server.")
			add(fmt.Sprintf("/docs/cli/other%d", i), fmt.Sprintf("Command %d", i), []string{"CLI"}, "A command of the tool.")
		}
		return x
	}
	for _, c := range []struct {
		lookup  []string
		q, want string
	}{
		{[]string{"API"}, "cancel a build", "/docs/cli/build/cancel"},
		{nil, "cancel a build", "/docs/api/build/cancel"},
		{[]string{"API"}, "cancel a build api", "/docs/api/build/cancel"},
	} {
		if got := firstRoutes(t, site(c.lookup), c.q); len(got) < 2 || got[0] != c.want {
			t.Errorf("lookup parts %q, %q: got %v, want %s first", c.lookup, c.q, got, c.want)
		}
	}
}
