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
// comes after the page that says "private key" in its text (engine.js, W.wholePhrase).
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
