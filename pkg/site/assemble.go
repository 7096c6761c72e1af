package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/markdown"
)

// Site is the assembled model: every route of every locale, the sidebars, and what each file maps to.
type Site struct {
	Config   *config.Site
	Routes   map[string]*Route // by URL path
	Order    []string          // routes in a stable order
	Sidebars map[string][]*SidebarItem
	// FileRoute maps a content file (relative to content/) and locale to its route, for link resolution.
	FileRoute map[string]string
	Statics   []content.Source
	NotFound  map[string]*Route // per locale
	Graph     *graph.Graph
	Posts     map[string][]PostSummary // per locale, newest first
	// Refs are the keys and ids that name nothing (authors, tags, doc ids): link problems, not errors.
	Refs []Ref
}

// DataPath is where the page data of a route is published, relative to the base path.
func (s *Site) DataPath(route string) string {
	rel := strings.Trim(strings.TrimPrefix(route, strings.TrimSuffix(s.Config.BasePath, "/")), "/")
	if rel == "" {
		rel = "index"
	}
	return "__data/" + rel + ".json"
}

// SidebarDataPath is where a sidebar's items are published (one file its pages share), relative
// to the base path; site/src/routes.js's sidebarUrl names the same file.
func SidebarDataPath(key string) string { return "__data/sidebars/" + key + ".json" }

// HTMLPath is the output file of a route, relative to the build folder.
func (s *Site) HTMLPath(route string) string {
	rel := strings.Trim(strings.TrimPrefix(route, strings.TrimSuffix(s.Config.BasePath, "/")), "/")
	if rel == "" {
		return "index.html"
	}
	return rel + ".html"
}

// LocalizePath gives the same page path in another locale: the default locale has no prefix, any
// other locale's code follows the base path. The shell has the same helper (site/src/locale.js).
func LocalizePath(cfg *config.Site, p, from, to string) string {
	base := strings.TrimSuffix(cfg.BasePath, "/")
	rest := strings.TrimPrefix(p, base)
	def := cfg.DefaultLocale().Code
	if from != def && (rest == "/"+from || strings.HasPrefix(rest, "/"+from+"/")) {
		rest = strings.TrimPrefix(rest, "/"+from)
	}
	if rest == "/" {
		rest = ""
	}
	if to != def {
		rest = "/" + to + rest
	}
	if rest == "" {
		return base + "/"
	}
	return base + rest
}

type docEntry struct {
	p       *Parsed
	id      string
	route   string
	version config.Version
	locale  string
	label   string
	pos     float64
	name    string // file or folder name, for ordering
	dir     string // folder inside the version's docs
	isIndex bool
}

type assembler struct {
	cfg      *config.Site
	s        *Site
	conv     *markdown.Converter
	errs     Errors
	docs     map[string]map[string]*docEntry // key version/locale → id → doc
	cats     map[string]*Parsed              // key version/locale/dir → category file
	catRoute map[string]string               // version/locale/dir → generated index route
	claims   map[string]string               // route → file that claims it
}

func key(version, locale string) string { return version + "/" + locale }

