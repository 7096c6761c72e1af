package links

// Why this file: the site itself links its pages (sidebars, neighbours, breadcrumbs, category
// cards, other versions, blog lists, docsd.toml's sidebar entries and main docs), and a page that
// only those lead to is no orphan. Walking every sidebar and every route's data again after each
// structural edit took 18 ms of CPU at 10,000 pages and 65 ms at 30,000, for an edit that made a
// few sidebars and routes again. So a report keeps, for each source of structural links, the
// routes it leads to, and counts by route how many sources lead there; after a re-assembly
// (site.Restructured) only the sources it made again are read, and only the routes whose count
// crossed zero, with those the edit moved, are looked at again for the orphan list.

import (
	"slices"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/site"
)

// Keys of the sources of structural links.
const (
	sourceConfig   = "config"      // docsd.toml's sidebar entries and versions' main docs
	sourceSidebar  = "sidebar\x00" // + sidebar key: the sidebar's entries
	sourceRoute    = "route\x00"   // + route: its data (prev/next, breadcrumbs, cards, lists)
	sourceVersions = "versions"    // the versions page, which the version dropdown leads to
)

// structure records, from scratch, the links the site itself makes. They count against orphans,
// and are correct by construction, so they are never reported.
func (c *checker) structure() {
	c.sums.sources, c.sums.structural = newCowMap[string, []string](), newCowMap[string, int]()
	for key, items := range c.s.Sidebars {
		c.setSource(sourceSidebar+key, sidebarTargets(items))
	}
	c.setSource(sourceConfig, c.configTargets())
	c.sums.versionPages = nil
	if c.versionDropdown() {
		for route, r := range c.s.Routes.All() {
			if r.Data.Kind == site.KindVersions {
				c.sums.versionPages = append(c.sums.versionPages, route)
			}
		}
		slices.Sort(c.sums.versionPages)
	}
	c.setSource(sourceVersions, c.sums.versionPages)
	for _, route := range c.s.Order {
		c.setSource(sourceRoute+route, routeTargets(route, c.s.Routes.Get(route)))
	}
}

// restructure patches the last check's structural links with what a re-assembly made again: its
// sidebars and routes (made again, or gone), docsd.toml's entries (a doc they name may have come or
// gone) and the versions pages among its routes.
func (c *checker) restructure(re *site.Restructured) {
	s := c.sums
	s.sources, s.structural = s.sources.derive(), s.structural.derive()
	for _, keys := range [][]string{re.Sidebars, re.GoneSidebars} {
		for _, key := range keys {
			c.setSource(sourceSidebar+key, sidebarTargets(c.s.Sidebars[key]))
		}
	}
	for _, routes := range [][]string{re.Routes, re.Gone} {
		for _, route := range routes {
			c.setSource(sourceRoute+route, routeTargets(route, c.s.Routes.Get(route)))
		}
	}
	c.setSource(sourceConfig, c.configTargets())
	if c.versionDropdown() {
		var pages []string
		for _, route := range s.versionPages {
			if r := c.s.Routes.Get(route); r != nil && r.Data.Kind == site.KindVersions {
				pages = append(pages, route)
			}
		}
		for _, route := range re.Routes {
			if r := c.s.Routes.Get(route); r != nil && r.Data.Kind == site.KindVersions && !slices.Contains(pages, route) {
				pages = append(pages, route)
			}
		}
		slices.Sort(pages)
		s.versionPages = pages
		c.setSource(sourceVersions, pages)
	}
}

// setSource makes targets (sorted, once each) what the source under key leads to, counting the
// routes in and out; a route whose count crosses zero is noted in the delta, if any.
func (c *checker) setSource(key string, targets []string) {
	s := c.sums
	old := s.sources.at(key)
	if slices.Equal(old, targets) {
		return
	}
	gone, came := diffSorted(old, targets)
	for _, to := range gone {
		if n := s.structural.at(to); n <= 1 {
			s.structural.del(to)
			c.relinked(to)
		} else {
			s.structural.set(to, n-1)
		}
	}
	for _, to := range came {
		n := s.structural.at(to)
		if n == 0 {
			c.relinked(to)
		}
		s.structural.set(to, n+1)
	}
	if len(targets) == 0 {
		s.sources.del(key)
	} else {
		s.sources.set(key, targets)
	}
}

// relinked notes a route whose being linked may have changed, in an incremental check.
func (c *checker) relinked(route string) {
	if c.delta != nil {
		c.delta.relinked[route] = true
	}
}

