// Tests of the browser's ranking on a small made-up site: a query that names no part of the site
// and that a guide teaches is the guide's, not the command's or the endpoint's that does it
// (rank.js, W.guideFirst; pkg/search, ParseActionParts: docsd.toml [search] action_parts), and a
// landing page loses to the page below it of the same title (present.js, W.sameTitle).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// guideSite is a guide whose headings teach approving and cancelling builds, the CLI's commands
// ("tool approve build": the program's name in most of the CLI's titles) and the API's endpoints
// of those actions, with the site's action parts set to actions.
func guideSite(t *testing.T, actions []string) *search.Index {
	t.Helper()
	x := search.New()
	terms, err := search.ParseActionParts(actions)
	if err != nil {
		t.Fatal(err)
	}
	x.SetActionParts(terms)
	syn, err := search.ParseSynonyms([]string{"stop, cancel"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	add := func(route, title string, crumbs []string, secs ...search.Section) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: crumbs, Sections: secs}))
	}
	text := func(s string) search.Section { return search.Section{Text: s} }
	add("/docs/usage/start", "Start a build", nil,
		text("Every way a build starts: pushes, pull requests, restarts and schedules."),
		search.Section{ID: "approve", Heading: "Approve builds from forks", Text: "A pull request from a fork waits until an admin approves its build, in the UI or with tool approve build."},
		search.Section{ID: "cancel", Heading: "Cancel a build", Text: "Cancel a running build in the UI or with tool cancel build."},
		search.Section{ID: "workers", Heading: "Which worker runs it", Text: "Any worker of the route the build asks for."})
	add("/docs/cli/build/approve", "tool approve build", []string{"CLI", "build"},
		text("tool approve build approves a build that waits for approval."), text("tool approve build --build 7"))
	add("/docs/usage/laptop", "Try tool on your laptop", nil,
		text("Run a server and a worker on your laptop and build with them."),
		search.Section{ID: "restart", Heading: "Restart a build", Text: "Restart the last build to see it run again."})
	add("/docs/cli/build/restart", "tool restart build", []string{"CLI", "build"},
		text("tool restart build restarts a build."))
	add("/docs/cli/build/cancel", "tool cancel build", []string{"CLI", "build"},
		text("tool cancel build cancels a running build."))
	add("/docs/cli/worker/get", "tool get worker", []string{"CLI", "worker"},
		text("tool get worker lists the workers of the server."))
	add("/docs/api/build/approve", "Approve a build", []string{"API", "Build"},
		text("Approves a build that waits for approval."), text("The build to approve: its number."))
	add("/docs/api/build", "Build API", []string{"API"},
		text("The endpoints of builds."), search.Section{ID: "approve", Heading: "Approve a build", Text: "See its page."})
	for i := 0; i < 24; i++ {
		add(fmt.Sprintf("/docs/cli/other%d", i), fmt.Sprintf("tool command%d", i), []string{"CLI"}, text("A command of the tool."))
		add(fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), []string{"API"}, text("An endpoint of the server."))
		add(fmt.Sprintf("/docs/usage/page%d", i), fmt.Sprintf("Guide %d", i), nil, text("A guide to the server."))
	}
	return x
}

// "approve build" and "stop a running build" are goals typed without naming the CLI or the API:
// the guide whose heading holds their verb and object comes first when the site lists its action
// parts, and not when it does not (a page titled with every word comes first then); so is
// "restart build" (a guide's heading holds both words). Typing the program's name ("tool restart
// build", though a guide's title has "tool" and its heading the rest) or the part ("approve build
// cli") asks for the command; a goal no guide's heading names ("get worker") stays the command's.
func TestGuideThatTeachesComesBeforeTheCommand(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	parts := []string{"CLI", "API"}
	for _, c := range []struct {
		actions []string
		q, want string
	}{
		{parts, "approve build", "/docs/usage/start"},
		{parts, "stop a running build", "/docs/usage/start"},
		{parts, "tool approve build", "/docs/cli/build/approve"},
		{parts, "tool restart build", "/docs/cli/build/restart"},
		{parts, "restart build", "/docs/usage/laptop"},
		{parts, "approve build cli", "/docs/cli/build/approve"},
		{parts, "get worker", "/docs/cli/worker/get"},
	} {
		if got := firstRoutes(t, guideSite(t, c.actions), c.q); len(got) == 0 || got[0] != c.want {
			t.Errorf("action parts %q, %q: got %v, want %s first", c.actions, c.q, got, c.want)
		}
	}
	for _, q := range []string{"approve build", "stop a running build"} {
		if got := firstRoutes(t, guideSite(t, nil), q); len(got) == 0 || got[0] == "/docs/usage/start" {
			t.Errorf("no action parts, %q: got %v, want a page titled with its words first", q, got)
		}
	}
}

