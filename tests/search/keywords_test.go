// Tests of the browser's ranking on a small made-up site: three words or more of a query that,
// joined by underscores, are an identifier of the docs are one unit, found as that identifier where
// a table has it as a key (parse.js, W.keyWords).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// "default build limit for new repos" names the setting default_build_limit: the page whose
// settings table has it as a key comes before the guide that says the query's words more often and
// mentions the setting's variable in passing. Two words ("build limit", a key too) are too often an
// identifier's by chance to name one (W.keyWordsMin).
func TestWordsJoinedNameATableKey(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addPage(x, "/docs/reference/server", "Server reference",
		search.Section{Text: "The server reads its settings from flags and the environment."},
		search.Section{ID: "settings", Heading: "Settings", Keys: "default_build_limit build_limit log_level",
			Text: "default_build_limit How many builds of one repository run at once, for a new repository. build_limit The limit of one repository. log_level The level of the logs."})
	addPage(x, "/docs/guides/enable", "Enable a repository",
		search.Section{Text: "A new repository gets the default build limit when it is enabled (VELA_DEFAULT_BUILD_LIMIT). " +
			"A build above the limit waits; raise the limit of a new repository in its settings. New repos start with the defaults."})
	for i := 0; i < 40; i++ {
		addPage(x, fmt.Sprintf("/docs/note%d", i), fmt.Sprintf("Note %d", i),
			search.Section{Text: "A note on a build and its default settings."})
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"default build limit for new repos", "/docs/reference/server"},
		// Two words joined (build_limit of a key) name nothing: the guide says them more.
		{"build limit for new repos", "/docs/guides/enable"},
	})
}
