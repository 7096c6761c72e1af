// Tests of the browser's ranking on small made-up sites: a word typed with a mistake is read as its
// nearest correction (parse.js, W.typoAsWord): it weighs what the word weighs, makes a phrase of
// the synonym table with the words beside it, and names a part of the site as the word would.

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

// A mistake in one word of two does not make that word count less than the other: "secrts
// rotation" is the page on secrets, as "secrets rotation" is, not the page titled with the other
// word.
func TestTypoWeighsWhatTheWordWeighs(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addPage(x, "/docs/secrets", "Secrets",
		search.Section{Text: "Keep credentials out of the pipeline. Their rotation is up to their owner."})
	addPage(x, "/docs/rotation", "Key rotation",
		search.Section{Text: "Rotate the signing keys now and then; the secrets of a pipeline stay as they are."})
	for i := 0; i < 10; i++ {
		addPage(x, fmt.Sprintf("/docs/note%d", i), fmt.Sprintf("Note %d", i),
			search.Section{Text: "A note on the rotation of log files."})
	}
	for _, q := range []string{"secrets rotation", "secrts rotation"} {
		if got := firstRoutes(t, x, q); len(got) < 2 || got[0] != "/docs/secrets" {
			t.Errorf("%s: got %v, want /docs/secrets first", q, got)
		}
	}
}

