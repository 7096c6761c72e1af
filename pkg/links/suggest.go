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

// The hard bounds of one search (issue 17: "bounded per link"). Without them the work of a query
// follows the posting lists of its rarest trigrams, and a link whose trigrams are all common (a long
// made-up slug, a short name under a folder hundreds of routes share) reads most of the site.
const (
	// maxWant: a longer string gets no suggestion (no one mistypes a 256-byte link; the cost of a
	// distance grows with its square).
	maxWant = 256
	// maxScored: the distances computed per search, exact phase and ranked phase together. At most
	// maxWant × (2·maxWant/3 + 3) table cells each; a 40-byte link ending in a 10-byte name: 40 × 9.
	maxScored = 256
	// maxExactScored, maxLooked: the exact search stops past these many distances or candidates
	// looked at (each a length test and a count of shared trigrams); a search that stops is "cut".
	maxExactScored = 192
	maxLooked      = 4096
	// maxRead: the posting entries a cut search reads to rank candidates by the trigrams they share.
	maxRead = 8192
)

// suggester finds, among its candidates, the one closest to a string: the smallest edit distance
// (textdist.Distance) below a bound, the earliest in candidate order on ties (for routes, site
// order; the other lists are sorted). Within its bounds that is exactly what a scan of every
// candidate in order finds (the oracle in suggest_test.go), from far fewer distance computations.
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
// The work is bounded (maxScored and the constants beside it): a search that would look at more
// candidates than maxLooked or compute more than maxExactScored distances is cut, and goes on with
// the candidates that share the most of want's trigrams (counted over at most maxRead posting
// entries, rarest trigrams first), most first, then earliest; the answer is the closest of every
// candidate scored, still deterministic. A cut search may miss a closer candidate the scan would
// find; TestSuggesterEqualsScan checks that the searches that are not cut equal the scan.
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
	// hits[i] counts the trigrams candidate i shares with a cut search's query, order lists
	// those candidates (ranked); both are cleared after each use.
	hits  []uint16
	order []int32
	// computed counts the distances computed, looked the candidates looked at, and cut the
	// searches cut, for the tests: the work per query stays small.
	computed, looked, cut int
}

func newSuggester(cands []string) *suggester { return &suggester{cands: cands} }

// gramCount is one distinct trigram of a query, how often the query holds it and its candidates.
type gramCount struct {
	g     uint32
	count int
	post  []int32
}

// closest returns the candidate nearest to want at a distance below bound, "" when there is none.
func (s *suggester) closest(want string, bound int) string {
	if bound <= 0 || len(s.cands) == 0 || len(want) > maxWant {
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
	q := query{s: s, want: want, best: -1, lim: bound - 1, scoreCap: maxExactScored}
	n := len(want)
	s.want = appendGrams(s.want[:0], want) // the shared count of consider reads it
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
	if n-2-3*q.lim <= 0 {
		// Too short for the lemma: every candidate of a length within the bound.
	short:
		for dl := 0; dl <= q.lim; dl++ {
			for _, i := range s.byLen[n-dl] {
				if !q.consider(i) {
					break short
				}
			}
			if dl > 0 {
				for _, i := range s.byLen[n+dl] {
					if !q.consider(i) {
						break short
					}
				}
			}
		}
	} else {
		unread := len(s.want)
	lemma:
		for _, d := range distinct {
			if unread < n-2-3*q.lim {
				break // a candidate not yet seen shares too few trigrams to be within q.lim
			}
			for _, i := range d.post {
				if !q.consider(i) {
					break lemma
				}
			}
			unread -= d.count
		}
	}
	if q.cut {
		s.cut++
		q.ranked(distinct)
	}
	return q.result()
}

// query is the state of one closest search.
type query struct {
	s           *suggester
	want        string
	best, bestD int
	lim         int // the largest distance still worth finding
	// scored and looked count this search's work; scoreCap is the distances it may compute in
	// its current phase; cut is set when the exact phase stopped at a bound.
	scored, looked, scoreCap int
	cut                      bool
}

// consider looks at candidate i, and reports false when the search must stop: its bounds are
// reached.
func (q *query) consider(i int32) bool {
	s := q.s
	if s.seen[i] == s.gen {
		return true
	}
	if q.looked >= maxLooked || q.scored >= q.scoreCap {
		q.cut = true
		return false
	}
	q.looked++
	s.looked++
	s.seen[i] = s.gen
	c := s.cands[i]
	n, m := len(q.want), len(c)
	if n-m > q.lim || m-n > q.lim {
		return true
	}
	if need := max(n, m) - 2 - 3*q.lim; need > 0 && shared(s.want, s.grams[s.gramAt[i]:s.gramAt[i+1]]) < need {
		return true
	}
	q.scored++
	d := s.within(q.want, c, q.lim)
	if d > q.lim || (q.best >= 0 && d == q.bestD && i > int32(q.best)) {
		return true
	}
	q.best, q.bestD, q.lim = int(i), d, d
	return true
}

// ranked goes on with a cut search: the candidates sharing the most distinct trigrams with want
// (counted over the posting lists of the rarest trigrams first, at most maxRead entries), most
// first, then earliest, until the distances reach maxScored. Candidates the exact phase looked at
// are not looked at again; its best so far stays the answer to beat.
func (q *query) ranked(distinct []gramCount) {
	s := q.s
	if s.hits == nil {
		s.hits = make([]uint16, len(s.cands))
	}
	order := s.order[:0]
	read := 0
	for _, d := range distinct {
		for _, i := range d.post {
			if read == maxRead {
				break
			}
			read++
			if s.seen[i] == s.gen {
				continue
			}
			if s.hits[i] == 0 {
				order = append(order, i)
			}
			s.hits[i]++
		}
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := cmp.Compare(s.hits[b], s.hits[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, i := range order {
		s.hits[i] = 0 // clean for the next search, before consider marks them seen
	}
	s.order = order
	q.scoreCap, q.looked = maxScored, 0
	for _, i := range order {
		if !q.consider(i) {
			return
		}
	}
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
