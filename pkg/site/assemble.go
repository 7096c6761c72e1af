// The assemble step: from the parsed sources to the site model (routes, sidebars, blog, pages)
// and the dependency graph's edges. Each concern has its own file: docs.go, sidebars.go, blog.go,
// pages.go; paths.go holds the URL contract.
package site

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"weak"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/layered"
	"docsd/pkg/markdown"
)

// Site is the assembled model: every route of every locale, the sidebars, and what each file maps to.
type Site struct {
	Config *config.Site
	// Routes are the model's pages by URL path. Layered: a re-assembly copies only what it changes.
	Routes   *layered.Map[*Route]
	Order    []string // routes in a stable order
	Sidebars map[string][]*SidebarItem
	// FileRoute maps a content file (relative to content/) and locale to its route, for link resolution.
	FileRoute *layered.Map[string]
	Statics   []content.Source
	NotFound  map[string]*Route // per locale
	Graph     *graph.Graph
	Posts     map[string][]PostSummary // per locale, newest first
	// Refs are the keys and ids that name nothing (authors, tags, doc ids): link problems, not errors.
	Refs []Ref
	// docRoutes maps version, locale and doc id to the doc's route (DocRoute): every page's site
	// data asks it for each sidebar's entry, and a scan of the routes grew with sidebars × pages.
	docRoutes *layered.Map[string]
	// asm is what the assembly knew beyond the model, for assembling again only what an edit
	// changes (reassemble.go).
	asm *assembly
	// restructured is what WithStructure changed to make this model (nil otherwise).
	restructured *Restructured
	// from is the model a re-assembly made this one from (weak: a model must not keep the one
	// before it alive), and gone, when goneKnown, the routes of that model this one lacks
	// (GoneSince).
	from      weak.Pointer[Site]
	gone      []string
	goneKnown bool
	// bodiesOnly is true for a model WithBodies made: the routes of its from, documents replaced.
	bodiesOnly bool
	// mdx lists, sorted, the routes marked MDX (MDXRoutes): the builder asks for them on every
	// edit, and a walk over every route grew with the site.
	mdx []string
}

// MDXRoutes lists, sorted, the routes whose content is an MDX module (Route.MDX).
func (s *Site) MDXRoutes() []string { return s.mdx }

