package search

// Why this file: after each publish docsd watch put every search file into its output again by
// name (~5,000 at 30,000 pages: a name made and three map operations each), though an edit's
// publish rewrites a handful. A publish keeps the bytes of the chunks it did not rewrite (the same
// arrays), so whoever holds what an earlier publish wrote can tell the files that changed since by
// comparing arrays by position, without a name or a byte compared for the others.

import "slices"

// Published is what one publish wrote, kept by whoever writes its files out (ChangedSince). The
// zero value is no publish.
type Published struct{ p *lastPublish }

// Last is what the last publish wrote.
func (x *Index) Last() Published { return Published{x.last} }

// ChangedSince lists the chunk files of the last publish that prev (an earlier publish of this
// index, or none) did not write with the same bytes in the same array, and prev's chunk files the
// last publish has no more (gone: their Data is nil). Term chunks come in the order of their keys,
// then documents chunks and page files by position; gone term chunks by number.
func (x *Index) ChangedSince(prev Published) (changed, gone []Chunk) {
	return between(x.last, prev.p)
}

// Chunks are the chunk files of the publish, in the order of Index.Chunks.
func (p Published) Chunks() []Chunk {
	all, _ := between(p.p, nil)
	return all
}

// between is ChangedSince of publish now since old.
func between(now, old *lastPublish) (changed, gone []Chunk) {
	if now == old {
		return nil, nil
	}
	if now == nil {
		now = &lastPublish{pages: &pageFiles{}}
	}
	if old == nil {
		old = &lastPublish{pages: &pageFiles{}}
	}
	oldTerms := make(map[int][]byte, len(old.chunks))
	for _, c := range old.chunks {
		oldTerms[c.id] = c.data
	}
	for _, c := range now.chunks {
		if d, ok := oldTerms[c.id]; !ok || !sameArray(d, c.data) {
			changed = append(changed, Chunk{Of: "index", N: c.id, Data: c.data})
		}
		delete(oldTerms, c.id)
	}
	goneTerms := make([]int, 0, len(oldTerms))
	for id := range oldTerms {
		goneTerms = append(goneTerms, id)
	}
	slices.Sort(goneTerms)
	for _, id := range goneTerms {
		gone = append(gone, Chunk{Of: "index", N: id})
	}
	changed, gone = byPosition("docs", now.docs, old.docs, changed, gone)
	changed, gone = byPosition("pages", now.pages.data(), old.pages.data(), changed, gone)
	return changed, gone
}

// byPosition adds the files of now whose arrays are not old's at their position to changed, and
// old's positions past now's to gone.
func byPosition(of string, now, old [][]byte, changed, gone []Chunk) ([]Chunk, []Chunk) {
	for k, d := range now {
		if k >= len(old) || !sameArray(old[k], d) {
			changed = append(changed, Chunk{Of: of, N: k, Data: d})
		}
	}
	for k := len(now); k < len(old); k++ {
		gone = append(gone, Chunk{Of: of, N: k})
	}
	return changed, gone
}

// data are the page files' bytes by position.
func (p *pageFiles) data() [][]byte {
	out := make([][]byte, len(p.files))
	for k, f := range p.files {
		out[k] = f.data
	}
	return out
}

// sameArray reports whether a and b are the same bytes in memory (a file kept, not written again).
func sameArray(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
