// Assembly of docs: each Markdown file of a version and locale becomes a route with its doc id,
// and pagination_prev/next ids resolve to links.

package site

import (
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/layered"
	"docsd/pkg/markdown"
)

type docEntry struct {
	p       *Parsed
	id      string
	route   string
	version config.Version
	locale  string
	label   string
	pos     float64
	name    string   // file or folder name, for ordering
	number  *float64 // the file name's number prefix, if any
	dir     string   // folder inside the version's docs
	isIndex bool
}

func (a *assembler) docsOf(set []*Parsed, v config.Version, locale string) {
	k := key(v.Name, locale)
	a.docs[k] = layered.New[*docEntry]()
	base := a.versionBase(v, locale)
	catSlugs := labelSlugger{}
	// README files last: one beside its folder's index.md (or a file named as the folder) loses to
	// it, whatever the order of the set (addDoc).
	set = slices.Clone(set)
	slices.SortStableFunc(set, func(x, y *Parsed) int {
		return boolCmp(isReadme(x), isReadme(y))
	})
	for _, p := range set {
		if p.Src.Version != v.Name {
			continue
		}
		switch p.Src.Kind {
		case content.Category:
			dir := path.Dir(p.Src.Rel)
			a.cats[k+"/"+dir] = p
			if l := p.Category.Link; l != nil && l.Type == "generated-index" {
				slug := l.Slug
				if slug == "" {
					slug = "/category/" + catSlugs.slug(categoryLabel(p.Category.Label, dir))
				}
				// Claimed when a generated sidebar uses the category (sidebars.go): Docusaurus reads
				// category files only there, so an unused one must not take a hand-written
				// sidebar's route.
				a.catRoute[k+"/"+dir] = base + "/" + strings.Trim(slug, "/")
			}
			continue
		case content.Doc:
		default:
			continue
		}
		a.addDoc(p, v, locale, base)
	}
}

// addDoc makes the doc a Markdown file is in a version and locale (base is the version's URL prefix
// there): its id, route and entry in the maps. A draft is no doc; a doc whose id or route is taken
// is an error (nil both times).
func (a *assembler) addDoc(p *Parsed, v config.Version, locale, base string) *docEntry {
	k := key(v.Name, locale)
	file := p.Src.File()
	if p.FM.Draft {
		return nil
	}
	rel := content.TrimMarkdownExt(p.Src.Rel)
	dir, name := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	// A folder's index page, as Docusaurus has it: index.md, README.md or dir/dir.md.
	isIndex := strings.EqualFold(name, "index") || strings.EqualFold(name, "readme") ||
		(dir != "" && strings.EqualFold(name, path.Base(dir)))
	// Ids and URLs drop number prefixes (01-guide/02-intro.md is guide/intro); the number
	// places the doc in a generated sidebar unless sidebar_position does.
	idDir := stripNumberPrefixes(dir)
	unprefixed, number := splitNumberPrefix(name)
	id := path.Join(idDir, unprefixed)
	docPath := id
	if isIndex {
		id, docPath = idDir, idDir
	}
	if p.FM.ID != "" {
		id = path.Join(idDir, p.FM.ID)
		if !isIndex {
			docPath = id
		}
	}
	if p.FM.Slug != "" {
		if strings.HasPrefix(p.FM.Slug, "/") {
			docPath = strings.Trim(p.FM.Slug, "/")
		} else {
			docPath = path.Join(idDir, p.FM.Slug)
		}
	}
	route := base
	if docPath != "" && docPath != "." {
		route = base + "/" + docPath
	}
	if root := LocalizePath(a.cfg, a.cfg.BasePath, a.cfg.DefaultLocale().Code, locale); route == "" || route+"/" == root {
		// The version's own path is the site's root (slug: /, or docs/index.md, under Docusaurus's
		// routeBasePath "/"): with base_path "/docs/" that is "/docs/", the landing page's route,
		// not "/docs", which names the same index.html and would lose it to a generated landing.
		route = root
	}
	if prev, dup := a.docs[k].Lookup(id); dup {
		if isReadme(p) && !isReadme(prev.p) {
			// A folder's README.md beside its index.md or a page of the folder's name (a table of
			// contents for readers of the repository): Docusaurus gives both the one URL and warns;
			// the other page is the one its sidebars name.
			a.ref(Ref{File: file, Field: "file", Value: id, Kind: "doc",
				Message: fmt.Sprintf("%s has the URL of %s (%s), as in Docusaurus; only %s is built", path.Base(file), prev.p.Src.File(), prev.route, prev.p.Src.File())})
			return nil
		}
		a.fail(file, 1, "doc id %q is also used by %s", id, prev.p.Src.File())
		return nil
	}
	if !a.claim(route, file) {
		return nil
	}
	fileName := unprefixed
	if isIndex {
		fileName, _ = splitNumberPrefix(path.Base(dir))
	}
	e := &docEntry{p: p, id: id, route: route, version: v, locale: locale, number: number,
		name: fileName, dir: dir, isIndex: isIndex}
	e.place()
	a.docs[k].Set(id, e)
	// Clipped: a re-assembly's byFile shares its lists with the last assembly's.
	a.byFile.Set(p.Src.Path, append(slices.Clip(a.byFile.Get(p.Src.Path)), e))
	a.s.FileRoute.Set(locale+":"+p.Src.Path, route)
	if p.Src.Locale != locale {
		// A fallback page (no translation): links from it resolve within this locale too.
		a.s.FileRoute.Set(locale+":"+p.Src.Path, route)
	}
	a.s.docRoutes.Set(docRouteKey(v.Name, locale, id), route)
	a.addRoute(e.newRoute())
	return e
}

