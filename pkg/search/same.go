package search

// Why this file: a title edit or a new page re-renders the ~100 pages of its sidebar, and each
// gets a new shard though its words did not change. Taken as changed, every one of them was
// compared term by term with its last shard and patched into the term chunks on every publish
// (10 ms of a new page's publish at 30,000 pages). Update keeps the shard it has when the new one
// says the same (sameShard), so a publish meets only the pages whose search input changed.

import (
	"bytes"
	"slices"
)

// sameShard reports whether two shards of a route index the same page the same way, whatever
// dictionaries number their terms.
func sameShard(a, b *Shard) bool {
	if a.route != b.route || a.version != b.version || a.err != nil || b.err != nil || !bytes.Equal(a.docJSON, b.docJSON) ||
		!slices.Equal(a.codes, b.codes) || !slices.Equal(a.sections, b.sections) ||
		!slices.EqualFunc(a.titleSeqs, b.titleSeqs, slices.Equal[[]string]) {
		return false
	}
	terms := func(x, y []int32) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if a.dict.terms[x[i]] != b.dict.terms[y[i]] {
				return false
			}
		}
		return true
	}
	if !terms(a.title, b.title) || !terms(a.titleWhole, b.titleWhole) || !terms(a.crumbs, b.crumbs) ||
		!terms(a.names, b.names) || !terms(a.terms, b.terms) || len(a.forms) != len(b.forms) {
		return false
	}
	for i := range a.forms {
		fa, fb := a.dict.forms[a.forms[i]], b.dict.forms[b.forms[i]]
		if fa.word != fb.word || a.dict.terms[fa.term] != b.dict.terms[fb.term] {
			return false
		}
	}
	return true
}
