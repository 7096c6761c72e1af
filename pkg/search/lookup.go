package search

import "fmt"

// Lookup parts: a site's reference that readers reach by naming it ("API": a hundred endpoint
// pages). Writers list their breadcrumb words in docsd.toml ([search] lookup_parts); the index
// file carries their terms, and the browser ranks their pages a little lower when a query names
// no part of the site (engine.js, lookupKeep): a task typed without "api" is more often the CLI's
// or a guide's page of the same title than the endpoint's.

// ParseLookupParts turns the entries of [search] lookup_parts into index terms, one word each.
func ParseLookupParts(entries []string) ([]string, error) {
	out := []string{}
	for i, e := range entries {
		var terms []string
		for _, w := range Words(e) {
			if t := Term(w); t != "" {
				terms = append(terms, t)
			}
		}
		if len(terms) != 1 {
			return nil, fmt.Errorf("lookup_parts entry %d %q: want one searchable word of the part's breadcrumbs (\"API\")", i+1, e)
		}
		out = append(out, terms[0])
	}
	return out, nil
}

// SetLookupParts sets the terms ParseLookupParts returned (nil: none); Publish writes them into
// the index file. No chunk depends on them.
func (x *Index) SetLookupParts(terms []string) { x.lookupParts = terms }

// lookupPages is IndexEntry.LookupPages: the pages whose breadcrumbs (those not in their title, as
// partShares counts them) have a lookup part's term, each as its difference from the one before
// (the first from page 0): the hundred endpoint pages of an API in a row cost a few bytes.
func (x *Index) lookupPages(shards []*Shard) []int {
	want := map[int32]bool{}
	for _, t := range x.lookupParts {
		if n, ok := x.dict.numbers[t]; ok {
			want[n] = true
		}
	}
	if len(want) == 0 {
		return nil
	}
	var out []int
	last := 0
	for i, s := range shards {
		if s == nil {
			continue // a free number (numbers.go)
		}
		for _, t := range s.crumbs {
			if want[t] {
				out = append(out, i-last)
				last = i
				break
			}
		}
	}
	return out
}
