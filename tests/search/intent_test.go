// Tests of the browser's ranking on a small made-up site: a query names the kind of page it wants
// in the reader's words. A word the site's synonym table maps to a part's word ("endpoint => api")
// names that part (rules.js, isSectionUnit, W.synonymParts), and a question ("how do I ...") asks
// for a guide (W.taskPrior).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// intentSite is a site of three kinds of pages: twelve API endpoint pages, twelve CLI command
// pages and twelve guides, among them one page of each kind on restarting a build, each of whose
// text mentions the other kinds' words.
func intentSite(t *testing.T) *search.Index {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"endpoint => api", "command line => cli", "command => cli"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	add := func(route, title string, sections []search.Section, crumbs ...string) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: crumbs, Sections: sections}))
	}
	text := func(s string) []search.Section { return []search.Section{{Text: s}} }
	add("/docs/api/build/restart", "Restart a build", text("Restarts a build, as the restart command of the command line does."), "API", "Build")
	add("/docs/cli/build/restart", "tool restart build", text("Restarts a build through the server's endpoint."), "CLI", "build")
	add("/docs/guide/start", "Start a build", []search.Section{
		{Text: "Builds start on every push."},
		{Heading: "Restart a build", Text: "Open the build and press Restart, or use the command line."},
	})
	for i := 0; i < 11; i++ {
		add(fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), text("An endpoint of the server."), "API")
		add(fmt.Sprintf("/docs/cli/other%d", i), fmt.Sprintf("tool command %d", i), text("A command of the tool."), "CLI")
		add(fmt.Sprintf("/docs/guide/page%d", i), fmt.Sprintf("Guide %d", i), text("A guide to the server."))
	}
	return x
}

// "command" and "endpoint" are not in any breadcrumbs, but the synonym table maps them to "cli"
// and "api": the query asks for the CLI's page or the API's, not for the page that happens to
// mention the word in its text.
func TestSynonymOfAPartWordNamesThePart(t *testing.T) {
	x := intentSite(t)
	for q, want := range map[string]string{
		"command to restart a build":            "/docs/cli/build/restart",
		"restart a build from the command line": "/docs/cli/build/restart",
		"endpoint to restart a build":           "/docs/api/build/restart",
		"restart build api":                     "/docs/api/build/restart",
	} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != want {
			t.Errorf("%s: got %v, want %s first", q, got, want)
		}
	}
}

// The same words asked as a question are a task, which the guide's section answers; typed as a
// lookup they are a reference page's (the guide's title is another).
func TestQuestionAsksForAGuide(t *testing.T) {
	x := intentSite(t)
	for _, q := range []string{"how do I restart a build", "how to restart a build"} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != "/docs/guide/start" {
			t.Errorf("%s: got %v, want /docs/guide/start first", q, got)
		}
	}
	if got := firstRoutes(t, x, "restart a build"); len(got) < 3 || got[0] == "/docs/guide/start" {
		t.Errorf("restart a build: got %v, want a reference page first and the guide among the results", got)
	}
}

// wantSite has a guide on restarting a build, which does not say "failed", and a page of wishes
// whose text has every word of "i want to restart a failed build", "want" among them, and pages
// that fill the site.
func wantSite() *search.Index {
	x := search.New()
	addPage(x, "/docs/start", "Start a build",
		search.Section{Text: "A build starts when code is pushed."},
		search.Section{ID: "restart", Heading: "Restart a build", Text: "Restart a build from the UI or the CLI."})
	addPage(x, "/docs/wishes", "Wishes",
		search.Section{Text: "Readers want many things: to restart a build that failed without a new commit, to please the reviewers, to need fewer steps."})
	addGuides(x, "A guide to the server and its settings, with an example.")
	return x
}

// Words that say how a reader put a query ("i want to", "i need to", "please") are stop words
// (pkg/search StopWords): a page that happens to say them is not more about the query, and it
// keeps no page that lacks them out of the results ("i want to restart a failed build" is the
// heading "Restart a build", as "restart a failed build" is).
func TestReadersIntentWordsAreLeftOut(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := wantSite()
	for _, q := range []string{"restart a failed build", "i want to restart a failed build", "i need to restart a failed build", "restart a failed build please"} {
		if got := firstRoutes(t, x, q); len(got) < 2 || got[0] != "/docs/start" {
			t.Errorf("%s: got %v, want /docs/start first", q, got)
		}
	}
}

// A query's limit of ten words counts the words search looks for, not its common words
// (words.js, queryWords): "how do i restart the build of my repo from the cli" has twelve words,
// four of them looked for, and its last one names the CLI.
func TestCommonWordsDoNotPushTheLastWordsOut(t *testing.T) {
	x := intentSite(t)
	for _, q := range []string{"restart the build of my repo from the cli", "how do i restart the build of my repo from the cli"} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != "/docs/cli/build/restart" {
			t.Errorf("%s: got %v, want /docs/cli/build/restart first", q, got)
		}
	}
}
