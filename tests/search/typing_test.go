// Tests of the browser's ranking while a word is still being typed: a short form the site's
// synonym table lists, typed whole, is what the reader means, not the start of a longer word.

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// "pat" (a synonym of "personal access token" in the table) typed as the last word, with no space
// after it yet, finds the page on personal access tokens first, not a page whose headings say
// "path" and "pattern" many times; a word the table does not list still finds the longer words
// it starts ("pa"), and the longer word typed whole finds its page ("path").
func TestSynonymTypedWholeBeatsLongerWordsItStarts(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"pat, personal access token"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	x.Update("/docs/authenticate", search.NewShard(search.Page{Route: "/docs/authenticate", Title: "Authenticate",
		Sections: []search.Section{
			{Text: "Log in to the server from the command line."},
			{ID: "tokens", Heading: "Tokens", Text: "Create a personal access token in your account settings and log in with it."},
		}}))
	x.Update("/docs/rulesets", search.NewShard(search.Page{Route: "/docs/rulesets", Title: "Rulesets",
		Sections: []search.Section{
			{Text: "A ruleset decides when a step runs: by branch, path, event or status."},
			{ID: "path", Heading: "Path", Text: "A path pattern matches the files a commit changed: a path or a pattern of paths."},
			{ID: "patterns", Heading: "Path patterns", Text: "Patterns match paths with stars: a pattern such as docs/* matches every path under docs."},
		}}))
	for i := 0; i < 10; i++ {
		route := fmt.Sprintf("/docs/guide%d", i)
		x.Update(route, search.NewShard(search.Page{Route: route, Title: fmt.Sprintf("Guide %d", i),
			Sections: []search.Section{{Text: "A guide to the server and its settings."}}}))
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	for q, want := range map[string]string{
		"pat":  "/docs/authenticate",
		"pat ": "/docs/authenticate",
		"Pat":  "/docs/authenticate",
		"pa":   "/docs/rulesets",
		"path": "/docs/rulesets",
	} {
		if got := answer(t, docsPath, indexPath, q); len(got) == 0 || got[0] != want {
			t.Errorf("%q: got %v, want %s first", q, got, want)
		}
	}
}

// Two letters are as often the start of a longer word as a short form: "js" while it is typed
// still finds the page on JSON, whose word it starts, as well as the JavaScript page its synonym
// names; typed whole ("js "), it is the short form.
func TestTwoLetterSynonymTypedStillStartsWords(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"js, javascript"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	x.Update("/docs/json", search.NewShard(search.Page{Route: "/docs/json", Title: "Output formats",
		Sections: []search.Section{{ID: "json", Heading: "JSON", Text: "Every command can print JSON: pass --output json to get a JSON document."}}}))
	x.Update("/docs/node", search.NewShard(search.Page{Route: "/docs/node", Title: "Node plugins",
		Sections: []search.Section{{Text: "Write a plugin in JavaScript and run it with Node."}}}))
	for i := 0; i < 10; i++ {
		route := fmt.Sprintf("/docs/guide%d", i)
		x.Update(route, search.NewShard(search.Page{Route: route, Title: fmt.Sprintf("Guide %d", i),
			Sections: []search.Section{{Text: "A guide to the server and its settings."}}}))
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	if got := answer(t, docsPath, indexPath, "js"); len(got) < 2 || got[0] != "/docs/json" {
		t.Errorf(`"js": got %v, want /docs/json first, then /docs/node`, got)
	}
	if got := answer(t, docsPath, indexPath, "js "); len(got) == 0 || got[0] != "/docs/node" {
		t.Errorf(`"js ": got %v, want /docs/node first`, got)
	}
}