// isReadme says whether a doc's file is a folder's README.md.
func isReadme(p *Parsed) bool {
	return strings.EqualFold(path.Base(content.TrimMarkdownExt(p.Src.Rel)), "readme")
}

func boolCmp(x, y bool) int {
	switch {
	case x == y:
		return 0
	case x:
		return 1
	}
	return -1
}

// place sets what a doc's front matter says of its place in a generated sidebar: its label and
// position (sidebar_position, else the file name's number prefix).
func (e *docEntry) place() {
	fm := e.p.FM
	e.pos = math.Inf(1)
	if fm.SidebarPosition != nil {
		e.pos = *fm.SidebarPosition
	} else if e.number != nil {
		e.pos = *e.number
	}
	e.label = fm.SidebarLabel
	if e.label == "" {
		e.label = fm.Title
	}
}

// newRoute is a doc's route as its own file makes it; the sidebar fills in its neighbours,
// breadcrumbs and sidebar, and the other versions are added once every version is assembled.
func (e *docEntry) newRoute() *Route {
	p := e.p
	data := &PageData{Route: e.route, Kind: KindDoc, Title: p.FM.Title, Description: p.FM.Description,
		Locale: e.locale, Version: e.version.Name, Instance: e.version.Instance, DocID: e.id, NoIndex: p.FM.Unlisted, Keywords: p.FM.Keywords}
	return &Route{Path: e.route, Data: data, Source: p.Src.Path, Doc: p.Doc, Listed: !p.FM.Unlisted, SidebarLabel: p.FM.SidebarLabel, Summary: docSummary(p),
		TOCMin: p.FM.TOCMinHeadingLevel, TOCMax: p.FM.TOCMaxHeadingLevel, HideTOC: p.FM.HideTableOfContents}
}

func (a *assembler) recordDocRead(route string, docs *layered.Map[*docEntry], id string) {
	if e, ok := lookupDoc(docs, id); ok {
		a.s.Graph.Record(graph.Route(route), graph.Meta(e.p.Src.Path))
	}
}

// docLink resolves a pagination_prev/next doc id. An id that names no doc is a link problem, and
// the page keeps the sidebar's neighbour (fallback) so readers still get a link.
func (a *assembler) docLink(docs *layered.Map[*docEntry], id, file, field string, fallback *Link) *Link {
	if id == "" {
		return nil
	}
	e, ok := lookupDoc(docs, id)
	if !ok {
		a.ref(Ref{File: file, Field: field, Value: id, Kind: "doc", Candidates: slices.Sorted(docs.Keys()),
			Message: fmt.Sprintf("%s names doc %q, which does not exist", field, id)})
		return fallback
	}
	return &Link{Title: e.label, Route: e.route}
}

// lookupDoc finds a doc by id, also by the id Docusaurus gives a folder's index page: its file's
// (guide/index, guide/README, guide/guide), where docsd's is the folder's (guide). Sidebars files
// written for Docusaurus name index pages so.
func lookupDoc(docs *layered.Map[*docEntry], id string) (*docEntry, bool) {
	if e, ok := docs.Lookup(id); ok {
		return e, true
	}
	dir, name := path.Split(id)
	dir = strings.TrimSuffix(dir, "/")
	if e, ok := docs.Lookup(dir); ok && e.isIndex && strings.EqualFold(name, indexName(e)) {
		return e, true
	}
	return nil, false
}

// indexName is the file name of an index page without its extension and number prefix.
func indexName(e *docEntry) string {
	name, _ := splitNumberPrefix(path.Base(content.TrimMarkdownExt(e.p.Src.Rel)))
	return name
}

// categoryLabel is a category's label as Docusaurus names its generated index: the category file's
// label, else the folder's name without its number prefix.
func categoryLabel(label, dir string) string {
	if label != "" {
		return label
	}
	name, _ := splitNumberPrefix(path.Base(dir))
	return name
}

// labelSlugger gives a generated index without a slug Docusaurus's URL, /category/ and the
// github-slugger slug of its label; a repeated slug gets -1, -2 as github-slugger numbers repeats.
// One slugger serves a version's categories, as Docusaurus keeps one per version.
type labelSlugger map[string]bool

func (s labelSlugger) slug(label string) string {
	base := markdown.Slug(label)
	out := base
	for i := 1; s[out]; i++ {
		out = fmt.Sprintf("%s-%d", base, i)
	}
	s[out] = true
	return out
}

// docSummary is what a <DocCardList> card shows of a doc: its description, else its first line.
func docSummary(p *Parsed) string {
	if p.FM.Description != "" {
		return p.FM.Description
	}
	return p.Excerpt
}
