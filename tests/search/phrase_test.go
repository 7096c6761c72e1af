// Tests of the browser's ranking on a small made-up site: a phrase of the synonym table is found
// only where all its words are.

package search

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// A phrase of the synonym table is found where all its words are: a page titled "Merge keys" has
// "key" but not "private key" (nor its synonym "signing key"), so it lacks the query's phrase and
// comes after the page that says "private key" in its text (rank.js, W.wholePhrase).
func TestPhraseIsFoundWhole(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"private key, signing key"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	add := func(route, title string, texts ...string) {
		var secs []search.Section
		for i, text := range texts {
			secs = append(secs, search.Section{ID: fmt.Sprint("s", i), Heading: fmt.Sprint("Part ", i), Text: text})
		}
		secs[0].ID, secs[0].Heading = "", ""
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Sections: secs}))
	}
	add("/docs/merge", "Merge keys", "Merge the keys of two maps.", "A key of the first map wins.")
	add("/docs/install", "Install the server", "Give the server the private key it signs tokens with.")
	for i := 0; i < 20; i++ {
		add(fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide of the server.")
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	out, err := exec.Command("node", "stale.mjs", docsPath, indexPath, "private key").Output()
	if err != nil {
		t.Fatalf("node stale.mjs: %v", err)
	}
	var got struct{ Routes []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("stale.mjs printed %q: %v", out, err)
	}
	if len(got.Routes) == 0 || got.Routes[0] != "/docs/install" {
		t.Errorf("private key: got %v, want /docs/install first", got.Routes)
	}
}

// A title holds a phrase of the synonym table only with all its words: "rerun" is also "re-run"
// (the words "re" and "run"), and the guide titled "Run the server with Docker", which says "re"
// in its text, does not hold "rerun" in its title; so it is not the guide that teaches the action
// of the command "tool restart build" (rank.js, W.guideFirst), which comes first
// (W.wholeTitlePhrase).
func TestTitleHoldsAPhraseWhole(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"rerun, re-run, restart"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	actions, err := search.ParseActionParts([]string{"CLI"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetActionParts(actions)
	addCrumbedPage(x, "/docs/install/docker", "Run the server with Docker", "Start the server; to re-create it, remove the container and run it again (re as in again).")
	addCrumbedPage(x, "/docs/cli/build/restart", "tool restart build", "tool restart build restarts a build.", "CLI")
	for i := 0; i < 20; i++ {
		addCrumbedPage(x, fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide of the server.")
		addCrumbedPage(x, fmt.Sprintf("/docs/cli/other%d", i), fmt.Sprintf("tool command%d", i), "A command of the tool.", "CLI")
	}
	if got := firstRoutes(t, x, "rerun"); len(got) == 0 || got[0] != "/docs/cli/build/restart" {
		t.Errorf("rerun: got %v, want /docs/cli/build/restart first", got)
	}
}
