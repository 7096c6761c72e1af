// Tests of the browser's ranking on a small made-up site: a query that opens with a list frame ("all
// …", "every …", "list of …") asks for the page that lists what it names (parse.js, LIST_FRAMES;
// W.listing); and over the real Vela site, a quantifier that does not agree with the query's last
// word opens no list frame.

package search

import (
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// listingSite is a landing page of a tool's commands above a page per group of commands, and a
// landing page of the API above an endpoint whose title
// says "all": what the reader of LABELS §1's "list of cli commands" and "all api endpoints" meets.
func listingSite() *search.Index {
	x := search.New()
	addPage(x, "/docs/cli", "Vela CLI",
		search.Section{Text: "The command line client of the server."},
		search.Section{ID: "commands", Heading: "Commands", Text: "Every command of the CLI by group: build commands, repo commands and secret commands."})
	addPage(x, "/docs/cli/build", "Build commands", search.Section{Text: "The CLI's commands that restart, cancel and view builds."})
	addPage(x, "/docs/cli/repo", "Repo commands", search.Section{Text: "The CLI's commands that add, update and remove repos."})
	addPage(x, "/docs/cli/secret", "Secret commands", search.Section{Text: "The CLI's commands that add and remove secrets."})
	addPage(x, "/docs/api", "REST API",
		search.Section{Text: "The server's HTTP API."},
		search.Section{ID: "endpoints", Heading: "Endpoints", Text: "The API's endpoints by resource: builds, repos and secrets."})
	addPage(x, "/docs/api/sync", "Sync all repos", search.Section{Text: "This API endpoint syncs all repos of an organisation."})
	addPage(x, "/docs/api/build", "Build API", search.Section{Text: "The endpoints of builds."})
	addGuides(x, "A page about the server, builds and steps.")
	return x
}

// A landing page that lists its pages is the answer to a query asking for the list, though a page
// below it has more of the query's words in its title and breadcrumbs (specificFirst puts such a
// page above its landing page otherwise); a leading "all" says nothing of the topic, and a title
// holding it ("Sync all repos") is no list of endpoints. Without the frame, the pages below come
// first as before.
func TestListFrameAsksForTheListingPage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	wantFirst(t, listingSite(), []struct{ q, want string }{
		{"list of cli commands", "/docs/cli"},
		{"all cli commands", "/docs/cli"},
		{"all api endpoints", "/docs/api"},
		{"every api endpoint", "/docs/api"},
		{"cli build commands", "/docs/cli/build"},
		{"sync all repos", "/docs/api/sync"},
	})
}

// A quantifier opens a list frame only where it agrees with the query's last word ("all" a plural,
// "every" a singular: LIST_FRAMES). "every build fails" is no list: the reader reports that every
// build fails, and the troubleshooting guide answers; read as a listing of "build fails", the guide
// left the top five.
func TestQuantifiedSymptomIsNoListing(t *testing.T) {
	cases := []struct{ q, want string }{
		{"every build fails", "/docs/usage/troubleshooting"},
		{"every webhook fails", "/docs/usage/troubleshooting"},
	}
	wantOnSite(t, 3, cases)
}
