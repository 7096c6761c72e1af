package build

// Why this file: the sitemap lists every listed route, and a page added or removed rewrote all of
// it (7.4 ms of an edit at 30,000 pages, growing with the site). Above sitemapSplitAt routes the
// sitemap is a sitemap index (sitemaps.org) of part files instead, so an edit rewrites one part and
// the small index. A part begins at a route whose hash has its low bits zero (one route in
// sitemapSpacing, on average), a choice that depends on that route alone, as the search's term
// chunks do (pkg/search/layout.go): a route that comes or goes changes its own part, or, when it
// begins one, that part and the one before. A part is named by a hash of its first route, so it
// keeps its name while parts before it come and go. Below the threshold the single sitemap.xml is
// what it always was (a small site's output does not change).

import (
	"fmt"
	"hash/fnv"
	"slices"
	"sort"

	"docsd/pkg/render"
)

const (
	sitemapSplitAt = 2000 // more listed routes than this: a sitemap index of parts
	sitemapSpacing = 1024 // a part begins at one route in this many, on average (a power of two)
)

// sitemapLimits are the threshold and the spacing of a split sitemap; zero fields are the
// defaults (tests set small ones to split a small site).
type sitemapLimits struct{ splitAt, spacing int }

func (l sitemapLimits) get() (splitAt int, spacing uint32) {
	splitAt, spacing = sitemapSplitAt, sitemapSpacing
	if l.splitAt > 0 {
		splitAt = l.splitAt
	}
	if l.spacing > 0 {
		spacing = uint32(l.spacing)
	}
	return splitAt, spacing
}

// sitemapPart is one file of a split sitemap: its name and where its routes begin in the listed
// routes (they end where the next part's begin). Positions, not slices: a part must not keep an
// older build's list alive.
type sitemapPart struct {
	name  string
	start int
}

// sitemapPath is the file of a part, beside sitemap.xml.
func sitemapPath(name string) string { return "sitemap-" + name + ".xml" }

// startsPart reports whether a route begins a part (the first route always does).
func startsPart(route string, spacing uint32) bool {
	h := uint32(2166136261) // FNV-1a, inline: every route of a region is hashed
	for i := 0; i < len(route); i++ {
		h ^= uint32(route[i])
		h *= 16777619
	}
	return h&(spacing-1) == 0
}

// partName is the name of a part that begins at route.
func partName(route string) string {
	h := fnv.New64a()
	h.Write([]byte(route))
	return fmt.Sprintf("%016x", h.Sum64())
}

// writeSitemap writes the sitemap of in.listed: one file, or an index and the parts whose routes
// changed since last (all of them when last is nil or its files are not in this output). changed,
// when known (ok), are the only routes whose listing may differ from last's.
func (st *state) writeSitemap(in, last *globalsIn, changed []string, known bool) {
	cfg := st.cfg
	splitAt, spacing := st.b.opts.sitemap.get()
	if len(in.listed) <= splitAt {
		if last != nil {
			for _, p := range last.parts {
				st.files.Remove(sitemapPath(p.name))
			}
		}
		if last == nil || last.parts != nil || !slices.Equal(in.listed, last.listed) || !st.files.Has("sitemap.xml") {
			st.files.Add("sitemap.xml", render.Sitemap(cfg, in.listed))
		}
		return
	}
	var fresh []int // the parts of in.parts made anew
	ok := false
	if last != nil && last.parts != nil && known && st.files.Has("sitemap.xml") {
		in.parts, fresh, ok = repartition(last, in.listed, changed, spacing)
	}
	if !ok {
		in.parts = partition(in.listed, spacing)
		fresh = make([]int, len(in.parts))
		for i := range fresh {
			fresh[i] = i
		}
	}
	// The last build's parts by name, to write only those whose routes changed and remove those
	// that are gone.
	lastParts := map[string][]string{}
	if last != nil {
		for i, p := range last.parts {
			lastParts[p.name] = last.partRoutes(i)
		}
	}
	for _, i := range fresh {
		routes, name := in.partRoutes(i), in.parts[i].name
		if old, had := lastParts[name]; !had || !slices.Equal(old, routes) || !st.files.Has(sitemapPath(name)) {
			st.files.Add(sitemapPath(name), render.Sitemap(cfg, routes))
		}
	}
	names := make([]string, len(in.parts))
	now := make(map[string]bool, len(in.parts))
	for i, p := range in.parts {
		names[i], now[p.name] = p.name, true
	}
	var lastNames []string
	if last != nil {
		for _, p := range last.parts {
			lastNames = append(lastNames, p.name)
			if !now[p.name] {
				st.files.Remove(sitemapPath(p.name))
			}
		}
	}
	if last == nil || !slices.Equal(names, lastNames) || !st.files.Has("sitemap.xml") {
		files := make([]string, len(names))
		for i, n := range names {
			files[i] = sitemapPath(n)
		}
		st.files.Add("sitemap.xml", render.SitemapIndex(cfg, files))
	}
}

