package build

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path"
	"sort"
	"strings"
	"sync"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/emit"
	"docsd/pkg/graph"
	maplayers "docsd/pkg/layered"
	"docsd/pkg/links"
	"docsd/pkg/markdown"
	"docsd/pkg/render"
	"docsd/pkg/search"
	"docsd/pkg/site"
	"docsd/pkg/ssr"
)

// state is one build's model and output, kept so the next build can reuse what did not change.
type state struct {
	b       *Builder
	req     *request     // the run that made this state
	graph   *graph.Graph // where rendering records the edges of #anchor links
	cfg     *config.Site
	site    *site.Site
	parsed  *site.Sources // by content path
	files   *emit.Files
	statics map[string]string // content path of a static file → its URL
	// large is held by a page of more than a megabyte of Markdown from its render to its written
	// page (renderMarkdown): one such page at a time.
	large sync.Mutex
	// links says which sources may link to a file name (linkindex.go); nil until a structural
	// edit needs it, and after a change that may have moved every file.
	links    *linkIndex
	siteData map[string]*site.SiteData
	assets   render.Assets
	excerpts map[string]excerpt // blog post route → excerpt
	// pipeline counts the pages between their Markdown and their written page (stream.go).
	pipeline pipelineStats
	hashes   *maplayers.Map[[32]byte] // route → hash of its HTML (layered: an edit copies what it changes)
	problems []links.Problem
	warnings []*content.Error // see Result.Warnings, without the pages too large (tooLarge; allWarnings has both)
	// tooLarge is, by route, the warning of a page too large from its last render (pagesize.go): a
	// rebuild starts from the last build's, so it keeps those of the pages it does not render.
	tooLarge map[string]*content.Error
	skipped  []*content.Error // the files the last scan of content/ skipped, kept until the next scan
	shared   sharedJSON
	// sidebarsAdded is true once the shared sidebars are in files.
	sidebarsAdded bool
	// prior, when set, is the last build, whose encoded sidebars this one reuses for the sidebars
	// its model shares (the same slice: the model is not changed once assembled); carried is true
	// once the last build's files are in this one's (AddMissing), with those sidebars' files.
	prior   *state
	carried bool
	// searchStamp is the build timestamp of the search files' names.
	searchStamp time.Time
	// searchChanged is true when a search file differs from the last build's.
	searchChanged bool
	// shards are the search shards of the pages rendered so far, by route; terms is the stemming
	// cache they share (both are dropped once the index has them).
	shards map[string]*search.Shard
	terms  *search.Terms
	// interruptible is true when the site-wide files may be left to the next rebuild once newer
	// edits wait (renderSiteWide returns errInterrupted): the dev server's rebuilds, whose pages on
	// screen went out first.
	interruptible bool
	// linksChecked are the routes whose links the check read (Result.LinksChecked).
	linksChecked []string
	// linksOf is true when only the links of the rendered routes need checking again (a rebuild
	// with the same routes and files as the last build).
	linksOf bool
	// linksDone is true once this build's link check ran: Builder.report is of this model.
	linksDone bool
	// indexed is true once the search indexes hold this model's routes (indexSearch).
	indexed bool
	// globals is what this build's sitemap and feeds were made from (globals.go).
	globals *globalsIn
	// sameRoutes is true when the model has the last build's routes, only bodies changed
	// (Site.WithBodies): what the last build kept per route carries over whole.
	sameRoutes bool
	// searchOut is, by locale, what the output holds of the search files (searchfiles.go).
	searchOut map[string]searchOut
	// stale lists routes an interrupted rebuild left to the next: their pages, search shards or the
	// link check are not up to date yet.
	stale []string
	// warned lists, sorted, the paths of the sources with warnings (a rebuild updates it with the
	// paths it parsed).
	warned []string
	// parsedNow are the content paths this rebuild's process step parsed (or found gone): with the
	// routes it rendered and indexed, the documents release drops; nil in a full build (every one).
	parsedNow []string
	// released counts the documents release went through (a test's check that a rebuild does not
	// go through every source).
	released int
	// rendered and reindexed record the routes this build rendered and re-indexed (Result).
	rendered  map[string]bool
	reindexed []string
	// timings, when set, receives how long the parts of rendering took (a full build reports them).
	timings map[string]time.Duration
	// halt, when set, stops the pages' feed once it returns true (newer edits wait): the pages sent
	// are finished, the others are left (renderUnlessInterrupted).
	halt func() bool
	// queue, when set, orders the pages of a full build served while it renders (serving.go).
	queue *renderQueue
	// docRoutes counts, by document, its routes not yet rendered and indexed (doneWith, --once).
	docRoutes map[*markdown.Doc]int
	// heldSources are the documents doneWith would have released while the MDX pages still built.
	heldSources []*markdown.Doc
	// mdxText holds an MDX page's rendered text sections from its rendering until its search shard
	// takes them (mdx.go).
	mdxText map[string][]markdown.Section
}

