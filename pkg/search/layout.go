package search

// Where the term chunks begin, and what they are called. Boundaries that followed sizes (a chunk
// ends once its terms hold chunkBytes) moved with every posting an edit added or removed, and every
// chunk after the edit changed with them. Here a chunk begins at a key whose hash has its low bits
// zero (one key in `spacing`, on average), which depends on that key alone: an edit that changes
// the lists of some terms changes their chunks only, and a key that comes or goes changes its own
// chunk, or, when it begins one, that chunk and the one before. The spacing is a power of two chosen
// from the size of the index per key, so chunks hold about chunkBytes at 300 pages and at 30,000;
// it changes (and every chunk with it) only when that size halves or doubles. A chunk's number is
// the hash of its first key (the next free number after it when two collide, in key order), so it
// keeps its file name while chunks before it come and go.

import (
	"hash/fnv"
	"math"
)

// key is a word a query looks up: a term, or a word as written that stems to term.
type key struct {
	word string
	term int32
}

// keyHash is the hash that decides where chunks begin and what they are called.
func keyHash(w string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(w))
	return h.Sum32()
}

// spacingFor is the number of keys a chunk holds on average: the largest power of two that makes
// chunks of target bytes at most (half that at least), given the keys and an estimate of their
// lists' bytes. Chunks' sizes vary more than they did when sizes set their ends, and smaller
// chunks keep what a query fetches small.
func spacingFor(keys, listBytes, target int) uint32 {
	if keys == 0 || listBytes == 0 {
		return 1
	}
	per := float64(keys) * float64(target) / float64(listBytes)
	if per <= 1 {
		return 1
	}
	return 1 << min(uint(math.Floor(math.Log2(per))), 30)
}

// chunkStarts lists the keys (their positions) at which chunks begin: the first key, and every key
// unlike the one before whose hash has its low bits zero. The deletion keys (typokeys.go), first
// in the order, begin a chunk every typoSpacing keys, and the first word begins one: a query for
// words never fetches deletion keys with them.
func chunkStarts(keys []key, spacing uint32) []int {
	if len(keys) == 0 {
		return nil
	}
	starts := []int{0}
	for i := 1; i < len(keys); i++ {
		if keys[i].word == keys[i-1].word {
			continue
		}
		mask := spacing - 1
		if isTypoKey(keys[i]) {
			mask = typoSpacing - 1
		}
		if isTypoKey(keys[i-1]) && !isTypoKey(keys[i]) || keyHash(keys[i].word)&mask == 0 {
			starts = append(starts, i)
		}
	}
	return starts
}

// chunkIDs numbers the chunks from their first keys' hashes, in key order, the next free number
// on a collision.
func chunkIDs(keys []key, starts []int) []int {
	ids := make([]int, len(starts))
	used := make(map[uint32]bool, len(starts))
	for i, s := range starts {
		// 31 bits: a number of every platform's int, and positive in a file name.
		id := keyHash(keys[s].word) & 0x7fffffff
		for used[id] {
			id = (id + 1) & 0x7fffffff
		}
		used[id] = true
		ids[i] = int(id)
	}
	return ids
}
