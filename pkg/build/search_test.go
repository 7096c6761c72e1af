package build

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"docsd/pkg/search"
)

// searchDocs reads the documents of a search documents file: its entry, then its chunks.
func searchDocs(t *testing.T, res *Result, path string) []search.DocRec {
	t.Helper()
	data, ok := res.Files.Data[path]
	if !ok {
		t.Fatalf("no %s in the build", path)
	}
	var entry search.DocsEntry
	if err := json.Unmarshal(data, &entry); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []search.DocRec
	for n := 0; n < entry.Chunks; n++ {
		var df search.DocsFile
		chunk := search.ChunkName(path, n)
		if err := json.Unmarshal(res.Files.Data[chunk], &df); err != nil {
			t.Fatalf("%s: %v", chunk, err)
		}
		out = append(out, df.SearchDocs...)
	}
	return out
}

func routesOf(docs []search.DocRec) map[string]bool {
	out := map[string]bool{}
	for _, d := range docs {
		out[d.Route] = true
	}
	return out
}

// TestSearchFilesPerLocale builds the multi-locale site: each locale gets its two search files,
// named after the build time, listing its docs, category indexes and blog posts but not unlisted
// or draft pages; every page knows their URLs; a body edit re-indexes that page only.
func TestSearchFilesPerLocale(t *testing.T) {
	root, opts := siteCopy(t, false)
	write(t, root, "content/docs/guide/hidden.md", "---\ntitle: Hidden\nunlisted: true\n---\n\nSecret walrus.\n")
	write(t, root, "content/docs/guide/wip.md", "---\ntitle: Work in progress\ndraft: true\n---\n\nUnfinished walrus.\n")
	opts.BuildTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	en := routesOf(searchDocs(t, res, "search-docs-20260102030405.json"))
	for _, want := range []string{"/docs/guide/intro", "/docs/guide/setup", "/docs/category/more", "/docs/1.0/guide/intro"} {
		if !en[want] {
			t.Errorf("%s is not in the search documents: %v", want, en)
		}
	}
	for route := range en {
		if strings.HasPrefix(route, "/docs/fr") || strings.Contains(route, "hidden") || strings.Contains(route, "wip") ||
			route == "/docs/blog" || route == "/docs/" || strings.HasPrefix(route, "/docs/blog/tags") {
			t.Errorf("%s should not be in the English search documents", route)
		}
	}
	posts := 0
	for route := range en {
		if strings.HasPrefix(route, "/docs/blog/") {
			posts++
		}
	}
	if posts == 0 {
		t.Error("no blog post is in the search documents")
	}
	fr := routesOf(searchDocs(t, res, "fr/search-docs-20260102030405.json"))
	if !fr["/docs/fr/guide/intro"] || fr["/docs/guide/intro"] {
		t.Errorf("the French search documents: %v", fr)
	}
	if _, ok := res.Files.Data["search-index-20260102030405.json"]; !ok {
		t.Fatal("no search index file")
	}
	html := string(res.Files.Data["guide/setup.html"])
	if !strings.Contains(html, `"searchDocs":"/docs/search-docs-20260102030405.json"`) ||
		!strings.Contains(html, `"searchIndex":"/docs/search-index-20260102030405.json"`) {
		t.Error("the page does not carry the search files' URLs")
	}
	if frHTML := string(res.Files.Data["fr/guide/intro.html"]); !strings.Contains(frHTML, `"searchDocs":"/docs/fr/search-docs-20260102030405.json"`) {
		t.Error("the French page does not carry its locale's search files")
	}

	f := "content/docs/guide/setup.md"
	write(t, root, f, read(t, root, f)+"\nThe zebrafish paragraph.\n")
	res, err = b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rendered != 2 {
		t.Fatalf("a body edit rendered %d routes; want the page and its French fallback", res.Rendered)
	}
	inChunks := false
	for name, data := range res.Files.Data {
		if strings.HasPrefix(name, "search-index-20260102030405-") && strings.Contains(string(data), `"zebrafish"`) {
			inChunks = true
		}
	}
	if !inChunks {
		t.Error("the edit is not in the search index")
	}
}

