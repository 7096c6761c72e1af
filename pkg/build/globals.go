package build

// Why this file: the sitemap lists every listed route and each feed every post of its locale. At
// 30,000 pages writing the sitemap again took 27 ms of every edit, for a file that changes only
// when a route is added, removed, listed or unlisted (it carries no lastmod), and the feeds only
// when a post changes (its title, date, tags, excerpt). So a build keeps what its sitemap and
// feeds were made from, and a rebuild that starts from the last build's files makes them again
// only when that changed. A body edit of a doc rewrites neither; above a few thousand routes the
// sitemap is split into parts so that a page added or removed rewrites one (sitemap.go).

import (
	"reflect"
	"slices"

	"docsd/pkg/render"
	"docsd/pkg/site"
)

// globalsIn is what a build's sitemap and feeds were made from.
type globalsIn struct {
	listed []string      // the sitemap's routes
	parts  []sitemapPart // its parts, when it is split (sitemap.go)
	feeds  map[string][]render.FeedItem
}

// renderGlobals writes the files computed from the whole site: sitemap and feeds, those whose
// inputs changed since the last build's (all of them when the output did not start from its).
func (st *state) renderGlobals() {
	s, cfg := st.site, st.cfg
	var last *globalsIn
	if st.carried && st.prior != nil {
		// The configuration is the last build's too: one that changed starts from empty.
		last = st.prior.globals
	}
	in := &globalsIn{feeds: map[string][]render.FeedItem{}}
	gone, known := []string(nil), false
	if last != nil {
		gone, known = s.GoneSince(st.prior.site)
	}
	var relist []string // when known, the only routes whose listing may have changed
	switch {
	case last != nil && st.sameRoutes:
		// The model has the last one's routes, only documents changed: the same listed routes.
		in.listed, known = last.listed, true
	case known:
		// Re-assembled: only a route it made again or that went may be listed otherwise (being
		// listed follows from front matter a meta edit does not change).
		var remade []string
		if re := s.Restructured(); re != nil {
			remade = re.Routes
		}
		in.listed = relisted(last.listed, s, gone, remade)
		relist = append(slices.Clip(gone), remade...)
	default:
		for _, p := range s.Order {
			if s.Routes.Get(p).Listed && !s.Routes.Get(p).Data.NoIndex {
				in.listed = append(in.listed, p)
			}
		}
	}
	st.writeSitemap(in, last, relist, known)
	for _, loc := range cfg.Locales {
		posts := s.Posts[loc.Code]
		if len(posts) == 0 {
			continue
		}
		items := make([]render.FeedItem, 0, len(posts))
		for _, p := range posts {
			items = append(items, render.FeedItem{Post: p, Content: st.excerpts[p.Route].html})
		}
		in.feeds[loc.Code] = items
		rel := st.feedDir(loc.Code)
		if last != nil && reflect.DeepEqual(items, last.feeds[loc.Code]) && st.files.Has(rel+"/rss.xml") && st.files.Has(rel+"/atom.xml") {
			continue // the posts and excerpts the last build's feeds show
		}
		blogRoute := st.blogRoute(loc.Code)
		st.files.Add(rel+"/rss.xml", render.RSS(cfg, blogRoute, items))
		st.files.Add(rel+"/atom.xml", render.Atom(cfg, blogRoute, items))
	}
	st.globals = in
}

// relisted is listed (sorted, as the model's order) with the routes in gone and remade taken out,
// and those of remade that s lists put back in their place: what the loop over every route of s
// gives when no other route changed whether it is listed. One copy of the list (a delete and an
// insert per route moved the list's tail each time: at 30,000 pages and a sidebar of 100 remade
// routes, about 3 ms against under 1 ms at high load; BenchmarkRelisted).
func relisted(listed []string, s *site.Site, gone, remade []string) []string {
	if len(gone) == 0 && len(remade) == 0 {
		return listed
	}
	// Each route gone or made again is found in the list, and the runs between them are copied
	// whole (a comparison per route, or a map lookup, cost more than the copy).
	out := slices.Concat(gone, remade)
	slices.Sort(out)
	out = slices.Compact(out)
	listedNow := make(map[string]bool, len(remade)) // the routes of remade that s lists
	for _, p := range remade {
		if r := s.Routes.Get(p); r != nil && r.Listed && !r.Data.NoIndex {
			listedNow[p] = true
		}
	}
	merged := make([]string, 0, len(listed)+len(listedNow))
	pos := 0
	for _, p := range out {
		i, found := slices.BinarySearch(listed[pos:], p)
		merged = append(merged, listed[pos:pos+i]...)
		if pos += i; found {
			pos++
		}
		if listedNow[p] {
			merged = append(merged, p)
		}
	}
	return append(merged, listed[pos:]...)
}