// sharedJSON holds records that many pages embed, encoded once per build, with keys that change when
// their content does (the server renderer caches them by key).
type sharedJSON struct {
	site, notFound map[string][]byte // by locale
	siteKey        map[string]string
	sidebar        map[string][]byte // by sidebar key
	sidebarKey     map[string]string
}

type pageContent struct {
	html string
	toc  []markdown.Heading
	// done, when set, is called once the page is written or given up: a large page holds
	// state.large from its Markdown to its written page (renderMarkdown).
	done func()
}

type excerpt struct {
	html      string
	truncated bool
}

// newState is the state of one build, from its processed sources, its model and the graph it
// records into: a build from empty when last is nil, else a rebuild of last (its warnings carry over
// for the sources not parsed again).
func newState(b *Builder, req *request, cfg *config.Site, s *site.Site, proc *processed, g *graph.Graph, last *state) *state {
	st := &state{b: b, req: req, graph: g, cfg: cfg, site: s, parsed: proc.byPath, excerpts: map[string]excerpt{},
		hashes: maplayers.New[[32]byte](), shards: map[string]*search.Shard{}, terms: search.NewTerms()}
	var lastWarned []string
	if last != nil {
		// A rebuild releases only the documents it filled (release); a build from empty, all.
		st.parsedNow, lastWarned = proc.parsed, last.warned
	}
	st.warned = proc.warned(lastWarned)
	st.skipped, st.warnings = proc.skipped, readWarnings(proc.skipped, proc.withWarnings(st.warned))
	if last != nil {
		st.keepSizeWarnings(last)
	}
	st.prepare()
	return st
}