func TestSearchTimeFollowsTheShellNotTheContent(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	before := b.searchTime()
	if before.IsZero() {
		t.Fatal("no build time from the inputs")
	}
	write(t, root, "content/docs/guide/setup.md", "---\ntitle: Setup\n---\n\nChanged.\n")
	if after := b.searchTime(); !after.Equal(before) {
		t.Errorf("a content edit moved the search files' timestamp from %v to %v", before, after)
	}
	later := time.Now().Add(time.Hour)
	write(t, root, "docsd.toml", read(t, root, "docsd.toml"))
	if err := os.Chtimes(filepath.Join(root, "docsd.toml"), later, later); err != nil {
		t.Fatal(err)
	}
	if after := b.searchTime(); !after.Equal(later.UTC().Truncate(time.Second)) {
		t.Errorf("a configuration change should move the timestamp to %v, got %v", later, after)
	}
}

// TestSearchSynonymsFollowDocsdToml: the [search] synonyms of docsd.toml reach the index file, a
// docsd.toml edit of them re-publishes it, and a bad entry fails the rebuild naming docsd.toml.
func TestSearchSynonymsFollowDocsdToml(t *testing.T) {
	root, opts := siteCopy(t, false)
	opts.BuildTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cfg := read(t, root, "docsd.toml")
	withSynonyms := func(entries string) string {
		if strings.Contains(cfg, "[search]") {
			return strings.Replace(cfg, "[search]", "[search]\nsynonyms = ["+entries+"]", 1)
		}
		return cfg + "\n[search]\nsynonyms = [" + entries + "]\n"
	}
	write(t, root, "docsd.toml", withSynonyms(`"walrus, seacow"`))
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	index := func(res *Result) search.IndexFile {
		t.Helper()
		var ix search.IndexFile
		if err := json.Unmarshal(res.Files.Data["search-index-20260102030405.json"], &ix); err != nil {
			t.Fatal(err)
		}
		return ix
	}
	if got := index(res).Synonyms; len(got) != 1 || strings.Join(got[0], ",") != "walrus,seacow" {
		t.Fatalf("synonyms in the index file: %q", got)
	}
	write(t, root, "docsd.toml", withSynonyms(`"walrus, seacow", "k8s, kubernetes"`))
	if res, err = b.Rebuild([]string{"docsd.toml"}); err != nil {
		t.Fatal(err)
	}
	if got := index(res).Synonyms; len(got) != 2 {
		t.Fatalf("after the edit, synonyms in the index file: %q", got)
	}
	// A bad entry is reported at its line and column of docsd.toml, with the entry and the problem.
	bad := withSynonyms(`"walrus, seacow",` + "\n  " + `"walrus"`)
	write(t, root, "docsd.toml", bad)
	want := fmt.Sprintf(`docsd.toml:%d:3: [search] synonyms entry 2 "walrus": want at least two phrases separated by commas (or "a => b")`, lineWith(bad, `  "walrus"`))
	if _, err = b.Rebuild([]string{"docsd.toml"}); err == nil || err.Error() != want {
		t.Fatalf("a one-phrase entry: got %v; want %s", err, want)
	}
}

// lineWith is the number (from 1) of the first line of text that starts with prefix.
func lineWith(text, prefix string) int {
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	return 0
}

