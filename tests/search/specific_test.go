// Tests of the browser's ranking on a small made-up site: of an overview and a page below it, both
// found, the page below comes first when its title, breadcrumbs and file name hold more of the
// query's words (present.js, specificFirst).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// The overview "REST API" lists its pages' words and holds every word of "rest api build logs";
// the page "Build logs" below it lacks "rest" but is the answer: its title and breadcrumbs hold
// three of the query's words, the overview's title two. "rest api" alone stays the overview's.
func TestPageBelowAnOverviewIsMoreSpecific(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addCrumbedPage(x, "/docs/api", "REST API", "The REST API of the server. Its pages: build logs, step logs, secrets and users.")
	addCrumbedPage(x, "/docs/api/build/logs", "Build logs", "The logs of a build, step by step, as the server keeps them.", "API", "Build")
	addCrumbedPage(x, "/docs/api/secrets", "Secrets", "The secrets of a repository.", "API")
	for i := 0; i < 20; i++ {
		addCrumbedPage(x, fmt.Sprintf("/docs/guide/page%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	if got := firstRoutes(t, x, "rest api build logs"); len(got) < 2 || got[0] != "/docs/api/build/logs" || got[1] != "/docs/api" {
		t.Errorf("rest api build logs: got %v, want /docs/api/build/logs, then /docs/api", got)
	}
	if got := firstRoutes(t, x, "rest api"); len(got) == 0 || got[0] != "/docs/api" {
		t.Errorf("rest api: got %v, want /docs/api first", got)
	}
}
