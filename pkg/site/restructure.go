// Re-assembly after a structural edit (issue #16): a doc added, deleted or renamed, or one whose id,
// slug or draft state changed. Assembling the whole site again for it took ~430 ms of CPU at 30,000
// pages, and comparing the whole new model with the last one ~190 ms more, for an edit that changes
// one version and locale's doc maps, the sidebars made from the folders that hold the doc, their
// category index pages, their pages' neighbours and breadcrumbs, the same doc's other versions and
// the landing page's cards. Those are made again here, like WithMeta does for a title (the last
// assembly's maps are copied before they change); the rest of the model is the last one's.
// Anything else (a category file, a blog post or page, a hand-written sidebar, sidebars whose
// folders overlap, a doc a config id names, doc references with suggestions) assembles the whole
// site: when unsure, rebuild more.

package site

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
)

// Restructured is what a re-assembly changed, for the builder to compare only that with the last
// model (pkg/build/structure.go, after a structural edit) and for the link check to patch its
// structural links (after WithStructure or WithMeta, which makes no route come or go).
type Restructured struct {
	// Routes are the routes made again or new; Gone the routes that no longer exist.
	Routes, Gone []string
	// Sidebars are the sidebars made again (those in Gone no longer exist).
	Sidebars, GoneSidebars []string
	// FileRoutes are the keys of FileRoute whose route changed, came or went.
	FileRoutes []string
}

// Restructured is what WithStructure or WithMeta changed to make s; nil when s was made otherwise.
func (s *Site) Restructured() *Restructured { return s.restructured }

// docSlot is a doc's place in a version and locale: the file shown there for a path in the
// version's docs (the locale's translation, else the default locale's file).
type docSlot struct {
	v         config.Version
	locale    string
	rel       string
	candidate []string // content paths that may fill the slot, before or now
}