// TestSearchLookupPartsFollowDocsdToml: [search] lookup_parts, action_parts and name_parts reach
// the index file as terms, a docsd.toml edit changes them, and an entry that is not one word fails
// the build naming it.
func TestSearchLookupPartsFollowDocsdToml(t *testing.T) {
	for _, key := range []string{"lookup_parts", "action_parts", "name_parts"} {
		t.Run(key, func(t *testing.T) {
			root, opts := siteCopy(t, false)
			opts.BuildTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
			cfg := read(t, root, "docsd.toml")
			withParts := func(entries string) string {
				if strings.Contains(cfg, "[search]") {
					return strings.Replace(cfg, "[search]", "[search]\n"+key+" = ["+entries+"]", 1)
				}
				return cfg + "\n[search]\n" + key + " = [" + entries + "]\n"
			}
			parts := func(res *Result) []string {
				t.Helper()
				var e search.IndexEntry
				if err := json.Unmarshal(res.Files.Data["search-index-20260102030405.json"], &e); err != nil {
					t.Fatal(err)
				}
				switch key {
				case "action_parts":
					return e.ActionParts
				case "name_parts":
					return e.NameParts
				}
				return e.LookupParts
			}
			write(t, root, "docsd.toml", withParts(`"API"`))
			b := New(opts)
			defer b.Close()
			res, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			if got := parts(res); strings.Join(got, ",") != "api" {
				t.Fatalf("%s in the index file: %q, want [api]", key, got)
			}
			write(t, root, "docsd.toml", withParts(`"API", "More"`)) // "More": /docs/guide/more/extra's breadcrumb
			if res, err = b.Rebuild([]string{"docsd.toml"}); err != nil {
				t.Fatal(err)
			}
			if got := parts(res); strings.Join(got, ",") != "api,more" {
				t.Fatalf("after the edit, %s in the index file: %q, want [api more]", key, got)
			}
			// The pages' flags (in the page files) follow the edit, both ways, as a full build's.
			sameAsFull := func(res *Result, wantFlagged bool) {
				t.Helper()
				fb := New(opts)
				defer fb.Close()
				full, err := fb.Build()
				if err != nil {
					t.Fatal(err)
				}
				if diffs, _ := compareSearchFiles(res.Files.Data, full.Files.Data); diffs != nil {
					t.Fatalf("after the %s edit, the search files differ from a full build's: %v", key, diffs)
				}
				m, err := searchMeaning(res.Files.Data, searchLocales(res.Files.Data)[""])
				if err != nil {
					t.Fatal(err)
				}
				flagged := 0
				for _, p := range m.PerPage {
					if p.Lookup || p.Action || p.Name {
						flagged++
					}
				}
				if (flagged > 0) != wantFlagged {
					t.Fatalf("%d pages flagged by %s; want some: %v", flagged, key, wantFlagged)
				}
			}
			sameAsFull(res, true)
			write(t, root, "docsd.toml", withParts(`"API"`))
			if res, err = b.Rebuild([]string{"docsd.toml"}); err != nil {
				t.Fatal(err)
			}
			sameAsFull(res, false)
			bad := withParts(`"REST API"`)
			write(t, root, "docsd.toml", bad)
			want := fmt.Sprintf(`docsd.toml:%d:%d: [search] %s entry 1 "REST API": want one searchable word`, lineWith(bad, key+" = "), len(key+" = [")+1, key)
			if _, err = b.Rebuild([]string{"docsd.toml"}); err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("a two-word entry: got %v; want %s…", err, want)
			}
		})
	}
}

// TestShrinkingIndexLeavesNoChunk: a body edit that removes most of the site's words leaves fewer
// term chunks; the rebuild, which starts from the last build's files, must not keep serving the
// chunks that are gone (they were orphans that only a full build dropped).
func TestShrinkingIndexLeavesNoChunk(t *testing.T) {
	root, opts := siteCopy(t, true)
	var long strings.Builder
	long.WriteString("---\ntitle: Words\n---\n\n")
	for i := 0; i < 6000; i++ {
		// Distinct words: each is a term with its own postings, several term chunks in all.
		fmt.Fprintf(&long, "w%dq%d ", i, i*7919%10007)
	}
	f := "content/docs/guide/words.md"
	write(t, root, f, long.String()+"\n")
	b := New(opts)
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	chunks := func(res *Result) (n int) {
		for _, p := range res.Files.Paths() {
			if strings.HasPrefix(p, "search-index-") && strings.Count(p, "-") == 3 {
				n++
			}
		}
		return n
	}
	before := chunks(first)
	write(t, root, f, "---\ntitle: Words\n---\n\nFew words now.\n")
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if after := chunks(res); after >= before || before < 2 {
		t.Fatalf("term chunks: %d before the edit, %d after; want fewer after, from at least 2", before, after)
	}
	ref := New(opts)
	defer ref.Close()
	want, err := ref.Build()
	if err != nil {
		t.Fatal(err)
	}
	compareFiles(t, "shrinking edit", res, want)
}

