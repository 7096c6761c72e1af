// Tests of the browser's ranking on a small made-up site: a question of three words is read as a
// long one, more gently (rank.js; W.midWords, W.midTitlePow, W.midNavPow, W.midCover).

package search

import (
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// threeSite has a page titled with one word of "step image pull" whose text has the others, and a
// page whose title has another of them and whose heading has the rest: angles20.tsv's "step image
// pull", where the tour's "Image" stop came before "Pull policies".
func threeSite() *search.Index {
	x := search.New()
	addPage(x, "/docs/image", "Image",
		search.Section{Text: "The image key of a step names the container image the step runs. The worker pulls the image before the step starts."},
		search.Section{ID: "tags", Heading: "Tags", Text: "Name an image with its tag."})
	addPage(x, "/docs/pull", "Pull policies",
		search.Section{Text: "A pull policy says when the worker fetches a container image."},
		search.Section{ID: "step", Heading: "A step's image", Text: "Set pull on a step to always, not_present, on_start or never."})
	addPage(x, "/docs/steps", "Steps",
		search.Section{Text: "A pipeline runs its steps in order; each step runs in a container."})
	addGuides(x, "A page about the server, builds and steps.")
	return x
}

// The page whose title with one of its headings holds all three words comes before the page whose
// title is one of them (LABELS §3.2: title with one heading holds more of the query's words); a
// one-word title that is one of two words still names the page ("image tags": Image), and a query
// of the title's word alone is that page.
func TestThreeWordQuestionIsAboutAllItsWords(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	wantFirst(t, threeSite(), []struct{ q, want string }{
		{"step image pull", "/docs/pull"},
		{"pull step image", "/docs/pull"},
		{"image tags", "/docs/image"},
		{"image", "/docs/image"},
	})
}
