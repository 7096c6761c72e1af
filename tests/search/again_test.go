// Tests of the browser's ranking on a small made-up site: a verb with "re" before it that the docs
// never write is the verb done again (parse.js, againTerm; W.again).

package search

import (
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// "resync" is on no page: it is "sync" again, the page that syncs a repository, not the one that
// repairs it, which "repo" alone would find as well (readers32.tsv's "resync webhook events for every
// repo in an org", ui31.tsv's "redeploy a deployment"). A word that is a term itself ("redeliver")
// is found as typed, not as "deliver".
func TestVerbWithReBeforeItIsTheVerbAgain(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addPage(x, "/docs/repair", "Repair a repo",
		search.Section{Text: "Repair a repo whose webhook is missing: the server creates the webhook again."})
	addPage(x, "/docs/sync", "Sync a repo",
		search.Section{Text: "Sync a repo with the source control system: its record and its webhook events."})
	addPage(x, "/docs/redeliver", "Redeliver a hook",
		search.Section{Text: "Redeliver a hook to the server."})
	addPage(x, "/docs/deliver", "Deliver a hook",
		search.Section{Text: "How the source control system delivers a hook to the server."})
	addGuides(x, "A page about the server, builds and steps.")
	wantFirst(t, x, []struct{ q, want string }{
		{"resync a repo", "/docs/sync"},
		{"resync webhook events", "/docs/sync"},
		{"redeliver a hook", "/docs/redeliver"},
	})
}
