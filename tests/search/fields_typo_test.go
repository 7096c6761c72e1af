// Tests of issue 18's rules that no other test pinned on their own (added by session 14's audit): a word in
// a page's title, sidebar label, file name or breadcrumbs ranks the page above one that only says
// it in its text, and typing mistakes are forgiven within the bounds (one edit for words of
// 5+ letters, two for 9+) but never above a page that has the word as typed. Each runs the
// browser's ranking code (site/src/search/engine.js, through stale.mjs) on a small made-up site.

package search

import (
	"fmt"
	"os/exec"
	"slices"
	"testing"

	"docsd/pkg/search"
)

// publishedQueries publishes x into a temporary folder once and answers queries over it with the
// browser's engine (up to five routes each).
func publishedQueries(t *testing.T, x *search.Index) func(q string) []string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	return func(q string) []string {
		t.Helper()
		return answer(t, docsPath, indexPath, q)
	}
}

// addFillerPages adds pages that share none of the tests' words, so that the tests' words are rare
// (as a real topic's words are) and no page wins by route order alone.
func addFillerPages(x *search.Index) {
	for i := 0; i < 20; i++ {
		route := fmt.Sprintf("/docs/guide/filler%d", i)
		x.Update(route, search.NewShard(search.Page{Route: route, Title: fmt.Sprintf("Guide %d", i), Name: fmt.Sprintf("filler%d", i),
			Crumbs: []string{"Guide"}, Sections: []search.Section{{Text: "A guide to the server and its settings."}}}))
	}
}

// Each navigation field alone beats body text that repeats the word: the issue asks that "a match in
// the title, the sidebar label, the file name or the breadcrumbs of a page dominates matches in body
// text". The page that only mentions the word sorts first by route ("/docs/a-…"), so a tie would
// put it first too.
func TestNavigationFieldsBeatBodyText(t *testing.T) {
	body := "The %[1]s holds the %[1]s settings; every %[1]s has a %[1]s file, and a %[1]s can be shared."
	for _, c := range []struct{ field, word string }{
		{"title", "quokka"}, {"sidebar label", "wombat"}, {"file name", "dingo"}, {"breadcrumbs", "bilby"},
	} {
		t.Run(c.field, func(t *testing.T) {
			x := search.New()
			addFillerPages(x)
			mention := "/docs/a-mentions"
			x.Update(mention, search.NewShard(search.Page{Route: mention, Title: "Shared settings", Name: "a-mentions", Crumbs: []string{"Guide"},
				Sections: []search.Section{{Text: fmt.Sprintf(body, c.word)}, {ID: "more", Heading: "More settings", Text: fmt.Sprintf(body, c.word)}}}))
			named := search.Page{Route: "/docs/z-named", Title: "Server options", Name: "z-named", Crumbs: []string{"Guide"},
				Sections: []search.Section{{Text: "Options of the server, one a line."}}}
			switch c.field {
			case "title":
				named.Title = "Server " + c.word
			case "sidebar label":
				named.Label = "The " + c.word
			case "file name":
				named.Route, named.Name = "/docs/z-"+c.word, "z-"+c.word
			case "breadcrumbs":
				named.Crumbs = []string{"Guide", c.word}
			}
			x.Update(named.Route, search.NewShard(named))
			for _, q := range []string{c.word, c.word + " "} {
				got := publishedQueries(t, x)(q)
				if len(got) < 2 || got[0] != named.Route || !slices.Contains(got, mention) {
					t.Errorf("%q: got %v; want %s (the word in its %s) first, then %s (the word five times in its text)", q, got, named.Route, c.field, mention)
				}
			}
		})
	}
}

// A typing mistake is looked up only when the word matches nothing: a page that has the word as
// typed comes first and no page is found through a word one edit away, even one whose title has it
// (the issue: typo tolerance "that never outranks an exact match").
func TestTypoNeverOutranksExactMatch(t *testing.T) {
	x := search.New()
	addFillerPages(x)
	add := pageAdder(x)
	add("/docs/exact", "Board settings", "Pin the kanban to the top of the board.")
	add("/docs/near", "Kanbon", "The kanbon view lists kanbon columns; each kanbon column holds cards.")
	for _, q := range []string{"kanban", "kanban ", "kanban board"} {
		got := publishedQueries(t, x)(q)
		if len(got) == 0 || got[0] != "/docs/exact" || slices.Contains(got, "/docs/near") {
			t.Errorf("%q: got %v; want /docs/exact first and /docs/near (one edit away) not found", q, got)
		}
	}
	// Typed wrong, the word finds both pages through one edit.
	got := publishedQueries(t, x)("kanbun ")
	if !slices.Contains(got, "/docs/exact") || !slices.Contains(got, "/docs/near") {
		t.Errorf(`"kanbun ": got %v; want both /docs/exact and /docs/near (one edit each)`, got)
	}
}