// A bad entry of [search] action_parts is an error that names the list, the entry and its number.
func TestActionPartsEntryMustBeOneWord(t *testing.T) {
	_, err := search.ParseActionParts([]string{"CLI", "Pipeline YAML"})
	if err == nil || err.Error() != `action_parts entry 2 "Pipeline YAML": want one searchable word of the part's breadcrumbs ("API")` {
		t.Errorf("got %v, want the error of entry 2", err)
	}
}

// A landing page and the page below it share the title "Go SDK": the landing page lists the page
// below, which explains the SDK, so "sdk" is the page below; another child keeps its place.
func TestLandingPageLosesToItsChildOfTheSameTitle(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	add := func(route, title, text string) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: []string{"Reference"},
			Sections: []search.Section{{Text: text}}}))
	}
	add("/docs/sdk", "Go SDK", "The Go SDK, a client for the API. Its pages: the Go SDK, and examples.")
	add("/docs/sdk/go", "Go SDK", "Install the client, create it, authenticate and call the API.")
	add("/docs/sdk/examples", "Examples", "Programs that use the SDK.")
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/ref/page%d", i), fmt.Sprintf("Reference %d", i), "A reference page.")
	}
	if got := firstRoutes(t, x, "sdk"); len(got) < 2 || got[0] != "/docs/sdk/go" || got[1] != "/docs/sdk" {
		t.Errorf("sdk: got %v, want /docs/sdk/go, then /docs/sdk", got)
	}
	if got := firstRoutes(t, x, "sdk examples"); len(got) == 0 || got[0] != "/docs/sdk/examples" {
		t.Errorf("sdk examples: got %v, want /docs/sdk/examples first", got)
	}
}

// A landing page and a page below it hold as many of the query's words in their titles,
// breadcrumbs and file names, but only the page below has in its title the word the landing page
// has in its list of commands: "view platform settings" is `vela view settings`, and "platform
// settings", which they share, the landing page (W.childTitle).
func TestLandingPageLosesToTheChildItsListNames(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addCrumbedPage(x, "/docs/cli/settings", "Platform settings commands", "vela view settings shows the platform settings; vela update settings changes them.", "CLI")
	addCrumbedPage(x, "/docs/cli/settings/view", "vela view settings", "Shows the platform settings the server runs with.", "CLI", "settings")
	addCrumbedPage(x, "/docs/cli/settings/update", "vela update settings", "Changes the platform settings from a file.", "CLI", "settings")
	for i := 0; i < 10; i++ {
		addCrumbedPage(x, fmt.Sprintf("/docs/cli/page%d", i), fmt.Sprintf("vela command %d", i), "A command of the CLI.", "CLI")
	}
	if got := firstRoutes(t, x, "view platform settings"); len(got) < 2 || got[0] != "/docs/cli/settings/view" || got[1] != "/docs/cli/settings" {
		t.Errorf("view platform settings: got %v, want /docs/cli/settings/view, then /docs/cli/settings", got)
	}
	if got := firstRoutes(t, x, "platform settings"); len(got) == 0 || got[0] != "/docs/cli/settings" {
		t.Errorf("platform settings: got %v, want /docs/cli/settings first", got)
	}
}
