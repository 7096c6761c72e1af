package search

// Gathering terms' lists from the shards: which pages have a term in their title, breadcrumbs or
// file name, and which sections have it (a posting). A publish gathers only the terms of the
// chunks it rewrites (publish.go); merged gathers every term, for the whole index in one piece.

import (
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// termLists are one term's lists, pages and sections in order.
type termLists struct {
	titles, crumbs, names []int32 // page numbers
	posts                 []pagePosting
}

// pagePosting is a section that has a term: the page's number, and the section's number within
// its page and its code (see encodePosting: heading flags and the body weight) in one word, as
// section << 8 | code: a site has millions of postings (no page has 16 million sections).
type pagePosting struct {
	page int32
	sc   uint32
}

func newPosting(page, section int32, code uint8) pagePosting {
	return pagePosting{page, uint32(section)<<8 | uint32(code)}
}

func (p pagePosting) section() int32 { return int32(p.sc >> 8) }
func (p pagePosting) code() uint8    { return uint8(p.sc) }

// avgStep puts the site's average section length on a grid of sixteen steps an octave (4.4 %
// apart) and gives the step: BM25's body weight divides a section's length by it, and an average
// that moved with every edit would change the weight of every posting of the site. On the grid it
// moves once in many thousand edits (a page's edit moves it by a hundredth of a percent at 10,000
// pages), and the ranking of tests/search is the same as with the exact average.
func avgStep(totalLen, sections int) int {
	if sections == 0 || totalLen == 0 {
		return 0
	}
	return int(math.Round(16 * math.Log2(float64(totalLen)/float64(sections))))
}

// stepAvg is the average length of a step of avgStep.
func stepAvg(step int) float64 { return math.Exp2(float64(step) / 16) }

// pageAliases are the terms each page's title gains from the synonym table (numbered first: they
// may be new), without those its title has.
func (x *Index) pageAliases(shards []*Shard) [][]int32 {
	aliases := make([][]int32, len(shards))
	if x.synonyms == nil || len(x.synonyms.Groups) == 0 {
		return aliases
	}
	for i, s := range shards {
		if s != nil {
			aliases[i] = x.aliasesOf(s)
		}
	}
	return aliases
}

// aliasesOf are the alias terms of one shard (numbered in this index, as the shard must be),
// without its title terms (the title's phrases and the label's are looked up apart).
func (x *Index) aliasesOf(s *Shard) []int32 {
	var out []int32
	seen := map[string]bool{}
	for _, seq := range s.titleSeqs {
		for _, t := range x.synonyms.aliases(seq) {
			if seen[t] {
				continue
			}
			seen[t] = true
			if n := x.number(t); !slices.Contains(s.title, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// collect gathers the lists of the terms need marks (by term number). slot gives each needed
// term's place in the result. With presize (many terms: a first publish), lists are counted first
// and cut from one array each: growing millions of lists by appending was most of a publish's
// time at 10,000 pages. An edit's publish needs few terms, and one pass over the shards.
func (x *Index) collect(shards []*Shard, aliases [][]int32, need []bool, avg float64, presize bool) (lists []termLists, slot []int32) {
	return x.collectOn(x.workers(len(shards)/1024), shards, aliases, need, avg, presize)
}

// collectOn is collect on as many cores (collectOnCores, with presize and two or more).
func (x *Index) collectOn(workers int, shards []*Shard, aliases [][]int32, need []bool, avg float64, presize bool) (lists []termLists, slot []int32) {
	slot = make([]int32, len(x.dict.terms))
	// The set of needed terms as bits too: the pass below asks it of every term of every section
	// (millions at 10,000 pages), and it fits in the fastest cache where slot does not.
	bits := make([]uint64, (len(need)+63)/64)
	n := int32(0)
	for t, ok := range need {
		slot[t] = -1
		if ok {
			slot[t] = n
			bits[t>>6] |= 1 << (t & 63)
			n++
		}
	}
	lists = make([]termLists, n)
	if presize && workers >= 2 {
		if !x.collectOnCores(shards, aliases, slot, bits, avg, lists, workers) {
			return nil, nil
		}
		return lists, slot
	}
	if presize {
		x.presize(shards, aliases, slot, lists)
	}
	for pageNo, s := range shards {
		p := int32(pageNo)
		if pageNo%1024 == 1023 && x.stopped() {
			return nil, nil // PublishUnless sees it too
		}
		if s == nil {
			continue // a free number (numbers.go)
		}
		for _, t := range s.title {
			if k := slot[t]; k >= 0 {
				lists[k].titles = append(lists[k].titles, p)
			}
		}
		for _, t := range aliases[pageNo] {
			// An alias is never a title term (aliases leave those out).
			if k := slot[t]; k >= 0 {
				lists[k].titles = append(lists[k].titles, p)
			}
		}
		for _, t := range s.crumbs {
			if k := slot[t]; k >= 0 {
				lists[k].crumbs = append(lists[k].crumbs, p)
			}
		}
		for _, t := range s.names {
			if k := slot[t]; k >= 0 {
				lists[k].names = append(lists[k].names, p)
			}
		}
		start := int32(0)
		for secNo, sec := range s.sections {
			for j, t := range s.terms[start:sec.end] {
				if bits[t>>6]&(1<<(t&63)) != 0 {
					k := slot[t]
					lists[k].posts = append(lists[k].posts, newPosting(p, int32(secNo), postingCode(s.codes[start+int32(j)], sec, avg)))
				}
			}
			start = sec.end
		}
	}
	return lists, slot
}

// presize gives every list room for exactly what it will hold.
func (x *Index) presize(shards []*Shard, aliases [][]int32, slot []int32, lists []termLists) {
	n := len(lists)
	nt, nc, nn, np := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
	var tt, tc, tn, tp int
	count := func(ts []int32, counts []int32, total *int) {
		for _, t := range ts {
			if k := slot[t]; k >= 0 {
				counts[k]++
				*total++
			}
		}
	}
	for i, s := range shards {
		if s == nil {
			continue
		}
		count(s.title, nt, &tt)
		count(aliases[i], nt, &tt)
		count(s.crumbs, nc, &tc)
		count(s.names, nn, &tn)
		count(s.terms, np, &tp)
	}
	// One array per kind of list, each list a piece of it with room for exactly its count.
	titles, crumbs, names, posts := make([]int32, tt), make([]int32, tc), make([]int32, tn), make([]pagePosting, tp)
	var ot, oc, on, op int32
	for k := range lists {
		l := &lists[k]
		l.titles, ot = titles[ot:ot:ot+nt[k]], ot+nt[k]
		l.crumbs, oc = crumbs[oc:oc:oc+nc[k]], oc+nc[k]
		l.names, on = names[on:on:on+nn[k]], on+nn[k]
		l.posts, op = posts[op:op:op+np[k]], op+np[k]
	}
}

// collectOnCores is collect with presize, on every core: a publish that rewrites every chunk (a
// first one, or one that numbers the pages anew) gathers every term's lists (140 ms of CPU at
// 30,000 pages).
// The pages are cut in one range a core; each range's entries are counted, every list gets room
// for exactly its count with each range's part at its place (the ranges in order, so the lists
// are those of one pass), and each range fills its parts. It returns false when stopped.
func (x *Index) collectOnCores(shards []*Shard, aliases [][]int32, slot []int32, bits []uint64, avg float64, lists []termLists, workers int) bool {
	n := len(lists)
	// per[w] are range w's counts by term (titles, crumbs, names, postings), then where its next
	// entry of each list goes.
	per := make([][4][]int32, workers)
	bounds := func(w int) (int, int) { return w * len(shards) / workers, (w + 1) * len(shards) / workers }
	onEach(workers, func(w int) {
		c := [4][]int32{make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)}
		count := func(ts []int32, counts []int32) {
			for _, t := range ts {
				if k := slot[t]; k >= 0 {
					counts[k]++
				}
			}
		}
		lo, hi := bounds(w)
		for i := lo; i < hi; i++ {
			s := shards[i]
			if s == nil {
				continue
			}
			count(s.title, c[0])
			count(aliases[i], c[0])
			count(s.crumbs, c[1])
			count(s.names, c[2])
			if len(s.sections) > 0 {
				count(s.terms[:s.sections[len(s.sections)-1].end], c[3])
			}
		}
		per[w] = c
	})
	var total [4]int32
	for w := range per {
		for kind := range total {
			for _, m := range per[w][kind] {
				total[kind] += m
			}
		}
	}
	titles, crumbs, names, posts := make([]int32, total[0]), make([]int32, total[1]), make([]int32, total[2]), make([]pagePosting, total[3])
	var at [4]int32
	for k := range lists {
		var start [4]int32
		for kind := range at {
			start[kind] = at[kind]
			for w := range per {
				m := per[w][kind][k]
				per[w][kind][k] = at[kind] // range w's first entry of this list
				at[kind] += m
			}
		}
		l := &lists[k]
		l.titles, l.crumbs = titles[start[0]:at[0]:at[0]], crumbs[start[1]:at[1]:at[1]]
		l.names, l.posts = names[start[2]:at[2]:at[2]], posts[start[3]:at[3]:at[3]]
	}
	var stopped atomic.Bool
	onEach(workers, func(w int) {
		next := per[w]
		lo, hi := bounds(w)
		for i := lo; i < hi; i++ {
			if i%1024 == 1023 && (stopped.Load() || w == 0 && x.stopped()) {
				stopped.Store(true)
				return
			}
			s, p := shards[i], int32(i)
			if s == nil {
				continue
			}
			for kind, ts := range [3][]int32{s.title, s.crumbs, s.names} {
				list := [3][]int32{titles, crumbs, names}[kind]
				for _, t := range ts {
					if k := slot[t]; k >= 0 {
						list[next[kind][k]] = p
						next[kind][k]++
					}
				}
				if kind == 0 {
					for _, t := range aliases[i] {
						if k := slot[t]; k >= 0 {
							list[next[0][k]] = p
							next[0][k]++
						}
					}
				}
			}
			start := int32(0)
			for secNo, sec := range s.sections {
				for j, t := range s.terms[start:sec.end] {
					if bits[t>>6]&(1<<(t&63)) != 0 {
						k := slot[t]
						posts[next[3][k]] = newPosting(p, int32(secNo), postingCode(s.codes[start+int32(j)], sec, avg))
						next[3][k]++
					}
				}
				start = sec.end
			}
		}
	})
	return !stopped.Load()
}

// workers is how many cores a publish's step uses for a job that is worth one core per unit of it
// (at least one): Index.cores when a test sets it.
func (x *Index) workers(units int) int {
	if x.cores > 0 {
		return x.cores
	}
	return max(1, min(runtime.GOMAXPROCS(0), units))
}

// onEach runs f(0 … n-1), each on a goroutine of its own, and waits for them.
func onEach(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	wg.Wait()
}

// postingCode is the code of a term in a section (see encodePosting).
func postingCode(c uint32, sec sectionSpan, avg float64) uint8 {
	code := 0
	switch {
	case c&ownHeading != 0 && sec.headLen <= maxHeadLen:
		code |= 8 | int(sec.headLen)<<4
	case c&ownHeading != 0:
		// A long heading: the heading bit clear, the length's excess over maxHeadLen (at most 3).
		code |= int(min(sec.headLen-maxHeadLen, 3)) << 4
	case c&inHeading != 0:
		code |= 8
	}
	if tf := int(c & tfMask); tf > 0 {
		code |= bodyWeight(tf, int(sec.length), avg)
	}
	return uint8(code)
}

// merged is the whole index in one piece, sections numbered across the site (format 1): the
// documents file and the index file. Nothing publishes it; tests read the index through it.
func (x *Index) merged(routes []string) (docs []byte, ix *IndexFile, shards []*Shard, err error) {
	shards = make([]*Shard, len(routes))
	totalLen, total := 0, 0
	for i, r := range routes {
		shards[i] = x.shards[r]
		if err = x.numbered(shards[i]); err != nil {
			return nil, nil, nil, err
		}
		for _, sec := range shards[i].sections {
			totalLen += int(sec.length)
			total++
		}
	}
	aliases := x.pageAliases(shards)
	need := make([]bool, len(x.dict.terms))
	for i := range need {
		need[i] = true
	}
	lists, slot := x.collect(shards, aliases, need, stepAvg(avgStep(totalLen, total)), true)
	forms := make([][]string, len(x.dict.terms))
	firstSection := make([]int, len(shards)+1)
	var docsBuf strings.Builder
	docsBuf.WriteString(`{"version":1,"searchDocs":[`)
	for i, s := range shards {
		if i > 0 {
			docsBuf.WriteByte(',')
		}
		docsBuf.Write(s.docJSON)
		for _, n := range s.forms {
			f := x.dict.forms[n]
			forms[f.term] = append(forms[f.term], f.word)
		}
		firstSection[i+1] = firstSection[i] + len(s.sections)
	}
	docsBuf.WriteString(`]}`)
	ix = &IndexFile{Version: FormatVersion, Pages: len(routes), Sections: firstSection[len(shards)], StopWords: StopWords,
		TitleLengths: x.titleLengths(shards, aliases, len(shards)), PartShares: x.partShares(shards, len(shards)), Terms: []string{}, Forms: []string{}, Titles: [][]int{}, Crumbs: [][]int{},
		Names: [][]int{}, Postings: []string{}, Synonyms: x.synonyms.encode()}
	x.sortTerms()
	var enc strings.Builder
	for _, t := range x.sorted {
		l := lists[slot[t]]
		if l.titles == nil && l.crumbs == nil && l.names == nil && l.posts == nil {
			continue // a term of pages that changed or went away
		}
		ix.Terms = append(ix.Terms, x.dict.terms[t])
		ix.Forms = append(ix.Forms, joinDistinct(forms[t]))
		ix.Titles = append(ix.Titles, deltas(l.titles))
		ix.Crumbs = append(ix.Crumbs, deltas(l.crumbs))
		ix.Names = append(ix.Names, deltas(l.names))
		enc.Reset()
		prev := 0
		for _, p := range l.posts {
			sec := firstSection[p.page] + int(p.section())
			encodePosting(&enc, sec-prev, int(p.code()))
			prev = sec
		}
		ix.Postings = append(ix.Postings, enc.String())
	}
	return []byte(docsBuf.String()), ix, shards, nil
}

// titleLengths are the number of distinct whole-word terms of each page's title and label, less
// the words in the titles of a tenth of the pages or more (the product's name in "vela cancel
// build"): a query without them still names the page. pages is how many shards are not nil (a
// free number has none, and length 0).
func (x *Index) titleLengths(shards []*Shard, aliases [][]int32, pages int) []int {
	titles := make([]int32, len(x.dict.terms))
	for i, s := range shards {
		if s == nil {
			continue
		}
		for _, t := range s.title {
			titles[t]++
		}
		for _, t := range aliases[i] {
			titles[t]++
		}
	}
	common := int32(max(commonTitleMin, pages/10))
	out := make([]int, len(shards))
	for i, s := range shards {
		if s == nil {
			continue
		}
		n := 0
		for _, t := range s.titleWhole {
			if titles[t] < common {
				n++
			}
		}
		out[i] = max(n, 1)
	}
	return out
}

// partShares is IndexFile.PartShares: per page, the largest share (in percent, rounded down) of the
// pages whose breadcrumbs have one of its breadcrumb terms. pages is how many shards are not nil.
func (x *Index) partShares(shards []*Shard, pages int) []int {
	counts := make([]int32, len(x.dict.terms))
	for _, s := range shards {
		if s == nil {
			continue
		}
		for _, t := range s.crumbs {
			counts[t]++
		}
	}
	out := make([]int, len(shards))
	for i, s := range shards {
		if s == nil {
			continue
		}
		for _, t := range s.crumbs {
			out[i] = max(out[i], 100*int(counts[t])/max(pages, 1))
		}
	}
	return out
}

// sortTerms brings the orders of the dictionary's terms and forms up to date: new words are put
// in their place (an edit adds a few), not sorted again with the rest.
func (x *Index) sortTerms() {
	terms, forms := x.dict.terms, x.dict.forms
	less := func(a, b int32) bool { return forms[a].word < forms[b].word } // a word has one form
	if len(terms)-len(x.sorted) > 64 || len(forms)-len(x.formsOrder) > 64 {
		// Many (the first publish): sorting is cheaper than inserting one by one.
		x.sorted, x.formsOrder = make([]int32, len(terms)), make([]int32, len(forms))
		for i := range x.sorted {
			x.sorted[i] = int32(i)
		}
		for i := range x.formsOrder {
			x.formsOrder[i] = int32(i)
		}
		sort.Slice(x.sorted, func(i, j int) bool { return terms[x.sorted[i]] < terms[x.sorted[j]] })
		sort.Slice(x.formsOrder, func(i, j int) bool { return less(x.formsOrder[i], x.formsOrder[j]) })
		return
	}
	for n := int32(len(x.sorted)); n < int32(len(terms)); n++ {
		at := sort.Search(len(x.sorted), func(i int) bool { return terms[x.sorted[i]] >= terms[n] })
		x.sorted = append(x.sorted, 0)
		copy(x.sorted[at+1:], x.sorted[at:])
		x.sorted[at] = n
	}
	for n := int32(len(x.formsOrder)); n < int32(len(forms)); n++ {
		at := sort.Search(len(x.formsOrder), func(i int) bool { return !less(x.formsOrder[i], n) })
		x.formsOrder = append(x.formsOrder, 0)
		copy(x.formsOrder[at+1:], x.formsOrder[at:])
		x.formsOrder[at] = n
	}
}

// joinDistinct sorts words and joins the distinct ones with spaces.
func joinDistinct(words []string) string {
	sort.Strings(words)
	out := words[:0]
	for i, w := range words {
		if i == 0 || w != words[i-1] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}
