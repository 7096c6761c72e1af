// Tests of the browser's ranking on a small made-up site: the stops of a walkthrough the site lists
// in [search] walk_parts ("Tour") rank a little lower when a query names no part, so that the page
// treating a subject by itself beats the stop that passes through it (rank.js, walkKeep;
// pkg/search, ParseWalkParts; LABELS §3.5).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// A tour's stop and a guide alike but for their breadcrumbs: "always pull the image" is the
// guide's when the site lists "Tour" among its walk parts, the stop's (first in route order) when
// it does not. The tour's landing page (breadcrumbs without "Tour") is not a stop: "take the tour"
// finds it first.
func TestWalkthroughStopRanksBelowStandalonePage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	site := func(walk []string) *search.Index {
		x := search.New()
		terms, err := search.ParseWalkParts(walk)
		if err != nil {
			t.Fatal(err)
		}
		x.SetWalkParts(terms)
		// Alike but for their breadcrumbs (two parts of as many pages): without the rule they tie,
		// and the tour's stop lists first in route order.
		text := "Each step names an image. Always pull the image when its tag moves."
		addCrumbedPage(x, "/docs/tour/images", "Images", text, "Usage", "Tour")
		addCrumbedPage(x, "/docs/usage/images", "Images", text, "Usage", "Guides")
		addCrumbedPage(x, "/docs/take-the-tour", "Take the tour", "A walk through a pipeline, stop by stop.", "Usage")
		for i := 0; i < 6; i++ {
			addCrumbedPage(x, fmt.Sprintf("/docs/tour/stop%d", i), fmt.Sprintf("Stop %d", i), "A stop of the tour.", "Usage", "Tour")
			addCrumbedPage(x, fmt.Sprintf("/docs/usage/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide to a task.", "Usage", "Guides")
		}
		return x
	}
	for _, c := range []struct {
		walk    []string
		q, want string
	}{
		{[]string{"Tour"}, "always pull the image", "/docs/usage/images"},
		{nil, "always pull the image", "/docs/tour/images"},
		{[]string{"Tour"}, "take the tour", "/docs/take-the-tour"},
	} {
		if got := firstRoutes(t, site(c.walk), c.q); len(got) < 1 || got[0] != c.want {
			t.Errorf("walk parts %q, %q: got %v, want %s first", c.walk, c.q, got, c.want)
		}
	}
}