// prepare computes what every page shares: static file URLs, the site data per locale, the assets.
func (st *state) prepare() {
	s, cfg := st.site, st.cfg
	st.files = emit.NewFiles()
	if st.b.opts.LowMemory {
		st.files = emit.NewPackedFiles()
		if st.b.opts.Spill != nil {
			st.files = emit.NewSpilledFiles(st.b.opts.Spill)
		}
	}
	switch {
	case st.req.stage != nil && st.req.once:
		// Nothing rebuilds from this build: each file is written and forgotten (streamed), so a
		// build's memory does not grow with its output.
		st.files.ReleaseTo(st.req.stage)
	case st.req.stage != nil:
		st.files.StreamTo(st.req.stage)
	}
	if st.b.early == nil {
		// A build whose MDX pages build while it renders adds the bundle's files at the end.
		for p, data := range st.b.assets.Files {
			st.files.Add(p, data)
		}
	}
	st.statics = map[string]string{}
	for _, src := range s.Statics {
		// A file of a static folder has its path in that folder as Rel; a file beside the docs
		// keeps its whole path (content.Classify).
		if src.Rel != src.Path {
			st.statics[src.Path] = cfg.BasePath + src.Rel
			st.files.Copy(src.Rel, src.Abs)
		} else {
			st.statics[src.Path] = cfg.BasePath + "assets/files/" + src.Rel
			st.files.Copy("assets/files/"+src.Rel, src.Abs)
		}
	}
	st.siteData = map[string]*site.SiteData{}
	st.searchStamp = st.b.searchTime()
	opened := cfg.OpenedSidebars()
	for _, loc := range cfg.Locales {
		// Every page carries its site data: only the entries the shell can open go in (at 10,000
		// pages, the entries of 99 sidebars, 4.8 KB a page, were there for the navbar's 3).
		entries := s.SidebarEntries(loc.Code)
		maps.DeleteFunc(entries, func(id, _ string) bool { return !opened[id] })
		sd := &site.SiteData{Site: cfg, Locale: loc.Code, SidebarEntries: entries, VersionRoutes: map[string]string{},
			Dev: st.b.opts.Dev}
		_, _, sd.SearchDocs, sd.SearchIndex = st.searchPaths(loc.Code)
		for _, v := range cfg.Versions {
			if r, ok := s.VersionHome(v, loc.Code); ok {
				sd.VersionRoutes[v.Name] = r
			}
		}
		st.siteData[loc.Code] = sd
	}
	st.assets = render.Assets{CSS: st.b.assets.EntryCSS, JS: st.b.assets.EntryJS, Preload: st.b.assets.Preload}
}

// release drops the parsed Markdown trees of a finished build, and the text of their sections
// (their search shards hold their own), when the builder keeps memory low; a page rendered or
// indexed again parses its source again.
//
// A rebuild releases only the documents it may have filled: those its process step parsed, and
// those of the routes it rendered or indexed (rendering and indexing parse a released source
// again). The others were released by the build that filled them. Going through every source of
// the site (two locks each) was 5 ms of a body edit at 10,000 pages, 15 at 30,000.
func (st *state) release() {
	if !st.b.opts.LowMemory {
		return
	}
	free := func(d *markdown.Doc) {
		if d != nil {
			d.Release()
			d.ReleaseSections()
			st.released++
		}
	}
	if st.parsedNow == nil {
		// A full build: every source was parsed.
		for _, p := range st.parsed.All() {
			free(p.Doc)
		}
		return
	}
	for _, path := range st.parsedNow {
		if p := st.parsed.Get(path); p != nil {
			free(p.Doc)
		}
	}
	for r := range st.rendered {
		if rt := st.route(r); rt != nil {
			free(rt.Doc)
		}
	}
	for _, r := range st.reindexed {
		if rt := st.route(r); rt != nil {
			free(rt.Doc)
		}
	}
}

// allRoutes are the routes of the site and its not-found pages, in the order a full build renders.
func (st *state) allRoutes() []string {
	return append(append([]string(nil), st.site.Order...), st.notFoundRoutes()...)
}

func (st *state) notFoundRoutes() []string {
	var out []string
	for _, nf := range st.site.NotFound {
		out = append(out, nf.Path)
	}
	return out
}

func (st *state) route(path string) *site.Route {
	if r := st.site.Routes.Get(path); r != nil {
		return r
	}
	for _, nf := range st.site.NotFound {
		if nf.Path == path {
			return nf
		}
	}
	return nil
}

// renderRoutes renders the given routes (Markdown, page data, server rendering, HTML), then the
// site-wide files, then checks links.
func (st *state) renderRoutes(routes []string) error {
	if err := st.renderPages(routes); err != nil {
		return err
	}
	return st.renderSiteWide(routes)
}

