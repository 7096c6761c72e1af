package search

// What a publish must know of every page, kept up to date page by page: which terms and forms
// some page has (the keys of the chunks), the number of sections and their total length (the
// average the body weights divide by), about how many bytes the lists hold (the chunks' spacing),
// and each page's alias terms. Counting every shard again was a fifth of a body edit's publish at
// 10,000 pages; a publish counts the pages that changed.

import (
	"encoding/binary"
	"slices"
)

// counts are the figures of the shards counted, by route.
type counts struct {
	synonyms string // the table the aliases were found with (another table: everything again)
	shards   map[string]counted
	terms    []int32 // by term number: how many lists of the pages counted have it
	forms    []int32 // by form number: how many pages have it
	sections int
	totalLen int
	listSize int // the lists' bytes, about (survey)
	// titles and crumbs are, by term number, how many pages have it in their title (or as an
	// alias) and in their breadcrumbs: title lengths and part shares depend on them (pages.go).
	// before holds, for the terms a recount changed there, their counts before it.
	titles, crumbs []int32
	before         map[int32][2]int32
	// groups are the pages counted by their breadcrumb terms, which alone (with the counts)
	// decide a page's part share: a new or deleted page moves the page count, and a publish looks
	// at each group's share, not at every page's (pages.go).
	groups map[string]*crumbGroup
}

// counted is a shard as counted, with its alias terms and its group.
type counted struct {
	s       *Shard
	aliases []int32
	group   *crumbGroup
}

// crumbGroup is the pages whose breadcrumbs have the same terms.
type crumbGroup struct {
	key    string
	crumbs []int32
	routes map[string]bool
}

// recount brings the counts up to date with the shards (all numbered in this index already).
func (x *Index) recount(synonyms string) *counts {
	c := x.counts
	if c == nil || c.synonyms != synonyms {
		c = &counts{synonyms: synonyms, shards: make(map[string]counted, len(x.shards))}
		x.counts = c
		for route, s := range x.shards {
			x.countShard(c, route, s, 1)
		}
		return c
	}
	for route := range x.changed {
		now := x.shards[route]
		if was, ok := c.shards[route]; ok {
			if was.s == now {
				continue
			}
			x.countShard(c, route, was.s, -1)
		}
		if now != nil {
			x.countShard(c, route, now, 1)
		}
	}
	return c
}

// countShard adds a shard's figures (sign 1) or takes them away (-1).
func (x *Index) countShard(c *counts, route string, s *Shard, sign int32) {
	var aliases []int32
	if sign > 0 {
		aliases = x.aliasesOf(s)
		c.shards[route] = counted{s, aliases, c.join(route, s.crumbs)}
	} else {
		was := c.shards[route]
		aliases = was.aliases
		delete(c.shards, route)
		if was.group != nil {
			if delete(was.group.routes, route); len(was.group.routes) == 0 {
				delete(c.groups, was.group.key)
			}
		}
		if x.numbered(s) != nil {
			return // never counted: it had an error
		}
	}
	for len(c.terms) < len(x.dict.terms) {
		c.terms = append(c.terms, 0)
	}
	for len(c.forms) < len(x.dict.forms) {
		c.forms = append(c.forms, 0)
	}
	for len(c.titles) < len(x.dict.terms) {
		c.titles, c.crumbs = append(c.titles, 0), append(c.crumbs, 0)
	}
	if c.before == nil {
		c.before = map[int32][2]int32{}
	}
	keep := func(t int32) {
		if _, ok := c.before[t]; !ok {
			c.before[t] = [2]int32{c.titles[t], c.crumbs[t]}
		}
	}
	for _, list := range [][]int32{s.title, aliases} {
		for _, t := range list {
			keep(t)
			c.titles[t] += sign
		}
	}
	for _, t := range s.crumbs {
		keep(t)
		c.crumbs[t] += sign
	}
	n := 0
	for _, list := range [][]int32{s.title, aliases, s.crumbs, s.names} {
		for _, t := range list {
			c.terms[t] += sign
		}
		n += len(list)
	}
	for _, t := range s.terms {
		c.terms[t] += sign
	}
	for _, f := range s.forms {
		c.forms[f] += sign
	}
	length := 0
	for _, sec := range s.sections {
		length += int(sec.length)
	}
	k := int(sign)
	c.sections += k * len(s.sections)
	c.totalLen += k * length
	c.listSize += k * (4*n + 3*len(s.terms))
}

// join puts route in the group of its breadcrumb terms.
func (c *counts) join(route string, crumbs []int32) *crumbGroup {
	key := make([]byte, 0, 4*len(crumbs))
	for _, t := range crumbs {
		key = binary.LittleEndian.AppendUint32(key, uint32(t))
	}
	g := c.groups[string(key)]
	if g == nil {
		if c.groups == nil {
			c.groups = map[string]*crumbGroup{}
		}
		g = &crumbGroup{key: string(key), crumbs: slices.Clone(crumbs), routes: map[string]bool{}}
		c.groups[g.key] = g
	}
	g.routes[route] = true
	return g
}
