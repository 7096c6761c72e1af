package search

// A page stays open while docsd watch (or a deploy) rewrites the search files under the same
// names: the page's engine still has the old entry files when it fetches new chunks. Sections and
// pages are numbered across the whole site, so a chunk read with another build's numbering puts a
// word on the wrong page: "zanzibarquux", added to one page, was found on the next one ("Skip
// builds"), which looked like a typing-mistake match. The engine must notice and ask for the
// files again instead.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"docsd/pkg/search"
)

// writeFiles publishes x into dir; with chunksOnly the entry files already there are kept.
func writeFiles(t *testing.T, x *search.Index, dir string, chunksOnly bool) (docsPath, indexPath string) {
	t.Helper()
	docs, idx, err := x.Publish()
	if err != nil {
		t.Fatal(err)
	}
	docsPath, indexPath = filepath.Join(dir, "search-docs-1.json"), filepath.Join(dir, "search-index-1.json")
	files := map[string][]byte{}
	if !chunksOnly {
		files[docsPath], files[indexPath] = docs, idx
	}
	for _, c := range x.Chunks() {
		files[c.FileName(docsPath, indexPath)] = c.Data
	}
	for p, b := range files {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return docsPath, indexPath
}

func stalePage(route, title string, sections ...search.Section) *search.Shard {
	return search.NewShard(search.Page{Route: route, Title: title, Sections: sections})
}

func TestChunksOfAnotherBuildAreNotReadWithOldEntries(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	x.Update("/docs/secrets", stalePage("/docs/secrets", "Secrets", search.Section{Text: "Keep credentials in secrets."}))
	x.Update("/docs/skip", stalePage("/docs/skip", "Skip builds", search.Section{Text: "Skip a build with a commit message."},
		search.Section{ID: "more", Heading: "More", Text: "Other ways to skip."}))
	dir := t.TempDir()
	docsPath, indexPath := writeFiles(t, x, dir, false)

	// The edit adds a section to the first page; only the chunks reach the open page.
	x.Update("/docs/secrets", stalePage("/docs/secrets", "Secrets", search.Section{Text: "Keep credentials in secrets."},
		search.Section{ID: "zanzibarquux-rotation", Heading: "Zanzibarquux rotation", Text: "Rotate zanzibarquux credentials often."}))
	writeFiles(t, x, dir, true)

	got := staleQuery(t, docsPath, indexPath, "zanzibarquux")
	for _, r := range got.Routes {
		if r != "/docs/secrets" {
			t.Errorf("zanzibarquux found on %s, a page that does not have it (results %v)", r, got.Routes)
		}
	}
	if !got.Stale || got.Reloads != 1 {
		t.Errorf("the engine did not notice the chunks of another build (got %+v); want a stale error and one reload request", got)
	}
}

// staleResult is what stale.mjs prints.
type staleResult struct {
	Routes  []string `json:"routes"`
	Stale   bool     `json:"stale"`
	Reloads int      `json:"reloads"`
}

// staleQuery answers q with the browser's engine over the files in a folder (stale.mjs).
func staleQuery(t *testing.T, docsPath, indexPath, q string) staleResult {
	t.Helper()
	out, err := exec.Command("node", "stale.mjs", docsPath, indexPath, q).Output()
	if err != nil {
		t.Fatalf("node stale.mjs: %v", err)
	}
	var got staleResult
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("stale.mjs printed %q: %v", out, err)
	}
	return got
}

// A term chunk is named by a number its entry file lists (pkg/search/layout.go), and a rebuild
// removes the chunks it no longer writes: a page with older entry files then meets a 404, which
// must read as "these files are old" (ask for the entry files again), not as a broken search.
func TestAChunkThatIsGoneMeansOtherEntries(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	x.Update("/docs/secrets", stalePage("/docs/secrets", "Secrets", search.Section{Text: "Keep credentials in secrets."}))
	dir := t.TempDir()
	docsPath, indexPath := writeFiles(t, x, dir, false)
	if got := staleQuery(t, docsPath, indexPath, "credentials"); got.Stale || len(got.Routes) != 1 {
		t.Fatalf("with every file there: %+v; want the page", got)
	}
	gone, err := filepath.Glob(filepath.Join(dir, "search-index-1-*.json"))
	if err != nil || len(gone) == 0 {
		t.Fatalf("no term chunks in %s (%v)", dir, err)
	}
	for _, p := range gone {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	if got := staleQuery(t, docsPath, indexPath, "credentials"); !got.Stale || got.Reloads != 1 {
		t.Errorf("a term chunk that is gone: %+v; want a stale error and one reload request", got)
	}
}

// A page file (pkg/search/pages.go: section counts, title lengths, ranks) of another build must
// not be read with older entry files either: its stamp is not the one they list.
func TestAPageFileOfAnotherBuildMeansOtherEntries(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	x := search.New()
	x.Update("/docs/secrets", stalePage("/docs/secrets", "Secrets", search.Section{Text: "Keep credentials in secrets."}))
	x.Update("/docs/skip", stalePage("/docs/skip", "Skip builds", search.Section{Text: "Skip a build with credentials."}))
	dir := t.TempDir()
	docsPath, indexPath := writeFiles(t, x, dir, false)
	// The next build gives the first page a longer title (its title length, which no other file
	// checks); only its page file reaches the open page.
	x.Update("/docs/secrets", stalePage("/docs/secrets", "Secrets kept in vaults", search.Section{Text: "Keep credentials in secrets."}))
	other := t.TempDir()
	writeFiles(t, x, other, true)
	data, err := os.ReadFile(search.PageFileName(filepath.Join(other, "search-index-1.json"), 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(search.PageFileName(indexPath, 0), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := staleQuery(t, docsPath, indexPath, "credentials"); !got.Stale || got.Reloads != 1 || len(got.Routes) != 0 {
		t.Errorf("a page file of another build: %+v; want a stale error, one reload request and no results", got)
	}
}
