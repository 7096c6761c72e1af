package search

// Page numbers. Term chunks name pages by number, so a numbering that followed route order (a new
// page renumbering every page after it) made a new, deleted or renamed page rewrite every term
// chunk of the site: 500 ms of CPU at 30,000 pages for one page's words. Here a page keeps its
// number while it is indexed: a deleted page's number is freed (a tombstone: no lists name it, its
// documents record is null and it has no sections), and a new page takes the lowest free number,
// or the next after the last. Only the chunks of the changed pages' words change.
//
// A publish that rewrites every chunk anyway (the first, a new grid step or spacing or synonym
// table) numbers the pages in route order, as a fresh index does, and so does one that finds more
// than a quarter of the numbers free (compaction): the files are then those of a fresh index, byte
// for byte. Between those, what the files mean is still a fresh index's (Meaning, decode.go); for
// results of equal score to list in route order as a fresh index's do, the index file then carries
// each page's rank in route order (rankOffsets) when the numbers are out of that order.

import (
	"hash/fnv"
	"maps"
	"slices"
	"strings"
)

// compactShare: a publish numbers the pages anew in route order when more than 1/compactShare of
// the numbers are free. A free number costs a few bytes of the index file and of a documents chunk.
const compactShare = 4

// numbering is the page numbers of a publish.
type numbering struct {
	slots []string // the route of each number; "" when it is free
	// Each route's number (slot) is base's, shared with the numberings before (never written once
	// shared), but for this one's changes beside it (own; gone: base's routes that left), folded
	// into a new base when they grow to a fraction of it: copying every route's number for each
	// new or deleted page was ~1.5 ms at 30,000 pages.
	base map[string]int32
	own  map[string]int32
	gone map[string]bool
	free int // how many numbers are free
	// docsStamp is the documents file's stamp: a hash of the routes in order when the pages were
	// last numbered in route order (fresh). epochHashes are the hashes of each documents chunk's
	// routes then: a chunk whose routes are still those carries docsStamp, another a stamp of its
	// own (docChunkStamp).
	docsStamp   string
	epochHashes []uint64
	// labels are the ranks of the numbers whose rank is not the number times rankGap.
	labels map[int32]int
	// from is the numbering this one was made from by next (nil: fresh).
	from *numbering
}

// freshNumbering numbers the routes (sorted) in their order.
func freshNumbering(routes []string) *numbering {
	n := &numbering{slots: slices.Clone(routes), base: make(map[string]int32, len(routes)),
		docsStamp: stamp(strings.Join(routes, "\n"))}
	for i, r := range routes {
		n.base[r] = int32(i)
	}
	for k := 0; k*docsPerChunk < len(routes); k++ {
		n.epochHashes = append(n.epochHashes, hashRoutes(n.chunkRoutes(k)))
	}
	return n
}

