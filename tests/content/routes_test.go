package content

import (
	"strings"
	"testing"
)

// sections are the parts of the route list whose routes are doc pages (the blog, category indexes,
// landing and versions pages are generated or live elsewhere; pkg/build checks that they are served).
var sections = []string{"/docs/installation/", "/docs/usage/", "/docs/reference/"}

// TestRoutesHaveRealPages asserts that every doc route of a finished section has a page with a title,
// a description and at least 150 words (an index page that lists its children may be shorter), and no
// stub words.
func TestRoutesHaveRealPages(t *testing.T) {
	stub := []string{"TODO", "TBD", "lorem ipsum", "coming soon", "placeholder text"}
	for _, prefix := range sections {
		for _, route := range routes(t, prefix) {
			p := readPage(t, route)
			for _, key := range []string{"title", "description"} {
				if s, _ := p.Front[key].(string); strings.TrimSpace(s) == "" {
					t.Errorf("%s: front matter has no %s", p.File, key)
				}
			}
			if n := p.words(); n < 150 && !p.isIndex() {
				t.Errorf("%s: %d words; a page needs at least 150", p.File, n)
			}
			for _, w := range stub {
				if strings.Contains(strings.ToLower(p.Body), strings.ToLower(w)) {
					t.Errorf("%s: reads like a stub (%q)", p.File, w)
				}
			}
		}
	}
}
