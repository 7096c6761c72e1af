// Tests of the browser's ranking on a small made-up site: a query that starts with the whole
// title of a named thing's page (a plugin's: docsd.toml [search] name_parts, the index file's
// namePages) is that page's, unless another page's title covers the query (rules.js,
// W.namesFirst; LABELS.md I2); and a guide's long heading that holds the whole of a goal comes
// before the command (rank.js, W.guideLong; pkg/search, postingCode).

package search

import (
	"fmt"
	"os/exec"
	"testing"

	"docsd/pkg/search"
)

// nameSite has the Docker plugin's page (under "Plugins", "Registry"), a guide titled "Build
// Docker images" that says "docker", "build" and "push" more often, and the installation page
// "Docker" under "Server"; names are the site's name parts.
func nameSite(t *testing.T, names []string) *search.Index {
	t.Helper()
	x := search.New()
	terms, err := search.ParseNameParts(names)
	if err != nil {
		t.Fatal(err)
	}
	x.SetNameParts(terms)
	add := func(route, title string, crumbs []string, secs ...search.Section) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: crumbs, Sections: secs}))
	}
	text := func(s string) search.Section { return search.Section{Text: s} }
	registry := []string{"Plugins", "Registry"}
	add("/docs/plugins/registry/docker", "Docker", registry,
		text("A plugin that builds an image and pushes it to a registry."),
		search.Section{ID: "parameters", Heading: "Parameters", Text: "The repository, the tags and the credentials."})
	add("/docs/plugins/registry/kaniko", "Kaniko", registry, text("A plugin that builds an image without a daemon."))
	add("/docs/usage/docker", "Build Docker images", nil,
		text("Build Docker images in a pipeline and push them: docker build, docker push, build and push with a plugin."),
		search.Section{ID: "docker", Heading: "With the Docker plugin", Text: "Build and push with the docker plugin; docker build runs in it."},
		search.Section{ID: "kaniko", Heading: "With kaniko", Text: "Build and push without docker."})
	add("/docs/install/server/docker", "Docker", []string{"Installation", "Server"},
		text("Run the server in Docker: docker run, then check that the server answers."))
	for i := 0; i < 20; i++ {
		add(fmt.Sprintf("/docs/usage/page%d", i), fmt.Sprintf("Guide %d", i), nil, text("A guide to pipelines."))
	}
	return x
}

// "docker build and push" names the Docker plugin and generic words: the plugin's page, though
// the guide has more of the words, and only when the site lists its name parts. A page whose
// title holds every word ("docker image build": "Build Docker images"), or whose title and
// breadcrumbs do ("docker server": "Docker" under "Server"), keeps its place, and so does a query
// in which the name is not the first word ("push images with docker").
func TestNamedThingComesFirst(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	names := []string{"Registry"}
	for _, c := range []struct {
		names   []string
		q, want string
	}{
		{names, "docker build and push", "/docs/plugins/registry/docker"},
		{names, "kaniko build", "/docs/plugins/registry/kaniko"},
		{names, "docker image build", "/docs/usage/docker"},
		{names, "docker server", "/docs/install/server/docker"},
		{names, "build and push images with docker", "/docs/usage/docker"},
		{nil, "docker build and push", "/docs/usage/docker"},
	} {
		if got := firstRoutes(t, nameSite(t, c.names), c.q); len(got) == 0 || got[0] != c.want {
			t.Errorf("name parts %q, %q: got %v, want %s first", c.names, c.q, got, c.want)
		}
	}
}

// A bad entry of [search] name_parts is an error that names the list, the entry and its number.
func TestNamePartsEntryMustBeOneWord(t *testing.T) {
	_, err := search.ParseNameParts([]string{"Registry", "Plugin registry"})
	if err == nil || err.Error() != `name_parts entry 2 "Plugin registry": want one searchable word of the part's breadcrumbs ("API")` {
		t.Errorf("got %v, want the error of entry 2", err)
	}
}

// "make admin" is a goal that a guide's long heading ("Make yourself a platform administrator",
// four words) holds whole, through the synonym "admin, administrator": the guide comes before the
// API's page titled "Admin". "make admin tokens" has a word the heading lacks: a long heading says
// more than the query, so it must hold all of it, and the API's page stays first.
func TestLongHeadingTeachesTheGoal(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	actions, err := search.ParseActionParts([]string{"API", "CLI"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetActionParts(actions)
	syn, err := search.ParseSynonyms([]string{"admin, administrator"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	add := func(route, title string, crumbs []string, secs ...search.Section) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Crumbs: crumbs, Sections: secs}))
	}
	text := func(s string) search.Section { return search.Section{Text: s} }
	add("/docs/install/server", "Install the server", nil,
		text("Run the server, then set it up."),
		search.Section{ID: "admin", Heading: "Make yourself a platform administrator", Text: "Give your user the role with one command."},
		search.Section{ID: "workers", Heading: "Add a worker", Text: "Start a worker with the server's address."})
	add("/docs/api/admin", "Admin", []string{"API"},
		text("Endpoints an admin calls: make a user an admin, make admin tokens, update a worker."),
		search.Section{ID: "worker", Heading: "Worker", Text: "Update a worker as an admin."})
	for i := 0; i < 24; i++ {
		add(fmt.Sprintf("/docs/api/other%d", i), fmt.Sprintf("Endpoint %d", i), []string{"API"}, text("An endpoint of the server."))
		add(fmt.Sprintf("/docs/usage/page%d", i), fmt.Sprintf("Guide %d", i), nil, text("A guide to the server."))
	}
	if got := firstRoutes(t, x, "make admin"); len(got) < 2 || got[0] != "/docs/install/server" || got[1] != "/docs/api/admin" {
		t.Errorf("make admin: got %v, want /docs/install/server, then /docs/api/admin", got)
	}
	if got := firstRoutes(t, x, "make admin tokens"); len(got) == 0 || got[0] != "/docs/api/admin" {
		t.Errorf("make admin tokens: got %v, want /docs/api/admin first", got)
	}
}
