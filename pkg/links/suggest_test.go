package links

// The indexed "did you mean" must answer exactly what the scan of every candidate answered before
// it (issue 17): the scan stays here as the oracle, and seeded random cases of the shapes writers
// make compare the two.

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"docsd/pkg/textdist"
)

// closestScan is the search the index replaced: every candidate in order, the first one with the
// smallest distance below bound wins.
func closestScan(want string, cands []string, bound int) string {
	best, bestD := "", bound
	for _, c := range cands {
		if d := textdist.Distance(want, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// scanDists is closestScan from distances computed once.
func scanDists(cands []string, dists []int, bound int) string {
	best, bestD := "", bound
	for i, d := range dists {
		if d < bestD {
			best, bestD = cands[i], d
		}
	}
	return best
}

// mutate applies n random edits (insert, delete, substitute, swap) from alphabet.
func mutate(r *rand.Rand, s string, n int, alphabet string) string {
	for ; n > 0; n-- {
		i := 0
		if len(s) > 0 {
			i = r.Intn(len(s))
		}
		ch := string(alphabet[r.Intn(len(alphabet))])
		switch op := r.Intn(4); {
		case op == 0 || len(s) == 0:
			s = s[:i] + ch + s[i:]
		case op == 1:
			s = s[:i] + s[i+1:]
		case op == 2:
			s = s[:i] + ch + s[i+1:]
		case i+1 < len(s):
			s = s[:i] + s[i+1:i+2] + s[i:i+1] + s[i+2:]
		}
	}
	return s
}

func routeCands(products int) []string {
	var out []string
	for p := 0; p < products; p++ {
		for _, sec := range []string{"usage", "reference", "guides", "admin"} {
			for _, t := range []string{"secrets", "pipelines", "workers", "webhooks", "builds"} {
				for _, n := range []string{"rotate-keys", "create", "delete", "list", "update", "configure",
					"troubleshoot", "overview", "install", "migrate"} {
					out = append(out, fmt.Sprintf("/docs/product-%d/%s/%s/%s", p, sec, t, n))
				}
			}
		}
	}
	return out
}

func randomCands(r *rand.Rand, n, maxLen int, alphabet string) []string {
	out := make([]string, n)
	for i := range out {
		b := make([]byte, r.Intn(maxLen+1))
		for j := range b {
			b[j] = alphabet[r.Intn(len(alphabet))]
		}
		out[i] = string(b)
	}
	return out
}

// TestSuggesterEqualsScan compares the index with the scan on a few thousand seeded cases: route
// sets with typos, renamed folders and unrelated paths, and random strings over a small alphabet
// (many ties, duplicates, short and empty strings), with the path bound, the key bound and others.
func TestSuggesterEqualsScan(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	routes := routeCands(2) // 400 routes
	sets := []struct {
		name     string
		cands    []string
		alphabet string
		wants    int
	}{
		{"routes", routes, "abcdeklmnorstuy-/0123456789", 1000},
		{"small alphabet", randomCands(r, 400, 12, "abc"), "abc", 800},
		{"duplicates", append(randomCands(r, 100, 8, "ab/"), randomCands(rand.New(rand.NewSource(1)), 100, 8, "ab/")...), "ab/", 500},
		{"few", randomCands(r, 30, 10, "abcd"), "abcd", 500},
		{"mixed lengths", randomCands(r, 300, 60, "abcdefgh/"), "abcdefgh/", 400},
	}
	cases, cut := 0, 0
	for _, set := range sets {
		sug := newSuggester(set.cands)
		for i := 0; i < set.wants; i++ {
			var want string
			switch r.Intn(4) {
			case 0, 1: // a few edits from a candidate
				want = mutate(r, set.cands[r.Intn(len(set.cands))], 1+r.Intn(4), set.alphabet)
			case 2: // a renamed folder: a segment replaced
				segs := strings.Split(set.cands[r.Intn(len(set.cands))], "/")
				segs[r.Intn(len(segs))] = randomCands(r, 1, 8, set.alphabet)[0]
				want = strings.Join(segs, "/")
			default: // anything
				want = randomCands(r, 1, 50, set.alphabet)[0]
			}
			dists := make([]int, len(set.cands)) // one scan serves the three bounds
			for j, c := range set.cands {
				dists[j] = textdist.Distance(want, c)
			}
			for _, bound := range []int{pathBound(want), len(want)/3 + 2, r.Intn(12)} {
				cases++
				sug.cut = 0
				got, exp := sug.closest(want, bound), scanDists(set.cands, dists, bound)
				if sug.cut == 0 {
					if got != exp {
						t.Fatalf("%s: closest(%q, %d) = %q, the scan says %q", set.name, want, bound, got, exp)
					}
					continue
				}
				// A cut search answers the closest of the candidates it scored: never one
				// closer than the scan's, nor one at the bound.
				cut++
				if got == "" {
					continue
				}
				if d := textdist.Distance(want, got); d >= bound || (exp != "" && d < textdist.Distance(want, exp)) {
					t.Fatalf("%s: cut closest(%q, %d) = %q at %d, the scan says %q", set.name, want, bound, got, d, exp)
				}
			}
		}
	}
	t.Logf("%d cases, %d cut", cases, cut)
	if cut > cases/20 {
		t.Errorf("%d of %d searches were cut: the bounds are meant for adversarial links, not these", cut, cases)
	}
}

// adversarialRoutes is routeCands(50) with 600 release-notes pages: long slugs made of trigrams
// hundreds of routes share, the kind of site where one broken link could read most of the index.
func adversarialRoutes() []string {
	routes := routeCands(50)
	for v := 0; v < 600; v++ {
		routes = append(routes, fmt.Sprintf("/docs/release-notes-for-version-%d-%d", v/100, v%100))
	}
	return append(routes, "/docs/a-page-that-was-renamed-long-ago")
}

// TestSuggesterBoundedPerLink pins queries made to defeat the index (issue 17: "bounded per link,
// still deterministic"): each stays within the hard bounds, answers the same twice and from a
// fresh index, and the answer is pinned (the scan's where the scan's is named).
func TestSuggesterBoundedPerLink(t *testing.T) {
	routes := adversarialRoutes()
	sug := newSuggester(routes)
	for _, c := range []struct {
		want, exp string
		cut       bool // the search is expected to reach a bound
	}{
		// A short last segment under a folder 200 routes share.
		{"/docs/product-17/usage/secrets/lst", "/docs/product-17/usage/secrets/list", false},
		{"/docs/product-17/usage/secrets/x", "", false},
		// A long made-up slug: too short for the lemma at its bound, so every route of a
		// length within 17 would be compared.
		{"/docs/the-old-migration-guide-of-the-first-major-release", "", true},
		// The same with a page near (16 edits, bound 18): the exact phase spends its distances on
		// routes in posting order, the ranking puts the page that shares the most trigrams first.
		{"/docs/a-page-that-was-renamed-long-ago-and-is-now-gone", "/docs/a-page-that-was-renamed-long-ago", true},
		// A long last segment whose trigrams are all common.
		{"/docs/product-1/usage/secrets/rotate-keys-and-tokens-for-every-service", "", true},
		// Words missing from a slug 600 routes share: cut, and the ranking still finds the page.
		{"/docs/release-notes-version-3-14", "/docs/release-notes-for-version-3-14", true},
		// Equally far from many: the earliest in site order wins.
		{"/docs/release-notes-for-all-versions", "/docs/release-notes-for-version-0-0", true},
		{"/docs/release-notes", "", true},
		{"/docs/product-17/legacy/secrets/old-rotate-keys", "", true},
		// Longer than maxWant: no search at all.
		{"/docs/" + strings.Repeat("release-notes-", 20), "", false},
	} {
		sug.computed, sug.looked, sug.cut = 0, 0, 0
		got := sug.closest(c.want, pathBound(c.want))
		t.Logf("%s: %d distances, %d looked at, cut %d", c.want, sug.computed, sug.looked, sug.cut)
		if got != c.exp {
			t.Errorf("closest(%q) = %q, want %q", c.want, got, c.exp)
		}
		if c.exp != "" {
			if scan := closestScan(c.want, routes, pathBound(c.want)); scan != c.exp {
				t.Errorf("the scan suggests %q for %q, the pin says %q", scan, c.want, c.exp)
			}
		}
		if (sug.cut > 0) != c.cut {
			t.Errorf("closest(%q): cut %d times, want cut %v", c.want, sug.cut, c.cut)
		}
		if sug.computed > maxScored || sug.looked > maxLooked+maxRead {
			t.Errorf("closest(%q) computed %d distances and looked at %d candidates, over the bounds %d and %d",
				c.want, sug.computed, sug.looked, maxScored, maxLooked+maxRead)
		}
		if again := sug.closest(c.want, pathBound(c.want)); again != got {
			t.Errorf("closest(%q) answered %q, then %q", c.want, got, again)
		}
		if fresh := newSuggester(routes).closest(c.want, pathBound(c.want)); fresh != got {
			t.Errorf("closest(%q) answered %q, a fresh index %q", c.want, got, fresh)
		}
	}
}

// TestSuggesterPins pins a few suggestions on a route set of the size of a big site, and that each
// one computes few distances where the scan computed one per route.
func TestSuggesterPins(t *testing.T) {
	routes := routeCands(50) // 10,000 routes
	sug := newSuggester(routes)
	for _, c := range []struct{ want, exp string }{
		{"/docs/product-17/usage/secrets/rotate-kyes", "/docs/product-17/usage/secrets/rotate-keys"},
		{"/docs/product-17/usage/secret/rotate-keys", "/docs/product-17/usage/secrets/rotate-keys"},
		{"/docs/prodcut-17/usage/secrets/create", "/docs/product-17/usage/secrets/create"},
		{"/docs/product-3/admin/workers/instal", "/docs/product-3/admin/workers/install"},
		{"/docs/product-3/admin/workers/install-old", "/docs/product-3/admin/workers/install"},
		{"/docs/product-17/legacy/secrets/old-rotate-keys", ""},
		{"/docs/x", ""},
	} {
		sug.computed = 0
		got := sug.closest(c.want, pathBound(c.want))
		if exp := closestScan(c.want, routes, pathBound(c.want)); exp != c.exp {
			t.Fatalf("the scan suggests %q for %q, the pin says %q", exp, c.want, c.exp)
		}
		if got != c.exp {
			t.Errorf("closest(%q) = %q, want %q", c.want, got, c.exp)
		}
		t.Logf("%s: %d distances", c.want, sug.computed)
		if sug.computed > 300 {
			t.Errorf("closest(%q) computed %d distances among %d routes, want at most 300", c.want, sug.computed, len(routes))
		}
	}
}

// TestWithinIsDistance checks the banded distance against textdist.Distance.
func TestWithinIsDistance(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	s := newSuggester(nil)
	for i := 0; i < 20000; i++ {
		a := randomCands(r, 1, 14, "abc/")[0]
		b := mutate(r, a, r.Intn(6), "abc/")
		if r.Intn(4) == 0 {
			b = randomCands(r, 1, 14, "abc/")[0]
		}
		d := textdist.Distance(a, b)
		k := r.Intn(9) - 1
		got := s.within(a, b, k)
		if (d <= k && got != d) || (d > k && got <= k) {
			t.Fatalf("within(%q, %q, %d) = %d, distance %d", a, b, k, got, d)
		}
	}
}
