// Tests of the browser's ranking on a small made-up site: the site's synonym table reaches words
// the docs never use.

package search

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/search"
)

// A reader's word that the docs never use but the synonym table lists ("dockerhub") is searched
// as its synonyms, not left out as unknown nor taken for a typing mistake of a word the docs have.
func TestSynonymOfAWordTheDocsLack(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := synonymSite(t, "dockerhub, docker hub")
	add("/docs/publish", "Publish images", "Push the image to Docker Hub with a token.")
	add("/docs/daemon", "Docker", "The Docker daemon runs the steps.")
	add("/docs/dockerfile", "Dockerfiles", "A dockerfile describes an image.")
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	for _, q := range []string{"dockerhub", "dockerhub ", "push to dockerhub"} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != "/docs/publish" {
			t.Errorf("%q: got %v, want /docs/publish first", q, got)
		}
	}
	if got := firstRoutes(t, x, "qqzzxxw"); len(got) != 0 {
		t.Errorf("qqzzxxw (in no page and not in the table): got %v, want nothing", got)
	}
}

// A word and the common word after it that the table lists joined ("signin => login") are one
// word though the docs never join them: "sign in" finds the login page, not the pages on signing.
func TestSynonymOfAWordAndACommonWord(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := synonymSite(t, "signin => login")
	add("/docs/login", "Authenticate", "The login command asks for a token.")
	add("/docs/keys", "Signing keys", "The server signs tokens with these keys: sign them again after a year.")
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	for _, q := range []string{"sign in", "sign in "} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != "/docs/login" {
			t.Errorf("%q: got %v, want /docs/login first", q, got)
		}
	}
	if got := firstRoutes(t, x, "sign keys"); len(got) == 0 || got[0] != "/docs/keys" {
		t.Errorf("sign keys: got %v, want /docs/keys first", got)
	}
}

// A word in two entries of the table ("auth, authenticate" and "login, authenticate") finds the
// synonyms of both: each entry says its words find each other, whatever else the table lists.
func TestWordInTwoEntriesFindsBoth(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := synonymSite(t, "auth, authenticate", "login, authenticate")
	add("/docs/sessions", "Sessions", "Run the login command to start a session.")
	add("/docs/headers", "Headers", "Send the auth header with every call.")
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	for _, q := range []string{"authenticate", "authenticate "} {
		got := firstRoutes(t, x, q)
		if !slices.Contains(got, "/docs/sessions") || !slices.Contains(got, "/docs/headers") {
			t.Errorf("%q: got %v, want /docs/sessions (login) and /docs/headers (auth)", q, got)
		}
	}
}

// Common words the table gives a meaning ("who can => permissions") are one unit of the query,
// found through the phrases they stand for, though the index leaves them out: "who can delete
// secrets" is the page on permissions, not the one on deleting secrets that never says who may.
func TestSynonymOfCommonWords(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := synonymSite(t, "who can => permissions")
	add("/docs/roles", "Permissions", "Admins of a repository may delete its secrets; readers may list them.")
	add("/docs/delete", "Delete secrets", "Delete a secret with the CLI. Deleted secrets are gone.")
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	for _, q := range []string{"who can delete secrets", "who can delete secrets ", "who can"} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != "/docs/roles" {
			t.Errorf("%q: got %v, want /docs/roles first", q, got)
		}
	}
	// Without the question the table gives no meaning to the words: the page on deleting.
	if got := firstRoutes(t, x, "delete secrets"); len(got) == 0 || got[0] != "/docs/delete" {
		t.Errorf("delete secrets: got %v, want /docs/delete first", got)
	}
}

// The common words of such an entry are in no chunk of the index: a query that has one of the
// entry's other phrases ("permissions") fetches the chunks it fetches without the entry, not also
// the chunks where "who" and "can" would sort.
func TestCommonWordsOfTheTableFetchNothing(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	// Words that sort beside "can", "permiss" and "who", enough of them for several chunks.
	heads := []string{"caa", "pea", "wha"}
	without := chunksFetched(t, nil, heads, "permissions", "permissions ")
	with := chunksFetched(t, []string{"who can => permissions"}, heads, "permissions", "permissions ")
	if with != without {
		t.Errorf(`"permissions " fetched %d term chunks with "who can => permissions" in the table, %d without; want the same`, with, without)
	}
}

// A one-way entry is read from its first phrase only: a query that has one of its other phrases
// ("add" of "begin => add") fetches the chunks it fetches without the entry, not also those of
// the first phrase's words, which its ranking never reads.
func TestOneWayEntryFetchesNothingForItsOtherPhrases(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	// Words that sort beside "add" and "begin", enough of them for several chunks.
	heads := []string{"aca", "bea"}
	without := chunksFetched(t, nil, heads, "add begin", "add ")
	with := chunksFetched(t, []string{"begin => add"}, heads, "add begin", "add ")
	if with != without {
		t.Errorf(`"add " fetched %d term chunks with "begin => add" in the table, %d without; want the same`, with, without)
	}
}

// chunksFetched is how many term chunks a fresh engine fetches for query, on 300 pages whose text
// is words starting with each of heads (six per head: several chunks' worth) and then text, with
// the synonym table.
func chunksFetched(t *testing.T, table, heads []string, text, query string) int {
	t.Helper()
	x := search.New()
	syn, err := search.ParseSynonyms(table)
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for _, head := range heads {
			for j := 0; j < 6; j++ {
				fmt.Fprintf(&b, "%s%03dx%d ", head, i, j)
			}
		}
		route := fmt.Sprintf("/docs/p%03d", i)
		x.Update(route, search.NewShard(search.Page{Route: route, Title: fmt.Sprintf("Page %d", i), Sections: []search.Section{{Text: b.String() + text}}}))
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	return fetchedChunks(t, docsPath, indexPath, []string{query})[0][1]
}

