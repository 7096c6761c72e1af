// Tests of the browser's ranking on a small made-up site written in Markdown: the words of a screen
// that the docs emphasise (a button, a tab, a field: *Build Counter*) are what the section names.

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/markdown"
	"docsd/pkg/search"
)

// A reader types the label of a field or a button as the screen shows it ("outside contributor
// permissions", "build counter field"). The guide that names it, emphasised, in its section on the UI is
// its page (pkg/markdown's emphasisKeys: emphasised words are the section's keys, ranked like its
// heading), though another page's title has one of its words ("Roles and permissions") or its text
// all of them; a query of that other page's words stays its own.
func TestEmphasisedScreenWordsNameTheSection(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := pageIndex()
	md := markdown.New()
	page := func(route, title, src string) {
		var secs []search.Section
		for _, s := range md.Parse([]byte(src), 1).Sections() {
			secs = append(secs, search.SectionOf(s))
		}
		add(route, title, secs...)
	}
	page("/docs/usage/repo_settings", "Repository settings", "Every repository has settings on the server.\n\n"+
		"## The settings\n\n| Field | Effect |\n|---|---|\n| `counter` | Number of the last build; the next build gets the next number. |\n"+
		"| `approve_build` | Which pull requests from forks wait for approval. |\n| `timeout` | Longest a build may run. |\n\n"+
		"## Change settings in the UI\n\nOpen the repository and choose the *Settings* tab. Its sections are *Outside Contributor "+
		"Permissions* (the approval policy), *Build Timeout*, *Build Counter* and *Admin*.\n")
	page("/docs/usage/roles", "Roles and permissions", "What each level of access allows.\n\n"+
		"## Read access\n\nAn outside contributor with read access sees builds.\n\n"+
		"## Admins\n\nAdmins change settings and permissions.\n")
	page("/docs/usage/badge", "Status badges", "A badge shows the status of a repository's last build.\n\n"+
		"## What the badge shows\n\nThe badge shows the build counter: the build counter is the number of the last build.\n")
	for i := 0; i < 12; i++ {
		page(fmt.Sprintf("/docs/other%d", i), fmt.Sprintf("Other %d", i), "A page about builds and the server.\n")
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"outside contributor permissions", "/docs/usage/repo_settings"},
		{"build counter field", "/docs/usage/repo_settings"},
		{"roles and permissions", "/docs/usage/roles"},
		{"what the badge shows", "/docs/usage/badge"},
	})
}