// WithStructure is the site assembled again after the docs at the given content paths were added,
// deleted or moved (before holds every source as the last assembly had it, all as it is now). Every
// other route is the last model's; s is not changed. ok is false when the edit needs a whole
// assembly; the graph may then have lost edges, which a whole assembly records again.
func (s *Site) WithStructure(changed []string, before, all map[string]*Parsed) (out *Site, ok bool) {
	asm, g, cfg := s.asm, s.Graph, s.Config
	if asm == nil || len(changed) == 0 {
		return nil, false
	}
	for _, r := range s.Refs {
		if r.Kind == "doc" {
			return nil, false // its suggestions list every doc of its version: a whole assembly makes them
		}
	}
	var docPaths, postPaths, catPaths []string
	for _, p := range changed {
		switch kind, ok := kindOf(before[p], all[p]); {
		case !ok:
			return nil, false // a page, a static file...
		case kind == content.BlogPost:
			postPaths = append(postPaths, p)
		case kind == content.Category:
			catPaths = append(catPaths, p)
		default:
			docPaths = append(docPaths, p)
		}
	}
	slots, ok := s.docSlots(docPaths, before, all)
	if !ok {
		return nil, false
	}
	// What each slot held and holds now.
	type move struct {
		old *docEntry
		now *Parsed
		s   docSlot
	}
	var moves []move
	for _, sl := range slots {
		var old *docEntry
		for _, c := range sl.candidate {
			for _, e := range asm.byFile[c] {
				if e.version.Name == sl.v.Name && e.locale == sl.locale && e.p.Src.Rel == sl.rel {
					old = e
				}
			}
		}
		now := shownIn(all, sl)
		if old != nil && now != nil && old.p == now {
			continue
		}
		if old == nil && (now == nil || now.FM.Draft) {
			continue
		}
		moves = append(moves, move{old, now, sl})
	}
	if len(moves) == 0 && len(postPaths) == 0 && len(catPaths) == 0 {
		return nil, false
	}

	next := *s
	next.Routes, next.Sidebars = maps.Clone(s.Routes), maps.Clone(s.Sidebars)
	next.FileRoute, next.docRoutes = maps.Clone(s.FileRoute), maps.Clone(s.docRoutes)
	next.Refs = slices.Clip(s.Refs)
	a := &assembler{cfg: cfg, s: &next, docs: maps.Clone(asm.docs), cats: asm.cats, catRoute: asm.catRoute,
		claims: maps.Clone(asm.claims), trees: maps.Clone(asm.trees), generated: asm.generated, byFile: maps.Clone(asm.byFile),
		lists: asm.lists, owned: map[string]bool{}}
	cloned := map[string]bool{}
	cloneKey := func(k string) {
		if !cloned[k] {
			cloned[k] = true
			a.docs[k], a.trees[k] = maps.Clone(a.docs[k]), maps.Clone(a.trees[k])
		}
	}
	sidebars := map[string]bool{}
	dirs := map[string][]string{} // version/locale → folders whose docs changed
	ids := map[[2]string]bool{}   // locale, id: the docs whose other versions change
	gone := map[string]bool{}
	fileRoutes := map[string]bool{}
	for _, m := range moves {
		e := m.old
		if e == nil {
			continue
		}
		k, path := key(e.version.Name, e.locale), e.p.Src.Path
		if !a.readersKnown(s, e, sidebars) {
			return nil, false
		}
		cloneKey(k)
		delete(a.docs[k], e.id)
		a.trees[k].remove(e)
		if left := slices.DeleteFunc(slices.Clone(a.byFile[path]), func(o *docEntry) bool { return o == e }); len(left) > 0 {
			a.byFile[path] = left
		} else {
			delete(a.byFile, path)
		}
		delete(next.Routes, e.route)
		delete(a.claims, e.route)
		delete(next.FileRoute, e.locale+":"+path)
		delete(next.docRoutes, docRouteKey(e.version.Name, e.locale, e.id))
		fileRoutes[e.locale+":"+path] = true
		g.Forget(graph.Route(e.route), assembledKinds...)
		gone[e.route] = true
		dirs[k] = append(dirs[k], e.dir)
		ids[[2]string{e.locale, e.id}] = true
	}
	for _, m := range moves {
		if m.now == nil {
			continue
		}
		k := key(m.s.v.Name, m.s.locale)
		cloneKey(k)
		e := a.addDoc(m.now, m.s.v, m.s.locale, a.versionBase(m.s.v, m.s.locale))
		if e == nil {
			continue // a draft, or an error (below)
		}
		a.trees[k].insert(e)
		next.Routes[e.route].MDX = m.now.MDX
		delete(gone, e.route)
		fileRoutes[e.locale+":"+e.p.Src.Path] = true
		dirs[k] = append(dirs[k], e.dir)
		ids[[2]string{e.locale, e.id}] = true
	}
	if len(a.errs) > 0 {
		return nil, false // a whole assembly reports them
	}
	for id := range ids {
		if isConfigDoc(cfg, id[1]) {
			return nil, false // a main doc or a sidebar's entry: checkConfigRefs
		}
		for _, v := range cfg.Versions {
			if e := a.docs[key(v.Name, id[0])][id[1]]; e != nil {
				a.own(e.route).Data.OtherVersions = a.otherVersions(v, id[0], id[1])
			}
		}
	}
	if len(catPaths) > 0 && !a.recategorize(s, catPaths, before, all, dirs, sidebars) {
		return nil, false
	}
	// The sidebars made from a folder that holds a changed doc or category.
	for k, changedDirs := range dirs {
		version, _, _ := strings.Cut(k, "/")
		if _, hand := cfg.HandSidebars[version]; hand {
			return nil, false
		}
		for sbKey, gs := range asm.generated {
			if gs.k != k {
				continue
			}
			for _, d := range changedDirs {
				if gs.dir == "" || d == gs.dir || strings.HasPrefix(d, gs.dir+"/") {
					sidebars[sbKey] = true
				}
			}
		}
	}
	landings := map[string]bool{}
	for sbKey := range sidebars {
		gs, generated := asm.generated[sbKey]
		if !generated || asm.overlaps(sbKey, gs) || !s.sidebarReadersKnown(sbKey, landings) {
			return nil, false
		}
		version, locale, _ := strings.Cut(gs.k, "/")
		if root := landingRoute(s, locale); isLastVersion(cfg, version) && asm.claims[root] == "" && s.Routes[root] != nil {
			landings[locale] = true // its cards count the sidebars' pages
		}
	}
	var placed, remade, goneSidebars, oldCats []string
	for _, sbKey := range sortedKeys(sidebars) {
		// Its category index pages are made again with it (or not, when their folder is empty;
		// or at another route): their claims go first, as another may claim the route now.
		for _, r := range categoryRoutes(s, s.Sidebars[sbKey]) {
			g.Forget(graph.Route(r), assembledKinds...)
			delete(a.claims, r)
			oldCats = append(oldCats, r)
		}
	}
	// In the order sidebarsOf makes them: a page two sidebars list belongs to the first.
	order := s.sidebarOrder(sidebars)
	assigned, unsure := map[string]bool{}, false
	for _, sbKey := range order {
		gs := asm.generated[sbKey]
		g.Forget(graph.Sidebar(sbKey))
		items := a.folder(gs.k, gs.dir, a.docs[gs.k], a.trees[gs.k], true)
		if len(items) == 0 {
			delete(next.Sidebars, sbKey)
			if s.Sidebars[sbKey] != nil {
				goneSidebars = append(goneSidebars, sbKey)
			}
			continue
		}
		placed = append(placed, a.placeSidebar(sbKey, items, func(route string) bool {
			if assigned[route] {
				return false
			}
			if old := s.Routes[route]; old != nil && old.Data.Sidebar != "" && !sidebars[old.Data.Sidebar] {
				// A sidebar not made again lists it: which comes first is a whole assembly's to say.
				unsure = true
				return false
			}
			assigned[route] = true
			return true
		})...)
		remade = append(remade, sbKey)
	}
	if unsure {
		return nil, false
	}
	for _, r := range oldCats {
		if !a.owned[r] {
			delete(next.Routes, r)
			gone[r] = true
		}
	}
	for _, sbKey := range order {
		// A page the sidebar listed and lists no more (a folder's index page, once its category has
		// a generated index) is in no sidebar now.
		for _, r := range sidebarRoutes(s.Sidebars[sbKey]) {
			if old := s.Routes[r]; !assigned[r] && next.Routes[r] != nil && old != nil && old.Data.Sidebar == sbKey {
				c := a.own(r)
				c.Data.Sidebar, c.Data.Breadcrumbs, c.Data.Prev, c.Data.Next = "", nil, nil, nil
				g.Forget(graph.Route(r), graph.SidebarKind, graph.MetaKind)
			}
		}
	}
	a.paginatePlaced(placed, func(path string) {
		// Its pagination may have named a doc that is gone: its reads are recorded again.
		g.Forget(graph.Route(path), graph.MetaKind)
	})
	for _, locale := range sortedKeys(landings) {
		root := landingRoute(s, locale)
		g.Forget(graph.Route(root), assembledKinds...)
		a.generatedLanding(root, locale)
	}
	if len(a.errs) > 0 {
		return nil, false
	}
	if len(postPaths) > 0 && !a.reblog(s, postPaths, before, all, gone, fileRoutes) {
		return nil, false
	}
	for r := range gone {
		if next.Routes[r] != nil {
			delete(gone, r) // made again
		}
	}
	next.Order = reorder(s, &next, a.owned, gone)
	next.asm = a.keep()
	next.restructured = &Restructured{Routes: sortedKeys(a.owned), Gone: sortedKeys(gone), Sidebars: remade,
		GoneSidebars: goneSidebars, FileRoutes: sortedKeys(fileRoutes)}
	next.madeFrom(s, next.restructured.Gone, true)
	next.remarkMDX(s, a.owned)
	return &next, true
}

