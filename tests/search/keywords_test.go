// Tests of the browser's ranking on a small made-up site: three words or more of a query that,
// joined by underscores, are an identifier of the docs are one unit, found as that identifier where
// a table has it as a key (parse.js, W.keyWords).

package search

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	for q, want := range map[string]string{
		"default build limit for new repos": "/docs/reference/server",
		// Two words joined (build_limit of a key) name nothing: the guide says them more.
		"build limit for new repos": "/docs/guides/enable",
	} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != want {
			t.Errorf("%s: got %v, want %s first", q, got, want)
		}
	}
}

// W.typoForm looks a form the docs never write up as a typing mistake in its ending only:
// "patching" is no mistake for "matching" or "watching" (the Kubernetes plugin patches images).
func TestTypoFormKeepsTheWordsStem(t *testing.T) {
	wantOnSite(t, 1, []struct{ q, want string }{
		{"patching a deployment", "/docs/usage/plugins/registry/kubernetes"},
		{"patching an image", "/docs/usage/plugins/registry/kubernetes"},
	})
}

// W.keyWords: an identifier's words win over a phrase of the synonym table that starts them
// ("pending" has an entry; pending_build_count is a metric).
func TestKeyWordsAfterASynonymWord(t *testing.T) {
	wantOnSite(t, 1, []struct{ q, want string }{
		{"pending build count", "/docs/reference/api/metrics"},
		{"http client retries", "/docs/usage/plugins/registry/artifactory"},
	})
}

// W.keyWords: a word typed as the docs write a pair ("checkin") is its two words in an identifier
// (worker_check_in).
func TestKeyWordsOfAPairTypedAsOne(t *testing.T) {
	wantOnSite(t, 1, []struct{ q, want string }{
		{"worker check in interval", "/docs/reference/installation/worker"},
		{"worker checkin interval", "/docs/reference/installation/worker"},
	})
}

// W.keyWords: a reader's first query ranks as a later one does: parse.js joins no words across a
// word left out or an identifier's part, which need.js's runs of typed words never name.
func TestKeyWordsFreshAsWarm(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	qs := []string{"vela gitea repo full name", "vela bitbucket repo build limit", "my_vela repo build limit"}
	list := filepath.Join(t.TempDir(), "queries.txt")
	if err := os.WriteFile(list, []byte(strings.Join(qs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var fresh, warm [][]string
	node(t, &fresh, docsPath, indexPath, list, "fresh")
	node(t, &warm, docsPath, indexPath, list, "warm")
	for i, q := range qs {
		if strings.Join(fresh[i], " ") != strings.Join(warm[i], " ") {
			t.Errorf("%s: a first query finds %v, an engine with every chunk %v", q, fresh[i], warm[i])
		}
	}
}