// The bounds: one edit for words of 5 letters or more, two for 9 or more, none below 5 (but
// a letter dropped from a word of 5: TestDroppedLetterOfAFiveLetterWord); a swap of two
// neighbouring letters is one edit.
func TestTypoToleranceBounds(t *testing.T) {
	x := search.New()
	addFillerPages(x)
	add := pageAdder(x)
	add("/docs/lynx", "Lynx", "The lynx hunts at night.")
	add("/docs/zebra", "Zebra", "The zebra grazes by day.")
	add("/docs/marmoset", "Marmoset", "The marmoset climbs trees.")
	add("/docs/chinchilla", "Chinchilla", "The chinchilla bathes in dust.")
	site := publishedQueries(t, x)
	for _, c := range []struct {
		q, want string // want "" for nothing found
	}{
		{"lynq ", ""},                       // 4 letters: no typo tolerance
		{"zebrq ", "/docs/zebra"},           // 5 letters, one edit
		{"zebar ", "/docs/zebra"},           // a swap is one edit
		{"zebqq ", ""},                      // 5 letters, two edits
		{"marmosex ", "/docs/marmoset"},     // 8 letters, one edit
		{"marmosxx ", ""},                   // 8 letters, two edits: one is the bound below 9
		{"chinchxxla ", "/docs/chinchilla"}, // 10 letters, two edits
		{"chxnchxxla ", ""},                 // 10 letters, three edits
	} {
		firstOrNothing(t, site, c.q, c.want)
	}
}

// A word of 5 letters typed with a letter dropped is 4 letters long, below the bound: it is looked
// up as the word it misspells, a letter longer (lookup.js, W.typoDropped), in the middle ("zbra"),
// at the start ("ebra") or with the second letter missing ("zera"). Any other mistake in 4 letters
// stays unforgiven ("lynq", "zebq"): a word of 4 is as often another word.
func TestDroppedLetterOfAFiveLetterWord(t *testing.T) {
	x := search.New()
	addFillerPages(x)
	add := pageAdder(x)
	add("/docs/lynx", "Lynx", "The lynx hunts at night.")
	add("/docs/zebra", "Zebra", "The zebra grazes by day.")
	site := publishedQueries(t, x)
	for _, c := range []struct {
		q, want string // want "" for nothing found
	}{
		{"zbra ", "/docs/zebra"},
		{"ebra ", "/docs/zebra"},
		{"zera ", "/docs/zebra"},
		{"zbra grazes", "/docs/zebra"},
		{"lynq ", ""},
		{"zebq ", ""},
	} {
		firstOrNothing(t, site, c.q, c.want)
	}
}

// The stemmer keeps the "s" of a short word whose only vowel comes right before it, or that has
// none: "sdks" and "clis" are no terms of the docs. Typed as plurals of acronyms, they are their
// singulars (words.js, singularTerms; W.plural), and a plural the docs have stays as typed.
func TestPluralOfAnAcronymIsItsSingular(t *testing.T) {
	x := search.New()
	addFillerPages(x)
	add := pageAdder(x)
	add("/docs/sdk", "Go SDK", "The Go SDK talks to the server.")
	add("/docs/cli", "CLI", "The CLI runs in a terminal.")
	add("/docs/status", "Build status", "Every build has a status.")
	site := publishedQueries(t, x)
	for q, want := range map[string]string{"sdks": "/docs/sdk", "go sdks ": "/docs/sdk", "clis ": "/docs/cli", "status ": "/docs/status"} {
		firstOrNothing(t, site, q, want)
	}
}

// pageAdder adds one-section pages to x.
func pageAdder(x *search.Index) func(route, title, text string) {
	return func(route, title, text string) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Sections: []search.Section{{Text: text}}}))
	}
}

// firstOrNothing checks that query q finds want first, or nothing when want is "".
func firstOrNothing(t *testing.T, site func(string) []string, q, want string) {
	t.Helper()
	got := site(q)
	switch {
	case want == "" && len(got) != 0:
		t.Errorf("%q: got %v; want nothing", q, got)
	case want != "" && (len(got) == 0 || got[0] != want):
		t.Errorf("%q: got %v; want %s first", q, got, want)
	}
}