// kindOf is the kind of source a changed path is, before or now; ok is false for one
// WithStructure does not make again on its own, or one whose kind changed.
func kindOf(before, now *Parsed) (content.Kind, bool) {
	var kinds []content.Kind
	for _, p := range []*Parsed{before, now} {
		if p != nil {
			kinds = append(kinds, p.Src.Kind)
		}
	}
	if len(kinds) == 0 || len(kinds) == 2 && kinds[0] != kinds[1] {
		return 0, false
	}
	return kinds[0], kinds[0] == content.Doc || kinds[0] == content.BlogPost || kinds[0] == content.Category
}

// docSlots lists the places in versions and locales the changed paths show in, before or now; ok is
// false when one of them is not a doc (or was not).
func (s *Site) docSlots(changed []string, before, all map[string]*Parsed) ([]docSlot, bool) {
	cfg := s.Config
	def := cfg.DefaultLocale().Code
	byKey := map[string]*docSlot{}
	var order []string
	wanted := map[string]bool{} // version/rel of the changed docs
	for _, p := range changed {
		for _, parsed := range []*Parsed{before[p], all[p]} {
			if parsed == nil {
				continue
			}
			src := parsed.Src
			if src.Kind != content.Doc {
				return nil, false
			}
			v, ok := versionNamed(cfg, src.Version)
			if !ok {
				return nil, false
			}
			wanted[src.Version+"/"+src.Rel] = true
			locales := []string{src.Locale}
			if src.Locale == def {
				locales = locales[:0]
				for _, l := range cfg.Locales {
					locales = append(locales, l.Code)
				}
			}
			for _, l := range locales {
				k := l + "/" + src.Version + "/" + src.Rel
				sl := byKey[k]
				if sl == nil {
					sl = &docSlot{v: v, locale: l, rel: src.Rel}
					byKey[k] = sl
					order = append(order, k)
				}
				if !slices.Contains(sl.candidate, p) {
					sl.candidate = append(sl.candidate, p)
				}
			}
		}
	}
	if len(cfg.Locales) > 1 {
		// The files of the same place in the other locales (a translation, or the file a
		// translation stands in for): a look at every source, on sites with several locales only.
		for p, parsed := range all {
			src := parsed.Src
			if src.Kind != content.Doc || !wanted[src.Version+"/"+src.Rel] {
				continue
			}
			for _, sl := range byKey {
				if sl.v.Name == src.Version && sl.rel == src.Rel && (src.Locale == def || src.Locale == sl.locale) &&
					!slices.Contains(sl.candidate, p) {
					sl.candidate = append(sl.candidate, p)
				}
			}
		}
	}
	out := make([]docSlot, 0, len(order))
	for _, k := range order {
		sl := byKey[k]
		sort.Strings(sl.candidate)
		out = append(out, *sl)
	}
	return out, true
}

