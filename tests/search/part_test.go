// Tests of the browser's ranking on a small made-up site: a query that names no part of the site
// leans to the pages outside its large parts (pages.js, W.partPrior; pkg/search, PartShares).

package search

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// addPage adds a page of sections to x: the made-up sites of the ranking tests.
func addPage(x *search.Index, route, title string, secs ...search.Section) {
	x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Sections: secs}))
}

// addGuides adds twenty pages "Guide <n>" (/docs/guide<n>) of one section's text to x: pages that
// fill the site, so that a query's words have the document frequencies of a real one.
func addGuides(x *search.Index, text string) {
	for i := 0; i < 20; i++ {
		addPage(x, fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), search.Section{Text: text})
	}
}

// addCrumbedPage adds a page of one section's text to x, under the breadcrumbs crumbs.
func addCrumbedPage(x *search.Index, route, title, text string, crumbs ...string) {
	x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: crumbs,
		Sections: []search.Section{{Text: text}}}))
}

// addCloningGuide adds the guide on cloning of topical_test.go's sites: its title and headings say
// "clone" and "git token", and nothing of it says "different" or "mirror".
func addCloningGuide(x *search.Index) {
	addPage(x, "/docs/cloning", "Cloning",
		search.Section{Text: "Every build starts by cloning the repository."},
		search.Section{ID: "token", Heading: "The Git token", Text: "The clone step fetches the code with the Git token of the repository's owner."},
		search.Section{ID: "own", Heading: "Replace the clone step", Text: "Turn the clone step off and clone with a token of your own."})
}

// firstRoutes answers q with the browser's engine over x's files (stale.mjs).
func firstRoutes(t *testing.T, x *search.Index, q string) []string {
	t.Helper()
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	return answer(t, docsPath, indexPath, q)
}

// wantFirst checks that each query's first route in the browser's engine over x is the one it
// wants, with x published once for them all.
func wantFirst(t *testing.T, x *search.Index, cases []struct{ q, want string }) {
	t.Helper()
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	for _, c := range cases {
		if got := answer(t, docsPath, indexPath, c.q); len(got) == 0 || got[0] != c.want {
			t.Errorf("%q: got %v, want %s first", c.q, got, c.want)
		}
	}
}

// answer runs q through the browser's engine (stale.mjs) over published files: up to five routes.
func answer(t *testing.T, docsPath, indexPath, q string) []string {
	t.Helper()
	out, err := exec.Command("node", "stale.mjs", docsPath, indexPath, q).Output()
	if err != nil {
		t.Fatalf("node stale.mjs %q: %v", q, err)
	}
	var got struct{ Routes []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("stale.mjs printed %q: %v", out, err)
	}
	return got.Routes
}

// Two pages alike in title and text, one a guide and one of the API's twenty endpoint pages: a
// query that does not name the API is the guide's (the API's page would win the tie by its
// route), and one that says "api" is the API's page.
func TestQueryWithoutAPartLeansToGuides(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	text := "Log in with a token that lasts a day."
	addCrumbedPage(x, "/docs/api/login", "Log in", text, "API")
	addCrumbedPage(x, "/docs/guide/login", "Log in", text)
	for i := 0; i < 20; i++ {
		addCrumbedPage(x, fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), "An endpoint of the server.", "API")
		addCrumbedPage(x, fmt.Sprintf("/docs/guide/page%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	if got := firstRoutes(t, x, "log in token"); len(got) < 2 || got[0] != "/docs/guide/login" {
		t.Errorf("log in token: got %v, want /docs/guide/login first", got)
	}
	if got := firstRoutes(t, x, "log in token api"); len(got) == 0 || got[0] != "/docs/api/login" {
		t.Errorf("log in token api: got %v, want /docs/api/login first", got)
	}
}
