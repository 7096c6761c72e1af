package search

// Why this file: the index file held one number per page in six arrays (title lengths, part
// shares, section counts, versions, lookup and action pages, rank offsets), and a publish worked
// them all out again from every page and wrote and hashed them whole: at 30,000 pages that was most
// of a body edit's 20 ms search step, for arrays one page's edit leaves as they were but for its own
// entry. They now live in page files of pagesPerFile numbers each (fixed ranges: a page keeps its
// number, numbers.go), search-index-<stamp>-p<k>.json, and the index file lists only each page
// file's stamp. A publish works out the facts of the changed pages' numbers, and of every number
// only when a figure they all read moved (the pages' count, the threshold of common title words, a
// title word crossing it, a breadcrumb word's count, the lookup or action parts), and writes again
// the page files whose facts changed. An edit of one page's body or title writes one page file.
//
// Ranks: results of equal score list in route order. A page's rank is its number times rankGap
// unless the page file lists another (Ranks): a new page takes a rank between its neighbours' in
// route order, so no other page's rank moves. When two neighbours leave no room between them, the
// publish numbers every page anew in route order (as a fresh index does), which clears the ranks.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// pagesPerFile is how many page numbers a page file holds: an edit rewrites one (a few KB), and a
// query fetches every page file (30 at 30,000 pages).
const pagesPerFile = 1024

// rankGap is the distance between the ranks of pages numbered in route order: 20 pages added one
// after another between the same two neighbours before the pages are numbered anew.
const rankGap = 1 << 20

// PageFile is a published page file: the facts of page numbers [k*PerPageFile, (k+1)*PerPageFile)
// of the index file (fewer in the last). A free number has no sections, title length or share 0.
type PageFile struct {
	Version int    `json:"version"`
	Stamp   string `json:"stamp"` // the one IndexEntry.PageFiles lists for it
	// TitleLengths, PartShares and SectionCounts are IndexEntry's, for these numbers.
	TitleLengths  []int `json:"titleLengths"`
	PartShares    []int `json:"partShares"`
	SectionCounts []int `json:"sectionCounts"`
	// Versions are the docs versions of these pages; PageVersions index it.
	Versions     []string `json:"versions"`
	PageVersions []int    `json:"pageVersions"`
	// Lookup, Action, Name and Walk are the positions in this file of the pages of lookup, action,
	// name and walk parts.
	Lookup []int `json:"lookup"`
	Action []int `json:"action"`
	Name   []int `json:"name,omitempty"`
	Walk   []int `json:"walk,omitempty"`
	// Ranks are each page's rank when one of them is not its number times rankGap (else absent).
	Ranks []int `json:"ranks,omitempty"`
}

// pageFact is what the files say of one page number besides its words.
type pageFact struct {
	titleLen, partShare, sections int
	version                       string
	lookup, action, name, walk    bool
	rank                          int
}

// pageFiles are the page files a publish wrote, with what they were worked out from.
type pageFiles struct {
	files                  []*pageFile
	per, slots             int     // numbers per file, numbers
	common, pages          int     // the threshold of common title words, the indexed pages
	lookupWant, actionWant []int32 // the lookup and action parts' terms, sorted
	nameWant, walkWant     []int32 // the name and walk parts' terms, sorted
}

// pageFile is one page file: its numbers' facts and its bytes.
type pageFile struct {
	facts []pageFact
	stamp string
	data  []byte
}

