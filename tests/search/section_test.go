package search

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// A word of the query that names a large part of the site ("cli", "api": in the breadcrumbs of many
// pages) asks for a page of that part: the API's page titled with the other words, which only
// mentions the CLI in its text, must not come before the CLI's page (titled with a synonym).
func TestSectionWordPicksThePart(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"change, update"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	add := func(route, title, crumb, text string) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: []string{crumb},
			Sections: []search.Section{{Text: text}}}))
	}
	add("/docs/api/repo/update", "Change repo settings", "API",
		"This endpoint changes the settings of a repo, as the CLI does, with PUT.")
	add("/docs/cli/repo/update", "vela update repo", "CLI", "Changes the settings of a repo.")
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), "API", "An endpoint.")
		add(fmt.Sprintf("/docs/cli/other%d", i), fmt.Sprintf("vela command %d", i), "CLI", "A command.")
		add(fmt.Sprintf("/docs/usage/page%d", i), fmt.Sprintf("Guide %d", i), "Guides", "A guide.")
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	out, err := exec.Command("node", "stale.mjs", docsPath, indexPath, "change repo settings cli").Output()
	if err != nil {
		t.Fatalf("node stale.mjs: %v", err)
	}
	var got struct{ Routes []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("stale.mjs printed %q: %v", out, err)
	}
	if len(got.Routes) == 0 || got.Routes[0] != "/docs/cli/repo/update" {
		t.Errorf("change repo settings cli: got %v, want /docs/cli/repo/update first", got.Routes)
	}
}
