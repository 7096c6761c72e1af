// Tests of the browser's ranking on a small made-up site: a page that lacks a word of the query
// pays for it by how often the word titles or heads what it is in (rank.js, W.topical).

package search

import (
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/search"
)

// topicalSite has a guide on cloning that lacks "different" and "mirror", a page on runners whose
// text has every word of both queries, pages that use "different" in their text only and a page
// titled "Mirrors".
func topicalSite() *search.Index {
	x := search.New()
	addCloningGuide(x)
	addPage(x, "/docs/runners", "Runners",
		search.Section{Text: "A runner may clone a different repository or a mirror of it with a git token it is given, as any step may."})
	addPage(x, "/docs/mirrors", "Mirrors",
		search.Section{Text: "A mirror is a copy of a repository that a server keeps in step with it."})
	addGuides(x, "Each step of a pipeline may run a different image with different settings.")
	return x
}

// "clone with a different git token" is the guide on cloning: "different" heads nothing on the site,
// so lacking it costs the guide little, and its title and headings say the rest. "clone with a
// mirror git token" stays the page with every word: "mirror" titles a page, so it names a topic
// the guide is not about.
func TestLackingAWordThatHeadsNothingCostsLittle(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := topicalSite()
	if got := firstRoutes(t, x, "clone with a different git token"); len(got) < 2 || got[0] != "/docs/cloning" {
		t.Errorf("clone with a different git token: got %v, want /docs/cloning first", got)
	}
	if got := firstRoutes(t, x, "clone with a mirror git token"); len(got) < 2 || got[0] != "/docs/runners" {
		t.Errorf("clone with a mirror git token: got %v, want /docs/runners first", got)
	}
}

// A query's units past the 32 bits of a page's mask share the bits of the first ones (ten words,
// identifiers not in the docs as a whole searched by their parts, make up to forty units). What a
// page lacks is worked out on those 32 bits as the words it has are: a unit past them once cost
// nothing known (undefined), and the page that lacked its bit scored NaN and sorted anywhere.
func TestLackedWordsOfAVeryLongQueryCostANumber(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	// 34 units: "mirror", 7 × 4 parts, then 5 parts whose fourth, "mirror", is unit 32 (bit 0).
	// Cloning lacks "mirror" in both places.
	id := "clone_git_token_step"
	q := "mirror " + strings.Repeat(id+" ", 7) + "clone_git_token_mirror_step"
	routes, got := scores(t, topicalSite(), q, "")
	if !slices.Contains(routes, "/docs/cloning") {
		t.Errorf("%s: got %v, want /docs/cloning among them", q, routes)
	}
	for i, s := range got {
		if s == nil || math.IsNaN(*s) || math.IsInf(*s, 0) {
			t.Errorf("%s: %s scores %v, want a number", q, routes[i], s)
		}
	}
}

// scores runs q (in version, when it is not "") through the browser's engine over x's files.
func scores(t *testing.T, x *search.Index, q, version string) (routes []string, scores []*float64) {
	t.Helper()
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	out, err := exec.Command("node", "scores.mjs", docsPath, indexPath, q, version).Output()
	if err != nil {
		t.Fatalf("node scores.mjs: %v", err)
	}
	var got struct {
		Routes []string
		Scores []*float64
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("scores.mjs printed %q: %v", out, err)
	}
	return got.Routes, got.Scores
}

// What a word costs is weighed on the pages the search can show: a search in one version leaves the
// others' pages out, and their headings do not make a word name a topic ("different" heads twenty
// pages of version 1; in version 2 it heads nothing, and the guide on cloning lacks it).
func TestLackedWordsCostByThePagesOfTheVersionSearched(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	add := func(route, version, title string, secs ...search.Section) {
		x.Update(route, search.NewShard(search.Page{Route: route, Version: version, Title: title, Sections: secs}))
	}
	add("/v2/cloning", "v2", "Cloning",
		search.Section{Text: "Every build starts by cloning the repository."},
		search.Section{ID: "token", Heading: "The Git token", Text: "The clone step fetches the code with the Git token of the repository's owner."},
		search.Section{ID: "own", Heading: "Replace the clone step", Text: "Turn the clone step off and clone with a token of your own."})
	add("/v2/runners", "v2", "Runners",
		search.Section{Text: "A runner may clone a different repository with a git token it is given, as any step may."})
	for i := 0; i < 20; i++ {
		add(fmt.Sprintf("/v1/guide%d", i), "v1", fmt.Sprintf("Guide %d", i),
			search.Section{ID: "different", Heading: "A different image", Text: "Each step of a pipeline may run a different image."})
	}
	q := "clone with a different git token"
	if got, _ := scores(t, x, q, "v2"); len(got) < 2 || got[0] != "/v2/cloning" {
		t.Errorf("%s (v2): got %v, want /v2/cloning first", q, got)
	}
}

