// Assembly of sidebars: a configured sidebar is generated from its folder, and previous/next
// links, breadcrumbs, other versions and category index pages follow from it.

package site

import (
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/graph"
	"docsd/pkg/layered"
)

// sidebarsOf builds each configured sidebar of a version and locale from its folder, then the
// previous/next links, breadcrumbs and category index pages that follow from it.
func (a *assembler) sidebarsOf(v config.Version, locale string) {
	k := key(v.Name, locale)
	docs := a.docs[k]
	tree := foldersOf(docs)
	a.trees[k] = tree
	var ids []string
	var lists [][]*SidebarItem
	if raw, ok := a.cfg.HandSidebars[v.Name]; ok {
		ids, lists = a.handSidebars(v, locale, raw, tree)
		for _, e := range docs.All() {
			a.recordHandFile(e)
		}
	} else {
		for i, sb := range a.cfg.SidebarsOf(v) {
			dir := sidebarDir(sb.Dir)
			ids = append(ids, sb.ID)
			lists = append(lists, a.folder(k, dir, docs, tree, true))
			a.generated[v.Name+"-"+locale+"-"+sb.ID] = generatedSidebar{k: k, dir: dir, id: sb.ID, rank: i}
		}
	}
	assigned := map[string]bool{} // a doc in two sidebars belongs to the first (Docusaurus)
	take := func(route string) bool {
		if assigned[route] {
			return false
		}
		assigned[route] = true
		return true
	}
	for n, id := range ids {
		if items := lists[n]; len(items) > 0 {
			a.placeSidebar(v.Name+"-"+locale+"-"+id, items, take)
		}
	}
	// pagination_prev / pagination_next override the sidebar order of the docs in a sidebar (once,
	// after every sidebar is made: a loop over the docs per sidebar grew with sidebars × docs).
	for _, e := range docs.All() {
		a.paginate(e, docs)
	}
	// Docs that are in no sidebar still get a page; the same doc in other versions is offered.
	for id, e := range docs.All() {
		r := a.s.Routes.Get(e.route)
		r.Data.OtherVersions = a.otherVersions(v, locale, id)
	}
}

// recordHandFile records that a doc's route reads its version's sidebars file, when it has one:
// whether a doc is in a sidebar, and where, is the file's to say.
func (a *assembler) recordHandFile(e *docEntry) {
	if _, ok := a.cfg.HandSidebars[e.version.Name]; ok {
		a.s.Graph.Record(graph.Route(e.route), graph.File(SidebarsNode(a.cfg.SidebarsFileOf(e.version))))
	}
}

// otherVersions lists the same doc (by id) in the other versions of a locale; a [[docs]] set has
// no other versions (its doc "overview" is not the versioned docs' "overview").
func (a *assembler) otherVersions(v config.Version, locale, id string) []VersionLink {
	if v.Instance != "" {
		return nil
	}
	var out []VersionLink
	for _, other := range a.cfg.Versions {
		if other.Name == v.Name {
			continue
		}
		if o, ok := a.docs[key(other.Name, locale)].Lookup(id); ok {
			out = append(out, VersionLink{Label: other.Label, Name: other.Name, Route: o.route})
		}
	}
	return out
}

// sidebarDir is the folder of a configured sidebar inside its version's docs ("" for all of them).
func sidebarDir(dir string) string {
	if dir == "." || dir == "/" {
		return ""
	}
	return dir
}

// placeSidebar adds a sidebar and gives the routes it lists their sidebar, breadcrumbs and
// previous/next links. take says whether a route is this sidebar's (a doc in two sidebars belongs
// to the first); it returns the routes placed.
func (a *assembler) placeSidebar(sbKey string, items []*SidebarItem, take func(route string) bool) []string {
	a.s.Sidebars[sbKey] = items
	sbNode := graph.Sidebar(sbKey)
	// flatten for previous/next and breadcrumbs
	type flat struct {
		link   Link
		crumbs []Link
	}
	var seq []flat
	var walk func(items []*SidebarItem, crumbs []Link)
	walk = func(items []*SidebarItem, crumbs []Link) {
		for _, it := range items {
			if it.file != "" {
				a.s.Graph.Record(sbNode, graph.Meta(it.file))
			}
			if it.Route != "" && !it.ref {
				seq = append(seq, flat{Link{Title: it.Label, Route: it.Route}, crumbs})
			}
			if it.Type == "category" {
				next := append(append([]Link(nil), crumbs...), Link{Title: it.Label, Route: it.Route})
				walk(it.Items, next)
			}
		}
	}
	walk(items, nil)
	var placed []string
	for i, f := range seq {
		if a.s.Routes.Get(f.link.Route) == nil || !take(f.link.Route) {
			continue
		}
		r := a.own(f.link.Route)
		placed = append(placed, r.Path)
		r.Data.Sidebar = sbKey
		r.Data.Breadcrumbs = f.crumbs
		a.s.Graph.Record(graph.Route(r.Path), sbNode)
		r.Data.Prev, r.Data.Next = nil, nil
		if i > 0 {
			l := seq[i-1].link
			r.Data.Prev = &l
		}
		if i < len(seq)-1 {
			l := seq[i+1].link
			r.Data.Next = &l
		}
	}
	return placed
}