// renderPages renders the given routes' pages and, so they can be served at once, the sidebars
// they load; the search files, feeds and the link check follow in renderSiteWide. Pages stream
// through Markdown and the server renderer (streamPages), so a build holds a bounded number of
// pages' content, not the site's. Pages that list blog posts show every post's excerpt, which its
// Markdown gives: the posts go first, then the lists, then the rest. Lists after the rest (the
// first order tried) sent Node the very same requests but took 70% more of its CPU at 10,000 pages
// (13.5 s against 8 s; perf showed V8 migrating object shapes and collecting far more): the page
// objects thousands of pages had shaped had to change for the first page with posts.
func (st *state) renderPages(routes []string) error {
	start := time.Now()
	defer st.step("pages", start)
	if err := st.addShared(); err != nil {
		return err
	}
	if err := st.mdxExcerpts(routes); err != nil {
		return err
	}
	var posts, lists, others []string
	for _, p := range routes {
		switch r := st.route(p); {
		case r == nil:
		case len(r.Data.Posts) > 0:
			lists = append(lists, p)
		case r.Data.Kind == site.KindBlogPost:
			posts = append(posts, p)
		default:
			others = append(others, p)
		}
	}
	var failed pageErrors // pages whose render threw: the other parts still render
	for i, part := range [][]string{posts, lists, others} {
		if err := st.streamPages(part); !failed.add(err) {
			return err
		}
		if i == 0 && st.queue != nil {
			st.queue.postsDone()
		}
	}
	return failed.err()
}

// addShared encodes what pages share (site data, sidebars), once per build, before the first pages
// (a structural rebuild encodes it earlier, to compare), and adds the sidebars to the files: it
// does not depend on rendering.
func (st *state) addShared() error {
	if st.shared.site == nil {
		if err := st.encodeShared(); err != nil {
			return err
		}
	}
	if !st.sidebarsAdded {
		st.sidebarsAdded = true
		for key, data := range st.shared.sidebar {
			if st.carried && st.reusedSidebar(key) {
				continue // the last build's file, carried over
			}
			st.files.Add(site.SidebarDataPath(key), data)
		}
	}
	return nil
}

// reusedSidebar reports a sidebar whose items are the last build's very slice: its record is the
// last build's too (a title edit at 10,000 pages changes one sidebar of 99; encoding and packing the
// others again was a tenth of the time before the edited page went out).
func (st *state) reusedSidebar(key string) bool {
	if st.prior == nil || st.prior.shared.sidebar[key] == nil {
		return false
	}
	a, b := st.prior.site.Sidebars[key], st.site.Sidebars[key]
	return len(a) > 0 && len(a) == len(b) && &a[0] == &b[0]
}

// renderMarkdown renders a route's document into its page's content, and a blog post's excerpt;
// a page too large warns.
func (st *state) renderMarkdown(r *site.Route) (_ pageContent, err error) {
	if r.Doc == nil {
		st.noteSize(r.Path, nil) // (a route whose large page made way for a generated one)
		return pageContent{}, nil
	}
	resolve := func(dest string, image bool) string {
		return st.site.Resolve(st.statics, r.Source, r.Data.Locale, dest)
	}
	if r.MDX {
		// An MDX page's content is its module, which the server renderer renders (mdx.go).
		c := pageContent{toc: st.mdxTOC(r)}
		st.noteSize(r.Path, nil) // (a large Markdown page that became MDX no longer warns)
		st.recordLinks(r)
		return c, nil
	}
	// A page of more than a megabyte of Markdown renders and is written before the next such page
	// renders: a 20 MB page's tree (330 MB) and its HTML (82 MB per locale) were held for two
	// locales at once.
	var done func()
	if len(r.Doc.Body()) > maxPageMarkdown {
		st.large.Lock()
		st.pipeline.large.add()
		done = func() { st.pipeline.large.done(); st.large.Unlock() }
		// Released here when the page fails; else by the page worker once it is written.
		defer func() {
			if err != nil {
				done()
			}
		}()
	}
	html, err := r.Doc.RenderString(resolve)
	if err != nil {
		return pageContent{}, fmt.Errorf("rendering %s: %w", r.File, err)
	}
	w, _ := pageSizeWarning(r, len(html))
	st.noteSize(r.Path, w)
	c := pageContent{html: html, toc: tocRange(r), done: done}
	st.recordLinks(r)
	if r.Data.Kind == site.KindBlogPost {
		ex, truncated, err := r.Doc.Excerpt(resolve)
		if err != nil {
			return pageContent{}, err
		}
		exHTML := html
		if truncated {
			exHTML = string(ex)
		}
		st.b.mu.Lock()
		st.excerpts[r.Path] = excerpt{html: exHTML, truncated: truncated}
		st.b.mu.Unlock()
	}
	// Rendered: the tree is no longer needed (a build holds every page's at once otherwise); a
	// later render parses the source again.
	r.Doc.Release()
	return c, nil
}

