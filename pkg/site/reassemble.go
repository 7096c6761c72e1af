// Re-assembly after a meta edit (issue #16): a doc's title, sidebar label or position, description
// or pagination changed (or a blog post's or a page's front matter), and nothing that decides which
// routes exist. Assembling the whole site again was most of a title edit's time at 10,000 pages (137
// of 196 ms before the page went out), for a change that only the doc's own routes, the sidebars
// listing it (their pages' neighbours and breadcrumbs, their category index pages) and what reads
// those sidebars see. The graph says which those are; a post's blog and a locale's pages are small
// and made again whole; a sidebar of a sidebars file is made again from its items in the file.
// When the graph names something this file cannot make again on its own (sidebars whose folders
// overlap, a reader of another kind), the caller assembles everything: when unsure, rebuild more.

package site

import (
	"maps"
	"slices"
	"strings"

	"docsd/pkg/content"
	"docsd/pkg/graph"
)

// assembly is what an assembly knows beyond the model, kept with it for the next re-assembly. It is
// not changed afterwards: a re-assembly copies the maps it changes.
type assembly struct {
	docs      map[string]map[string]*docEntry // key version/locale → id → doc
	trees     map[string]folderIndex          // key version/locale → its docs by folder
	cats      map[string]*Parsed
	catRoute  map[string]string
	claims    map[string]string
	generated map[string]generatedSidebar // sidebars made from a folder, by sidebar key
	byFile    map[string][]*docEntry      // content path → the docs it is
	lists     map[string][]string         // locale → its blog's and pages' sources, in order
}

// generatedSidebar is where a sidebar comes from: the version and locale (k), its id and its rank
// among the version's sidebars (the order a page two sidebars list is taken in); for one made from
// a folder, the folder in its docs ("" for all of them); for one of a sidebars file, what it reads.
type generatedSidebar struct {
	k, dir, id string
	rank       int
	hand       *handRead
}

// readsDir reports whether a doc in folder dir may show in the sidebar.
func (gs generatedSidebar) readsDir(dir string) bool {
	if gs.hand != nil {
		return gs.hand.readsDir(dir)
	}
	return gs.dir == "" || dir == gs.dir || strings.HasPrefix(dir, gs.dir+"/")
}

// dirs are the folders the sidebar lists.
func (gs generatedSidebar) dirs() []string {
	if gs.hand != nil {
		return gs.hand.dirs
	}
	return []string{gs.dir}
}

// remake builds the sidebar again from the assembler's docs and folders.
func (a *assembler) remake(gs generatedSidebar) []*SidebarItem {
	if gs.hand != nil {
		return gs.hand.remake(a, gs.k)
	}
	return a.folder(gs.k, gs.dir, a.docs[gs.k], a.trees[gs.k], true)
}

func (a *assembler) keep() *assembly {
	return &assembly{docs: a.docs, trees: a.trees, cats: a.cats, catRoute: a.catRoute, claims: a.claims,
		generated: a.generated, byFile: a.byFile, lists: a.lists}
}

