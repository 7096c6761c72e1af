// Tests of the browser's ranking on a small made-up site: a page whose one section holds the
// query's words beats a long page that spreads them.

package search

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// The words of a query found together in one section are about one thing: a page whose one
// section says "rotate the signing keys" comes before a page titled "Keys" that says "rotate" and
// "signing" in sections of their own (rank.js, W.together).
func TestWordsTogetherInOneSection(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	// The long page says the words in sections of their own, the short one together.
	long := []search.Section{{Text: "Keys of the server and of the workers."}}
	for i := 0; i < 8; i++ {
		text := "Rotate it when the server rotates its logs."
		if i%2 == 1 {
			text = "Signing is what the server does, signing each token."
		}
		long = append(long, search.Section{ID: fmt.Sprint("part", i), Heading: fmt.Sprint("Part ", i), Text: text})
	}
	x.Update("/docs/keys", search.NewShard(search.Page{Route: "/docs/keys", Title: "Keys", Sections: long}))
	x.Update("/docs/operations", search.NewShard(search.Page{Route: "/docs/operations", Title: "Keys", Sections: []search.Section{
		{Text: "What an operator does every month: rotate the signing keys of the server."},
	}}))
	for i := 0; i < 20; i++ {
		r := fmt.Sprintf("/docs/guide%d", i)
		x.Update(r, search.NewShard(search.Page{Route: r, Title: fmt.Sprintf("Guide %d", i), Sections: []search.Section{{Text: "A guide of the server."}}}))
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	out, err := exec.Command("node", "stale.mjs", docsPath, indexPath, "rotate signing keys").Output()
	if err != nil {
		t.Fatalf("node stale.mjs: %v", err)
	}
	var got struct{ Routes []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("stale.mjs printed %q: %v", out, err)
	}
	if len(got.Routes) < 2 || got.Routes[0] != "/docs/operations" {
		t.Errorf("rotate signing keys: got %v, want /docs/operations first, then /docs/keys", got.Routes)
	}
}