// errInterrupted is renderSiteWide's error when newer edits wait (state.interruptible).
var errInterrupted = errors.New("interrupted by newer edits")

// renderSiteWide writes what depends on every page: sitemap and feeds, the search files (the given
// routes re-indexed), and the link report.
func (st *state) renderSiteWide(routes []string) error {
	start := time.Now()
	defer st.step("site-wide", start)
	st.stopRenderersAfterPages()
	st.renderGlobals()
	start = st.step("globals", start)
	if st.interruptible && st.req.interrupted() {
		return errInterrupted
	}
	if err := st.indexSearch(routes); err != nil {
		return err
	}
	start = st.step("search", start)
	if st.interruptible && st.req.interrupted() {
		return errInterrupted
	}
	// A page's links read its own document, the routes and files that exist and the anchors of
	// their targets. An edit that leaves the routes and files as they were changes the links of
	// the pages it renders only: those that link to a changed anchor are among them (graph).
	// A structural edit (pages added, deleted, renamed) also changes what links to the routes it
	// moved find: checkLinks adds those pages (linkcheck.go).
	var recheck map[string]bool
	if st.linksOf || st.prior != nil {
		recheck = make(map[string]bool, len(routes))
		for _, r := range routes {
			recheck[r] = true
		}
	}
	if !st.checkLinks(recheck) {
		return errInterrupted
	}
	st.step("links", start)
	return nil
}

// step records the time since start under name when the build reports timings, and returns now.
func (st *state) step(name string, start time.Time) time.Time {
	now := time.Now()
	if st.timings != nil {
		st.timings[name] = now.Sub(start)
	}
	return now
}

// recordLinks notes which pages' heading ids a page depends on (its links with #anchors).
func (st *state) recordLinks(r *site.Route) {
	node := graph.Route(r.Path)
	g := st.graph
	g.Forget(node, graph.AnchorsKind)
	// Only Dest is read: a route sharing this Doc may be releasing it on another worker (Release
	// clears each link's tree node), and copying whole Link values raced with that.
	for i := range r.Doc.Links {
		dest := r.Doc.Links[i].Dest
		if !strings.Contains(dest, "#") {
			continue
		}
		target := st.site.Resolve(st.statics, r.Source, r.Data.Locale, dest)
		// The page as the link check finds it (with .html, a trailing slash, relative), or an
		// edit of its headings would leave the link's warning as it was.
		p := ""
		switch {
		case strings.HasPrefix(target, "#"):
			p = r.Path
		case strings.HasPrefix(target, "/"):
			p = links.TargetRoute(st.site, target)
		case !strings.Contains(target, ":"):
			p = links.TargetRoute(st.site, path.Join(path.Dir(r.Path), target))
		}
		if t := st.site.Routes.Get(p); t != nil && t.Source != "" {
			g.Record(node, graph.Anchors(t.Source))
		}
	}
}

// withExcerpts is a copy of posts with their excerpts (the lists of the model stay as assembled).
func (st *state) withExcerpts(posts []site.PostSummary) []site.PostSummary {
	if posts == nil {
		return nil
	}
	out := make([]site.PostSummary, len(posts))
	for i, p := range posts {
		ex := st.excerpts[p.Route]
		p.Excerpt, p.Truncated = ex.html, ex.truncated
		out[i] = p
	}
	return out
}

