// suggest.go is the "did you mean" search. Comparing a broken link with every route of the site
// costs routes × length² per link: 70 s for 1,575 broken links on a big site (issue 17). The index
// here is built once per check and gives the same answer from a few distance computations.

package links

import (
	"cmp"
	"maps"
	"slices"

	"docsd/pkg/content"
	"docsd/pkg/site"
)

// suggesters are the candidate lists of one check, each indexed the first time a broken link
// needs it.
type suggesters struct {
	route   *suggester            // the routes, in site order
	srcSet  map[string]bool       // the Markdown sources of pages
	src     *suggester            // the same, sorted
	file    *suggester            // the content paths of static files, sorted
	url     *suggester            // their URLs, sorted
	ids     map[string]*suggester // route → the ids its page defines, sorted
	keySets []*suggester          // the long candidate lists of unresolved keys, by content
}

func (x *suggesters) routes(s *site.Site) *suggester {
	if x.route == nil {
		x.route = newSuggester(s.Order)
	}
	return x.route
}

func (x *suggesters) sources(s *site.Site) (map[string]bool, *suggester) {
	if x.src == nil {
		x.srcSet = map[string]bool{}
		for _, r := range s.Routes.All() {
			if r.Source != "" && content.IsMarkdown(r.Source) {
				x.srcSet[r.Source] = true
			}
		}
		x.src = newSuggester(sortedSet(x.srcSet))
	}
	return x.srcSet, x.src
}

func (x *suggesters) files(statics map[string]string) *suggester {
	if x.file == nil {
		x.file = newSuggester(slices.Sorted(maps.Keys(statics)))
	}
	return x.file
}

func (x *suggesters) urls(statics map[string]string) *suggester {
	if x.url == nil {
		x.url = newSuggester(slices.Compact(slices.Sorted(maps.Values(statics))))
	}
	return x.url
}

func (x *suggesters) anchors(route string, ids map[string]bool) *suggester {
	if x.ids == nil {
		x.ids = map[string]*suggester{}
	}
	if x.ids[route] == nil {
		x.ids[route] = newSuggester(sortedSet(ids))
	}
	return x.ids[route]
}

// keys indexes the valid values of an unresolved key. Assembly gives each key its own list, but
// the lists are few (the doc ids of a version, the authors, the tags): one index serves each.
func (x *suggesters) keys(cands []string) *suggester {
	if len(cands) <= linearMax {
		return newSuggester(cands)
	}
	for _, k := range x.keySets {
		if slices.Equal(k.cands, cands) {
			return k
		}
	}
	k := newSuggester(cands)
	x.keySets = append(x.keySets, k)
	return k
}

// linearMax is the candidate count up to which a plain scan beats building an index.
const linearMax = 64

// suggester finds, among its candidates, the one closest to a string: the smallest edit distance
// (textdist.Distance) below a bound, the earliest in candidate order on ties. That is exactly what a
// scan of every candidate in order finds (the oracle in suggest_test.go), from far fewer distance
// computations.
//
// It rests on the q-gram lemma (Ukkonen 1992): one edit changes at most three trigrams, so two
// strings within distance k share at least max(|a|,|b|) − 2 − 3k trigrams, counted with repeats.
// When that number is positive, a close candidate must share one of want's rarest trigrams: if it
// shared none of a set of them, the trigrams left could not reach the number. So the candidates of
// want's rarest trigrams are read first, and reading stops as soon as the trigrams not yet read
// could not make up the number on their own; a close match found early lowers k, which raises the
// number and stops the reading sooner. Each candidate is then checked by length, by its exact
// shared count, and by a distance computation that gives up past k. Strings too short for the
// lemma (the number is not positive) are compared with the candidates of a length within k.
//
// A suggester is used by one goroutine at a time: queries reuse its buffers.
type suggester struct {
	cands []string
	built bool
	// gramAt[i]:gramAt[i+1] are the positions in grams of candidate i's trigrams, sorted.
	grams  []uint32
	gramAt []int32
	post   map[uint32][]int32 // trigram → the candidates holding it, ascending, each once
	byLen  map[int][]int32    // length → the candidates of that length, ascending
	seen   []uint32           // seen[i] == gen: candidate i was looked at by this query
	gen    uint32
	want   []uint32 // the query's trigrams, sorted
	row    [2][]int // rows of the distance table
	// computed counts the distances computed, for the tests: the work per query stays small.
	computed int
}

func newSuggester(cands []string) *suggester { return &suggester{cands: cands} }