// partRoutes are the routes of part i.
func (g *globalsIn) partRoutes(i int) []string {
	end := len(g.listed)
	if i+1 < len(g.parts) {
		end = g.parts[i+1].start
	}
	return g.listed[g.parts[i].start:end:end]
}

// partition splits listed into parts, naming each by its first route (the next free name, in
// order, when two first routes' names collide).
func partition(listed []string, spacing uint32) []sitemapPart {
	var parts []sitemapPart
	used := map[string]bool{}
	for i, r := range listed {
		if i == 0 || startsPart(r, spacing) {
			name := partName(r)
			for used[name] {
				name = partName(name)
			}
			used[name] = true
			parts = append(parts, sitemapPart{name: name, start: i})
		}
	}
	return parts
}

// repartition makes the parts of listed from last's, looking only at the parts that hold a changed
// route (and the one before a part whose first route changed): the routes of each run of such
// parts are split again, between the last unchanged part before it and the first after. It returns
// the parts and the positions of those made anew; ok is false when it cannot say (a name collides,
// a part's first route is not in listed): the caller partitions the whole list.
func repartition(last *globalsIn, listed, changed []string, spacing uint32) (parts []sitemapPart, fresh []int, ok bool) {
	old := last.parts
	first := func(i int) string { return last.listed[old[i].start] }
	dirty := make([]bool, len(old))
	for _, r := range changed {
		i := max(sort.Search(len(old), func(i int) bool { return first(i) > r })-1, 0)
		dirty[i] = true
		if i > 0 && first(i) == r {
			dirty[i-1] = true // a first route that goes joins its part to the one before
		}
	}
	used := make(map[string]bool, len(old))
	for i, p := range old {
		if !dirty[i] {
			if p.name != partName(first(i)) {
				return nil, nil, false // a name taken in a collision: naming depends on order
			}
			used[p.name] = true
		}
	}
	at := func(i int) (int, bool) { return slices.BinarySearch(listed, first(i)) }
	parts = make([]sitemapPart, 0, len(old)+len(changed))
	for i := 0; i < len(old); {
		if !dirty[i] {
			pos, found := at(i)
			if !found {
				return nil, nil, false
			}
			parts = append(parts, sitemapPart{name: old[i].name, start: pos})
			i++
			continue
		}
		j := i
		for j < len(old) && dirty[j] {
			j++
		}
		from, to := 0, len(listed)
		var found bool
		if i > 0 {
			if from, found = at(i); !found {
				return nil, nil, false
			}
		}
		if j < len(old) {
			if to, found = at(j); !found {
				return nil, nil, false
			}
		}
		for k := from; k < to; k++ {
			if k == 0 || k == from || startsPart(listed[k], spacing) {
				name := partName(listed[k])
				if used[name] {
					return nil, nil, false
				}
				used[name] = true
				fresh = append(fresh, len(parts))
				parts = append(parts, sitemapPart{name: name, start: k})
			}
		}
		i = j
	}
	return parts, fresh, true
}