func (st *state) encodeShared() error {
	sh := sharedJSON{site: map[string][]byte{}, notFound: map[string][]byte{}, siteKey: map[string]string{},
		sidebar: map[string][]byte{}, sidebarKey: map[string]string{}}
	for loc, sd := range st.siteData {
		data, err := json.Marshal(sd)
		if err != nil {
			return err
		}
		sh.site[loc], sh.siteKey[loc] = data, loc+"-"+shortHash(data)
		if nf := st.site.NotFound[loc]; nf != nil {
			if sh.notFound[loc], err = json.Marshal(nf.Data); err != nil {
				return err
			}
		}
	}
	for key, items := range st.site.Sidebars {
		if st.reusedSidebar(key) {
			sh.sidebar[key], sh.sidebarKey[key] = st.prior.shared.sidebar[key], st.prior.shared.sidebarKey[key]
			continue
		}
		data, err := json.Marshal(items)
		if err != nil {
			return err
		}
		sh.sidebar[key], sh.sidebarKey[key] = data, key+"-"+shortHash(data)
	}
	st.shared = sh
	return nil
}

func shortHash(b []byte) string {
	h := sha256.Sum256(b)
	return fmt.Sprintf("%x", h[:6])
}

// contentMarker stands for a page's content in what the server renderer gets; an HTML comment, so
// React passes it through as the page's HTML, and no Markdown produces it by chance.
const contentMarker = "<!--docsd:page-content-->"

// renderPage writes a route's page data, from its content c, and its server-rendered HTML document.
func (st *state) renderPage(r *site.Route, c pageContent) error {
	s, cfg := st.site, st.cfg
	page := *r.Data
	page.HTML, page.TOC, page.Posts = c.html, c.toc, st.withExcerpts(r.Data.Posts)
	page.MDX = st.b.mdxModule(r)
	page.VersionNotice, page.VersionBadge = st.versionParts(r)
	if page.MDX != nil && page.Cards == nil {
		page.Cards = site.CategoryCards(s, r) // what its <DocCardList /> shows, on a category's own doc
	}
	// The data file is fetched, never put inside HTML: it needs no escaping of <, > and & (the
	// \u003c of json.Marshal made every tag of the content ten bytes longer).
	data, err := marshalPageData(&page)
	if err != nil {
		return err
	}
	if r.Data.Kind != site.KindNotFound {
		st.files.Add(s.DataPath(r.Path), data)
	}
	// The renderer gets the page without its content (a marker in its place), and the content goes
	// into the HTML it returns: the shell puts it in as it is (dangerouslySetInnerHTML), and it is
	// most of every page's data. Sending it through Node and back was 5.3 of the 5.6 MB of requests
	// of a build and a tenth of the renderer's time. The data inside the document leaves the
	// content out altogether: the browser takes it from the rendered content (entry-client.jsx), so
	// the document holds it once, not twice (issue #17).
	reqPage, light := data, page
	if page.HTML != "" {
		light.HTML = contentMarker
		if reqPage, err = json.Marshal(&light); err != nil {
			return err
		}
		light.HTML = ""
	}
	// A blog list's excerpts are in its body too (entry-client.jsx takes them from there).
	light.Posts = withoutExcerpts(page.Posts)
	inline, err := json.Marshal(&light) // inside a script element: escaped
	if err != nil {
		return err
	}
	loc := r.Data.Locale
	req := ssr.Request{URL: r.Path, SiteKey: st.shared.siteKey[loc], Site: st.shared.site[loc], Page: reqPage}
	req.MDXKey, req.MDX, req.MDXMarkup = st.b.mdxServer(r)
	sidebarURL := ""
	if r.Data.Sidebar != "" {
		req.SidebarKey, req.Sidebar = st.shared.sidebarKey[r.Data.Sidebar], st.shared.sidebar[r.Data.Sidebar]
		sidebarURL = cfg.BasePath + site.SidebarDataPath(r.Data.Sidebar)
	}
	body, err := st.b.renderer.Render(req)
	if err != nil {
		return renderError(r, "rendering the page", err)
	}
	if page.MDX != nil {
		st.keepMDXText(r.Path, body)
	}
	doc := render.Document{Site: st.siteData[loc], Page: &page, SiteJSON: st.shared.site[loc], PageJSON: inline,
		SidebarJSON: []byte("null"), SidebarURL: sidebarURL, NotFoundJSON: st.shared.notFound[loc], Body: body, Assets: st.assets,
		Feeds: len(s.Posts[cfg.DefaultLocale().Code]) > 0}
	if page.HTML != "" {
		doc.Content, doc.ContentMarker = page.HTML, contentMarker // put in as the document is written
	}
	if len(cfg.Locales) > 1 {
		for _, l := range cfg.Locales {
			alt := site.LocalizePath(cfg, r.Path, r.Data.Locale, l.Code)
			if _, ok := s.Routes.Lookup(alt); ok {
				doc.Alternates = append(doc.Alternates, render.Alternate{Lang: l.HTMLLang, Href: alt})
			}
		}
	}
	html, err := doc.HTML()
	if err != nil {
		return err
	}
	st.files.Add(s.HTMLPath(r.Path), html)
	if st.b.onWritten != nil {
		st.b.onWritten(r.Path)
	}
	st.b.mu.Lock()
	if st.rendered == nil {
		st.rendered = map[string]bool{}
	}
	st.rendered[r.Path] = true
	st.b.mu.Unlock()
	if st.req.once {
		return nil // no rebuild will ask what changed
	}
	h := sha256.Sum256(html)
	st.b.mu.Lock()
	st.hashes.Set(r.Path, h)
	st.b.mu.Unlock()
	return nil
}