// closest returns the candidate nearest to want at a distance below bound, "" when there is none.
func (s *suggester) closest(want string, bound int) string {
	if bound <= 0 || len(s.cands) == 0 {
		return ""
	}
	if len(s.cands) <= linearMax {
		best, bestD := "", bound
		for _, c := range s.cands {
			if d := s.within(want, c, bestD-1); d < bestD {
				best, bestD = c, d
			}
		}
		return best
	}
	s.build()
	s.gen++
	if s.gen == 0 { // wrapped: forget every mark
		clear(s.seen)
		s.gen = 1
	}
	q := query{s: s, want: want, best: -1, lim: bound - 1}
	n := len(want)
	s.want = appendGrams(s.want[:0], want) // the shared count of consider reads it
	if n-2-3*q.lim <= 0 {
		// Too short for the lemma: every candidate of a length within the bound.
		for dl := 0; dl <= q.lim; dl++ {
			for _, i := range s.byLen[n-dl] {
				q.consider(i)
			}
			if dl > 0 {
				for _, i := range s.byLen[n+dl] {
					q.consider(i)
				}
			}
		}
		return q.result()
	}
	type gramCount struct {
		g     uint32
		count int
		post  []int32
	}
	var distinct []gramCount
	for i := 0; i < len(s.want); {
		j := i
		for j < len(s.want) && s.want[j] == s.want[i] {
			j++
		}
		distinct = append(distinct, gramCount{s.want[i], j - i, s.post[s.want[i]]})
		i = j
	}
	slices.SortFunc(distinct, func(a, b gramCount) int {
		if c := cmp.Compare(len(a.post), len(b.post)); c != 0 {
			return c
		}
		return cmp.Compare(a.g, b.g)
	})
	unread := len(s.want)
	for _, d := range distinct {
		if unread < n-2-3*q.lim {
			break // a candidate not yet seen shares too few trigrams to be within q.lim
		}
		for _, i := range d.post {
			q.consider(i)
		}
		unread -= d.count
	}
	return q.result()
}

// query is the state of one closest search.
type query struct {
	s           *suggester
	want        string
	best, bestD int
	lim         int // the largest distance still worth finding
}

func (q *query) consider(i int32) {
	s := q.s
	if s.seen[i] == s.gen {
		return
	}
	s.seen[i] = s.gen
	c := s.cands[i]
	n, m := len(q.want), len(c)
	if n-m > q.lim || m-n > q.lim {
		return
	}
	if need := max(n, m) - 2 - 3*q.lim; need > 0 && shared(s.want, s.grams[s.gramAt[i]:s.gramAt[i+1]]) < need {
		return
	}
	d := s.within(q.want, c, q.lim)
	if d > q.lim || (q.best >= 0 && d == q.bestD && i > int32(q.best)) {
		return
	}
	q.best, q.bestD, q.lim = int(i), d, d
}

func (q *query) result() string {
	if q.best < 0 {
		return ""
	}
	return q.s.cands[q.best]
}

// build indexes the candidates' trigrams and lengths, once.
func (s *suggester) build() {
	if s.built {
		return
	}
	s.built = true
	s.post = map[uint32][]int32{}
	s.byLen = map[int][]int32{}
	s.seen = make([]uint32, len(s.cands))
	s.gramAt = make([]int32, 0, len(s.cands)+1)
	for i, c := range s.cands {
		s.gramAt = append(s.gramAt, int32(len(s.grams)))
		start := len(s.grams)
		s.grams = appendGrams(s.grams, c)
		for j, g := range s.grams[start:] {
			if j == 0 || g != s.grams[start+j-1] {
				s.post[g] = append(s.post[g], int32(i))
			}
		}
		s.byLen[len(c)] = append(s.byLen[len(c)], int32(i))
	}
	s.gramAt = append(s.gramAt, int32(len(s.grams)))
}

// appendGrams appends the trigrams of s (bytes, as Distance counts), sorted.
func appendGrams(dst []uint32, s string) []uint32 {
	start := len(dst)
	for i := 0; i+3 <= len(s); i++ {
		dst = append(dst, uint32(s[i])<<16|uint32(s[i+1])<<8|uint32(s[i+2]))
	}
	slices.Sort(dst[start:])
	return dst
}

// shared counts the trigrams two sorted lists have in common, with repeats.
func shared(a, b []uint32) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// within is the edit distance of a and b (textdist.Distance) when it is at most k, and some number
// above k otherwise. It fills only the cells within k of the diagonal, where every path of cost
// at most k runs, and stops at a row that is all above k.
func (s *suggester) within(a, b string, k int) int {
	if k < 0 {
		return 1
	}
	if a == b {
		return 0
	}
	la, lb := len(a), len(b)
	if la-lb > k || lb-la > k {
		return k + 1
	}
	s.computed++
	far := k + 1 // stands for every value above k
	for r := range s.row {
		if cap(s.row[r]) < lb+1 {
			s.row[r] = make([]int, lb+1)
		}
	}
	prev, cur := s.row[0][:lb+1], s.row[1][:lb+1]
	for j := range prev {
		prev[j] = min(j, far)
	}
	for i := 1; i <= la; i++ {
		lo, hi := max(1, i-k), min(lb, i+k)
		if lo == 1 {
			cur[0] = min(i, far)
		} else {
			cur[lo-1] = far
		}
		rowMin := cur[lo-1]
		ai := a[i-1]
		for j := lo; j <= hi; j++ {
			v := prev[j-1]
			if ai != b[j-1] {
				v++
			}
			v = min(v, prev[j]+1, cur[j-1]+1, far)
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if hi < lb {
			cur[hi+1] = far
		}
		if rowMin > k {
			return far
		}
		prev, cur = cur, prev
	}
	return prev[lb]
}