// shownIn is the file a slot shows now: the locale's own, else the default locale's (a slot's
// candidates are of those two locales); nil for none.
func shownIn(all map[string]*Parsed, sl docSlot) *Parsed {
	var def *Parsed
	for _, c := range sl.candidate {
		p := all[c]
		if p == nil || p.Src.Kind != content.Doc || p.Src.Version != sl.v.Name || p.Src.Rel != sl.rel {
			continue
		}
		if p.Src.Locale == sl.locale {
			return p
		}
		def = p
	}
	return def
}

// readersKnown adds to sidebars those whose pages read the doc e (its label, its description, its
// place), and reports whether every reader of it is one this file makes again.
func (a *assembler) readersKnown(s *Site, e *docEntry, sidebars map[string]bool) bool {
	g, path := s.Graph, e.p.Src.Path
	if r := s.Routes[e.route]; r != nil && r.Data.Sidebar != "" {
		sidebars[r.Data.Sidebar] = true
	}
	for _, n := range g.Readers(graph.Meta(path)) {
		r := s.Routes[n.Key]
		switch {
		case n.Kind == graph.SidebarKind:
			sidebars[n.Key] = true
		case n.Kind == graph.RouteKind && r != nil && r.Data.Sidebar != "":
			sidebars[r.Data.Sidebar] = true // its pagination or its cards
		case n.Kind == graph.RouteKind && r != nil && r.Data.Kind == KindDoc && r.Source == path:
			// Its own page (a pagination to itself).
		default:
			return false
		}
	}
	for _, n := range g.Readers(graph.File(path)) {
		if r := s.Routes[n.Key]; n.Kind != graph.RouteKind || r == nil || r.Source != path {
			return false
		}
	}
	return true
}

// sidebarReadersKnown reports whether every reader of a sidebar is one of its pages or a generated
// landing page (added to landings).
func (s *Site) sidebarReadersKnown(sbKey string, landings map[string]bool) bool {
	for _, n := range s.Graph.Readers(graph.Sidebar(sbKey)) {
		r := s.Routes[n.Key]
		switch {
		case n.Kind != graph.RouteKind || r == nil:
			return false
		case r.Data.Sidebar == sbKey:
		case r.Source == "" && n.Key == landingRoute(s, r.Data.Locale) && s.asm.claims[n.Key] == "":
			landings[r.Data.Locale] = true
		default:
			return false
		}
	}
	return true
}

