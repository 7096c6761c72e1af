package search

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The deletion keys of a word are the word without its first letter and without its second, cut
// to typoCut letters, each with the word's first two letters: "wecret" looks up "ecret" and finds
// "se". Words shorter than typoMinLen and words of other characters than ASCII letters have none.
func TestTypoKeysNameTheFirstLetters(t *testing.T) {
	words := []string{"build", "café", "secret", "secrets", "step", "vela_addr"}
	var keys []key
	for i, w := range words {
		keys = append(keys, key{w, int32(i)})
	}
	got := withTypoKeys(keys)
	var dels []string
	for i, k := range got {
		if !isTypoKey(k) {
			if !slices.Equal(wordsOf(got[i:]), words) {
				t.Fatalf("the words after the deletion keys: %v, want %v", wordsOf(got[i:]), words)
			}
			break
		}
		dels = append(dels, k.word)
	}
	want := []string{"!bildbu", "!ecretse", "!scretse", "!uildbu"}
	if !slices.Equal(dels, want) {
		t.Fatalf("deletion keys %q, want %q (sorted, each once, \"secrets\" cut to \"secret\"'s)", dels, want)
	}
}

func wordsOf(keys []key) []string {
	var out []string
	for _, k := range keys {
		out = append(out, k.word)
	}
	return out
}

// A published index holds the deletion keys in term chunks of their own (keyTerms -1, no term),
// before the words' chunks: a query for words never fetches them, and the chunk that names a
// word's first letters is found by the entry file's boundaries, as a word's is. A new word adds
// its keys on the next publish, and that publish reads as a fresh one does (sameAsFresh).
func TestTypoKeysArePublishedInChunksOfTheirOwn(t *testing.T) {
	x := New()
	x.chunkBytes = 400
	pages := map[string]Page{}
	set := func(p Page) {
		pages[p.Route] = p
		x.Update(p.Route, NewShard(p))
	}
	for i := 0; i < 60; i++ {
		route := fmt.Sprintf("/docs/p%02d", i)
		set(Page{Route: route, Title: fmt.Sprintf("Page %d about builds", i),
			Sections: []Section{{Text: strings.Repeat(fmt.Sprintf("word%d running builds configuring secrets ", i), 20)}}})
	}
	heads := func(files map[string][]byte) map[string][]string {
		entry := readEntry(t, x, files["index"])
		out := map[string][]string{}
		typoChunks := 0
		for n, first := range entry.Chunks {
			var tc TermChunk
			if err := json.Unmarshal(files[fmt.Sprintf("index-%d", entry.ChunkIDs[n])], &tc); err != nil {
				t.Fatal(err)
			}
			typoChunk := strings.HasPrefix(first, typoMark)
			if typoChunk {
				typoChunks++
				if typoChunks != n+1 {
					t.Fatalf("chunk %d from %q: deletion chunks come first", n, first)
				}
			}
			for i, k := range tc.Keys {
				if strings.HasPrefix(k, typoMark) != typoChunk || (tc.KeyTerms[i] == -1) != typoChunk {
					t.Fatalf("chunk from %q holds %q (term %d): deletion keys and words share a chunk", first, k, tc.KeyTerms[i])
				}
				if typoChunk {
					out[k[:len(k)-2]] = append(out[k[:len(k)-2]], k[len(k)-2:])
				}
			}
			if typoChunk && len(tc.Terms) != 0 {
				t.Fatalf("deletion chunk from %q has terms %v", first, tc.Terms)
			}
		}
		if typoChunks == 0 || typoChunks == len(entry.Chunks) {
			t.Fatalf("%d deletion chunks of %d", typoChunks, len(entry.Chunks))
		}
		return out
	}
	before := heads(published(t, x))
	if !slices.Contains(before["!ecret"], "se") || !slices.Contains(before["!uilds"], "bu") || !slices.Contains(before["!onfig"], "co") ||
		!slices.Contains(before["!cnfig"], "co") {
		t.Fatalf("deletion keys: %v", before)
	}
	if len(before["!ipeli"]) != 0 {
		t.Fatalf("a key of a word no page has: %v", before["!ipeli"])
	}
	// An edit brings a new word: its keys are published, and the index reads as a fresh build's.
	set(Page{Route: "/docs/p03", Title: "Pipelines", Sections: []Section{{Text: "pipelines"}}})
	got := published(t, x)
	if after := heads(got); !slices.Contains(after["!ipeli"], "pi") || !slices.Contains(after["!ppeli"], "pi") {
		t.Fatalf("after the edit, deletion keys of \"pipelines\": %v %v", after["!ipeli"], after["!ppeli"])
	}
	if d := sameAsFresh(t, got, published(t, freshOf(pages, 400))); len(d) > 0 {
		t.Fatalf("an edit's publish and a fresh one differ: %v", d[:min(len(d), 5)])
	}
}