// sidebarTargets are the routes a sidebar's entries lead to, sorted, once each.
func sidebarTargets(items []*site.SidebarItem) []string {
	var out []string
	var walk func(items []*site.SidebarItem)
	walk = func(items []*site.SidebarItem) {
		for _, it := range items {
			if it.Route != "" {
				out = append(out, it.Route)
			}
			walk(it.Items)
		}
	}
	walk(items)
	slices.Sort(out)
	return slices.Compact(out)
}

// routeTargets are the routes a route's data leads to (not itself), sorted, once each; none for a
// route that does not exist.
func routeTargets(route string, r *site.Route) []string {
	if r == nil {
		return nil
	}
	var out []string
	link := func(to string) {
		if to != "" && to != route {
			out = append(out, to)
		}
	}
	d := r.Data
	for _, l := range []*site.Link{d.Prev, d.Next} {
		if l != nil {
			link(l.Route)
		}
	}
	for _, l := range d.Breadcrumbs {
		link(l.Route)
	}
	for _, l := range d.Cards {
		link(l.Route)
	}
	for _, l := range d.OtherVersions {
		link(l.Route)
	}
	for _, p := range d.Posts {
		link(p.Route)
	}
	if d.Latest != nil {
		link(d.Latest.Route)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// configTargets are the routes docsd.toml's sidebar entries and versions' main docs lead to.
func (c *checker) configTargets() []string {
	var out []string
	for _, l := range c.s.Config.Locales {
		for _, r := range c.s.SidebarEntries(l.Code) {
			out = append(out, r)
		}
		for _, v := range c.s.Config.DocSets() {
			if r, ok := c.s.DocRoute(v.Name, l.Code, v.MainDocID); ok {
				out = append(out, r)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// versionDropdown reports a navbar with the version dropdown, which ends with "All versions", a
// link to the versions page.
func (c *checker) versionDropdown() bool {
	return hasItem(c.s.Config.Navbar.Items, config.ItemVersionDropdown)
}

// orphans lists, from scratch, the written pages (docs, posts, pages with a source file) that
// nothing links to.
func (c *checker) orphans() {
	c.report.Orphans = nil
	for _, route := range c.s.Order {
		if c.orphan(route) {
			c.report.Orphans = append(c.report.Orphans, Orphan{Route: route, File: c.s.Routes.Get(route).File})
		}
	}
	slices.SortFunc(c.report.Orphans, compareOrphans)
}

// orphan reports a written page that nothing links to. The landing pages are where readers
// arrive, never orphans; a fallback page of another locale is the default locale's page again and
// is listed once, there.
func (c *checker) orphan(route string) bool {
	r := c.s.Routes.Get(route)
	return isPage(r) && !c.fallback(r) && r.Data.Kind != site.KindLanding && !c.sums.linked(route)
}

// compareOrphans orders orphans by route (a route is listed once).
func compareOrphans(a, b Orphan) int { return strings.Compare(a.Route, b.Route) }

// orphansAgain is the last check's orphans with those routes looked at again that this check may
// have changed: the routes whose being linked changed (delta), those docsd.toml links or no longer
// does, those moved or made again, and the pages read again.
func (c *checker) orphansAgain() {
	last := c.in.Last
	again := c.delta.relinked
	for route := range c.inbound {
		if !last.sums.others[route] {
			again[route] = true
		}
	}
	for route := range last.sums.others {
		if !c.inbound[route] {
			again[route] = true
		}
	}
	for _, routes := range []map[string]bool{c.in.Moved, c.in.Recheck} {
		for route := range routes {
			again[route] = true
		}
	}
	if re := c.in.Restructured; re != nil && !c.in.SameModel {
		for _, routes := range [][]string{re.Routes, re.Gone} {
			for _, route := range routes {
				again[route] = true
			}
		}
	}
	var drop []int
	var add []Orphan
	for route := range again {
		if i, found := slices.BinarySearchFunc(last.Orphans, Orphan{Route: route}, compareOrphans); found {
			drop = append(drop, i)
		}
		if c.orphan(route) {
			add = append(add, Orphan{Route: route, File: c.s.Routes.Get(route).File})
		}
	}
	slices.Sort(drop)
	slices.SortFunc(add, compareOrphans)
	if len(drop) == len(add) {
		same := true
		for j, i := range drop {
			same = same && last.Orphans[i] == add[j]
		}
		if same {
			c.report.Orphans = last.Orphans // the list is never changed once made
			return
		}
	}
	kept := make([]Orphan, 0, len(last.Orphans)-len(drop))
	from := 0
	for _, i := range drop {
		kept, from = append(kept, last.Orphans[from:i]...), i+1
	}
	kept = append(kept, last.Orphans[from:]...)
	c.report.Orphans = mergeSorted(kept, add, compareOrphans)
}
