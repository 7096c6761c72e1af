// Tests of the browser's ranking on a small made-up site: what the synonym table gives page titles
// when the site is built (pkg/search's aliases). A title as the reader types it ranks above a
// title the table only relates to the query, and the words of a phrase do not title a page one by
// one.

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// aliasSite has an API's "List builds" and a CLI's "vela get build" (the table says a reader's
// "list" finds "get"), a "Restart a build" (the table has "rerun, re-run, restart"), two pages
// titled with "run", and twenty pages of each part.
func aliasSite(t *testing.T) *search.Index {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"list => get", "rerun, re-run, restart"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	// As the Vela site: the API's pages are reached by naming them (docsd.toml lookup_parts).
	lookup, err := search.ParseLookupParts([]string{"API"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetLookupParts(lookup)
	addCrumbedPage(x, "/docs/api/build/list", "List builds", "Returns the builds of a repository, newest first.", "API", "Build")
	addCrumbedPage(x, "/docs/cli/build/get", "vela get build", "Prints the builds of a repository, newest first.", "CLI", "build")
	addCrumbedPage(x, "/docs/guide/restart", "Restart a build", "Start the build again with the same commit; the steps run once more.")
	addCrumbedPage(x, "/docs/guide/worker", "Run a worker", "A worker runs the builds the server queues.")
	addCrumbedPage(x, "/docs/guide/local", "Run a pipeline locally", "Run the steps of a build on your machine.")
	for i := 0; i < 20; i++ {
		addCrumbedPage(x, fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), "An endpoint of the server.", "API")
		addCrumbedPage(x, fmt.Sprintf("/docs/cli/other%d", i), fmt.Sprintf("vela command %d", i), "A command of the tool.", "CLI")
		addCrumbedPage(x, fmt.Sprintf("/docs/guide/page%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	return x
}

// "list builds" is the title of the API's page: the CLI's "vela get build", which a one-way entry
// relates to it, comes right after, not first. "get builds" is the CLI's page.
func TestTypedTitleBeatsOneWaySynonymTitle(t *testing.T) {
	x := aliasSite(t)
	if got := firstRoutes(t, x, "list builds"); len(got) < 2 || got[0] != "/docs/api/build/list" || got[1] != "/docs/cli/build/get" {
		t.Errorf("list builds: got %v, want /docs/api/build/list, then /docs/cli/build/get", got)
	}
	if got := firstRoutes(t, x, "get builds"); len(got) == 0 || got[0] != "/docs/cli/build/get" {
		t.Errorf("get builds: got %v, want /docs/cli/build/get first", got)
	}
}

// "re-run" in the table does not title "Restart a build" with "run": for "run a build" the pages
// titled with "run" come first, while "re-run a build" and "rerun build" still find the restart
// page first.
func TestPhraseWordsDoNotTitleAPage(t *testing.T) {
	x := aliasSite(t)
	for _, q := range []string{"run a build", "run builds"} {
		if got := firstRoutes(t, x, q); len(got) == 0 || (got[0] != "/docs/guide/worker" && got[0] != "/docs/guide/local") {
			t.Errorf("%s: got %v, want a page titled with \"run\" first", q, got)
		}
	}
	for _, q := range []string{"re-run a build", "rerun build"} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != "/docs/guide/restart" {
			t.Errorf("%s: got %v, want /docs/guide/restart first", q, got)
		}
	}
}