// sidebarOrder lists the sidebars of keys in the order sidebarsOf makes them: by version and
// locale, then as docsd.toml lists them.
func (s *Site) sidebarOrder(keys map[string]bool) []string {
	rank := map[string]int{}
	for i, sb := range s.Config.Sidebars {
		rank[sb.ID] = i
	}
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := s.asm.generated[out[i]], s.asm.generated[out[j]]
		if a.k != b.k {
			return a.k < b.k
		}
		return rank[a.id] < rank[b.id]
	})
	return out
}

// sidebarRoutes lists every route a sidebar's items link.
func sidebarRoutes(items []*SidebarItem) []string {
	var out []string
	for _, it := range items {
		if it.Route != "" {
			out = append(out, it.Route)
		}
		out = append(out, sidebarRoutes(it.Items)...)
	}
	return out
}

// categoryRoutes lists the generated category index pages a sidebar links.
func categoryRoutes(s *Site, items []*SidebarItem) []string {
	var out []string
	for _, it := range items {
		if it.Type != "category" {
			continue
		}
		if r := s.Routes[it.Route]; r != nil && r.Data.Kind == KindCategory {
			out = append(out, it.Route)
		}
		out = append(out, categoryRoutes(s, it.Items)...)
	}
	return out
}

// reorder is the last model's sorted routes without those gone, with the new ones in place. Every
// route a re-assembly adds is one it made (owned): only those are looked at, not every route.
func reorder(old, now *Site, owned, gone map[string]bool) []string {
	var added []string
	for r := range owned {
		if old.Routes[r] == nil && now.Routes[r] != nil {
			added = append(added, r)
		}
	}
	slices.Sort(added)
	if len(gone) == 0 && len(added) == 0 {
		return old.Order
	}
	order := slices.Clone(old.Order)
	for r := range gone {
		if i, found := slices.BinarySearch(order, r); found && now.Routes[r] == nil {
			order = slices.Delete(order, i, i+1)
		}
	}
	for _, r := range added {
		if i, found := slices.BinarySearch(order, r); !found {
			order = slices.Insert(order, i, r)
		}
	}
	return order
}

// isConfigDoc reports a doc id that docsd.toml names (a version's main doc, a sidebar's entry).
func isConfigDoc(cfg *config.Site, id string) bool {
	for _, v := range cfg.Versions {
		if v.MainDocID == id {
			return true
		}
	}
	for _, sb := range cfg.Sidebars {
		if sb.Entry == id {
			return true
		}
	}
	return false
}

func versionNamed(cfg *config.Site, name string) (config.Version, bool) {
	for _, v := range cfg.Versions {
		if v.Name == name {
			return v, true
		}
	}
	return config.Version{}, false
}

func isLastVersion(cfg *config.Site, name string) bool {
	v, ok := versionNamed(cfg, name)
	return ok && v.IsLast
}

// parentDir is the folder a docs folder is in ("" for the top).
func parentDir(dir string) string {
	if i := strings.LastIndexByte(dir, '/'); i >= 0 {
		return dir[:i]
	}
	return ""
}

// edit returns the folder entries of dir to change: a copy (t is a copy of the last assembly's
// index; its entries are shared), or new ones.
func (t folderIndex) edit(dir string) *folderEntries {
	c := &folderEntries{subdirs: map[string]bool{}}
	if f := t[dir]; f != nil {
		c.docs, c.subdirs = slices.Clone(f.docs), maps.Clone(f.subdirs)
	}
	t[dir] = c
	return c
}

// insert adds e to its folder, and the folder to those above it, as foldersOf does.
func (t folderIndex) insert(e *docEntry) {
	f := t.edit(e.dir)
	f.docs = append(f.docs, e)
	for d := e.dir; d != ""; d = parentDir(d) {
		if p := t[parentDir(d)]; p != nil && p.subdirs[d] {
			return
		}
		t.edit(parentDir(d)).subdirs[d] = true
	}
}

// remove takes e out of its folder, and a folder left with no docs at any depth out of the one
// above it.
func (t folderIndex) remove(e *docEntry) {
	if t[e.dir] == nil {
		return
	}
	f := t.edit(e.dir)
	f.docs = slices.DeleteFunc(f.docs, func(o *docEntry) bool { return o == e })
	for d := e.dir; d != ""; d = parentDir(d) {
		if f := t[d]; f == nil || len(f.docs) > 0 || len(f.subdirs) > 0 {
			return
		}
		delete(t, d)
		if t[parentDir(d)] == nil {
			return
		}
		delete(t.edit(parentDir(d)).subdirs, d)
	}
}