// A mistake in a word of a phrase of the synonym table still finds the phrase's synonyms:
// "enviroment variables" is "env vars", as "environment variables" is.
func TestTypoInAPhraseFindsItsSynonyms(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	syn, err := search.ParseSynonyms([]string{"env vars, environment variables"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	addPage(x, "/docs/env", "Env vars", search.Section{Text: "Give a step its own env vars."})
	addPage(x, "/docs/variables", "Variables",
		search.Section{Text: "Variables of a template, and the environment it runs in."})
	for i := 0; i < 5; i++ {
		addPage(x, fmt.Sprintf("/docs/note%d", i), fmt.Sprintf("Note %d", i),
			search.Section{Text: "A note on the build environment."})
	}
	for _, q := range []string{"environment variables", "enviroment variables"} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != "/docs/env" {
			t.Errorf("%s: got %v, want /docs/env first", q, got)
		}
	}
}

// A mistake in a word whose synonym names a part of the site still names the part: "comand to
// restart a build" is the CLI's page, as "command to restart a build" is (intent_test.go's site).
func TestTypoOfAPartWordNamesThePart(t *testing.T) {
	x := intentSite(t)
	for q, want := range map[string]string{
		"comand to restart a build":   "/docs/cli/build/restart",
		"endpoitn to restart a build": "/docs/api/build/restart",
	} {
		if got := firstRoutes(t, x, q); len(got) == 0 || got[0] != want {
			t.Errorf("%s: got %v, want %s first", q, got, want)
		}
	}
}

// On the Vela site, queries typed with one mistake find what the same queries typed right find
// first: the mistake is read as the word (the synonym table's phrases and parts, whose chunks a
// query fetches for the correction too: "endpint" fetches what "endpoint => api" needs). Each is
// asked of a fresh engine: one that answered other queries first has chunks they fetched.
func TestTypoFindsWhatTheWordFinds(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	pairs := [][2]string{
		{"endpint to restart a build", "endpoint to restart a build"},
		{"secret settngs vault", "secret settings vault"},
		{"tempates nested too deep error", "templates nested too deep error"},
		{"enviroment variables", "environment variables"},
		{"variable substiution rules", "variable substitution rules"},
		{"triger a build with the api", "trigger a build with the api"},
		{"worer shared secret with the server", "worker shared secret with the server"},
	}
	got := freshRank(t, docsPath, indexPath, pairs)
	for i, p := range pairs {
		typo, right := got[2*i], got[2*i+1]
		if len(right) == 0 || len(typo) == 0 || typo[0] != right[0] {
			t.Errorf("%q: got %v, want %q's first, %v", p[0], typo, p[1], right)
		}
	}
}

// A mistake in the first letter, whose correction only the last round of fetches finds (the
// first letters the deletion chunks name), still fetches what the correction's synonyms need:
// asked of a fresh engine, as a reader's first query is, "xndpoint to restart a build" finds what
// "endpoint to restart a build" finds (endpoint => api), not the pages of its other words.
func TestTypoInFirstLetterFetchesItsSynonyms(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	pairs := [][2]string{
		{"xndpoint to restart a build", "endpoint to restart a build"},
		{"odejs plugin", "nodejs plugin"},
		{"rigger a build with the api", "trigger a build with the api"},
	}
	got := freshRank(t, docsPath, indexPath, pairs)
	for i, p := range pairs {
		typo, right := got[2*i], got[2*i+1]
		if len(right) == 0 || len(typo) == 0 || typo[0] != right[0] {
			t.Errorf("%q: got %v, want %q's first, %v", p[0], typo, p[1], right)
		}
	}
}

// A word that two words of the docs are as near to, by a mistake in its first letters, is looked
// up among both, whatever chunks an earlier query fetched: asked of a fresh engine, "write a lugin
// in go" (login, plugin) is the Go plugin tutorial, as "write a plugin in go" is, not the Go SDK's
// page found through login's synonyms; "log amsking" (masking, from the first letters "ma" fetched
// only for it) is "log masking", whose first two pages "log" alone does not find. (It was "secret
// amsking": since W.walkKeep its second page is within a hair of the YAML reference that the
// typo's other candidate "asking" brings in, and "secret" alone ranks its first three as the typo
// does, so the pair no longer told a found correction from a lost one.)
func TestTypoFindsEveryCorrectionAsNear(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	pairs := [][2]string{
		{"write a lugin in go", "write a plugin in go"},
		{"ruby lugin", "ruby plugin"},
		{"log amsking", "log masking"},
	}
	got := freshRank(t, docsPath, indexPath, pairs)
	for i, p := range pairs {
		typo, right := got[2*i], got[2*i+1]
		if len(right) < 2 || len(typo) < 2 || typo[0] != right[0] || typo[1] != right[1] {
			t.Errorf("%q: got %v, want %q's first two, %v", p[0], typo, p[1], right)
		}
	}
}

// freshRank asks each query of the pairs, in turn, of a fresh engine (rank.mjs's "fresh" mode):
// what a reader's first query finds, with only the chunks that query fetched.
func freshRank(t *testing.T, docsPath, indexPath string, pairs [][2]string) [][]string {
	t.Helper()
	list := filepath.Join(t.TempDir(), "queries.txt")
	var b strings.Builder
	for _, p := range pairs {
		b.WriteString(p[0] + "\n" + p[1] + "\n")
	}
	if err := os.WriteFile(list, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var got [][]string
	node(t, &got, docsPath, indexPath, list, "fresh")
	if len(got) != 2*len(pairs) {
		t.Fatalf("rank.mjs answered %d queries of %d", len(got), 2*len(pairs))
	}
	return got
}

// A word typed whole (a word after it) that is no word of the docs but starts some is as often a
// typing mistake (W.typoWhole): "loggin without a browser" is the page on logging in, not the one
// on logging, though "loggin" starts "logging"; typed last, it is still the start of a word being
// typed ("loggin" is logging as the reader types on).
func TestWordTypedWholeThatStartsWordsMayBeATypo(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addPage(x, "/docs/login", "Login",
		search.Section{Text: "Login opens a browser, or takes a token when there is no browser."})
	addPage(x, "/docs/logging", "Logging",
		search.Section{Text: "Logging of the server: levels, formats, and where the logs go."})
	for i := 0; i < 10; i++ {
		addPage(x, fmt.Sprintf("/docs/note%d", i), fmt.Sprintf("Note %d", i),
			search.Section{Text: "A note on the server and its settings."})
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"loggin without a browser", "/docs/login"},
		{"login without a browser", "/docs/login"},
		{"server loggin", "/docs/logging"},
		{"logging levels", "/docs/logging"},
	})
}

// A word typed in a form the docs never write, whose term they have, is looked up with typing
// mistakes too (parse.js, W.typoForm): "executer" stems as "execute" does, and is "executor"
// mistyped. A form the docs write ("execute") is only its term.
func TestTypoOfAFormTheDocsNeverWrite(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	addPage(x, "/docs/executor", "Executor",
		search.Section{Text: "The executor runs the containers of a build. Its settings pick the driver and the log level."})
	addPage(x, "/docs/local", "Local runs",
		search.Section{Text: "Execute a pipeline on your own machine; the settings of the run are flags."})
	for i := 0; i < 5; i++ {
		addPage(x, fmt.Sprintf("/docs/note%d", i), fmt.Sprintf("Note %d", i),
			search.Section{Text: "A note on the settings of a repository."})
	}
	wantFirst(t, x, []struct{ q, want string }{
		{"executer settings", "/docs/executor"},
		{"execute settings", "/docs/local"},
	})
}