// publishPages makes next's page files: the last publish's but those holding a number whose
// facts changed. changed are the changed pages; indexed is the number of indexed pages.
func (x *Index) publishPages(next *lastPublish, full bool, shards []*Shard, c *counts, changed []changedPage, indexed int) error {
	p := &pageFiles{slots: len(shards), common: max(commonTitleMin, indexed/10), pages: indexed,
		lookupWant: x.termSet(x.lookupParts), actionWant: x.termSet(x.actionParts), nameWant: x.termSet(x.nameParts),
		walkWant: x.termSet(x.walkParts)}
	per := x.perPageFile
	p.per = per
	var last *pageFiles
	if !full && x.last != nil && x.last.pages.per == per {
		last = x.last.pages
	}
	// Every number's title length is worked out again when the threshold of common title words
	// moved or a word crossed it, its part share when the pages or a breadcrumb word's count did,
	// whether it is a lookup or action page when those parts did (all of them with no last files).
	titles, shares := last == nil || last.common != p.common, last == nil || last.pages != p.pages
	parts := last == nil || !slices.Equal(last.lookupWant, p.lookupWant) || !slices.Equal(last.actionWant, p.actionWant) ||
		!slices.Equal(last.nameWant, p.nameWant) || !slices.Equal(last.walkWant, p.walkWant)
	for t, b := range c.before {
		titles = titles || (b[0] < int32(p.common)) != (c.titles[t] < int32(p.common))
		shares = shares || b[1] != c.crumbs[t]
	}
	count := (len(shards) + per - 1) / per
	p.files = make([]*pageFile, count)
	touched := make([]bool, count)
	if last != nil {
		copy(p.files, last.files)
	}
	// fresh gives file k's facts to change: a copy of the last's, or new ones.
	fresh := func(k int) []pageFact {
		if !touched[k] {
			touched[k] = true
			size := min(per, len(shards)-k*per)
			facts := make([]pageFact, size)
			if old := p.files[k]; old != nil {
				copy(facts, old.facts)
			}
			p.files[k] = &pageFile{facts: facts}
		}
		return p.files[k].facts
	}
	// put makes f the facts of number no.
	put := func(no int, f pageFact) {
		k, i := no/per, no%per
		if old := p.files[k]; !touched[k] && i < len(old.facts) && old.facts[i] == f {
			return
		}
		fresh(k)[i] = f
	}
	for k := range p.files {
		// A file that gained numbers (or a new one) is written again whatever its facts.
		if p.files[k] == nil || len(p.files[k].facts) != min(per, len(shards)-k*per) {
			fresh(k)
		}
	}
	if shares && !titles && !parts && last != nil {
		// Only the part shares moved (a new or deleted page moves the page count): the groups of
		// pages with the same breadcrumb terms whose share moved.
		x.movedShares(c, last.pages, p.pages, next.numbers, func(no int32, share int) {
			if shards[no] != nil {
				f := p.files[int(no)/per].facts[int(no)%per]
				f.partShare = share
				put(int(no), f)
			}
		})
	} else if titles || shares || parts {
		// Only the facts that moved.
		for no, s := range shards {
			if last == nil {
				put(no, x.pageFact(s, next.numbers.rank(int32(no)), c, p))
				continue
			}
			if s == nil {
				continue
			}
			f := p.files[no/per].facts[no%per]
			if titles {
				f.titleLen = titleLength(s, c, p.common)
			}
			if shares {
				f.partShare = partShare(s, c, p.pages)
			}
			if parts {
				f.lookup, f.action, f.name, f.walk = p.partsOf(s)
			}
			put(no, f)
		}
	}
	for _, ch := range changed {
		no := int(ch.no)
		put(no, x.pageFact(shards[no], next.numbers.rank(ch.no), c, p))
	}
	for k, t := range touched {
		if !t {
			continue
		}
		f := p.files[k]
		if last != nil && k < len(last.files) && last.files[k] != nil && slices.Equal(f.facts, last.files[k].facts) {
			p.files[k] = last.files[k] // worked out again and the same: the last bytes
			continue
		}
		var err error
		if f.data, f.stamp, err = encodePageFile(f.facts, k, per); err != nil {
			return err
		}
		next.rewrittenPages = append(next.rewrittenPages, k)
	}
	next.pages = p
	return nil
}

// pageFact works out the facts of a page (nil: a free number) of the given rank.
func (x *Index) pageFact(s *Shard, rank int, c *counts, p *pageFiles) pageFact {
	if s == nil {
		return pageFact{rank: rank}
	}
	f := pageFact{sections: len(s.sections), version: s.version, rank: rank, titleLen: titleLength(s, c, p.common),
		partShare: partShare(s, c, p.pages)}
	f.lookup, f.action, f.name, f.walk = p.partsOf(s)
	return f
}

// partsOf says whether a page is one of the lookup parts' (by its breadcrumbs), the action parts'
// (its breadcrumbs or title: the part's landing page too), the name parts' and the walk parts'
// (their breadcrumbs: a walkthrough's landing page is not one of its stops).
func (p *pageFiles) partsOf(s *Shard) (lookup, action, name, walk bool) {
	return hasAny(p.lookupWant, s.crumbs), hasAny(p.actionWant, s.crumbs, s.title), hasAny(p.nameWant, s.crumbs),
		hasAny(p.walkWant, s.crumbs)
}