// Assemble builds the site model from parsed sources.
func Assemble(cfg *config.Site, parsed []*Parsed, g *graph.Graph) (*Site, error) {
	a := &assembler{cfg: cfg, s: &Site{Config: cfg, Routes: map[string]*Route{}, Sidebars: map[string][]*SidebarItem{},
		FileRoute: map[string]string{}, NotFound: map[string]*Route{}, Graph: g, Posts: map[string][]PostSummary{}},
		docs: map[string]map[string]*docEntry{}, cats: map[string]*Parsed{}, catRoute: map[string]string{}, claims: map[string]string{}}
	for _, loc := range cfg.Locales {
		set := overlay(parsed, cfg.DefaultLocale().Code, loc.Code)
		for _, v := range cfg.Versions {
			a.docsOf(set, v, loc.Code)
		}
		for _, v := range cfg.Versions {
			a.sidebarsOf(v, loc.Code)
		}
		a.blog(set, loc.Code)
		a.pages(set, loc.Code)
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
	for r := range a.s.Routes {
		a.s.Order = append(a.s.Order, r)
	}
	sort.Strings(a.s.Order)
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
	a.errs = append(a.errs, &content.Error{File: file, Line: line, Column: 1, Msg: fmt.Sprintf(format, args...)})
}

// versionBase is the URL prefix of a version's docs in a locale.
func (a *assembler) versionBase(v config.Version, locale string) string {
	p := v.Path
	if p == "" {
		p = strings.TrimSuffix(a.cfg.BasePath, "/")
	}
	return strings.TrimSuffix(LocalizePath(a.cfg, p, a.cfg.DefaultLocale().Code, locale), "/")
}

func (a *assembler) claim(route, file string) bool {
	if prev, ok := a.claims[route]; ok && prev != file {
		a.fail(file, 1, "route %s is claimed by both %s and %s", route, prev, file)
		return false
	}
	a.claims[route] = file
	return true
}

func (a *assembler) addRoute(r *Route) {
	a.s.Routes[r.Path] = r
}

var orderPrefix = regexp.MustCompile(`^\d+-`)

func (a *assembler) docsOf(set []*Parsed, v config.Version, locale string) {
	k := key(v.Name, locale)
	a.docs[k] = map[string]*docEntry{}
	base := a.versionBase(v, locale)
	for _, p := range set {
		if p.Src.Version != v.Name {
			continue
		}
		file := "content/" + p.Src.Path
		switch p.Src.Kind {
		case content.Category:
			dir := path.Dir(p.Src.Rel)
			a.cats[k+"/"+dir] = p
			if l := p.Category.Link; l != nil && l.Type == "generated-index" {
				slug := l.Slug
				if slug == "" {
					slug = "/category/" + strings.ToLower(strings.ReplaceAll(dir, "/", "-"))
				}
				route := base + "/" + strings.Trim(slug, "/")
				if a.claim(route, file) {
					a.catRoute[k+"/"+dir] = route
				}
			}
			continue
		case content.Doc:
		default:
			continue
		}
		if p.FM.Draft {
			continue
		}
		rel := strings.TrimSuffix(p.Src.Rel, ".md")
		dir, name := path.Split(rel)
		dir = strings.TrimSuffix(dir, "/")
		isIndex := name == "index"
		id := rel
		docPath := rel
		if isIndex {
			id, docPath = dir, dir
		}
		if p.FM.ID != "" {
			id = path.Join(dir, p.FM.ID)
			if !isIndex {
				docPath = id
			}
		}
		if p.FM.Slug != "" {
			if strings.HasPrefix(p.FM.Slug, "/") {
				docPath = strings.Trim(p.FM.Slug, "/")
			} else {
				docPath = path.Join(dir, p.FM.Slug)
			}
		}
		route := base
		if docPath != "" && docPath != "." {
			route = base + "/" + docPath
		}
		if route == "" {
			route = "/"
		}
		if prev, dup := a.docs[k][id]; dup {
			a.fail(file, 1, "doc id %q is also used by content/%s", id, prev.p.Src.Path)
			continue
		}
		if !a.claim(route, file) {
			continue
		}
		pos := math.Inf(1)
		if p.FM.SidebarPosition != nil {
			pos = *p.FM.SidebarPosition
		}
		label := p.FM.SidebarLabel
		if label == "" {
			label = p.FM.Title
		}
		fileName := name
		if isIndex {
			fileName = path.Base(dir)
		}
		e := &docEntry{p: p, id: id, route: route, version: v, locale: locale, label: label, pos: pos,
			name: orderPrefix.ReplaceAllString(fileName, ""), dir: dir, isIndex: isIndex}
		a.docs[k][id] = e
		a.s.FileRoute[locale+":"+p.Src.Path] = route
		if p.Src.Locale != locale {
			// A fallback page (no translation): links from it resolve within this locale too.
			a.s.FileRoute[locale+":"+p.Src.Path] = route
		}
		data := &PageData{Route: route, Kind: KindDoc, Title: p.FM.Title, Description: p.FM.Description,
			Locale: locale, Version: v.Name, DocID: id, NoIndex: p.FM.Unlisted, Keywords: p.FM.Keywords}
		a.addRoute(&Route{Path: route, Data: data, Source: p.Src.Path, Doc: p.Doc, Listed: !p.FM.Unlisted,
			TOCMin: p.FM.TOCMinHeadingLevel, TOCMax: p.FM.TOCMaxHeadingLevel, HideTOC: p.FM.HideTableOfContents})
	}
}

// sidebarsOf builds each configured sidebar of a version and locale from its folder, then the
// previous/next links, breadcrumbs and category index pages that follow from it.
func (a *assembler) sidebarsOf(v config.Version, locale string) {
	k := key(v.Name, locale)
	docs := a.docs[k]
	for _, sb := range a.cfg.Sidebars {
		items := a.folder(k, sb.Dir, docs, true)
		if len(items) == 0 {
			continue
		}
		sbKey := v.Name + "-" + locale + "-" + sb.ID
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
					a.s.Graph.Record(sbNode, Meta(it.file))
				}
				if it.Route != "" {
					seq = append(seq, flat{Link{Title: it.Label, Route: it.Route}, crumbs})
				}
				if it.Type == "category" {
					next := append(append([]Link(nil), crumbs...), Link{Title: it.Label, Route: it.Route})
					walk(it.Items, next)
				}
			}
		}
		walk(items, nil)
		for i, f := range seq {
			r := a.s.Routes[f.link.Route]
			if r == nil {
				continue
			}
			r.Data.Sidebar = sbKey
			r.Data.Breadcrumbs = f.crumbs
			a.s.Graph.Record(graph.Route(r.Path), sbNode)
			if i > 0 {
				l := seq[i-1].link
				r.Data.Prev = &l
			}
			if i < len(seq)-1 {
				l := seq[i+1].link
				r.Data.Next = &l
			}
		}
		// pagination_prev / pagination_next override the sidebar order
		for _, e := range docs {
			r := a.s.Routes[e.route]
			if r.Data.Sidebar != sbKey {
				continue
			}
			file := "content/" + e.p.Src.Path
			if e.p.FM.PaginationPrev != nil {
				r.Data.Prev = a.docLink(docs, *e.p.FM.PaginationPrev, file, "pagination_prev", r.Data.Prev)
				a.recordDocRead(r.Path, docs, *e.p.FM.PaginationPrev)
			}
			if e.p.FM.PaginationNext != nil {
				r.Data.Next = a.docLink(docs, *e.p.FM.PaginationNext, file, "pagination_next", r.Data.Next)
				a.recordDocRead(r.Path, docs, *e.p.FM.PaginationNext)
			}
		}
	}
	// Docs that are in no sidebar still get a page; the same doc in other versions is offered.
	for id, e := range docs {
		r := a.s.Routes[e.route]
		for _, other := range a.cfg.Versions {
			if other.Name == v.Name {
				continue
			}
			od := a.docs[key(other.Name, locale)]
			if od == nil {
				continue
			}
			if o, ok := od[id]; ok {
				r.Data.OtherVersions = append(r.Data.OtherVersions, VersionLink{Label: other.Label, Name: other.Name, Route: o.route})
			}
		}
	}
}

