// Tests of the browser's ranking on a small made-up site: an identifier typed whole is the page of
// the reference table that lists its family.

package search

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"docsd/pkg/search"
)

// A guide's short table names three of the APP_REPO_ variables, the reference's long table all of
// them: "APP_REPO_NAME" is the reference's page (W.family), though the guide's short section has
// the word more densely; a variable only the guide's table lists stays the guide's, and so does
// a word of plain text.
func TestIdentifierIsItsFamilysReference(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := pageIndex()
	var keys, text strings.Builder
	for _, v := range []string{"ACTIVE", "BRANCH", "CLONE", "FULL_NAME", "LINK", "NAME", "ORG", "OWNER", "PRIVATE", "TIMEOUT", "TRUSTED", "VISIBILITY"} {
		fmt.Fprintf(&keys, "APP_REPO_%s ", v)
		fmt.Fprintf(&text, "APP_REPO_%s · The repository's %s, as the server stores it for the build and every step of it. ", v, strings.ToLower(v))
	}
	add("/docs/reference/variables", "Variables",
		search.Section{Text: "Every variable a build sees."},
		search.Section{ID: "repository", Heading: "Repository", Keys: keys.String(), Text: keys.String() + text.String()})
	guideKeys := "APP_REPO_FULL_NAME / APP_REPO_ORG / APP_REPO_NAME APP_STEP_LABEL"
	add("/docs/guide/environment", "Environment",
		search.Section{Text: "Steps see variables."},
		search.Section{ID: "provided", Heading: "Provided values", Keys: guideKeys, Text: guideKeys + " · the repository. APP_STEP_LABEL · the step."})
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/other%d", i), fmt.Sprintf("Other %d", i), search.Section{Text: "A page about the server and its settings."})
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"APP_REPO_NAME", "/docs/reference/variables"},
		{"APP_REPO_NAME ", "/docs/reference/variables"},
		{"APP_STEP_LABEL", "/docs/guide/environment"},
		{"provided values", "/docs/guide/environment"},
	})
}

// A name whose last words are one setting's (APP_DB_ENCRYPTION_KEY) has no family up to its last
// underscore but itself: its kind is the family one word shorter (APP_DB_), which the reference's
// table lists whole and the guide's names three of. Without that, the guide, which has the name
// more densely, comes first (the readers32.tsv "VELA_DATABASE_ENCRYPTION_KEY").
func TestFamilyOfOneNameIsTheShorterFamily(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := pageIndex()
	var keys, text strings.Builder
	for _, v := range []string{"ADDR", "CONNECTION_IDLE", "CONNECTION_LIFE", "CONNECTION_OPEN", "COMPRESSION_LEVEL", "DRIVER", "ENCRYPTION_KEY", "LOG_LEVEL", "SKIP_CREATION"} {
		fmt.Fprintf(&keys, "APP_DB_%s ", v)
		fmt.Fprintf(&text, "APP_DB_%s · the %s. ", v, strings.ToLower(v))
	}
	add("/docs/reference/database", "Database settings",
		search.Section{Text: "The settings of the database."},
		search.Section{ID: "settings", Heading: "Settings", Keys: keys.String(), Text: keys.String() + text.String()})
	guideKeys := "APP_ADDR APP_DB_DRIVER APP_DB_ADDR APP_DB_ENCRYPTION_KEY APP_QUEUE_ADDR"
	add("/docs/guide/install", "Install the server",
		search.Section{Text: "What the server needs before it starts."},
		search.Section{ID: "required", Heading: "Required settings", Keys: guideKeys, Text: guideKeys + " · what the server needs."})
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/other%d", i), fmt.Sprintf("Other %d", i), search.Section{Text: "A page about the server and its settings."})
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"APP_DB_ENCRYPTION_KEY", "/docs/reference/database"},
		{"APP_DB_DRIVER", "/docs/reference/database"},
		{"APP_QUEUE_ADDR", "/docs/guide/install"},
	})
}

