// Package textdist is the edit distance that "did you mean" suggestions share: a mistyped
// front-matter or docsd.toml key, a reference label, a link target. One implementation, so that
// every suggestion of docsd agrees on what "close" means.
package textdist

import "strings"

// Distance is the Levenshtein distance of a and b, in bytes (keys and paths are mostly ASCII).
func Distance(a, b string) int {
	if a == b {
		return 0
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// ClosestKey returns the candidate nearest to key, ignoring case, when it is near enough to be a
// typo (about a third of the key's length: two edits for a short key, a swap, at most three), or "".
// On ties the earliest candidate wins.
func ClosestKey(key string, candidates []string) string {
	best, bestD := "", min(len(key)/3+2, 4)
	k := strings.ToLower(key)
	for _, c := range candidates {
		if d := Distance(k, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}