// A word too long to be searched is left out before the words are read side by side, when the
// chunks are fetched as when the query is read: asked of a fresh engine, "who <a word of 80
// letters> can" is "who can" (the roles page), not a query whose common words' synonyms were
// never fetched.
func TestWordTooLongLeftOutBeforeFetching(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	long := strings.Repeat("x", 80)
	pairs := [][2]string{{"who " + long + " can", "who can"}}
	got := freshRank(t, docsPath, indexPath, pairs)
	if len(got[1]) == 0 || got[1][0] != "/docs/usage/roles" {
		t.Fatalf("who can: got %v, want /docs/usage/roles first", got[1])
	}
	if len(got[0]) == 0 || got[0][0] != got[1][0] {
		t.Errorf("who <80 letters> can: got %v, want %v", got[0], got[1])
	}
}

// On Vela, "who can" (=> permissions, roles) counts where the roles page is about the rest of the
// query (W.commonGoverns): "who can approve a deployment" (its table keys approving and deployments)
// is the roles page, and "who can I ask for help", of which no page on roles heads "ask" or "help"
// or has both, is what "ask for help" is, not the roles page that the question words took it to.
func TestCommonWordsCountWhereTheyGovernTheRest(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	docsPath, indexPath, _ := publish(t)
	qs := []query{{text: "who can approve a deployment"}, {text: "who can I ask for help"}, {text: "ask for help"}, {text: "who can edit secrets"}}
	got := rank(t, docsPath, indexPath, qs)
	for _, i := range []int{0, 3} {
		if len(got[i]) == 0 || got[i][0] != "/docs/usage/roles" {
			t.Errorf("%q: got %v, want /docs/usage/roles first", qs[i].text, got[i])
		}
	}
	if len(got[1]) == 0 || len(got[2]) == 0 || got[1][0] != got[2][0] || got[1][0] == "/docs/usage/roles" {
		t.Errorf("%q: got %v, want %q's first page, %v", qs[1].text, got[1], qs[2].text, got[2])
	}
}

// A question the table's common words make ("who can delete a repo") asks who may: the page whose
// title holds what the words stand for comes first when it has the rest of the query, above the
// command or guide titled with the rest (W.commonFirst), which comes first without the question.
func TestWhoCanIsTheRolesPage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	docsPath, indexPath, _ := publish(t)
	qs := []query{{text: "who can delete a repo"}, {text: "who can restart a build"}, {text: "delete a repo"}, {text: "restart a build"}}
	got := rank(t, docsPath, indexPath, qs)
	for i := range 2 {
		if len(got[i]) == 0 || got[i][0] != "/docs/usage/roles" {
			t.Errorf("%q: got %v, want /docs/usage/roles first", qs[i].text, got[i])
		}
		if len(got[i+2]) == 0 || got[i+2][0] == "/docs/usage/roles" {
			t.Errorf("%q: got %v, want another page than the roles first", qs[i+2].text, got[i+2])
		}
	}
}

// An entry whose first phrase is written between ellipses ("... never ... => troubleshooting")
// applies only where typed words stand on both sides of the phrase (common words count), in a query
// that is no task: "worker never starts" reports a symptom and finds the troubleshooting page,
// which has none of its words; "never", "pull never", "never pull", "worker never" and "how do i
// never pull" do not. So for common words the table keeps ("… who can … => permissions"): "ask who
// can delete secrets" is the page on permissions, "who can delete secrets" the page on deleting.
func TestSynonymBetweenOtherWords(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x, add := synonymSite(t, "... never ... => troubleshooting", "… who can … => permissions")
	add("/docs/troubleshooting", "Troubleshooting", "A webhook that does not arrive: check the repository's deliveries.")
	add("/docs/pull", "Pull policies", "Set pull to never and the worker uses the image it has.")
	add("/docs/roles", "Permissions", "Admins of a repository may delete its secrets; readers may list them.")
	add("/docs/delete", "Delete secrets", "Delete a secret with the CLI. Deleted secrets are gone.")
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("/docs/guide%d", i), fmt.Sprintf("Guide %d", i), "A guide to the server.")
	}
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	for _, c := range []struct {
		q, page string
		in      bool
	}{
		{"worker never starts", "/docs/troubleshooting", true},
		{"the worker never starts ", "/docs/troubleshooting", true},
		{"never", "/docs/troubleshooting", false},
		{"pull never", "/docs/troubleshooting", false},
		{"never pull", "/docs/troubleshooting", false},
		{"worker never", "/docs/troubleshooting", false},
		{"how do i never pull", "/docs/troubleshooting", false},
	} {
		got := answer(t, docsPath, indexPath, c.q)
		if slices.Contains(got, c.page) != c.in {
			t.Errorf("%q: got %v, want %s in it: %v", c.q, got, c.page, c.in)
		}
	}
	for _, c := range []struct{ q, want string }{
		{"ask who can delete secrets", "/docs/roles"},
		{"who can delete secrets", "/docs/delete"},
	} {
		if got := answer(t, docsPath, indexPath, c.q); len(got) == 0 || got[0] != c.want {
			t.Errorf("%q: got %v, want %s first", c.q, got, c.want)
		}
	}
}

// synonymSite is an empty index with the synonym table of entries, and what adds a page of one
// section of text to it.
func synonymSite(t *testing.T, entries ...string) (*search.Index, func(route, title, text string)) {
	t.Helper()
	x := search.New()
	syn, err := search.ParseSynonyms(entries)
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	return x, func(route, title, text string) {
		x.Update(route, search.NewShard(search.Page{Route: route, Title: title, Sections: []search.Section{{Text: text}}}))
	}
}
