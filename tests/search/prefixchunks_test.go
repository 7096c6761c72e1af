package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/search"
)

// TestPrefixBeforeTheFirstWordFetchesNoDeletionChunk: the deletion keys' chunks come before every
// word's (pkg/search/typokeys.go), so a word being typed that sorts before the index's first word
// ("a" when the first is "able") used to fall in the last deletion chunk and fetch it, which no
// query for words needs.
func TestPrefixBeforeTheFirstWordFetchesNoDeletionChunk(t *testing.T) {
	x := search.New()
	x.Update("/docs/able", search.NewShard(search.Page{Route: "/docs/able", Title: "Able builds",
		Sections: []search.Section{{Text: "Able builders configure pipelines and secrets."}}}))
	docsPath, indexPath := writeFiles(t, x, t.TempDir(), false)
	qs := []string{"a", "ab", "able", "builds"}
	got := fetchedChunks(t, docsPath, indexPath, qs)
	for i, q := range qs {
		if dels, all := got[i][0], got[i][1]; dels != 0 || all == 0 {
			t.Errorf("%q fetched %d deletion chunks of %d term chunks; want none of at least one", q, dels, all)
		}
	}
}

// fetchedChunks types each query into a fresh engine over the published files (rank.mjs's
// "fetched"): per query, the deletion chunks and all the term chunks it fetched.
func fetchedChunks(t *testing.T, docsPath, indexPath string, qs []string) [][2]int {
	t.Helper()
	list := filepath.Join(t.TempDir(), "queries.txt")
	if err := os.WriteFile(list, []byte(strings.Join(qs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got [][2]int
	node(t, &got, docsPath, indexPath, list, "fetched")
	return got
}
