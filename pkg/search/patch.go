package search

// Why this file: a term chunk an edit rewrites holds every page's lists of its terms. Gathering
// them (collect) was one pass over every term of every page of the site: 30 ms of a body edit's
// publish at 30,000 pages, for the few pages that changed. The last publish wrote those lists
// already, in the chunks it kept; when the pages keep their numbers (numbers.go) and the weights'
// grid step is the same, a term's lists now are its lists then with the changed pages' entries
// taken out and their new ones put in. So an edit's publish reads the last chunks of the terms it
// needs and patches them, and its work follows the chunks it rewrites, not the site.

import (
	"fmt"
	"slices"
	"sort"
)

// patchLists gathers the lists of the terms need marks, as collect does, from the last publish's
// chunks and the changed pages. ok is false when a term's lists are not found there: collect then.
func (x *Index) patchLists(need []bool, pages []changedPage, avg float64) (lists []termLists, slot []int32, ok bool) {
	last := x.last
	slot = make([]int32, len(x.dict.terms))
	n := int32(0)
	for t, needed := range need {
		slot[t] = -1
		if needed {
			slot[t] = n
			n++
		}
	}
	lists = make([]termLists, n)
	// The changed pages by number, with what they put in each term's lists then and now.
	type pageChange struct {
		no          int32
		before, now map[int32][]uint32
	}
	changes := make([]pageChange, 0, len(pages))
	// The changed numbers as bits: asked of every entry of every list patched (millions when a
	// new page's words are common ones).
	var changedBits []uint64
	isChanged := func(no int32) bool { return int(no>>6) < len(changedBits) && changedBits[no>>6]&(1<<(no&63)) != 0 }
	for _, c := range pages {
		for int(c.no>>6) >= len(changedBits) {
			changedBits = append(changedBits, 0)
		}
		changedBits[c.no>>6] |= 1 << (c.no & 63)
		changes = append(changes, pageChange{c.no, pageEntries(c.old, c.oldAliases, avg), pageEntries(c.now, c.aliases, avg)})
	}
	// By number (a number a page left and another took has both; the leaving one puts nothing in).
	slices.SortFunc(changes, func(a, b pageChange) int { return int(a.no - b.no) })
	decoded := map[int]*TermChunk{}
	for t, needed := range need {
		if !needed {
			continue
		}
		l := &lists[slot[t]]
		if last.had(int32(t)) {
			old, found := x.lastLists(int32(t), decoded)
			if !found {
				return nil, nil, false
			}
			*l = old
		}
		l.titles = slices.DeleteFunc(l.titles, isChanged)
		l.crumbs = slices.DeleteFunc(l.crumbs, isChanged)
		l.names = slices.DeleteFunc(l.names, isChanged)
		l.posts = slices.DeleteFunc(l.posts, func(p pagePosting) bool { return isChanged(p.page) })
		for _, c := range changes {
			var titles, crumbs, names int
			var posts []pagePosting
			for _, e := range c.now[int32(t)] {
				switch e {
				case inTitleList:
					titles++
				case inCrumbList:
					crumbs++
				case inNameList:
					names++
				default:
					posts = append(posts, pagePosting{c.no, e})
				}
			}
			l.titles = insertPage(l.titles, c.no, titles)
			l.crumbs = insertPage(l.crumbs, c.no, crumbs)
			l.names = insertPage(l.names, c.no, names)
			if len(posts) > 0 {
				at := sort.Search(len(l.posts), func(i int) bool { return l.posts[i].page >= c.no })
				l.posts = slices.Insert(l.posts, at, posts...)
			}
		}
	}
	return lists, slot, true
}

// lastLists are the lists of term t as the last publish wrote them: in the chunk that holds its
// own key (a chunk holds the whole lists of every term with a key in its range). decoded keeps the
// chunks read so far.
func (x *Index) lastLists(t int32, decoded map[int]*TermChunk) (termLists, bool) {
	chunks := x.last.chunks
	word := x.dict.terms[t]
	// The chunks whose range may hold the key: the last one starting before word, and those
	// starting at word itself (keys of one word differ by term).
	end := sort.Search(len(chunks), func(i int) bool { return chunks[i].first.word > word })
	for i := end - 1; i >= 0; i-- {
		c := decoded[i]
		if c == nil {
			var err error
			if c, err = readTermChunk(chunks[i].data); err != nil {
				return termLists{}, false
			}
			decoded[i] = c
		}
		if k := slices.Index(c.Terms, word); k >= 0 {
			posts, err := decodePagePostings(c.Postings[k])
			if err != nil {
				return termLists{}, false
			}
			return termLists{titles: sums32(c.Titles[k]), crumbs: sums32(c.Crumbs[k]), names: sums32(c.Names[k]), posts: posts}, true
		}
		if chunks[i].first.word < word {
			break
		}
	}
	return termLists{}, false
}

// insertPage puts n entries of page no into a list of page numbers, in order.
func insertPage(list []int32, no int32, n int) []int32 {
	if n == 0 {
		return list
	}
	at := sort.Search(len(list), func(i int) bool { return list[i] >= no })
	for ; n > 0; n-- {
		list = slices.Insert(list, at, no)
	}
	return list
}

// had reports whether term t had lists in this publish (a key of its own).
func (p *lastPublish) had(t int32) bool {
	return int(t>>6) < len(p.terms) && p.terms[t>>6]&(1<<(t&63)) != 0
}

// termsWithLists is the set of terms with lists (counts.terms), as bits by term number.
func termsWithLists(c *counts) []uint64 {
	bits := make([]uint64, (len(c.terms)+63)/64)
	for t, n := range c.terms {
		if n != 0 {
			bits[t>>6] |= 1 << (t & 63)
		}
	}
	return bits
}

// sums32 undoes deltas.
func sums32(ds []int) []int32 {
	out := make([]int32, len(ds))
	prev := int32(0)
	for i, d := range ds {
		prev += int32(d)
		out[i] = prev
	}
	return out
}

// digitValue is each byte's value as a digit of digits (-1: none).
var digitValue = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(digits); i++ {
		t[digits[i]] = int8(i)
	}
	return t
}()

// decodePagePostings reads a term's postings string (appendPagePosting). A patched chunk's
// common terms have postings on most pages: read with a table, into room for the usual two digits
// a posting.
func decodePagePostings(s string) ([]pagePosting, error) {
	out := make([]pagePosting, 0, len(s)/2)
	var prev pagePosting
	i := 0
	number := func() (int, error) {
		n := 0
		for i < len(s) {
			d := int(digitValue[s[i]])
			i++
			if d < 0 {
				return 0, fmt.Errorf("search: %q is not a posting digit", s[i-1])
			}
			if d < 32 {
				return n<<5 | d, nil
			}
			n = n<<5 | (d - 32)
		}
		return 0, fmt.Errorf("search: a posting string ends inside a number")
	}
	for i < len(s) {
		xv, err := number()
		if err != nil {
			return nil, err
		}
		dp, sec := xv>>3, xv&7
		if sec == 7 {
			more, err := number()
			if err != nil {
				return nil, err
			}
			sec += more
		}
		if i >= len(s) {
			return nil, fmt.Errorf("search: a posting string ends before a code")
		}
		code := int(digitValue[s[i]])
		i++
		if code < 0 {
			return nil, fmt.Errorf("search: %q is not a posting code", s[i-1])
		}
		page := prev.page + int32(dp)
		if dp == 0 {
			sec += int(prev.section())
		}
		p := newPosting(page, int32(sec), uint8(code))
		out = append(out, p)
		prev = p
	}
	return out, nil
}
