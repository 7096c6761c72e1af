// Tests of the browser's ranking on a small made-up site: the page whose title with one of its
// headings holds the most of the query's words stays in the top three when pages that have the
// words in their text score higher, and first place does not change (rules.js, W.coverThird).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// "widget arrived": four pages on widgets say in their text that a widget never arrived, and
// their titles have "widget"; the troubleshooting guide has the heading "When the widget
// never arrived at the source host" and says none of the words in its text. The guide's title and heading hold every word
// of the query, no other page's title does: the guide comes third, and the first two stay.
// "widget arrived cli" names the CLI: the guide is not in it and stays out of the top three.
// (Until session 33 the query was "widget never arrived"; a question of three words is now read
// as a long one, whose title with a heading holding all of it counts in its score (W.midWords,
// three_test.go), and that guide comes first by its score.)
func TestTitleWithHeadingStaysInTheTopThree(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	for i, title := range []string{"Widget API", "List widgets", "View a widget", "Remove a widget"} {
		addCrumbedPage(x, fmt.Sprintf("/docs/api/widget%d", i), title,
			"When the widget never arrived, the call says so: a widget that never arrived has no record, and a widget never arrived twice.", "API")
	}
	for i, title := range []string{"tool get widget", "tool view widget"} {
		addCrumbedPage(x, fmt.Sprintf("/docs/cli/widget%d", i), title, "Prints widgets; a widget that never arrived is not listed.", "CLI")
	}
	addPage(x, "/docs/usage/troubleshooting", "Troubleshooting",
		search.Section{Text: "What to check, in order, when a build does not do what you expect."},
		search.Section{ID: "arrive", Heading: "When the widget never arrived at the source host", Text: "Look at the deliveries of the repository's hook on the source host."})
	for i := 0; i < 12; i++ {
		addCrumbedPage(x, fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), "An endpoint of the server.", "API")
		addCrumbedPage(x, fmt.Sprintf("/docs/cli/other%d", i), fmt.Sprintf("tool command%d", i), "A command of the tool.", "CLI")
	}
	without := firstRoutes(t, x, "widget arrived")
	if len(without) < 4 {
		t.Fatalf("widget arrived: got %v, want five pages", without)
	}
	at := -1
	for i, r := range without {
		if r == "/docs/usage/troubleshooting" {
			at = i
		}
	}
	if at != 2 {
		t.Errorf("widget arrived: got %v, want /docs/usage/troubleshooting third", without)
	}
	if without[0] == "/docs/usage/troubleshooting" {
		t.Errorf("widget arrived: got %v, want the first place of the pages that have every word", without)
	}
	for _, r := range firstRoutes(t, x, "widget arrived cli")[:3] {
		if r == "/docs/usage/troubleshooting" {
			t.Errorf("widget arrived cli: the guide outside the CLI is in the top three")
		}
	}
}