// On Vela, the families of these identifiers span a term chunk that neither the word nor its parts
// are in: a reader's first query must fetch it (need.js) to rank as an engine that has every chunk
// does, and without it each one's first page is another ("VELA_HOST": the server's installation
// page instead of the variables' reference).
func TestFamilysChunksAreFetchedForTheFirstQuery(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	docsPath, indexPath, _ := publish(t)
	ids := []string{"VELA_HOST", "VELA_OUTPUT", "PARAMETER_BRANCH", "PARAMETER_ACTION"}
	chunks := termChunkKeys(t, indexPath)
	// chunkOf is the chunk whose keys a key sorts among (chunks.js's, for words).
	chunkOf := func(key string) int {
		return sort.Search(len(chunks), func(i int) bool { return chunks[i] > key }) - 1
	}
	for _, id := range ids {
		w := strings.ToLower(id)
		family := w[:strings.LastIndex(w, "_")+1]
		own := map[int]bool{chunkOf(w): true}
		for _, part := range strings.Split(w, "_") {
			own[chunkOf(part)] = true
		}
		other := false
		for k := chunkOf(family); k <= chunkOf(family+"\uffff"); k++ {
			other = other || !own[k]
		}
		if !other {
			t.Errorf("%s: its family is in the chunks of its words; the test needs another identifier", id)
		}
	}
	list := filepath.Join(t.TempDir(), "queries.txt")
	if err := os.WriteFile(list, []byte(strings.Join(ids, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var fresh, warm [][]string
	node(t, &fresh, docsPath, indexPath, list, "fresh")
	node(t, &warm, docsPath, indexPath, list, "warm")
	if len(fresh) != len(ids) || len(warm) != len(ids) {
		t.Fatalf("rank.mjs answered %d and %d queries of %d", len(fresh), len(warm), len(ids))
	}
	for i, id := range ids {
		if strings.Join(fresh[i], " ") != strings.Join(warm[i], " ") {
			t.Errorf("%s: a first query finds %v, an engine with every chunk %v", id, fresh[i], warm[i])
		}
	}
}

// A reference of thousands of APP_VAR_ variables spans more term chunks than a first query fetches
// for a family (MAX_FAMILY_CHUNKS): the rule reads those nearest the word, and "APP_VAR_2500" is
// still the reference's rather than that of the guide whose short table names it with two others.
func TestIdentifierOfAFamilyOfManyChunks(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := pageIndex()
	const names = 5000
	secs := []search.Section{{Text: "Every variable a build sees."}}
	for g := 0; g < names; g += 10 {
		var keys, text strings.Builder
		for i := g; i < g+10; i++ {
			fmt.Fprintf(&keys, "APP_VAR_%04d ", i)
			fmt.Fprintf(&text, "APP_VAR_%04d · Setting %d of the server, read when a build starts. ", i, i)
		}
		secs = append(secs, search.Section{ID: fmt.Sprintf("g%04d", g), Heading: fmt.Sprintf("Variables from %d", g), Keys: keys.String(), Text: keys.String() + text.String()})
	}
	add("/docs/reference/variables", "Variables", secs...)
	guideKeys := "APP_VAR_2500 / APP_VAR_0007 / APP_VAR_4990 APP_STEP_LABEL"
	add("/docs/guide/environment", "Environment",
		search.Section{Text: "Steps see variables."},
		search.Section{ID: "provided", Heading: "Provided values", Keys: guideKeys, Text: guideKeys + " · the settings. APP_STEP_LABEL · the step."})
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/other%d", i), fmt.Sprintf("Other %d", i), search.Section{Text: "A page about the server and its settings."})
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	chunks := termChunkKeys(t, indexPath)
	if n := sort.SearchStrings(chunks, "app_var_\uffff") - sort.SearchStrings(chunks, "app_var_"); n < 5 {
		t.Fatalf("the family starts %d term chunks; the test needs it to span more than 4", n)
	}
	for _, c := range []struct{ q, want string }{
		{"APP_VAR_2500", "/docs/reference/variables"},
		{"APP_STEP_LABEL", "/docs/guide/environment"},
	} {
		if got := answer(t, docsPath, indexPath, c.q); len(got) == 0 || got[0] != c.want {
			t.Errorf("%q: got %v, want %s first", c.q, got, c.want)
		}
	}
}

// pageIndex is an empty search index and what adds a page of sections to it.
func pageIndex() (*search.Index, func(route, title string, secs ...search.Section)) {
	x := search.New()
	return x, func(route, title string, secs ...search.Section) {
		x.Update(route, stalePage(route, title, secs...))
	}
}

// termChunkKeys are the first keys of the term chunks, as the index entry file at indexPath lists them.
func termChunkKeys(t *testing.T, indexPath string) []string {
	t.Helper()
	b, err := os.ReadFile(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	var entry struct{ Chunks []string }
	if err := json.Unmarshal(b, &entry); err != nil {
		t.Fatalf("%s: %v", indexPath, err)
	}
	return entry.Chunks
}

// An identifier typed with other words (a setting's variable beside "worker" and "default"): the
// reference whose table lists its family defines it, though a page titled with one of the other
// words shows it in an example and says "default" (W.family, LABELS I1: "worker VELA_QUEUE_ROUTES
// default" is the worker's queue settings, not the `worker` key's page).
func TestIdentifierBesideATitleWordIsItsFamilysReference(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := pageIndex()
	var keys, text strings.Builder
	for _, v := range []string{"ADDR", "CLUSTER", "DRIVER", "PUBLIC_KEY", "ROUTES", "TIMEOUT"} {
		fmt.Fprintf(&keys, "APP_QUEUE_%s ", v)
		fmt.Fprintf(&text, "APP_QUEUE_%s · The queue's %s the worker reads at start. ", v, strings.ToLower(strings.ReplaceAll(v, "_", " ")))
	}
	add("/docs/reference/worker/queue", "Queue settings (worker)",
		search.Section{Text: "The settings of the queue a worker takes builds from, and their defaults."},
		search.Section{ID: "settings", Heading: "Settings and their defaults", Keys: keys.String(), Text: keys.String() + text.String() + "Each setting has a default: the routes default to app, the driver to redis."})
	add("/docs/reference/yaml/worker", "worker",
		search.Section{Text: "The key asks for a kind of machine: its flavor and platform make the build's route."},
		search.Section{ID: "route", Heading: "How the route is chosen", Text: "A worker takes a build when its APP_QUEUE_ROUTES has the route. Without the key a build goes to the default route, app."})
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/other%d", i), fmt.Sprintf("Other %d", i), search.Section{Text: "A page about the server and its settings."})
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"worker APP_QUEUE_ROUTES default", "/docs/reference/worker/queue"},
		{"APP_QUEUE_ROUTES", "/docs/reference/worker/queue"},
		{"worker route default", "/docs/reference/yaml/worker"},
	})
}

// An identifier typed as its words, in capitals apart by spaces or hyphens, or in lower case joined
// by hyphens, is that identifier typed whole (W.identRuns, words.js identifierText): the variables'
// reference, not the guide whose headings and text have the same words as plain words ("App", like
// Vela, is a word of every page). The same words typed in lower case with spaces stay plain words,
// and so do words of a query typed all in capitals (caps lock) but a whole run that is an
// identifier: "BUILD STATUS AND NAME" is not build_status.
func TestIdentifierTypedAsItsWords(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := identifierSite()
	wantFirst(t, x, []struct{ q, want string }{
		{"APP ID TOKEN REQUEST TOKEN", "/docs/reference/variables"},
		{"APP-ID-TOKEN-REQUEST-URL", "/docs/reference/variables"},
		{"app-build-status", "/docs/reference/variables"},
		{"APP REPO NAME", "/docs/reference/variables"},
		{"id token request", "/docs/guide/id-tokens"},
		{"build status and name", "/docs/guide/id-tokens"},
		{"BUILD STATUS AND NAME", "/docs/guide/id-tokens"},
	})
}

// identifierSite has a reference of variables and a guide whose headings say their words.
func identifierSite() *search.Index {
	x, add := pageIndex()
	var keys, text strings.Builder
	for _, v := range []string{"BUILD_NUMBER", "BUILD_STATUS", "ID_TOKEN_REQUEST_TOKEN", "ID_TOKEN_REQUEST_URL", "REPO_NAME", "WORKER_ADDR"} {
		fmt.Fprintf(&keys, "APP_%s ", v)
		fmt.Fprintf(&text, "APP_%s · Set by the server for every step. ", v)
	}
	add("/docs/reference/variables", "Variables",
		search.Section{Text: "Every variable a build sees."},
		search.Section{ID: "build", Heading: "Build", Keys: keys.String(), Text: keys.String() + text.String()},
		search.Section{ID: "fields", Heading: "Fields", Keys: "build_status", Text: "build_status · The field of the same value in the API's answers."})
	add("/docs/guide/id-tokens", "ID tokens",
		search.Section{Text: "A step can ask the App server for an ID token."},
		search.Section{ID: "request", Heading: "Request a token in a step", Text: "Request an ID token with the request token and the request URL the step gets; the token names the build and its repo."},
		search.Section{ID: "status", Heading: "Build status and name", Text: "The token's claims say the build's number, status and the repo's name."})
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/other%d", i), fmt.Sprintf("Other %d", i), search.Section{Text: "A page about the App server and its settings."})
	}
	return x
}