// titleLength is a page's title length as titleLengths (collect.go) works it out: its title's
// distinct whole-word terms in fewer than common titles, at least 1.
func titleLength(s *Shard, c *counts, common int) int {
	n := 0
	for _, t := range s.titleWhole {
		if c.titles[t] < int32(common) {
			n++
		}
	}
	return max(n, 1)
}

// movedShares calls moved with the number and part share of each page whose share moved from
// the counts before the changed pages were counted again (c.before) and lastPages pages to the
// counts now and pages.
func (x *Index) movedShares(c *counts, lastPages, pages int, n *numbering, moved func(no int32, share int)) {
	for _, g := range c.groups {
		was, now := 0, 0
		for _, t := range g.crumbs {
			before := c.crumbs[t]
			if b, ok := c.before[t]; ok {
				before = b[1]
			}
			was = max(was, 100*int(before)/max(lastPages, 1))
			now = max(now, 100*int(c.crumbs[t])/max(pages, 1))
		}
		if was == now {
			continue
		}
		for route := range g.routes {
			if no, ok := n.slot(route); ok {
				moved(no, now)
			}
		}
	}
}

// partShare is a page's part share as partShares (collect.go) works it out.
func partShare(s *Shard, c *counts, pages int) int {
	share := 0
	for _, t := range s.crumbs {
		share = max(share, 100*int(c.crumbs[t])/max(pages, 1))
	}
	return share
}

// hasAny reports whether a list has a term of want (sorted).
func hasAny(want []int32, lists ...[]int32) bool {
	if len(want) == 0 {
		return false
	}
	for _, l := range lists {
		for _, t := range l {
			if _, ok := slices.BinarySearch(want, t); ok {
				return true
			}
		}
	}
	return false
}

// termSet is the numbers of the terms that have one, sorted.
func (x *Index) termSet(terms []string) []int32 {
	var out []int32
	for _, t := range terms {
		if n, ok := x.dict.numbers[t]; ok {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// encodePageFile writes page file k of facts, stamped with the hash of the rest of it.
func encodePageFile(facts []pageFact, k, per int) (data []byte, stamp string, err error) {
	pf := PageFile{Version: PublishedVersion, TitleLengths: make([]int, len(facts)), PartShares: make([]int, len(facts)),
		SectionCounts: make([]int, len(facts)), Versions: []string{}, PageVersions: make([]int, len(facts)), Lookup: []int{}, Action: []int{}}
	versionNo := map[string]int{}
	ranked := false
	for i, f := range facts {
		pf.TitleLengths[i], pf.PartShares[i], pf.SectionCounts[i] = f.titleLen, f.partShare, f.sections
		v, ok := versionNo[f.version]
		if !ok {
			v = len(pf.Versions)
			versionNo[f.version] = v
			pf.Versions = append(pf.Versions, f.version)
		}
		pf.PageVersions[i] = v
		if f.lookup {
			pf.Lookup = append(pf.Lookup, i)
		}
		if f.action {
			pf.Action = append(pf.Action, i)
		}
		if f.name {
			pf.Name = append(pf.Name, i)
		}
		if f.walk {
			pf.Walk = append(pf.Walk, i)
		}
		ranked = ranked || f.rank != (k*per+i)*rankGap
	}
	if ranked {
		pf.Ranks = make([]int, len(facts))
		for i, f := range facts {
			pf.Ranks[i] = f.rank
		}
	}
	unstamped, err := marshal(pf)
	if err != nil {
		return nil, "", fmt.Errorf("writing search page file %d: %w", k, err)
	}
	stamp = shortStamp(unstamped)
	head := `{"version":` + strconv.Itoa(PublishedVersion) + `,"stamp":""`
	if !strings.HasPrefix(string(unstamped), head) {
		return nil, "", fmt.Errorf("writing search page file %d: unexpected start %.40q", k, unstamped)
	}
	data = make([]byte, 0, len(unstamped)+len(stamp))
	data = append(data, head[:len(head)-1]...)
	data = append(data, stamp...)
	data = append(data, unstamped[len(head)-1:]...)
	return data, stamp, nil
}

// PageFileName is the name of page file k of the index file named entry ("search-index-1.json" →
// "search-index-1-p0.json").
func PageFileName(entry string, k int) string {
	return entry[:len(entry)-len(".json")] + "-p" + strconv.Itoa(k) + ".json"
}
