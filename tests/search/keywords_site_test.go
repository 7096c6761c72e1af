// Tests of W.typoForm and W.keyWords over the real Vela site: the cases a review of them found
// (session 33), which a small made-up site (keywords_test.go, typoword_test.go) does not show.

package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