// paginate applies a doc's pagination_prev / pagination_next, which override its sidebar
// neighbours; a doc in no sidebar has none.
func (a *assembler) paginate(e *docEntry, docs *layered.Map[*docEntry]) {
	fm := e.p.FM
	if r := a.s.Routes.Get(e.route); r.Data.Sidebar == "" || fm.PaginationPrev == nil && fm.PaginationNext == nil {
		return
	}
	r := a.own(e.route)
	file := e.p.Src.File()
	if fm.PaginationPrev != nil {
		r.Data.Prev = a.docLink(docs, *fm.PaginationPrev, file, "pagination_prev", r.Data.Prev)
		a.recordDocRead(r.Path, docs, *fm.PaginationPrev)
	}
	if fm.PaginationNext != nil {
		r.Data.Next = a.docLink(docs, *fm.PaginationNext, file, "pagination_next", r.Data.Next)
		a.recordDocRead(r.Path, docs, *fm.PaginationNext)
	}
}

// paginatePlaced applies the pagination of the docs a re-assembly placed in sidebars again (routes
// of other kinds have none), calling before, if set, ahead of each doc's.
func (a *assembler) paginatePlaced(placed []string, before func(route string)) {
	for _, path := range placed {
		r := a.s.Routes.Get(path)
		if r.Data.Kind != KindDoc {
			continue
		}
		k := key(r.Data.Version, r.Data.Locale)
		if e := a.docs[k].Get(r.Data.DocID); e != nil && e.route == path {
			if before != nil {
				before(path)
			}
			a.paginate(e, a.docs[k])
		}
	}
}

// folderIndex is what each docs folder of a version and locale holds: its docs, and the folders
// below it that hold docs at any depth. Made once per version and locale, so turning a folder into
// sidebar items looks only at that folder (looking through every doc for every folder made
// assembly grow with docs × folders: half an edit's time at 10,000 pages).
// Layered (pkg/layered): a re-assembly copies the folders it changes, not the index.
type folderIndex struct{ m *layered.Map[*folderEntries] }

// clone is a copy of t to change (t is not changed afterwards).
func (t folderIndex) clone() folderIndex { return folderIndex{t.m.Clone()} }

type folderEntries struct {
	docs    []*docEntry
	subdirs map[string]bool
}

func foldersOf(docs *layered.Map[*docEntry]) folderIndex {
	tree := folderIndex{layered.New[*folderEntries]()}
	at := func(dir string) *folderEntries {
		f := tree.m.Get(dir)
		if f == nil {
			f = &folderEntries{subdirs: map[string]bool{}}
			tree.m.Set(dir, f)
		}
		return f
	}
	for _, e := range docs.All() {
		at(e.dir).docs = append(at(e.dir).docs, e)
		if e.dir != "" {
			// The whole docs folder (a sidebar with dir "."): its first-level folders.
			top, _, _ := strings.Cut(e.dir, "/")
			at("").subdirs[top] = true
		}
		// Every folder whose path plus "/" starts e.dir holds e's folder below it.
		for i := 0; i < len(e.dir); i++ {
			if e.dir[i] == '/' {
				sub, _, _ := strings.Cut(e.dir[i+1:], "/")
				at(e.dir[:i]).subdirs[e.dir[:i]+"/"+sub] = true
			}
		}
	}
	return tree
}

// index is the index page of a folder (index.md, README.md or dir/dir.md), nil when it has none.
func (t folderIndex) index(dir string) *docEntry {
	if f := t.m.Get(dir); f != nil {
		for _, e := range f.docs {
			if e.isIndex {
				return e
			}
		}
	}
	return nil
}