// withoutExcerpts is a copy of posts without their excerpts.
func withoutExcerpts(posts []site.PostSummary) []site.PostSummary {
	if posts == nil {
		return nil
	}
	out := make([]site.PostSummary, len(posts))
	for i, p := range posts {
		p.Excerpt = ""
		out[i] = p
	}
	return out
}

// marshalUnescaped is json.Marshal without the escaping of <, > and & that makes JSON safe inside
// HTML, for JSON that is never put there.
func marshalUnescaped(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// renderedRoutes lists the routes rendered so far, sorted.
func (st *state) renderedRoutes() []string {
	out := make([]string, 0, len(st.rendered))
	for r := range st.rendered {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// blogRoute is the route of a locale's blog; feedDir the folder of its feeds in the build.
func (st *state) blogRoute(locale string) string {
	cfg := st.cfg
	return strings.TrimSuffix(site.LocalizePath(cfg, cfg.BasePath, cfg.DefaultLocale().Code, locale), "/") + "/" + strings.Trim(cfg.Blog.Path, "/")
}

func (st *state) feedDir(locale string) string {
	return strings.TrimPrefix(strings.TrimPrefix(st.blogRoute(locale), strings.TrimSuffix(st.cfg.BasePath, "/")), "/")
}

// tocRange picks the headings of the table of contents (levels 2 to 3 unless front matter says
// otherwise); nil hides it.
func tocRange(r *site.Route) []markdown.Heading {
	min, max, ok := tocLevels(r)
	if !ok {
		return nil
	}
	return r.Doc.TOC(min, max)
}

// tocLevels are the heading levels of a route's table of contents; ok is false when it has none.
func tocLevels(r *site.Route) (min, max int, ok bool) {
	if r.Data.Kind != site.KindDoc && r.Data.Kind != site.KindBlogPost || r.HideTOC {
		return 0, 0, false
	}
	min, max = 2, 3
	if r.TOCMin != 0 {
		min = r.TOCMin
	}
	if r.TOCMax != 0 {
		max = r.TOCMax
	}
	return min, max, true
}