// TestBodyEditRewritesFewSearchFiles: on a generated 1,000-page site, a paragraph added to one page
// rewrites the term chunks of its words whose lists changed (pkg/search/publish.go), the page's
// documents chunk and the index file, and leaves every other search file's bytes as they were.
func TestBodyEditRewritesFewSearchFiles(t *testing.T) {
	root, opts := siteCopy(t, true)
	generate(t, root, 10, 100)
	opts.BuildTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b := New(opts)
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	searchFiles := func(res *Result) map[string]string {
		out := map[string]string{}
		for name, data := range res.Files.Data {
			if strings.HasPrefix(name, "search-") {
				out[name] = string(data)
			}
		}
		return out
	}
	before := searchFiles(first)
	f := "content/docs/gen-03/part-1/page-42.md"
	write(t, root, f, read(t, root, f)+"\nThe okapiword paragraph.\n")
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	after := searchFiles(res)
	var terms, docs, entries []string
	termChunks := 0
	for name, data := range after {
		isEntry := strings.Count(name, "-") == 2
		if !isEntry && strings.HasPrefix(name, "search-index-") {
			termChunks++
		}
		if before[name] == data {
			continue
		}
		switch {
		case isEntry:
			entries = append(entries, name)
		case strings.HasPrefix(name, "search-index-"):
			terms = append(terms, name)
			// The edited section's words (its text is "More text. See the page before. The
			// okapiword paragraph."): a new word, and those whose body weight the longer section
			// moved; or the new word's deletion keys (pkg/search/typokeys.go).
			if !slices.ContainsFunc([]string{`"more"`, `"text"`, `"see"`, `"page"`, `"befor"`, `"okapiword"`, `"paragraph"`, `"!kapiwok"`}, func(w string) bool {
				return strings.Contains(data, w)
			}) {
				t.Errorf("%s was rewritten, but holds none of the words of the edited section", name)
			}
		default:
			docs = append(docs, name)
		}
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			t.Errorf("%s is gone after a body edit", name)
		}
	}
	if len(terms) == 0 || len(terms) > 4 || termChunks < 8 || len(docs) != 1 || len(entries) != 1 || entries[0] != "search-index-20260102030405.json" {
		t.Errorf("a body edit rewrote term chunks %v (of %d), documents chunks %v, entry files %v; want 1 to 4 term chunks, the page's documents chunk and the index file",
			terms, termChunks, docs, entries)
	}
}

// TestStructuralEditsRewriteFewSearchFiles: on a generated 1,000-page site, a new page, a deleted
// page and a renamed page each rewrite only the term chunks of the words whose lists they changed
// (the other pages keep their numbers: pkg/search/numbers.go), the documents chunks of their
// numbers and the entry files; the search files mean what a full build's mean.
func TestStructuralEditsRewriteFewSearchFiles(t *testing.T) {
	root, opts := siteCopy(t, true)
	generate(t, root, 10, 100)
	opts.BuildTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b := New(opts)
	defer b.Close()
	last, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	ref := New(opts)
	defer ref.Close()
	entries := [2]string{"search-docs-20260102030405.json", "search-index-20260102030405.json"}
	from, to := "content/docs/gen-07/part-2/page-60.md", "content/docs/gen-07/part-2/page-60-renamed.md"
	for _, step := range []struct {
		name string
		edit func() []string
	}{
		{"new page", func() []string {
			f := "content/docs/gen-02/part-0/a-new-page.md"
			write(t, root, f, "---\ntitle: A new page\n---\n\nThe wombatword page.\n")
			return []string{f}
		}},
		{"deleted page", func() []string {
			f := "content/docs/gen-05/part-3/page-80.md"
			if err := os.Remove(filepath.Join(root, f)); err != nil {
				t.Fatal(err)
			}
			return []string{f}
		}},
		{"renamed page", func() []string {
			if err := os.Rename(filepath.Join(root, from), filepath.Join(root, to)); err != nil {
				t.Fatal(err)
			}
			return []string{from, to}
		}},
	} {
		res, err := b.Rebuild(step.edit())
		if err != nil {
			t.Fatal(err)
		}
		got, want, docs, of := rewrittenSearchChunks(t, last.Files.Contents(), res.Files.Contents(), entries)
		t.Logf("%s: term chunks rewritten %v of %d, documents chunks %v", step.name, got, of, docs)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: term chunks rewritten %v\nwant those holding a word whose lists changed %v", step.name, got, want)
		}
		// The generated pages are made of words every page has ("page", "text", "more"), whose
		// lists are in most chunks: a deleted page's words are in 7 of the 9. Before, every chunk
		// and every documents chunk after the page's were rewritten.
		if len(got) == 0 || len(got) >= of || of < 8 || len(docs) == 0 || len(docs) > 2 {
			t.Errorf("%s: %d of %d term chunks and documents chunks %v rewritten; want fewer than all and the page's", step.name, len(got), of, docs)
		}
		ref.last = nil
		full, err := ref.Build()
		if err != nil {
			t.Fatal(err)
		}
		compareFiles(t, step.name, res, full)
		last = res
	}
}
