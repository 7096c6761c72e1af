// Package search tests search over the real Vela site: the ranking the browser runs
// (site/src/search/engine.js, run here with Node) must put the right page first for the realistic
// queries of testdata/queries.tsv, and the browser's stemmer must agree with docsd's.
package search

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/build"
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/markdown"
	"docsd/pkg/search"
	"docsd/pkg/site"
)

const repoRoot = "../.."

// publish indexes the site's default locale and writes the two files into a temporary folder.
func publish(t *testing.T) (docsPath, indexPath string, termChunks []string) {
	t.Helper()
	cfg, err := config.Load(filepath.Join(repoRoot, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	srcs, _, err := content.Scan(filepath.Join(repoRoot, "content"), build.Layout(cfg))
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := site.Process(markdown.New(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.Assemble(cfg, parsed, graph.New())
	if err != nil {
		t.Fatal(err)
	}
	x := search.New()
	syn, err := search.ParseSynonyms(cfg.Search.Synonyms)
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	lookup, err := search.ParseLookupParts(cfg.Search.LookupParts)
	if err != nil {
		t.Fatal(err)
	}
	x.SetLookupParts(lookup)
	action, err := search.ParseActionParts(cfg.Search.ActionParts)
	if err != nil {
		t.Fatal(err)
	}
	x.SetActionParts(action)
	name, err := search.ParseNameParts(cfg.Search.NameParts)
	if err != nil {
		t.Fatal(err)
	}
	x.SetNameParts(name)
	walk, err := search.ParseWalkParts(cfg.Search.WalkParts)
	if err != nil {
		t.Fatal(err)
	}
	x.SetWalkParts(walk)
	for _, p := range s.Order {
		r := s.Routes.Get(p)
		if r.Data.Locale == cfg.DefaultLocale().Code && search.Indexed(r) {
			x.Update(p, search.NewShard(search.PageOf(r)))
		}
	}
	docs, idx, err := x.Publish()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("search files: documents %d bytes (%d gzip), index %d bytes (%d gzip), %d pages", len(docs), gz(docs), len(idx), gz(idx), len(x.Routes()))
	dir := t.TempDir()
	docsPath, indexPath = filepath.Join(dir, "docs.json"), filepath.Join(dir, "index.json")
	if err := os.WriteFile(docsPath, docs, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(indexPath, idx, 0o644); err != nil {
		t.Fatal(err)
	}
	chunkGz := map[string]int{}
	for _, c := range x.Chunks() {
		p := c.FileName(docsPath, indexPath)
		if c.Of == "index" {
			termChunks = append(termChunks, p)
		}
		chunkGz[c.Of] += gz(c.Data)
		if err := os.WriteFile(p, c.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("chunks: %d, %d KB gzip of terms and %d KB gzip of documents", len(x.Chunks()), chunkGz["index"]/1024, chunkGz["docs"]/1024)
	return docsPath, indexPath, termChunks
}

func gz(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

// node runs rank.mjs and decodes what it prints.
func node(t *testing.T, out any, args ...string) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	// Node reads these, not the test: opening them here tells go test's cache that the result
	// depends on them, so an edit of the browser's code (engine.js and the modules beside it that
	// it imports) reruns the test.
	code, err := filepath.Glob(filepath.Join(repoRoot, "site/src/search/*.js"))
	if err != nil || len(code) == 0 {
		t.Fatalf("the browser's search code: %v (%d files)", err, len(code))
	}
	for _, f := range append(code, "rank.mjs", filepath.Join(repoRoot, "node_modules/porter2/dist/index.js")) {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatalf("the browser's search code: %v", err)
		}
	}
	cmd := exec.Command("node", append([]string{"rank.mjs"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("node rank.mjs: %v\n%s", err, stderr.String())
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("node rank.mjs printed %q: %v", b, err)
	}
}

type query struct {
	text, want, file string
	source           string // where its wording comes from (issues15.tsv), else ""
	line             int
}

func readQueries(t *testing.T, name string) []query {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []query
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("testdata/%s:%d: want a query, a tab and the route a good search returns first", name, n)
		}
		// A third column names where the query's wording comes from (issues15.tsv).
		want, source, _ := strings.Cut(want, "\t")
		out = append(out, query{text: q, want: strings.TrimSpace(want), source: strings.TrimSpace(source), file: name, line: n})
	}
	return out
}

// wantOnSite ranks each case's query over the Vela site's published index and wants its page
// among the first within places (1: first; 3: the top three).
func wantOnSite(t *testing.T, within int, cases []struct{ q, want string }) {
	t.Helper()
	docsPath, indexPath, _ := publish(t)
	qs := make([]query, len(cases))
	for i, c := range cases {
		qs[i] = query{text: c.q, want: c.want}
	}
	got := rank(t, docsPath, indexPath, qs)
	for i, c := range cases {
		if !slices.Contains(got[i][:min(within, len(got[i]))], c.want) {
			t.Errorf("%q: got %v, want %s within the first %d", c.q, got[i], c.want, within)
		}
	}
}

// rank runs the browser's ranking over the queries and returns the top routes of each.
func rank(t *testing.T, docsPath, indexPath string, qs []query) [][]string {
	t.Helper()
	list := filepath.Join(t.TempDir(), "queries.txt")
	var b strings.Builder
	for _, q := range qs {
		b.WriteString(q.text + "\n")
	}
	if err := os.WriteFile(list, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var got [][]string
	node(t, &got, docsPath, indexPath, list)
	if len(got) != len(qs) {
		t.Fatalf("rank.mjs answered %d queries of %d", len(got), len(qs))
	}
	return got
}

// score counts the queries whose page came first and those in the top three, logging the misses
// when show is set.
func score(t *testing.T, qs []query, got [][]string, show bool) (first, top3 int) {
	t.Helper()
	for i, q := range qs {
		pos := -1
		for j, r := range got[i] {
			if r == q.want {
				pos = j
				break
			}
		}
		switch {
		case pos == 0:
			first++
			top3++
		case pos > 0 && pos < 3:
			top3++
			if !show {
				continue
			}
			t.Logf("%s:%d %q: %s is #%d (first: %s)", q.file, q.line, q.text, q.want, pos+1, got[i][0])
		case !show:
		default:
			t.Logf("%s:%d %q: %s is not in the top 3: %v", q.file, q.line, q.text, q.want, got[i])
		}
	}
	return first, top3
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(of) }

// tuningFile is a tuning file in the words of readers, with the least queries it keeps and the
// floors (per cent first and in the top 3) it must stay at.
type tuningFile struct {
	file, about string
	least       int
	first, top3 float64
}

// tuningFiles are the tuning files in the order they were written: TestRelevance scores them,
// TestIssueQueriesNameTheirSource checks them for repeats.
var tuningFiles = []tuningFile{
	{file: "issues15.tsv", about: "tuning, users' wording", least: 30, first: 78.0, top3: 92.6},
	{file: "issues17.tsv", about: "tuning, users' wording, session 17", least: 40, first: 78.0, top3: 90.2},
	{file: "personas18.tsv", about: "tuning, four readers' wording, session 18", least: 60, first: 86.6, top3: 96.6},
	{file: "sections19.tsv", about: "tuning, by the sidebars' sections, session 19", least: 60, first: 85.0, top3: 96.6},
	{file: "misses20.tsv", about: "tuning, pages and kinds the others cover least, session 20", least: 50, first: 77.3, top3: 92.4},
	{file: "angles20.tsv", about: "tuning, pasted errors, readers' noun order, other CI tools' terms, session 20", least: 40, first: 63.8, top3: 78.7},
	{file: "tasks21.tsv", about: "tuning, symptoms, settings questions, list questions, session 21", least: 40, first: 71.4, top3: 89.7},
	{file: "issues30.tsv", about: "tuning, go-vela threads' wording, every part of the site, session 30", least: 60, first: 73.7, top3: 88.5},
	{file: "ui31.tsv", about: "tuning, what a reader types after looking at the UI or the CLI's output, session 31", least: 60, first: 82.4, top3: 91.8},
	{file: "readers32.tsv", about: "tuning, operators' and API/SDK integrators' words from go-vela threads, session 32", least: 60, first: 86.5, top3: 97.0},
	{file: "blind33.tsv", about: "tuning, the issue's kinds written blind, session 33", least: 100, first: 86.2, top3: 97.2},
	{file: "blind33b.tsv", about: "tuning, four readers' words written blind, session 33", least: 90, first: 88.2, top3: 97.8},
}

// TestRelevance runs three sets of queries: queries.tsv (the first 60), relevance.tsv (the set the
// weights were tuned on) and heldout.tsv (written blind on 2026-11-28, never used for tuning,
// reported apart). The issue's goals (whole new set right first for 95 % and in the top three for
// all, held-out right first for 90 %) are met for the first (344/360 in session 17, 347/360 in session 18), not yet for
// the others: the floors below are what the ranking reaches today (old set 60/60 first;
// relevance.tsv 304/310 first, 310/310 in the top 3; personas18.tsv 52/60 and 58/60; sections19.tsv 48/60 and 56/60; misses20.tsv 39/53 and 47/53; angles20.tsv 28/47 and 36/47; tasks21.tsv 32/49 and 42/49; held-out 90 % / 98 %), so that no change goes
// back. relevance.tsv grew from 234 to 268 queries on 2026-11-28 (the
// sections it covered thinly), which lowered its top-3 floor, and to 310 in session 9 (queries
// naming the kind of page, guides covered thinly; 23 of their 42 were right first before that
// session's rules, 31 after), which lowered its first floor. In session 12 the labels of all three
// sets were made to follow one written policy (LABELS.md; testdata/relabel12.tsv lists the 7 it
// changed), which lowered the floors of queries.tsv (59 to 58 first) and relevance.tsv (280 to 276
// first, 306 to 305 in the top 3) with the same ranking code: the labels changed, not the ranking.
// Then the rules of session 12 that follow the policy (a guide that teaches a goal before the
// command, a landing page after its same-titled child: guide_test.go) raised them again, and those
// of session 13 (a guide's long heading that holds the whole goal, a named thing's page for a query
// that starts with its name: name_test.go; "kick off => create" in docsd.toml) raised
// relevance.tsv's from 287 to 292 first. Session 14's long-question rule (long_test.go) raised it
// to 296 first and 309 in the top 3, and the held-out set's to 86 % / 98 %. Session 15 added
// issues15.tsv, 32 tuning queries in the words of go-vela issues (each with its thread), reported
// apart: 21 first and 26 in the top 3 when written. Synonym entries in readers' words ("login,
// authenticate", "cron job => schedule", "expose => mask", "hung => stuck, …", "pending => wait" in
// docsd.toml) raised it to 24 first and 29 in the top 3, and relevance.tsv to 297 first. Session
// 16's rule that a word a page lacks costs by how often it heads what it is in (topical_test.go)
// raised relevance.tsv to 298 first and issues15.tsv to 27 first and 31 in the top 3; 13 queries
// then added to issues15.tsv (9 of them first, 10 in the top 3) made it 36 / 45 first and 41 / 45
// in the top 3. The held-out set stayed at 43 / 50 first (read once, at the end). Review 16a took out two
// queries of issues15.tsv that another query already asks once its common words are left out (both
// right first; TestIssueQueriesNameTheirSource): 34 / 43 first, 39 / 43 in the top 3; the lead
// took out two more that ask a relevance.tsv query's words in another order ("external secrets
// from vault", "generate the cli config file"; both right first): 32 / 41 and 37 / 41. Session 17
// added issues17.tsv, 41 more tuning queries from go-vela threads (28 first, 37 in the top 3 once
// four labels were corrected), and read a word found only with a typing mistake as its correction
// (typoword_test.go), which raised relevance.tsv to 299 first. Then a one-way synonym entry of
// common words, "who can => permissions, roles" (synonym_test.go), raised it to 300 first and all
// 310 in the top 3, and an identifier's page being the reference that lists its family
// (family_test.go) to 301 first, and queries.tsv to all 60 first. Session 18 added personas18.tsv,
// 60 tuning queries in the words of four readers (operator, pipeline author, administrator,
// integrator; 45 first and 55 in the top 3 when written), reported apart; a "who can" question's
// roles page first (synonym_test.go), a child above its landing page whose title has the word the
// landing page only lists (guide_test.go) and four verbs of readers in docsd.toml made it 50 / 57;
// "start => create, add" and "locally => exec" raised relevance.tsv to 303 first. The held-out set,
// read once at the end of the session, rose to 44 / 50 first (88 %). Session 19 added
// sections19.tsv, 60 tuning queries for the sidebar sections the other files covered least (47 / 54
// with main's ranking once its repeats were replaced and one label corrected); the navigation's page
// kept third (cover_test.go) and "quick start => quickstart" made it 48 / 56. The stops of the tour
// ranked a little lower (walk_test.go, [search] walk_parts) raised issues17.tsv to 32 first and
// personas18.tsv to 51 / 58, and the held-out set, read once at the end, to 45 / 50 first (90 %).
// Session 20 added misses20.tsv, 53 tuning queries for the pages no tuning query expected and the
// kinds of miss session 19 listed (35 / 46 with main's ranking); the product's name left out of a
// long question's length (long_test.go) and three readers' verbs in docsd.toml (edit, register,
// inspect) made it 39 / 47, and personas18.tsv 52 / 58. The held-out set, read once at the end, stayed at
// 45 / 50 first and 49 / 50 in the top 3. Session 20 also added angles20.tsv, 47 tuning queries from
// angles the others lack (pasted server errors, nouns in readers' order, other CI tools' terms; 26 /
// 33 with main's ranking); four other tools' words in docsd.toml (runner, agent, credentials, setup) made it 28 / 36.
// Session 21 added tasks21.tsv, 49 tuning queries from angles the others lack (symptoms, questions on
// changing a repository's, the platform's or a worker's settings, whole lists): 32 / 41 with the
// ranking of its day (one label corrected by LABELS.md after the first run, relabel12.tsv; 31 / 41
// before it). "Repository settings" then said that an event can be disabled, and how (a sentence it
// lacked): relevance.tsv 304 first, tasks21.tsv 42 in the top 3. Session 25's product's name
// typed last left out (long_test.go) made tasks21.tsv 33 / 43. Session 30 added issues30.tsv, 61
// tuning queries in the words of go-vela threads over every part of the site (43 / 53 with main's
// ranking); an identifier typed beside other words weighed as its family's reference (family_test.go,
// W.family 0.5) made it 45 / 53. Session 31 added ui31.tsv, 74 tuning queries in the words a reader
// types after looking at the UI or the CLI's output (buttons, tabs, column headings, errors; 46 / 65
// with main's ranking); a screen's emphasised labels as keys (screen_test.go), a pasted message's
// page being the one that quotes it (quoted_test.go, W.quoted) and "add => create" in docsd.toml
// (verbs_test.go) made it 59 / 67, sections19.tsv 49 first, misses20.tsv 40 and angles20.tsv 30.
// Session 32 added readers32.tsv, 67 tuning queries of operators and API/SDK integrators in the words
// of go-vela threads (settings tables, the worker's API, admin and record endpoints, the SDK; 55 / 63
// with main's ranking); an identifier whose family is itself weighed by the family one word shorter
// (family_test.go), a title's terms of whole words only (camelword_test.go) and a verb with "re"
// before it read as the verb (again_test.go, W.again) made it 57 / 64, and ui31.tsv 60 first.
// Session 33 added no queries: a query opening with a list frame ("all …", "list of …") kept on its
// landing page (listing_test.go, W.listing), a question of three words read as a long one
// (three_test.go, W.midWords) and "not, never => troubleshooting" in docsd.toml (verbs_test.go)
// made the ten tuning files 434 / 553 first and 505 in the top 3 (430 / 498 before): misses20.tsv
// 48 and angles20.tsv 37 in the top 3, sections19.tsv 51 / 58, tasks21.tsv 34 / 44, ui31.tsv
// 61 / 68, readers32.tsv 65 in the top 3; issues15.tsv stayed at 32 first. Session 33's lead then
// added blind33.tsv, 109 queries of the issue's kinds written blind (from the pages and LABELS.md,
// never run against the engine) and measured once with main's ranking and once with these rules:
// 93 / 105 before, 94 / 106 after (of 109, first / top 3); tuned on from then on. Session 33's
// search33c looked up a word in a form the docs never write as a typing mistake too, though it stems
// to a term of theirs (typoword_test.go, W.typoForm: "executer" is executor), and read three words
// or more that join to an identifier as that identifier where a table has it as a key
// (keywords_test.go, W.keyWords: "default build limit" is default_build_limit): the eleven tuning
// files went from 528 / 611 to 531 / 614 (misses20.tsv 41 / 49, tasks21.tsv 35 first, issues15.tsv
// 38 and issues30.tsv 54 in the top 3, readers32.tsv 58 first).
// Session 33's lead then added blind33b.tsv, 94 more queries written blind (four readers: a first
// .vela.yml, an operator, an admin, an integrator), measured once with the ranking before
// search33c (84 / 92 of 94, first / top 3) and once after it (83 / 92: "worker check in endpoint"
// lost its first place to the keyWords rule); tuned on from then on.
func TestRelevance(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	old := readQueries(t, "queries.tsv")
	tuned := readQueries(t, "relevance.tsv")
	held := readQueries(t, "heldout.tsv")
	tuning := make([]struct {
		tuningFile
		qs         []query
		got1, got3 int
	}, len(tuningFiles))
	for i, f := range tuningFiles {
		tuning[i].tuningFile = f
	}
	if len(old) < 40 || len(tuned)+len(held) < 200 || len(held) < 50 {
		t.Fatalf("%d, %d and %d queries; keep at least 40 old, 200 new and 50 held out", len(old), len(tuned), len(held))
	}
	all := append(append([]query{}, old...), tuned...)
	for i := range tuning {
		f := &tuning[i]
		if f.qs = readQueries(t, f.file); len(f.qs) < f.least {
			t.Fatalf("%s: %d queries; keep at least %d", f.file, len(f.qs), f.least)
		}
		all = append(all, f.qs...)
	}
	all = append(all, held...)
	got := rank(t, docsPath, indexPath, all)
	o1, o3 := score(t, old, got[:len(old)], true)
	at := len(old) + len(tuned)
	t1, t3 := score(t, tuned, got[len(old):at], true)
	for i := range tuning {
		f := &tuning[i]
		f.got1, f.got3 = score(t, f.qs, got[at:at+len(f.qs)], true)
		at += len(f.qs)
	}
	// The held-out misses are not shown unless asked for: whoever tunes the ranking reads the log,
	// and the held-out set is never tuned on (DOCSD_SHOW_HELDOUT=1 shows them, for a review).
	h1, h3 := score(t, held, got[at:], os.Getenv("DOCSD_SHOW_HELDOUT") == "1")
	n1, n3, n := t1+h1, t3+h3, len(tuned)+len(held)
	t.Logf("queries.tsv: first %d/%d (%.1f %%), top 3 %d/%d", o1, len(old), pct(o1, len(old)), o3, len(old))
	t.Logf("relevance.tsv (tuned): first %d/%d (%.1f %%), top 3 %d/%d (%.1f %%)", t1, len(tuned), pct(t1, len(tuned)), t3, len(tuned), pct(t3, len(tuned)))
	for _, f := range tuning {
		t.Logf("%s (%s): first %d/%d (%.1f %%), top 3 %d/%d (%.1f %%)", f.file, f.about, f.got1, len(f.qs), pct(f.got1, len(f.qs)), f.got3, len(f.qs), pct(f.got3, len(f.qs)))
	}
	t.Logf("heldout.tsv: first %d/%d (%.1f %%), top 3 %d/%d (%.1f %%)", h1, len(held), pct(h1, len(held)), h3, len(held), pct(h3, len(held)))
	t.Logf("new set overall (relevance.tsv and heldout.tsv, as before): first %d/%d (%.1f %%), top 3 %d/%d (%.1f %%)", n1, n, pct(n1, n), n3, n, pct(n3, n))
	issues := tuning[0]
	n1, n3, n = n1+issues.got1, n3+issues.got3, n+len(issues.qs)
	// Named as held-out counts are, so that a log read without them leaves this line out too.
	t.Logf("with issues15.tsv (held-out included): first %d/%d (%.1f %%), top 3 %d/%d (%.1f %%)", n1, n, pct(n1, n), n3, n, pct(n3, n))
	for _, f := range tuning {
		if pct(f.got1, len(f.qs)) < f.first || pct(f.got3, len(f.qs)) < f.top3 {
			t.Errorf("%s: want at least %.1f %% first and %.1f %% in the top 3", f.file, f.first, f.top3)
		}
	}
	if o1 < len(old) || o3 < len(old) {
		t.Errorf("queries.tsv: want all first")
	}
	if pct(t1, len(tuned)) < 98.0 || t3 < len(tuned) {
		t.Errorf("relevance.tsv: want at least 98.0 %% first and all in the top 3")
	}
	if pct(h1, len(held)) < 90 || pct(h3, len(held)) < 98 {
		t.Errorf("heldout.tsv: want at least 90 %% first and 98 %% in the top 3")
	}
}

// TestIssueQueriesNameTheirSource: every query of issues15.tsv and issues17.tsv names the go-vela thread its wording
// comes from (ui31.tsv's the go-vela UI, CLI or server string), and none of theirs or personas18.tsv's or sections19.tsv's repeats a query of the other sets (it would count twice), the held-out set
// above all: issues15.tsv is tuned on, and a held-out query in it would be too. The engine reads a
// query in lower case, leaves its common words out and stems the rest, so the sets are compared by
// the index terms of their words, in order ("build a docker image" is "build docker images"). The
// diagnostic probes11.tsv counts nowhere: only its exact texts are kept out (three of issues15.tsv's
// first 32 are probes in other common words). Word order matters to the engine (phrases), so the
// same terms in another order are a repeat only when they ask for the same page.
func TestIssueQueriesNameTheirSource(t *testing.T) {
	exact := func(q string) string { return strings.ToLower(strings.Join(strings.Fields(q), " ")) }
	terms := func(q string) string {
		var out []string
		for _, w := range search.WholeWords(q) {
			if term := search.Term(w); term != "" {
				out = append(out, term)
			}
		}
		return strings.Join(out, " ")
	}
	sorted := func(q query) string {
		ts := strings.Fields(terms(q.text))
		slices.Sort(ts)
		return "sorted: " + strings.Join(ts, " ") + " => " + q.want
	}
	seen := map[string]string{}
	for _, name := range []string{"queries.tsv", "relevance.tsv", "probes11.tsv", "heldout.tsv"} {
		for _, q := range readQueries(t, name) {
			seen[exact(q.text)] = name
			if name != "probes11.tsv" {
				seen["terms: "+terms(q.text)] = name
				seen[sorted(q)] = name
			}
		}
	}
	for _, f := range tuningFiles {
		name := f.file
		for _, q := range readQueries(t, name) {
			// personas18.tsv's, sections19.tsv's, misses20.tsv's, angles20.tsv's and tasks21.tsv's queries are written in readers' words, not taken from a thread.
			fromThread := name == "issues15.tsv" || name == "issues17.tsv" || name == "issues30.tsv" || name == "readers32.tsv"
			// ui31.tsv's name the UI, CLI or server string that prompted them, as repo@tag:path.
			fromCode := name == "ui31.tsv"
			if fromThread && !strings.HasPrefix(q.source, "https://github.com/go-vela/") || fromCode && !strings.HasPrefix(q.source, "go-vela/") || !strings.HasPrefix(q.want, "/docs/") {
				t.Errorf("%s:%d %q: want a route and a go-vela issue or pull request, have %q and %q", name, q.line, q.text, q.want, q.source)
			}
			if in := seen[exact(q.text)]; in != "" {
				t.Errorf("%s:%d %q is a query of %s", name, q.line, q.text, in)
			} else if in := seen["terms: "+terms(q.text)]; in != "" {
				t.Errorf("%s:%d %q is a query of %s in other common words", name, q.line, q.text, in)
			} else if in := seen[sorted(q)]; in != "" {
				t.Errorf("%s:%d %q is a query of %s in another order, for the same page", name, q.line, q.text, in)
			}
			seen[exact(q.text)] = name
			seen["terms: "+terms(q.text)] = name
			seen[sorted(q)] = name
		}
	}
}

// TestBrowserStemsLikeDocsd stems every word of the index in Node and compares with docsd's terms:
// a word the two stem differently could never be found by typing it.
func TestBrowserStemsLikeDocsd(t *testing.T) {
	docsPath, indexPath, chunks := publish(t)
	var words, want []string
	for _, p := range chunks {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var c search.TermChunk
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		for i, k := range c.Keys {
			if c.KeyTerms[i] < 0 {
				continue // a deletion key, for typos in the first letters (pkg/search/typokeys.go)
			}
			if term := c.Terms[c.KeyTerms[i]]; k != term {
				words = append(words, k)
				want = append(want, term)
			}
		}
	}
	list := filepath.Join(t.TempDir(), "words.txt")
	if err := os.WriteFile(list, []byte(strings.Join(words, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	node(t, &got, docsPath, indexPath, list, "stem")
	if len(got) != len(words) {
		t.Fatalf("node stemmed %d words of %d", len(got), len(words))
	}
	bad := 0
	for i := range words {
		if got[i] != want[i] {
			bad++
			if bad <= 20 {
				t.Errorf("%q: docsd stems it to %q, the browser to %q", words[i], want[i], got[i])
			}
		}
	}
	t.Logf("%d words compared, %d differ", len(words), bad)
}

// TestNonsenseFindsNothing: typo tolerance (1 edit for words of 5+ letters, 2 for 9+, only when
// nothing matches exactly) must never turn a word no page has into a real page, while a typing
// mistake of a real word still finds it.
func TestNonsenseFindsNothing(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	qs := []query{{text: "zanzibarquux"}, {text: "zanzibarquux "}, {text: "qwxzvbnmpl"}, {text: "secrts"}, {text: "kubernets "}}
	got := rank(t, docsPath, indexPath, qs)
	for i, q := range qs[:3] {
		if len(got[i]) != 0 {
			t.Errorf("%q found %v; want nothing", q.text, got[i])
		}
	}
	if len(got[3]) == 0 || got[3][0] != "/docs/usage/secrets" {
		t.Errorf("secrts: got %v, want /docs/usage/secrets first", got[3])
	}
	if len(got[4]) == 0 {
		t.Errorf("kubernets: found nothing")
	}
}

// TestStopWordTypedLastIsLeftOut: a common word being typed after other words is left out, not
// matched as the start of longer words ("secret in" found pages of "install" and "influx"), unless
// the docs write it joined to the word before ("log in": login).
func TestStopWordTypedLastIsLeftOut(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	qs := []query{{text: "secret in"}, {text: "secret "}, {text: "in"}, {text: "log in"}, {text: "log "}}
	got := rank(t, docsPath, indexPath, qs)
	if strings.Join(got[0], " ") != strings.Join(got[1], " ") {
		t.Errorf("\"secret in\" found %v; want what \"secret \" finds, %v", got[0], got[1])
	}
	if len(got[2]) == 0 {
		t.Errorf("\"in\" alone found nothing; want the words that start with it")
	}
	if !slices.Contains(got[3][:min(3, len(got[3]))], "/docs/usage/authenticate") || slices.Contains(got[4][:min(3, len(got[4]))], "/docs/usage/authenticate") {
		t.Errorf("\"log in\" found %v, \"log \" %v; want the page on logging in among the first three of the first only", got[3], got[4])
	}
}

// TestUnknownWordIsLeftOut: a word no page has (whole, as a start or with a typing mistake) is left
// out of the query, so that it does not keep the other words from covering a title or a heading.
func TestUnknownWordIsLeftOut(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	qs := []query{{text: "start qqzzxxw build "}, {text: "start build "}}
	got := rank(t, docsPath, indexPath, qs)
	if len(got[1]) == 0 || strings.Join(got[0], " ") != strings.Join(got[1], " ") {
		t.Errorf("\"start qqzzxxw build\" found %v; want what \"start build\" finds, %v", got[0], got[1])
	}
}