// remarkMDX lists the MDX routes of a re-assembly: those of old it did not make again and still
// has, and those it made (owned) that are MDX.
func (s *Site) remarkMDX(old *Site, owned map[string]bool) {
	var out []string
	for _, p := range old.mdx {
		if !owned[p] && s.Routes.Get(p) != nil {
			out = append(out, p)
		}
	}
	for p := range owned {
		if r := s.Routes.Get(p); r != nil && r.MDX {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	s.mdx = slices.Compact(out)
}

// GoneSince returns the routes of old that s does not have, when s was re-assembled from old by
// WithBodies, WithMeta or WithStructure and that re-assembly knows them; ok is false otherwise (the
// caller compares the two models' routes). A rebuild asks it so as not to look at every route of
// the site for the few an edit removes.
func (s *Site) GoneSince(old *Site) (gone []string, ok bool) {
	if !s.goneKnown || old == nil {
		return nil, false
	}
	// A model WithBodies made has the routes of the model it stands for (its from): asked for it,
	// the answer for that model holds. That is watch's common order, a body edit and then a page
	// added in the next build, which otherwise walked every route.
	if from := s.from.Value(); from != old && (from == nil || !old.bodiesOnly || !old.goneKnown || old.from.Value() != from) {
		return nil, false
	}
	return s.gone, true
}

// madeFrom notes that s was re-assembled from old, with the routes of old it lacks when known. A
// model WithBodies made (which removes no route) stands for the one it was made from, so that a
// re-assembly of it still answers for the last build's model.
func (s *Site) madeFrom(old *Site, gone []string, known bool) {
	s.from, s.gone, s.goneKnown, s.bodiesOnly = weak.Make(old), gone, known, false
	if old.bodiesOnly && old.goneKnown {
		s.from = old.from
	}
}

type assembler struct {
	cfg      *config.Site
	s        *Site
	conv     *markdown.Converter
	errs     Errors
	docs     map[string]*layered.Map[*docEntry] // key version/locale → id → doc
	cats     map[string]*Parsed                 // key version/locale/dir → category file
	catRoute map[string]string                  // version/locale/dir → generated index route
	claims   *layered.Map[string]               // route → file that claims it
	trees    map[string]folderIndex             // key version/locale → its docs by folder
	// generated are the sidebars made from a folder, by sidebar key; byFile lists the docs each
	// content file is (one per locale it shows in).
	generated map[string]generatedSidebar
	byFile    *layered.Map[[]*docEntry]
	// owned, when set, lists the routes this assembly made or copied: a re-assembly starts from the
	// last model's routes and copies one before changing it (own).
	owned map[string]bool
	// lists are, per locale, the paths of the blog's and the pages' sources in the order the
	// locale's overlay has them: what a re-assembly of the blog reads again.
	lists map[string][]string
}

// assembledKinds are the kinds of node assembly records reads of: every kind but the anchors, whose
// reads rendering records.
var assembledKinds = []graph.Kind{graph.FileKind, graph.MetaKind, graph.RouteKind, graph.SidebarKind, graph.BlogListKind,
	graph.ConfigKind, graph.ShellKind, graph.StructureKind}

func key(version, locale string) string { return version + "/" + locale }

// Assemble builds the site model from parsed sources and records its edges in g. g may hold the
// edges of an earlier assembly: they are dropped first (rendering's edges to anchors stay).
func Assemble(cfg *config.Site, parsed []*Parsed, g *graph.Graph) (*Site, error) {
	g.Drop(assembledKinds...)
	a := &assembler{cfg: cfg, s: &Site{Config: cfg, Routes: layered.New[*Route](), Sidebars: map[string][]*SidebarItem{},
		FileRoute: layered.New[string](), NotFound: map[string]*Route{}, Graph: g, Posts: map[string][]PostSummary{},
		docRoutes: layered.New[string]()},
		docs: map[string]*layered.Map[*docEntry]{}, cats: map[string]*Parsed{}, catRoute: map[string]string{}, claims: layered.New[string](),
		trees: map[string]folderIndex{}, generated: map[string]generatedSidebar{}, byFile: layered.New[[]*docEntry](),
		lists: map[string][]string{}}
	for _, loc := range cfg.Locales {
		set := overlay(parsed, cfg.DefaultLocale().Code, loc.Code)
		for _, v := range cfg.DocSets() {
			a.docsOf(set, v, loc.Code)
		}
		for _, v := range cfg.DocSets() {
			a.sidebarsOf(v, loc.Code)
		}
		a.blog(set, loc.Code)
		a.pages(set, loc.Code)
		for _, p := range set {
			if isBlogOrPage(p.Src.Kind) {
				a.lists[loc.Code] = append(a.lists[loc.Code], p.Src.Path)
			}
		}
	}
	for _, p := range parsed {
		if p.Src.Kind == content.Static {
			a.s.Statics = append(a.s.Statics, p.Src)
		}
	}
	a.checkConfigRefs()
	if len(a.errs) > 0 {
		sort.Slice(a.errs, func(i, j int) bool { return a.errs[i].Error() < a.errs[j].Error() })
		return nil, a.errs
	}
	markMDX(a.s, parsed)
	for r, route := range a.s.Routes.All() {
		a.s.Order = append(a.s.Order, r)
		if route.MDX {
			a.s.mdx = append(a.s.mdx, r)
		}
	}
	sort.Strings(a.s.mdx)
	sort.Strings(a.s.Order)
	a.s.asm = a.keep()
	return a.s, nil
}

// overlay returns the default locale's sources with the locale's own files in their place.
func overlay(parsed []*Parsed, def, locale string) []*Parsed {
	byKey := map[string]*Parsed{}
	var order []string
	for _, p := range parsed {
		if p.Src.Locale != def || p.Src.Kind == content.Static {
			continue
		}
		k := fmt.Sprintf("%d/%s/%s", p.Src.Kind, p.Src.Version, p.Src.Rel)
		byKey[k] = p
		order = append(order, k)
	}
	if locale != def {
		for _, p := range parsed {
			if p.Src.Locale == locale {
				k := fmt.Sprintf("%d/%s/%s", p.Src.Kind, p.Src.Version, p.Src.Rel)
				if _, ok := byKey[k]; !ok {
					order = append(order, k)
				}
				byKey[k] = p
			}
		}
	}
	out := make([]*Parsed, 0, len(order))
	for _, k := range order {
		out = append(out, byKey[k])
	}
	return out
}

func (a *assembler) fail(file string, line int, format string, args ...any) {
	e := &content.Error{File: file, Line: line, Column: 1, Msg: fmt.Sprintf(format, args...)}
	// A doc of the default locale is assembled again for each other locale that has no
	// translation of it: its mistake is said once, not once per locale.
	if slices.ContainsFunc(a.errs, func(old error) bool { o, ok := old.(*content.Error); return ok && *o == *e }) {
		return
	}
	a.errs = append(a.errs, e)
}

// versionBase is the URL prefix of a version's docs in a locale.
func (a *assembler) versionBase(v config.Version, locale string) string {
	return versionBase(a.cfg, v, locale)
}

func versionBase(cfg *config.Site, v config.Version, locale string) string {
	p := v.Path
	if p == "" {
		p = strings.TrimSuffix(cfg.BasePath, "/")
	}
	return strings.TrimSuffix(LocalizePath(cfg, p, cfg.DefaultLocale().Code, locale), "/")
}

func (a *assembler) claim(route, file string) bool {
	if prev, ok := a.claims.Lookup(route); ok {
		if prev != file {
			a.fail(file, 1, "route %s is claimed by both %s and %s", route, prev, file)
			return false
		}
		return true // claimed already (a re-assembly shares the last one's claims: no write)
	}
	a.claims.Set(route, file)
	return true
}

func (a *assembler) addRoute(r *Route) {
	if r.Source != "" {
		r.File = a.cfg.SourceFile(r.Source)
	}
	a.s.Routes.Set(r.Path, r)
	if a.owned != nil {
		a.owned[r.Path] = true
	}
	a.recordRoute(r)
}

// fileRoute notes the route of a file in a locale; a re-assembly writes only what changed (the map
// is the last model's, which is not changed).
func (a *assembler) fileRoute(key, route string) {
	if r, ok := a.s.FileRoute.Lookup(key); !ok || r != route {
		a.s.FileRoute.Set(key, route)
	}
}

// isBlogOrPage reports the kinds of source the blog and the pages are assembled from.
func isBlogOrPage(k content.Kind) bool {
	return k == content.BlogPost || k == content.BlogAuthors || k == content.BlogTags || k == content.Page
}

// own returns the route at path to change: in a re-assembly, a copy of the last model's route
// (with its own page data) the first time, since that model is not changed (it may be served).
func (a *assembler) own(path string) *Route {
	r := a.s.Routes.Get(path)
	if a.owned == nil || r == nil || a.owned[path] {
		return r
	}
	c, d := *r, *r.Data
	c.Data = &d
	a.s.Routes.Set(path, &c)
	a.owned[path] = true
	return &c
}

// recordRoute records what every page reads: its own source, and the configuration, the shell and
// the site's structure (its links, navbar and footer may point anywhere), so a change to those
// dirties every route through the graph rather than through a branch of the builder.
func (a *assembler) recordRoute(r *Route) {
	node := graph.Route(r.Path)
	if r.Source != "" {
		a.s.Graph.Record(node, graph.File(r.Source))
	}
	a.s.Graph.Record(node, graph.Config())
	a.s.Graph.Record(node, graph.Shell())
	a.s.Graph.Record(node, graph.Structure())
}

// navbar item opens: the navbar cannot render without it (SPEC §8), so that one fails the build.
func (a *assembler) checkConfigRefs() {
	def := a.cfg.DefaultLocale().Code
	inNavbar, onLanding := a.cfg.NavbarSidebars(), a.cfg.LandingSidebars()
	a.checkOpenedSidebars(def, inNavbar, onLanding)
	for _, v := range a.cfg.Versions {
		docs := a.docs[key(v.Name, def)]
		if v.MainDocID != "" {
			if ok := docs.Has(v.MainDocID); !ok {
				a.ref(Ref{File: "docsd.toml", Field: "main_doc", Value: v.MainDocID, Kind: "doc", Candidates: slices.Sorted(docs.Keys()),
					Message: fmt.Sprintf("docs version %q: main_doc %q does not exist", v.Name, v.MainDocID)})
			}
		}
		if !v.IsLast {
			continue
		}
		for _, sb := range a.cfg.Sidebars {
			if sb.Entry == "" {
				continue
			}
			if ok := docs.Has(sb.Entry); ok {
				continue
			}
			msg := fmt.Sprintf("sidebar %q: entry doc %q does not exist", sb.ID, sb.Entry)
			if inNavbar[sb.ID] {
				if c := Closest(sb.Entry, slices.Sorted(docs.Keys())); c != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", c)
				}
				// No line: the model does not know where docsd.toml says it, and line 1 would mislead.
				a.errs = append(a.errs, &content.Error{File: "docsd.toml",
					Msg: msg + ": a navbar item opens this sidebar, so it needs an entry doc"})
				continue
			}
			a.ref(Ref{File: "docsd.toml", Field: "entry", Value: sb.Entry, Kind: "doc", Candidates: slices.Sorted(docs.Keys()), Message: msg})
		}
	}
}

// checkOpenedSidebars makes sure the sidebars the navbar and the landing page open exist in the
// latest version or a [[docs]] set, once, where a sidebars file defines them (configured
// sidebars are checked with docsd.toml itself).
func (a *assembler) checkOpenedSidebars(def string, inNavbar, onLanding map[string]bool) {
	var files, sources []string        // the sidebars files; and they with the other sources of sidebars
	definedBy := map[string][]string{} // sidebar id -> the versions or sets defining it
	for _, v := range a.cfg.DocSets() {
		if !v.IsLast {
			continue
		}
		switch file := a.cfg.SidebarsFileOf(v); {
		case file != "":
			files = append(files, file)
			sources = append(sources, file)
		case v.Instance != "":
			sources = append(sources, fmt.Sprintf("[[docs]] %q", v.Instance))
		case len(a.cfg.Sidebars) > 0:
			sources = append(sources, "[[sidebars]]")
		}
		for k := range a.s.Sidebars {
			if id, ok := strings.CutPrefix(k, v.Name+"-"+def+"-"); ok {
				definedBy[id] = append(definedBy[id], v.Name)
			}
		}
	}
	if len(files) == 0 {
		return // docsd.toml's own check knew them all
	}
	ids := strings.Join(sortedKeys(definedBy), ", ")
	for _, opener := range []struct {
		what string
		ids  map[string]bool
	}{{"a navbar item", inNavbar}, {"a landing button or card", onLanding}} {
		for _, id := range sortedKeys(opener.ids) {
			switch by := definedBy[id]; {
			case len(by) == 0 && len(sources) == 1:
				a.errs = append(a.errs, &content.Error{File: "docsd.toml", Msg: fmt.Sprintf(
					"%s opens sidebar %q, which %s does not define (it defines %s)", opener.what, id, sources[0], ids)})
			case len(by) == 0:
				a.errs = append(a.errs, &content.Error{File: "docsd.toml", Msg: fmt.Sprintf(
					"%s opens sidebar %q, which none of %s defines (they define %s)", opener.what, id, strings.Join(sources, ", "), ids)})
			case len(by) > 1:
				slices.Sort(by)
				a.errs = append(a.errs, &content.Error{File: "docsd.toml", Msg: fmt.Sprintf(
					"%s opens sidebar %q, which the docs %q and %q both define: rename one", opener.what, id, by[0], by[1])})
			}
		}
	}
}

// WithBodies is the site assembled again after edits that changed only the bodies of files (not
// what other pages show of them, nor which routes exist): assembly reads a body only to hand its
// parsed document to the file's routes, so the new model shares everything with s but those routes,
// copied with the new document. s is not changed (the model is immutable once assembled; a build
// being served keeps its own), and the graph's edges stay as they are, since assembly would record
// the same ones.
func (s *Site) WithBodies(bodies map[string]*Parsed) *Site {
	out := *s
	out.restructured = nil
	out.madeFrom(s, nil, true)
	out.bodiesOnly = true
	// A copy of the map's tables, then the few routes of the changed files replaced: inserting
	// every route again cost a body edit 7 ms at 30,000 pages.
	out.Routes = s.Routes.Clone()
	replace := func(path string, r *Route) {
		if p, ok := bodies[r.Source]; ok && r.Source != "" {
			copied := *r
			copied.Doc = p.Doc
			if r.Data != nil && r.Data.Kind == KindDoc {
				// Its first line may be new: no page of a site without cards shows it, so the
				// edit was a body's (metaChanged), but a card added later reads it from here.
				copied.Summary = docSummary(p)
			}
			out.Routes.Set(path, &copied)
		}
	}
	if s.Graph == nil {
		for path, r := range s.Routes.All() {
			replace(path, r)
		}
		return &out
	}
	// A route reads its own source (recordRoute): the graph names the few routes of the changed
	// files, where a walk over every route grew with the site.
	for src := range bodies {
		for _, n := range s.Graph.Readers(graph.File(src)) {
			if r := s.Routes.Get(n.Key); n.Kind == graph.RouteKind && r != nil && r.Source == src {
				replace(n.Key, r)
			}
		}
	}
	return &out
}