// next numbers the pages from the last publish's numbers, given the routes updated or removed
// since (changed), the shards now and their routes (sorted): the removed routes' numbers freed,
// the new routes (in route order) given the lowest free numbers, then numbers after the last, and
// each a rank between its neighbours'. It returns the last numbering itself when no route came or
// went, and nil when two neighbours leave no room for a rank between them.
func (last *numbering) next(changed map[string]*Shard, indexed map[string]*Shard, routes []string) *numbering {
	var gone []int32
	var added []string
	for r := range changed {
		no, had := last.slot(r)
		switch has := indexed[r] != nil; {
		case had && !has:
			gone = append(gone, no)
		case !had && has:
			added = append(added, r)
		}
	}
	slices.Sort(added)
	if len(gone) == 0 && len(added) == 0 {
		return last
	}
	n := &numbering{slots: slices.Clone(last.slots), base: last.base, own: maps.Clone(last.own), gone: maps.Clone(last.gone),
		free: last.free, docsStamp: last.docsStamp, epochHashes: last.epochHashes, labels: maps.Clone(last.labels), from: last}
	if n.own == nil {
		n.own, n.gone = map[string]int32{}, map[string]bool{}
	}
	for _, no := range gone {
		r := n.slots[no]
		delete(n.own, r)
		if _, ok := n.base[r]; ok {
			n.gone[r] = true
		}
		delete(n.labels, no)
		n.slots[no] = ""
		n.free++
	}
	at := 0
	for _, r := range added {
		for at < len(n.slots) && n.slots[at] != "" {
			at++
		}
		if at == len(n.slots) {
			n.slots = append(n.slots, r)
		} else {
			n.slots[at] = r
			n.free--
		}
		n.own[r] = int32(at)
	}
	// In route order, each new page's rank halfway between the page before it (ranked already)
	// and the first page after it that was there before.
	isNew := make(map[string]bool, len(added))
	for _, r := range added {
		isNew[r] = true
	}
	for _, r := range added {
		i, _ := slices.BinarySearch(routes, r)
		j := i + 1
		for j < len(routes) && isNew[routes[j]] {
			j++
		}
		var lo, hi int
		switch {
		case i > 0 && j < len(routes):
			lo, hi = n.rank(n.no(routes[i-1])), n.rank(n.no(routes[j]))
		case i > 0:
			lo = n.rank(n.no(routes[i-1]))
			hi = lo + 2*rankGap
		case j < len(routes):
			hi = n.rank(n.no(routes[j]))
			lo = hi - 2*rankGap
		default:
			lo, hi = -rankGap, rankGap
		}
		if hi-lo < 2 {
			return nil
		}
		no := n.no(r)
		if rank := lo + (hi-lo)/2; rank != int(no)*rankGap {
			if n.labels == nil {
				n.labels = map[int32]int{}
			}
			n.labels[no] = rank
		} else {
			delete(n.labels, no)
		}
	}
	if len(n.own)+len(n.gone) > len(n.base)/8+64 {
		n.base, n.own, n.gone = make(map[string]int32, len(n.slots)-n.free), nil, nil
		for no, r := range n.slots {
			if r != "" {
				n.base[r] = int32(no)
			}
		}
	}
	return n
}

// slot is route's number, if it has one.
func (n *numbering) slot(route string) (int32, bool) {
	if no, ok := n.own[route]; ok {
		return no, true
	}
	if n.gone[route] {
		return 0, false
	}
	no, ok := n.base[route]
	return no, ok
}

// no is route's number (0 when it has none).
func (n *numbering) no(route string) int32 {
	no, _ := n.slot(route)
	return no
}

// rank is the rank of number no: equal scores list by it.
func (n *numbering) rank(no int32) int {
	if r, ok := n.labels[no]; ok {
		return r
	}
	return int(no) * rankGap
}

// tooSparse reports whether so many numbers are free that the pages are numbered anew.
func (n *numbering) tooSparse() bool { return n.free*compactShare > len(n.slots) }

// chunkRoutes are the routes of documents chunk k ("" for a free number).
func (n *numbering) chunkRoutes(k int) []string {
	return n.slots[k*docsPerChunk : min((k+1)*docsPerChunk, len(n.slots))]
}

// docChunkStamp is the stamp documents chunk k carries: the documents file's while its routes are
// those it had when the pages were numbered in route order, else a hash of that stamp and its
// routes. An open page holding older entry files tells by it that a chunk's numbers now name other
// pages (pkg/search/chunks.go); a chunk whose pages kept their numbers stays valid for it.
func (n *numbering) docChunkStamp(k int) string {
	routes := n.chunkRoutes(k)
	if k < len(n.epochHashes) && n.epochHashes[k] == hashRoutes(routes) {
		return n.docsStamp
	}
	return stamp(n.docsStamp + "\n" + strings.Join(routes, "\n"))
}

// hashRoutes is a hash of routes in order (FNV-1a).
func hashRoutes(routes []string) uint64 {
	h := fnv.New64a()
	for _, r := range routes {
		h.Write([]byte(r))
		h.Write([]byte{0})
	}
	return h.Sum64()
}