// folder turns one docs folder into sidebar items, ordered by position then name.
func (a *assembler) folder(k, dir string, docs *layered.Map[*docEntry], tree folderIndex, root bool) []*SidebarItem {
	type entry struct {
		item *SidebarItem
		pos  float64
		name string
	}
	var entries []entry
	f := tree.m.Get(dir)
	if f == nil {
		return nil
	}
	for _, e := range f.docs {
		if !(e.isIndex && !root) {
			if e.isIndex && root && e.dir == dir {
				// the sidebar folder's own index page comes first
				entries = append(entries, entry{&SidebarItem{Type: "link", Label: e.label, Route: e.route, docID: e.id,
					file: e.p.Src.Path}, math.Inf(-1), ""})
				continue
			}
			entries = append(entries, entry{&SidebarItem{Type: "link", Label: e.label, Route: e.route, docID: e.id,
				file: e.p.Src.Path}, e.pos, e.name})
		}
	}
	for sub := range f.subdirs {
		items := a.folder(k, sub, docs, tree, false)
		cat := &SidebarItem{Type: "category", Label: humanize(path.Base(sub)), Items: items, Collapsed: true, Collapsible: true}
		// A folder's position: its category file's, else its index page's, else its number prefix.
		subName, number := splitNumberPrefix(path.Base(sub))
		pos := math.Inf(1)
		if number != nil {
			pos = *number
		}
		if idx := tree.index(sub); idx != nil {
			cat.Route, cat.Label, cat.docID, cat.file = idx.route, idx.label, idx.id, idx.p.Src.Path
			if idx.p.FM.SidebarPosition != nil {
				pos = *idx.p.FM.SidebarPosition
			}
		}
		if c, ok := a.cats[k+"/"+sub]; ok {
			cf := c.Category
			if cf.Label != "" {
				cat.Label = cf.Label
			}
			if cf.Position != nil {
				pos = *cf.Position
			}
			if cf.Collapsed != nil {
				cat.Collapsed = *cf.Collapsed
			}
			if cf.Collapsible != nil {
				cat.Collapsible = *cf.Collapsible
			}
			cat.desc = cf.Description
			if cat.desc == "" && cf.Link != nil {
				cat.desc = cf.Link.Description
			}
			if cf.Link != nil && cf.Link.Type == "doc" {
				if d, ok := lookupDoc(docs, cf.Link.ID); ok {
					cat.Route = d.route
				} else {
					// The category is built without a link: a broken link, not a broken site.
					a.ref(Ref{File: c.Src.File(), Field: "link.id", Value: cf.Link.ID, Kind: "doc",
						Candidates: slices.Sorted(docs.Keys()), Message: fmt.Sprintf("link.id names doc %q, which does not exist", cf.Link.ID)})
				}
			}
			if route, ok := a.catRoute[k+"/"+sub]; ok && a.claim(route, c.Src.File()) {
				cat.Route = route
				a.categoryIndex(route, cat, c, k)
			}
		}
		entries = append(entries, entry{cat, pos, subName})
	}
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].pos != entries[j].pos {
			return entries[i].pos < entries[j].pos
		}
		if entries[i].name != entries[j].name {
			return entries[i].name < entries[j].name
		}
		return entries[i].item.Route < entries[j].item.Route
	})
	out := make([]*SidebarItem, len(entries))
	for i, e := range entries {
		out[i] = e.item
	}
	return out
}

// categoryIndex makes the generated index page of a category: its children as cards.
func (a *assembler) categoryIndex(route string, cat *SidebarItem, c *Parsed, k string) {
	l := c.Category.Link
	title := l.Title
	if title == "" {
		title = cat.Label
	}
	a.generatedIndex(route, cat, title, l.Description, graph.File(c.Src.Path), k)
}

// generatedIndex makes the page of a category's generated index; source is the node of the file
// that defines it (a category file or a sidebars file).
func (a *assembler) generatedIndex(route string, cat *SidebarItem, title, description string, source graph.Node, k string) {
	version, locale, _ := strings.Cut(k, "/")
	data := &PageData{Route: route, Kind: KindCategory, Title: title, Description: description, Locale: locale, Version: version}
	if v, ok := versionNamed(a.cfg, version); ok {
		data.Instance = v.Instance
	}
	node := graph.Route(route)
	a.s.Graph.Record(node, source)
	for _, it := range cat.Items {
		card := Card{Title: it.Label, Route: it.Route}
		if it.Type == "category" {
			card.Count = countLinks(it.Items)
		}
		if d := a.docs[k].Get(it.docID); d != nil {
			card.Description = d.p.FM.Description
			a.s.Graph.Record(node, graph.Meta(d.p.Src.Path))
		}
		if card.Route != "" {
			data.Cards = append(data.Cards, card)
		}
	}
	src := ""
	if source.Kind == graph.FileKind && !strings.HasPrefix(source.Key, SidebarsNode("")) {
		src = source.Key
	}
	a.addRoute(&Route{Path: route, Data: data, Source: src, Listed: true})
}

func countLinks(items []*SidebarItem) int {
	n := 0
	for _, it := range items {
		if it.Route != "" {
			n++
		}
		n += countLinks(it.Items)
	}
	return n
}

func humanize(name string) string {
	name, _ = splitNumberPrefix(name)
	name = strings.NewReplacer("-", " ", "_", " ").Replace(name)
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}