func (a *assembler) recordDocRead(route string, docs map[string]*docEntry, id string) {
	if e, ok := docs[id]; ok {
		a.s.Graph.Record(graph.Route(route), Meta(e.p.Src.Path))
	}
}

// Meta is the part of a source file that other pages read: its title, labels, position and
// description (front matter and first heading), as opposed to its body.
func Meta(file string) graph.Node { return graph.Named("meta", file) }

// Anchors is the list of a source file's heading ids, which links with #anchors read.
func Anchors(file string) graph.Node { return graph.Named("anchors", file) }

// docLink resolves a pagination_prev/next doc id. An id that names no doc is a link problem, and
// the page keeps the sidebar's neighbour (fallback) so readers still get a link.
func (a *assembler) docLink(docs map[string]*docEntry, id, file, field string, fallback *Link) *Link {
	if id == "" {
		return nil
	}
	e, ok := docs[id]
	if !ok {
		a.ref(Ref{File: file, Field: field, Value: id, Kind: "doc", Candidates: sortedKeys(docs),
			Message: fmt.Sprintf("%s names doc %q, which does not exist", field, id)})
		return fallback
	}
	return &Link{Title: e.label, Route: e.route}
}

// folder turns one docs folder into sidebar items, ordered by position then name.
func (a *assembler) folder(k, dir string, docs map[string]*docEntry, root bool) []*SidebarItem {
	type entry struct {
		item *SidebarItem
		pos  float64
		name string
	}
	var entries []entry
	subdirs := map[string]bool{}
	for _, e := range docs {
		if e.dir == dir && !(e.isIndex && !root) {
			if e.isIndex && root && e.id == dir {
				// the sidebar folder's own index page comes first
				entries = append(entries, entry{&SidebarItem{Type: "link", Label: e.label, Route: e.route, docID: e.id,
					file: e.p.Src.Path}, math.Inf(-1), ""})
				continue
			}
			entries = append(entries, entry{&SidebarItem{Type: "link", Label: e.label, Route: e.route, docID: e.id,
				file: e.p.Src.Path}, e.pos, e.name})
		}
		if strings.HasPrefix(e.dir, dir+"/") {
			sub := strings.SplitN(strings.TrimPrefix(e.dir, dir+"/"), "/", 2)[0]
			subdirs[dir+"/"+sub] = true
		}
	}
	for sub := range subdirs {
		items := a.folder(k, sub, docs, false)
		cat := &SidebarItem{Type: "category", Label: humanize(path.Base(sub)), Items: items, Collapsed: true, Collapsible: true}
		pos := math.Inf(1)
		if idx, ok := docs[sub]; ok && idx.isIndex {
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
			if cf.Link != nil && cf.Link.Type == "doc" {
				if d, ok := docs[cf.Link.ID]; ok {
					cat.Route = d.route
				} else {
					// The category is built without a link: a broken link, not a broken site.
					a.ref(Ref{File: "content/" + c.Src.Path, Field: "link.id", Value: cf.Link.ID, Kind: "doc",
						Candidates: sortedKeys(docs), Message: fmt.Sprintf("link.id names doc %q, which does not exist", cf.Link.ID)})
				}
			}
			if route, ok := a.catRoute[k+"/"+sub]; ok {
				cat.Route = route
				a.categoryIndex(route, cat, c, k)
			}
		}
		entries = append(entries, entry{cat, pos, orderPrefix.ReplaceAllString(path.Base(sub), "")})
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
	version, locale, _ := strings.Cut(k, "/")
	l := c.Category.Link
	title := l.Title
	if title == "" {
		title = cat.Label
	}
	data := &PageData{Route: route, Kind: KindCategory, Title: title, Description: l.Description, Locale: locale, Version: version}
	node := graph.Route(route)
	a.s.Graph.Record(node, graph.File(c.Src.Path))
	for _, it := range cat.Items {
		card := Card{Title: it.Label, Route: it.Route}
		if it.Type == "category" {
			card.Count = countLinks(it.Items)
		}
		if d := a.docs[k][it.docID]; d != nil {
			card.Description = d.p.FM.Description
			a.s.Graph.Record(node, Meta(d.p.Src.Path))
		}
		if card.Route != "" {
			data.Cards = append(data.Cards, card)
		}
	}
	a.addRoute(&Route{Path: route, Data: data, Source: c.Src.Path, Listed: true})
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
	name = orderPrefix.ReplaceAllString(name, "")
	name = strings.NewReplacer("-", " ", "_", " ").Replace(name)
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

var postName = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})-(.+)\.md$`)

// blog assembles the posts, lists, archive, authors, tags and feeds of one locale.
func (a *assembler) blog(set []*Parsed, locale string) {
	var authors []content.Author
	var tags []content.Tag
	var authorsFile, tagsFile string
	for _, p := range set {
		switch p.Src.Kind {
		case content.BlogAuthors:
			authors, authorsFile = p.Authors, p.Src.Path
		case content.BlogTags:
			tags, tagsFile = p.Tags, p.Src.Path
		}
	}
	base := strings.TrimSuffix(LocalizePath(a.cfg, a.cfg.BasePath, a.cfg.DefaultLocale().Code, locale), "/") + "/" + strings.Trim(a.cfg.Blog.Path, "/")
	authorByKey := map[string]content.Author{}
	for _, au := range authors {
		authorByKey[au.Key] = au
	}
	tagByKey := map[string]content.Tag{}
	for _, t := range tags {
		tagByKey[t.Key] = t
	}
	tagRoute := func(t content.Tag) string { return base + "/tags/" + strings.Trim(t.Permalink, "/") }
	blogNode := graph.Named("blog", locale)
	type post struct {
		p       *Parsed
		summary PostSummary
		date    time.Time
	}
	var posts []post
	for _, p := range set {
		if p.Src.Kind != content.BlogPost || p.FM.Draft {
			continue
		}
		file := "content/" + p.Src.Path
		m := postName.FindStringSubmatch(p.Src.Rel)
		dateText, slug := p.FM.Date, ""
		if m != nil {
			if dateText == "" {
				dateText = m[1]
			}
			slug = m[2]
		} else {
			slug = strings.TrimSuffix(p.Src.Rel, ".md")
		}
		if p.FM.Slug != "" {
			slug = strings.Trim(p.FM.Slug, "/")
		}
		date, err := parseDate(dateText)
		if err != nil {
			a.fail(file, 1, "the post needs a date (front matter `date:` or a YYYY-MM-DD- file name prefix): %v", err)
			continue
		}
		route := base + "/" + slug
		if !a.claim(route, file) {
			continue
		}
		a.s.Graph.Record(blogNode, graph.File(p.Src.Path))
		sum := PostSummary{Title: p.FM.Title, Route: route, Date: date.Format("2006-01-02"), ReadingTime: readingTime(p.Words)}
		for _, ak := range p.FM.Authors {
			au, ok := authorByKey[ak]
			if !ok {
				a.ref(Ref{File: file, Field: "authors", Value: ak, Kind: "author", Candidates: sortedKeys(authorByKey),
					Message: fmt.Sprintf("author %q is not defined in content/blog/authors.yml", ak)})
				continue
			}
			sum.Authors = append(sum.Authors, au)
		}
		for _, tk := range p.FM.Tags {
			t, ok := tagByKey[tk]
			if !ok {
				a.ref(Ref{File: file, Field: "tags", Value: tk, Kind: "tag", Candidates: sortedKeys(tagByKey),
					Message: fmt.Sprintf("tag %q is not defined in content/blog/tags.yml", tk)})
				continue
			}
			sum.Tags = append(sum.Tags, TagRef{Label: t.Label, Route: tagRoute(t)})
		}
		a.s.FileRoute[locale+":"+p.Src.Path] = route
		posts = append(posts, post{p, sum, date})
	}
	if len(posts) == 0 && authorsFile == "" {
		return
	}
	sort.SliceStable(posts, func(i, j int) bool {
		if !posts[i].date.Equal(posts[j].date) {
			return posts[i].date.After(posts[j].date)
		}
		return posts[i].summary.Route < posts[j].summary.Route
	})
	var listed []PostSummary
	for i := range posts {
		pp := &posts[i]
		data := &PageData{Route: pp.summary.Route, Kind: KindBlogPost, Title: pp.summary.Title, Description: pp.p.FM.Description,
			Locale: locale, NoIndex: pp.p.FM.Unlisted, Keywords: pp.p.FM.Keywords}
		s := pp.summary
		data.Post = &s
		if i > 0 {
			data.Next = &Link{Title: posts[i-1].summary.Title, Route: posts[i-1].summary.Route}
		}
		if i < len(posts)-1 {
			data.Prev = &Link{Title: posts[i+1].summary.Title, Route: posts[i+1].summary.Route}
		}
		node := graph.Route(pp.summary.Route)
		a.s.Graph.Record(node, blogNode) // neighbours' titles
		if authorsFile != "" {
			a.s.Graph.Record(node, graph.File(authorsFile))
		}
		if tagsFile != "" {
			a.s.Graph.Record(node, graph.File(tagsFile))
		}
		a.addRoute(&Route{Path: pp.summary.Route, Data: data, Source: pp.p.Src.Path, Doc: pp.p.Doc, Listed: !pp.p.FM.Unlisted})
		if !pp.p.FM.Unlisted {
			listed = append(listed, pp.summary)
		}
	}
	a.s.Posts[locale] = listed
	for _, f := range []string{authorsFile, tagsFile} {
		if f != "" {
			a.s.Graph.Record(blogNode, graph.File(f))
		}
	}
	generated := func(route, kind, title string, fill func(*PageData)) {
		if !a.claim(route, "content/blog") {
			return
		}
		d := &PageData{Route: route, Kind: kind, Title: title, Locale: locale, Description: a.cfg.Blog.Description}
		fill(d)
		a.s.Graph.Record(graph.Route(route), blogNode)
		a.addRoute(&Route{Path: route, Data: d, Listed: true})
	}
	per := a.cfg.Blog.PostsPerPage
	pages := (len(listed) + per - 1) / per
	if pages == 0 {
		pages = 1
	}
	listRoute := func(n int) string {
		if n == 1 {
			return base
		}
		return fmt.Sprintf("%s/page/%d", base, n)
	}
	for n := 1; n <= pages; n++ {
		lo, hi := (n-1)*per, n*per
		if hi > len(listed) {
			hi = len(listed)
		}
		generated(listRoute(n), KindBlogList, a.cfg.Blog.Title, func(d *PageData) {
			d.Posts = listed[lo:hi]
			d.Pagination = &Pagination{Page: n, Total: pages}
			if n > 1 {
				d.Pagination.Prev = listRoute(n - 1)
			}
			if n < pages {
				d.Pagination.Next = listRoute(n + 1)
			}
		})
	}
	generated(base+"/archive", KindBlogArchive, "Archive", func(d *PageData) {
		for _, p := range listed {
			y := p.Date[:4]
			if len(d.Archive) == 0 || d.Archive[len(d.Archive)-1].Year != y {
				d.Archive = append(d.Archive, ArchiveYear{Year: y})
			}
			last := &d.Archive[len(d.Archive)-1]
			last.Posts = append(last.Posts, p)
		}
	})
	if len(authors) > 0 {
		generated(base+"/authors", KindBlogAuthors, "Authors", func(d *PageData) { d.Authors = authors })
		for _, au := range authors {
			au := au
			generated(base+"/authors/"+au.Key, KindBlogAuthor, au.Name, func(d *PageData) {
				d.Author = &au
				d.Description = au.Title
				for _, p := range listed {
					for _, pa := range p.Authors {
						if pa.Key == au.Key {
							d.Posts = append(d.Posts, p)
						}
					}
				}
			})
		}
	}
	if len(tags) > 0 {
		var refs []TagRef
		for _, t := range tags {
			ref := TagRef{Label: t.Label, Route: tagRoute(t), Desc: t.Description}
			for _, p := range listed {
				for _, pt := range p.Tags {
					if pt.Route == ref.Route {
						ref.Count++
					}
				}
			}
			refs = append(refs, ref)
		}
		generated(base+"/tags", KindBlogTags, "Tags", func(d *PageData) { d.Tags = refs })
		for _, ref := range refs {
			ref := ref
			generated(ref.Route, KindBlogTag, ref.Label, func(d *PageData) {
				d.Tag = &ref
				d.Description = ref.Desc
				for _, p := range listed {
					for _, pt := range p.Tags {
						if pt.Route == ref.Route {
							d.Posts = append(d.Posts, p)
						}
					}
				}
			})
		}
	}
}

func parseDate(s string) (time.Time, error) {
	for _, layout := range []string{"2006-01-02", time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a date", s)
}

// readingTime in minutes at 200 words a minute, at least one.
func readingTime(words int) int {
	m := int(math.Ceil(float64(words) / 200))
	if m < 1 {
		m = 1
	}
	return m
}

// pages adds the landing page, the versions page and the not-found page of a locale.
func (a *assembler) pages(set []*Parsed, locale string) {
	root := LocalizePath(a.cfg, a.cfg.BasePath, a.cfg.DefaultLocale().Code, locale)
	base := strings.TrimSuffix(root, "/")
	for _, p := range set {
		if p.Src.Kind != content.Page {
			continue
		}
		name := strings.TrimSuffix(p.Src.Rel, ".md")
		route, kind := base+"/"+name, KindDoc
		switch name {
		case "index":
			route, kind = root, KindLanding
		case "versions":
			kind = KindVersions
		}
		if !a.claim(route, "content/"+p.Src.Path) {
			continue
		}
		d := &PageData{Route: route, Kind: kind, Title: p.FM.Title, Description: p.FM.Description, Locale: locale}
		if d.Title == "" {
			d.Title = a.cfg.Title
		}
		if kind == KindVersions {
			d.Versions = a.cfg.Versions
		}
		if kind == KindLanding {
			if posts := a.s.Posts[locale]; len(posts) > 0 {
				latest := posts[0]
				d.Latest = &latest
				a.s.Graph.Record(graph.Route(route), graph.Named("blog", locale))
			}
		}
		a.s.FileRoute[locale+":"+p.Src.Path] = route
		a.addRoute(&Route{Path: route, Data: d, Source: p.Src.Path, Doc: p.Doc, Listed: true})
	}
	nf := &Route{Path: base + "/404", Data: &PageData{Route: base + "/404", Kind: KindNotFound, Title: "Page Not Found", Locale: locale, NoIndex: true}}
	a.s.NotFound[locale] = nf
}

// checkConfigRefs checks the doc ids of docsd.toml. A main_doc or a sidebar entry that names no doc
// is a link problem (the shell falls back to the base path), except the entry of a sidebar that a
// navbar item opens: the navbar cannot render without it (SPEC §8), so that one fails the build.
func (a *assembler) checkConfigRefs() {
	def := a.cfg.DefaultLocale().Code
	inNavbar := map[string]bool{}
	var walk func(items []config.NavbarItem)
	walk = func(items []config.NavbarItem) {
		for _, it := range items {
			if it.Type == config.ItemDocSidebar {
				inNavbar[it.Sidebar] = true
			}
			walk(it.Items)
		}
	}
	walk(a.cfg.Navbar.Items)
	for _, v := range a.cfg.Versions {
		docs := a.docs[key(v.Name, def)]
		if v.MainDocID != "" {
			if _, ok := docs[v.MainDocID]; !ok {
				a.ref(Ref{File: "docsd.toml", Field: "main_doc", Value: v.MainDocID, Kind: "doc", Candidates: sortedKeys(docs),
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
			if _, ok := docs[sb.Entry]; ok {
				continue
			}
			msg := fmt.Sprintf("sidebar %q: entry doc %q does not exist", sb.ID, sb.Entry)
			if inNavbar[sb.ID] {
				if c := Closest(sb.Entry, sortedKeys(docs)); c != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", c)
				}
				// No line: the model does not know where docsd.toml says it, and line 1 would mislead.
				a.errs = append(a.errs, &content.Error{File: "docsd.toml",
					Msg: msg + ": a navbar item opens this sidebar, so it needs an entry doc"})
				continue
			}
			a.ref(Ref{File: "docsd.toml", Field: "entry", Value: sb.Entry, Kind: "doc", Candidates: sortedKeys(docs), Message: msg})
		}
	}
}

// SidebarEntries maps each sidebar id to its entry doc's route in a locale (latest version).
func (s *Site) SidebarEntries(locale string) map[string]string {
	out := map[string]string{}
	for _, v := range s.Config.Versions {
		if !v.IsLast {
			continue
		}
		for _, sb := range s.Config.Sidebars {
			if r, ok := s.DocRoute(v.Name, locale, sb.Entry); ok {
				out[sb.ID] = r
			}
		}
	}
	return out
}

// DocRoute finds the route of a doc id in a version and locale.
func (s *Site) DocRoute(version, locale, id string) (string, bool) {
	for _, r := range s.Routes {
		if r.Data.Kind == KindDoc && r.Data.Version == version && r.Data.Locale == locale && r.Data.DocID == id {
			return r.Path, true
		}
	}
	return "", false
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// Resolve maps a link destination, as written in the file at source (relative to content/), to the
// URL the page uses. A relative .md link becomes the target's route in the same locale (a translated
// page that links to an untranslated one gets the fallback page); links it cannot resolve are
// returned as written, and the link check reports them.
func (s *Site) Resolve(statics map[string]string, source, locale, dest string) string {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") ||
		strings.HasPrefix(dest, "tel:") || strings.HasPrefix(dest, "//") || strings.HasPrefix(dest, "data:") {
		return dest
	}
	p, frag, hasFrag := strings.Cut(dest, "#")
	suffix := ""
	if hasFrag {
		suffix = "#" + frag
	}
	if strings.HasPrefix(p, "/") {
		base := strings.TrimSuffix(s.Config.BasePath, "/")
		if p == base || strings.HasPrefix(p, base+"/") {
			return dest
		}
		return base + dest
	}
	target := path.Clean(path.Join(path.Dir(source), p))
	candidates := []string{target}
	if strings.HasPrefix(target, "i18n/") {
		if parts := strings.SplitN(target, "/", 3); len(parts) == 3 {
			candidates = append(candidates, parts[2])
		}
	}
	for _, c := range candidates {
		if route, ok := s.FileRoute[locale+":"+c]; ok && strings.HasSuffix(p, ".md") {
			return route + suffix
		}
		if url, ok := statics[c]; ok {
			return url + suffix
		}
	}
	return dest
}