// A word that heads a section, not a title, names a topic too: "submodule" heads a section of the
// page on checking out, so the guide on cloning, which lacks it, is not what "clone with a submodule
// git token" asks for, and the page with every word stays first.
func TestLackingAWordThatHeadsASectionCostsInFull(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := topicalSite()
	x.Update("/docs/runners", search.NewShard(search.Page{Route: "/docs/runners", Title: "Runners", Sections: []search.Section{
		{Text: "A runner may clone a different repository, a mirror of it or a submodule with a git token it is given, as any step may."}}}))
	x.Update("/docs/checkout", search.NewShard(search.Page{Route: "/docs/checkout", Title: "Checkout", Sections: []search.Section{
		{Text: "The checkout step puts the code in the workspace."},
		{ID: "submodules", Heading: "Submodules", Text: "A submodule is checked out with the code when the repository lists it."}}}))
	if got := firstRoutes(t, x, "clone with a submodule git token"); len(got) < 2 || got[0] != "/docs/runners" {
		t.Errorf("clone with a submodule git token: got %v, want /docs/runners first", got)
	}
	// The rule still lets "different" cost little on this site.
	if got := firstRoutes(t, x, "clone with a different git token"); len(got) < 2 || got[0] != "/docs/cloning" {
		t.Errorf("clone with a different git token: got %v, want /docs/cloning first", got)
	}
}

// Pages with the most words pay for what they lack too: the rule weighs lacking a word by how much
// it names a topic on every page it can show, and a page is not spared because no page has more
// words. "clone a mirror with a different git token" is on no page whole; "Runners" lacks "mirror",
// which titles a page, and "Hosting" lacks "different", which heads nothing. Runners' heading holds
// more of the query, and while pages with the most words paid nothing it came first.
func TestPagesWithTheMostWordsPayForWhatTheyLack(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addPage(x, "/docs/runners", "Runners",
		search.Section{ID: "token", Heading: "Clone with a Git token", Text: "A runner may clone a different repository with a git token it is given."})
	addPage(x, "/docs/hosting", "Hosting",
		search.Section{Text: "A server may keep a mirror of a repository, and a runner may clone it with a git token."})
	addPage(x, "/docs/mirrors", "Mirrors",
		search.Section{Text: "A mirror is a copy of a repository that a server keeps in step with it."})
	addGuides(x, "Each step of a pipeline may run a different image with different settings.")
	q := "clone a mirror with a different git token"
	routes, got := scores(t, x, q, "")
	if len(routes) < 2 || routes[0] != "/docs/hosting" {
		t.Errorf("%s: got %v (scores %v), want /docs/hosting first", q, routes, deref(got))
	}
}

// deref reads the scores scores.mjs printed, a score that is not a number as NaN.
func deref(s []*float64) []float64 {
	out := make([]float64, len(s))
	for i, p := range s {
		out[i] = math.NaN()
		if p != nil {
			out[i] = *p
		}
	}
	return out
}

// A word found as a phrase of the synonym table heads a section only when the whole phrase is in
// the heading: "mirror" is "repo copy" too, and twenty guides say "repo copy" in the text of a
// section headed "Copy settings". The heading holds part of the phrase, so "mirror" heads nothing
// there, lacking it costs the guide on cloning little, and "clone a mirror with a git token" is
// "Cloning". When the guides' heading is "Repo copy", "mirror" names a topic and the page with
// every word, "Runners", comes first.
func TestAPhrasePartlyInAHeadingDoesNotHeadIt(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	syn, err := search.ParseSynonyms([]string{"mirror, repo copy"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ heading, want string }{
		{"Copy settings", "/docs/cloning"},
		{"Repo copy", "/docs/runners"},
	} {
		x := search.New()
		x.SetSynonyms(syn)
		addCloningGuide(x)
		addPage(x, "/docs/runners", "Runners",
			search.Section{Text: "A runner may clone a mirror of a repository with a git token it is given, as any step may."})
		for i := 0; i < 20; i++ {
			addPage(x, fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i),
				search.Section{ID: "copy", Heading: c.heading, Text: "Each step may keep a repo copy in its workspace."})
		}
		q := "clone a mirror with a git token"
		if routes, got := scores(t, x, q, ""); len(routes) < 2 || routes[0] != c.want {
			t.Errorf("guides headed %q: %s: got %v (scores %v), want %s first", c.heading, q, routes, deref(got), c.want)
		}
	}
}
