package search

import (
	"fmt"
	"slices"
	"testing"
)

// Chunk starts depend on the keys alone, and a chunk's number on its first key: a key that comes
// before a chunk changes neither where the chunks after it begin nor what they are called.
func TestChunkStartsAndNumbersFollowTheKeys(t *testing.T) {
	var keys []key
	for i := 0; i < 2000; i++ {
		keys = append(keys, key{fmt.Sprintf("w%05d", i), int32(i)})
	}
	layout := func(keys []key) map[string]int {
		starts := chunkStarts(keys, 16)
		ids := chunkIDs(keys, starts)
		out := map[string]int{}
		seen := map[int]bool{}
		for i, s := range starts {
			if seen[ids[i]] || ids[i] < 0 {
				t.Fatalf("chunk number %d given twice (or negative)", ids[i])
			}
			seen[ids[i]] = true
			out[keys[s].word] = ids[i]
		}
		return out
	}
	before := layout(keys)
	if len(before) < 60 || len(before) > 200 {
		t.Fatalf("%d chunks of 2,000 keys at a spacing of 16", len(before))
	}
	// A new key near the start that begins a chunk of its own: one more chunk, and every chunk
	// keeps its number (numbers by position would all move).
	word := ""
	for c := 'a'; c <= 'z' && word == ""; c++ {
		for d := 'a'; d <= 'z'; d++ {
			if w := "w00003" + string(c) + string(d); keyHash(w)&15 == 0 {
				word = w
				break
			}
		}
	}
	if word == "" {
		t.Fatal("no word that begins a chunk")
	}
	after := layout(slices.Insert(slices.Clone(keys), 4, key{word, 5000}))
	if len(after) != len(before)+1 || after[word] == 0 {
		t.Fatalf("a new key that begins a chunk: %d chunks, then %d", len(before), len(after))
	}
	for first, id := range before {
		if after[first] != id {
			t.Errorf("the chunk that begins at %q is %d, was %d", first, after[first], id)
		}
	}
	if got := spacingFor(1000, 1000*100, 24<<10); got != 128 {
		t.Errorf("spacing of 1,000 keys of 100 bytes for chunks of 24 KB: %d, want 128 (the power of two at or below 245)", got)
	}
}