// WithMeta is the site assembled again after edits that changed the front matter or title of the
// given docs, blog posts and pages (by content path, parsed again) but not which routes exist: a
// doc's routes are made again, and so are the sidebars that list it or whose pages read it, with
// those pages' neighbours and breadcrumbs, their category index pages and a generated landing page
// that shows them; a post's blog (its posts, lists, archive, authors and tags) and the pages of each
// locale it shows in; a page's locales' pages. all holds every source as it is now. Every other
// route is the last model's. s is not changed, and the graph keeps the edges assembly would record.
// ok is false when the edit needs a whole assembly.
func (s *Site) WithMeta(changed, all map[string]*Parsed) (out *Site, ok bool) {
	asm, g := s.asm, s.Graph
	if asm == nil || len(changed) == 0 {
		return nil, false
	}
	sidebars, landings, blogs, pages, ok := s.metaReaders(changed)
	if !ok {
		return nil, false
	}
	next := *s
	next.restructured = nil // set below when known; never the last re-assembly's
	next.Routes = maps.Clone(s.Routes)
	next.Sidebars = maps.Clone(s.Sidebars)
	a := &assembler{cfg: s.Config, s: &next, docs: maps.Clone(asm.docs), cats: asm.cats, catRoute: asm.catRoute,
		claims: asm.claims, trees: maps.Clone(asm.trees), generated: asm.generated, byFile: maps.Clone(asm.byFile),
		lists: asm.lists, owned: map[string]bool{}}
	// The changed files' problems (a doc's pagination, a post's authors and tags) are found again
	// below, with their new front matter.
	files := map[string]bool{}
	for _, p := range changed {
		files[p.Src.File()] = true
	}
	next.Refs = slices.DeleteFunc(slices.Clone(s.Refs), func(r Ref) bool {
		return files[r.File] && (strings.HasPrefix(r.Field, "pagination_") || r.Field == "authors" || r.Field == "tags")
	})
	if len(next.Refs) == 0 {
		next.Refs = nil // as an assembly that found none leaves them
	}
	cloned := map[string]bool{}
	for _, path := range sortedKeys(changed) {
		p := changed[path]
		if p.Src.Kind != content.Doc {
			continue // a post: its blog is assembled again below
		}
		var now []*docEntry
		for _, e := range asm.byFile[path] {
			k := key(e.version.Name, e.locale)
			if !cloned[k] {
				cloned[k] = true
				a.docs[k], a.trees[k] = maps.Clone(a.docs[k]), maps.Clone(a.trees[k])
			}
			ne := *e
			ne.p = p
			ne.place()
			a.docs[k][e.id] = &ne
			a.trees[k].replace(e, &ne)
			now = append(now, &ne)
			// Its own reads are recorded again: its pagination may name other docs now.
			g.Forget(graph.Route(e.route), assembledKinds...)
			r := ne.newRoute()
			r.Data.OtherVersions = s.Routes[e.route].Data.OtherVersions // by doc id, which did not change
			r.MDX = p.MDX
			a.addRoute(r)
			a.recordHandFile(&ne)
		}
		a.byFile[path] = now
	}
	var placed []string
	for _, key := range sortedKeys(sidebars) {
		gs := asm.generated[key]
		g.Forget(graph.Sidebar(key))
		items := a.remake(gs)
		if len(items) == 0 {
			return nil, false // it listed pages before, and the same pages exist
		}
		// A page belongs to the first sidebar that lists it, as before the edit: which sidebars
		// list a page follows from folders, which did not change.
		seen := map[string]bool{}
		placed = append(placed, a.placeSidebar(key, items, func(route string) bool {
			if seen[route] {
				return false
			}
			seen[route] = true
			old := s.Routes[route]
			return old != nil && old.Data.Sidebar == key
		})...)
	}
	a.paginatePlaced(placed, nil)
	for locale := range blogs {
		pages[locale] = true // the landing page shows the latest post
	}
	for _, locale := range sortedKeys(landings) {
		if !pages[locale] {
			a.generatedLanding(landingRoute(s, locale), locale)
		}
	}
	if len(pages) > 0 {
		next.Posts, next.NotFound = maps.Clone(s.Posts), maps.Clone(s.NotFound)
		for _, locale := range sortedKeys(pages) {
			var set []*Parsed
			for _, path := range asm.lists[locale] {
				p := all[path]
				if p == nil {
					return nil, false // gone: a structural edit, which this is not
				}
				set = append(set, p)
			}
			// As Assemble makes them: the blog, then the pages (the landing shows the latest post).
			if blogs[locale] {
				a.blog(set, locale)
			}
			a.pages(set, locale)
		}
	}
	if len(a.errs) > 0 {
		return nil, false // a whole assembly reports them
	}
	a.markMDX(all)
	next.asm = a.keep()
	// A doc's or a sidebar's routes are made again in place; the blog and the pages are made anew
	// (an author's page may come or go with a post's front matter): then the caller compares.
	next.madeFrom(s, nil, len(pages) == 0)
	next.remarkMDX(s, a.owned)
	if len(pages) == 0 {
		// The routes and sidebars made again (no route comes or goes): the link check patches their
		// structural links only. When the blog or the pages were made anew a route may have come or
		// gone (a tag, an author), which this does not list: the link check walks the structure.
		next.restructured = &Restructured{Routes: sortedKeys(a.owned), Sidebars: sortedKeys(sidebars)}
	}
	return &next, true
}

// markMDX marks the routes this re-assembly made as markMDX marks a whole assembly's: the blog's
// and the pages' assembly makes their routes anew, without it.
func (a *assembler) markMDX(all map[string]*Parsed) {
	for path := range a.owned {
		if r := a.s.Routes[path]; r != nil && r.Source != "" {
			p := all[r.Source]
			r.MDX = p != nil && p.MDX
		}
	}
}

// metaReaders lists what a re-assembly makes again for edits of the front matter of changed: the
// sidebars that list the docs or whose pages read them (neighbours, pagination, category cards),
// the locales whose generated landing page shows one of those sidebars, and the locales whose blog
// lists a changed post. ok is false when the graph names a reader WithMeta cannot make on its own.
func (s *Site) metaReaders(changed map[string]*Parsed) (sidebars, landings, blogs, pages map[string]bool, ok bool) {
	asm, g := s.asm, s.Graph
	sidebars, landings, blogs, pages = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	for path, p := range changed {
		if p.Src.Kind == content.Page {
			// A page: the pages of each locale that shows it are made again (nothing else reads it).
			for locale, list := range asm.lists {
				if slices.Contains(list, path) {
					pages[locale] = true
				}
			}
			if len(pages) == 0 || len(g.Readers(graph.Meta(path))) > 0 {
				return nil, nil, nil, nil, false
			}
			continue
		}
		if p.Src.Kind == content.BlogPost {
			for _, n := range g.Readers(graph.Meta(path)) { // the lists read a post's meta (blog.go)
				if n.Kind == graph.BlogListKind {
					blogs[n.Key] = true
				}
			}
			if len(blogs) == 0 {
				return nil, nil, nil, nil, false
			}
			continue
		}
		entries := asm.byFile[path]
		if p.Src.Kind != content.Doc || len(entries) == 0 {
			return nil, nil, nil, nil, false // not a doc, a post or a page
		}
		for _, e := range entries {
			r := s.Routes[e.route]
			if r == nil {
				return nil, nil, nil, nil, false
			}
			if r.Data.Sidebar != "" {
				sidebars[r.Data.Sidebar] = true
			}
		}
		for _, n := range g.Readers(graph.Meta(path)) {
			switch r := s.Routes[n.Key]; {
			case n.Kind == graph.SidebarKind:
				sidebars[n.Key] = true
			case n.Kind == graph.RouteKind && r != nil && r.Data.Sidebar != "":
				sidebars[r.Data.Sidebar] = true // its pagination or its cards: its sidebar is made again
			default:
				return nil, nil, nil, nil, false
			}
		}
	}
	for key := range sidebars {
		gs, isGenerated := asm.generated[key]
		if !isGenerated || asm.overlaps(key, gs) {
			return nil, nil, nil, nil, false
		}
		for _, n := range g.Readers(graph.Sidebar(key)) {
			r := s.Routes[n.Key]
			switch {
			case n.Kind != graph.RouteKind || r == nil:
				return nil, nil, nil, nil, false
			case r.Data.Sidebar == key:
				// One of its pages: placed again.
			case r.Source == "" && n.Key == landingRoute(s, r.Data.Locale) && asm.claims[n.Key] == "":
				landings[r.Data.Locale] = true
			default:
				return nil, nil, nil, nil, false
			}
		}
	}
	// What reads a blog: its own pages and the locale's landing page, which the blog's assembly and
	// the pages' make again.
	for locale := range blogs {
		for _, n := range g.Readers(graph.BlogList(locale)) {
			r := s.Routes[n.Key]
			if n.Kind != graph.RouteKind || r == nil || r.Data.Locale != locale ||
				!isBlogKind(r.Data.Kind) && n.Key != landingRoute(s, locale) {
				return nil, nil, nil, nil, false
			}
		}
	}
	return sidebars, landings, blogs, pages, true
}

// isBlogKind reports the kinds of page a blog's assembly makes.
func isBlogKind(kind string) bool {
	switch kind {
	case KindBlogPost, KindBlogList, KindBlogArchive, KindBlogAuthors, KindBlogAuthor, KindBlogTags, KindBlogTag:
		return true
	}
	return false
}

// overlaps reports a sidebar whose folder holds another sidebar's, or lies in it: both would make
// the same category pages, and which one a page belongs to depends on both. A sidebar of a
// sidebars file lists the folders of its autogenerated items.
func (asm *assembly) overlaps(key string, gs generatedSidebar) bool {
	for other, o := range asm.generated {
		if other == key || o.k != gs.k {
			continue
		}
		for _, d := range gs.dirs() {
			for _, od := range o.dirs() {
				if d == "" || od == "" || od == d || strings.HasPrefix(od, d+"/") || strings.HasPrefix(d, od+"/") {
					return true
				}
			}
		}
	}
	return false
}

// landingRoute is the route of a locale's landing page.
func landingRoute(s *Site, locale string) string {
	return LocalizePath(s.Config, s.Config.BasePath, s.Config.DefaultLocale().Code, locale)
}

// replace puts now in old's place in its folder, copying the folder's list (t is a copy of the
// last assembly's index; its lists are shared).
func (t folderIndex) replace(old, now *docEntry) {
	f := t[old.dir]
	if f == nil {
		return
	}
	c := *f
	c.docs = slices.Clone(f.docs)
	for i, e := range c.docs {
		if e == old {
			c.docs[i] = now
		}
	}
	t[old.dir] = &c
}
