package build

// MDX pages (pkg/mdx) are modules of the shell's bundle: this file tells the bundler which pages
// there are and how to compile them, records in the graph which files each page imports, and
// gives each page's data the chunk the browser loads.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"docsd/pkg/bundle"
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/fspath"
	"docsd/pkg/graph"
	"docsd/pkg/markdown"
	"docsd/pkg/mdx"
	"docsd/pkg/render"
	"docsd/pkg/search"
	"docsd/pkg/site"
	"docsd/pkg/ssr"
)

// siteNodePrefix keys the graph's file nodes of project files outside content/ (the site's own
// components under src/), as `@site/` imports name them.
const siteNodePrefix = "@site/"

// mdxPages lists the site's MDX pages by id (content path) with their files.
func mdxPages(contentDir string, s *site.Site) map[string]string {
	out := map[string]string{}
	for _, p := range s.MDXRoutes() {
		r := s.Routes.Get(p)
		out[r.Source] = filepath.Join(contentDir, filepath.FromSlash(r.Source))
	}
	return out
}

// setMDX gives the bundler the site's MDX pages and the way to compile them (links resolve
// against the site s).
func (b *Builder) setMDX(cfg *config.Site, s *site.Site) {
	if b.mdxc == nil {
		b.mdxc = mdx.NewCompiler(filepath.Join(b.bundler.SiteDir(), "mdx-compiler", "compile.mjs"))
		b.mdxc.ShareHighlights(b.conv.Highlights())
		if b.oneBuild {
			b.mdxc.OneBuild()
		}
	}
	if b.nodeLimit > 0 {
		b.mdxc.SetLimit(b.nodeLimit)
	}
	b.mdxc.ForgetStopped() // a process that stopped in an earlier build is replaced, not asked again
	root, _ := filepath.Abs(b.opts.Root)
	contentDir := cfg.Content(root)
	statics := staticURLs(cfg, s)
	locale := cfg.DefaultLocale().Code
	// A page's document, parsed from the same source when the site was processed, gives the
	// compiler the page's title and headings.
	docs := map[string]*markdown.Doc{}
	for _, p := range s.MDXRoutes() {
		if r := s.Routes.Get(p); r.Doc != nil {
			docs[r.Source] = r.Doc
		}
	}
	provided, providedErr := b.siteProvided(root, cfg.AtSite(root), cfg.Docusaurus.Flow)
	compile := func(abs string, raw []byte, page bool) (string, error) {
		opts := mdx.Options{Page: page, Provided: provided, Whole: b.mdxWhole, Format: cfg.Markdown.Format}
		if page && providedErr != nil {
			// The pages cannot be checked against a map that cannot be read.
			var ce *content.Error
			if errors.As(providedErr, &ce) {
				b.mdxMu.Lock()
				b.mdxErrs = append(b.mdxErrs, ce)
				b.mdxMu.Unlock()
			}
			return "", providedErr
		}
		if rel, err := filepath.Rel(contentDir, abs); err == nil && !strings.HasPrefix(rel, "..") {
			rel = filepath.ToSlash(rel)
			opts.File = cfg.SourceFile(rel)
			opts.Resolve = func(dest string, image bool) string { return s.Resolve(statics, rel, locale, dest) }
			if page {
				opts.Model = docs[rel]
			}
		} else if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
			opts.File = filepath.ToSlash(rel)
		} else {
			opts.File = abs
		}
		if b.onCompile != nil {
			b.onCompile(abs)
		}
		js, err := b.mdxc.Compile(raw, opts)
		if b.oneBuild && opts.Model != nil {
			// The page's tree was kept for the split of its Markdown runs (WithTree), which is
			// done: nothing else of an MDX page reads it, and in one build nothing compiles the
			// page again but a shell made again (early.go), which parses the source again. A
			// 24.5 KB page's tree is ~350 KB, kept to the end of the build (BENCHMARKS.md,
			// Session 21: mdx21).
			opts.Model.Release()
		}
		if err == nil && b.onCompiled != nil {
			js = b.onCompiled(abs, js)
		}
		var ce *content.Error
		if errors.As(err, &ce) {
			b.mdxMu.Lock()
			b.mdxErrs = append(b.mdxErrs, ce)
			b.mdxMu.Unlock()
		}
		return js, err
	}
	fields, err := json.Marshal(cfg.Docusaurus.CustomFields)
	if err != nil || cfg.Docusaurus.CustomFields == nil {
		fields = []byte("{}") // TOML's values all have a JSON form
	}
	staticNames := cfg.StaticDirs
	if len(staticNames) == 0 {
		staticNames = []string{"static"}
	}
	staticDirs := make([]string, len(staticNames))
	for i, d := range staticNames {
		staticDirs[i] = filepath.Join(contentDir, filepath.FromSlash(d))
	}
	b.bundler.SetMDX(bundle.MDX{Pages: mdxPages(contentDir, s), Root: root, Site: cfg.AtSite(root), Compile: compile, CustomFields: fields,
		StaticDirs: staticDirs, Sass: b.mdxc.Sass, StripFlow: b.mdxc.StripFlow, FlowAll: cfg.Docusaurus.Flow, CustomCSS: cfg.CustomCSSFiles(root)})
}

// siteProvided is what the project's src/theme/MDXComponents gives every MDX page (nothing
// without one). Editing the file builds every MDX page again: each page's build reads it
// (pkg/bundle/mdxprovider.go), so it is among the files each page depends on. at is the folder
// `@site/` names (the Docusaurus site's), root the project's, which names the file in errors.
func (b *Builder) siteProvided(root, at string, flowAll bool) (mdx.Provided, error) {
	abs := bundle.ThemeFile(at, "MDXComponents")
	if abs == "" {
		return mdx.Provided{}, nil
	}
	raw, err := os.ReadFile(abs)
	if err != nil {
		return mdx.Provided{}, fmt.Errorf("reading the site's MDXComponents: %w", err)
	}
	file := abs
	if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
		file = filepath.ToSlash(rel)
	}
	if js, err := b.bundler.StripFlowFile(abs, flowAll, b.mdxc.StripFlow); err != nil {
		var se *mdx.FileError
		if errors.As(err, &se) {
			return mdx.Provided{}, &content.Error{File: file, Line: max(se.Line, 1), Column: max(se.Column, 1), Msg: se.Msg}
		}
		return mdx.Provided{}, err
	} else if js != "" {
		raw = []byte(js)
	}
	return b.mdxc.ProvidedBy(file, abs, raw)
}

// recordMDX notes in the graph that each MDX page reads the files it imports (assembly dropped
// every file edge, so this follows each assembly).
func (b *Builder) recordMDX(s *site.Site, g *graph.Graph) {
	if b.assets == nil || len(b.assets.MDXDeps) == 0 {
		return
	}
	root, _ := filepath.Abs(b.opts.Root)
	contentDir := s.Config.Content(root)
	for _, p := range s.MDXRoutes() {
		r := s.Routes.Get(p)
		deps := b.assets.MDXDeps[r.Source]
		for _, dep := range deps {
			g.Record(graph.Route(r.Path), mdxDepNode(root, contentDir, dep))
		}
	}
}

// mdxDepNode is the graph node of a file an MDX page imports.
func mdxDepNode(root, contentDir, abs string) graph.Node {
	if rel, err := filepath.Rel(contentDir, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return graph.File(filepath.ToSlash(rel))
	}
	if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return graph.File(siteNodePrefix + filepath.ToSlash(rel))
	}
	return graph.File(abs)
}

// mdxModule is what a page's data says of its MDX chunk; nil for other pages.
func (b *Builder) mdxModule(r *site.Route) *site.MDXModule {
	c, _, ok := b.mdxChunk(r)
	if !ok {
		return nil
	}
	return &site.MDXModule{ID: r.Source, JS: c.JS, CSS: c.CSS, Shared: c.Shared}
}

// mdxServer is the module of an MDX route's page for the renderers (key and code; pkg/ssr sends
// the code once per key), or nothing for other routes.
func (b *Builder) mdxServer(r *site.Route) (string, string, []string) {
	_, m, _ := b.mdxChunk(r)
	return m.Key, m.JS, m.Markup
}

// mdxChunk is an MDX route's chunk and server module: from the pages built so far while a full
// build renders (early.go), else from the bundle.
func (b *Builder) mdxChunk(r *site.Route) (bundle.MDXChunk, bundle.MDXServer, bool) {
	if !r.MDX {
		return bundle.MDXChunk{}, bundle.MDXServer{}, false
	}
	if b.early != nil {
		c, ok := b.early.chunk(r.Source)
		return c.MDX, c.Server, ok
	}
	if b.assets == nil {
		return bundle.MDXChunk{}, bundle.MDXServer{}, false
	}
	c, ok := b.assets.MDX[r.Source]
	return c, b.assets.MDXServer[r.Source], ok
}

// absPaths are the changed paths (relative to the project or absolute) as absolute paths, for
// the bundler to find the MDX pages that read them; never nil, as nil asks for a full bundle.
func (b *Builder) absPaths(changed []string) []string {
	root, _ := filepath.Abs(b.opts.Root)
	out := make([]string, 0, len(changed))
	for _, p := range changed {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// mdxRelinked lists the MDX pages (absolute paths) with a link to a Markdown file whose route came,
// went or moved in a structural edit. Their compiled chunks hold their links resolved, and the
// bundle loads again only the files it is told changed: without them such a page kept its old URLs
// in docsd watch. A page named here whose links resolve as before is compiled from the cache.
func mdxRelinked(cfg *config.Site, root string, s, old *site.Site) []string {
	if old == nil {
		return nil
	}
	names := movedFileNames(s, old)
	if len(names) == 0 {
		return nil
	}
	abs, _ := filepath.Abs(root)
	dir := cfg.Content(abs)
	var out []string
	for _, p := range s.MDXRoutes() {
		r := s.Routes.Get(p)
		if r.Doc == nil {
			continue
		}
		for i := range r.Doc.Links {
			if names[linkFileName(r.Doc.Links[i].Dest)] {
				out = append(out, filepath.Join(dir, filepath.FromSlash(r.Source)))
				break
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// mdxTOC is the table of contents of an MDX page: its headings, with those of the Markdown
// partials it shows where it shows them (a partial's heading is part of the page the reader
// sees). The graph already renders a page again when a partial it imports changes.
func (st *state) mdxTOC(r *site.Route) []markdown.Heading {
	min, max, ok := tocLevels(r)
	if !ok {
		return nil
	}
	headings, found := st.shownHeadings(r)
	if !found {
		return r.Doc.TOC(min, max)
	}
	var out []markdown.Heading
	for _, h := range headings {
		if h.Level >= min && h.Level <= max {
			out = append(out, h)
		}
	}
	return out
}

// shownHeadings are an MDX route's headings with those of the partials it shows, in their places
// (partialHeadings); found is false when it shows none.
func (st *state) shownHeadings(r *site.Route) (headings []markdown.Heading, found bool) {
	root, _ := filepath.Abs(st.b.opts.Root)
	file := filepath.Join(st.cfg.Content(root), filepath.FromSlash(r.Source))
	return st.b.partialHeadings(st.cfg.AtSite(root), file, map[string]bool{}, false)
}

// partialHeadings are the headings of the MDX file, with those of the partials it shows in their
// places (seen stops a partial that shows itself); found is false when it shows none, or it cannot
// be read (the bundle reports that).
// own says whether the caller wants the file's headings when it shows no partial: a partial's
// caller does; a page's has them in its document already, and would pay for a parse it drops.
// root is the folder `@site/` names.
func (b *Builder) partialHeadings(root, file string, seen map[string]bool, own bool) ([]markdown.Heading, bool) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	// Only the body: front matter is decoded where the page is processed, or the partial compiled
	// (which reports its mistakes).
	body, line, err := content.FrontMatterBody(file, raw)
	if err != nil {
		return nil, false
	}
	parts := mdx.FindPartials(mdx.UnwrapCodeBlocks(body))
	if parts == nil {
		if !own {
			return nil, false
		}
		return b.conv.Parse(mdx.ModelSource(mdx.UnwrapCodeBlocks(body)), line).Headings, false
	}
	seen[file] = true
	defer delete(seen, file)
	var out []markdown.Heading
	for _, h := range b.conv.Parse(mdx.ModelSource(parts.Marked), line).Headings {
		i, ok := parts.Placeholder(h.Text)
		if !ok {
			out = append(out, h)
			continue
		}
		spec := parts.Specs[i]
		var target string
		switch {
		case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
			target = filepath.Join(filepath.Dir(file), filepath.FromSlash(spec))
		case strings.HasPrefix(spec, siteNodePrefix):
			target = filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(spec, siteNodePrefix)))
		default:
			continue
		}
		if seen[target] || !inProject(b.opts.Root, target) {
			continue
		}
		inner, _ := b.partialHeadings(root, target, seen, true)
		out = append(out, inner...)
	}
	return out, true
}

// inProject says whether the file at path, its links followed, lies in the project folder root.
// A partial outside it is not read: the page's bundle refuses the import (pkg/bundle's mayImport).
func inProject(root, path string) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false
	}
	if real, err = filepath.Abs(real); err != nil {
		return false
	}
	if realRoot, err = filepath.Abs(realRoot); err != nil {
		return false
	}
	return fspath.Within(realRoot, real)
}

// mdxExcerpts renders the excerpts of the MDX blog posts among routes (what comes before the
// truncate marker, or the whole post) with the server renderer, before the pages that list them
// render; a Markdown post's excerpt is rendered with its Markdown (renderMarkdown).
func (st *state) mdxExcerpts(routes []string) error {
	root, _ := filepath.Abs(st.b.opts.Root)
	var posts []*site.Route
	for _, route := range routes {
		if r := st.route(route); r != nil && r.MDX && r.Data.Kind == site.KindBlogPost {
			posts = append(posts, r)
		}
	}
	return parallel(len(posts), func(i int) error {
		r := posts[i]
		if st.b.early != nil && !st.b.early.wait(r.Source) {
			return errMDXPending
		}
		page, err := json.Marshal(map[string]any{"route": r.Path, "mdx": st.b.mdxModule(r)})
		if err != nil {
			return err
		}
		loc := r.Data.Locale
		req := ssr.Request{URL: r.Path, SiteKey: st.shared.siteKey[loc], Site: st.shared.site[loc], Page: page, Excerpt: true}
		req.MDXKey, req.MDX, req.MDXMarkup = st.b.mdxServer(r)
		html, err := st.b.renderer.Render(req)
		if err != nil {
			if ce := renderError(r, "rendering the excerpt", err); ce != err {
				return ce
			}
			return fmt.Errorf("rendering the excerpt of %s: %w", r.File, err)
		}
		raw, err := os.ReadFile(filepath.Join(st.cfg.Content(root), filepath.FromSlash(r.Source)))
		if err != nil {
			return fmt.Errorf("reading %s: %w", r.File, err)
		}
		body, _, _ := content.FrontMatterBody(r.File, raw)
		// A <Head> in the excerpt sets the post's page head, not the lists' or the feeds'.
		html = render.PageHeadElements(html).Without(html)
		st.b.mu.Lock()
		st.excerpts[r.Path] = excerpt{html: html, truncated: mdx.Truncates(mdx.UnwrapCodeBlocks(body))}
		st.b.mu.Unlock()
		return nil
	})
}

// staticURLs maps each static file's content path to its URL (state.prepare copies them).
func staticURLs(cfg *config.Site, s *site.Site) map[string]string {
	out := map[string]string{}
	for _, src := range s.Statics {
		if strings.HasPrefix(src.Path, "static/") {
			out[src.Path] = cfg.BasePath + src.Rel
		} else {
			out[src.Path] = cfg.BasePath + "assets/files/" + src.Rel
		}
	}
	return out
}

// mdxTouched reports whether a change reaches the bundle: an MDX page (in s or in the last build),
// a partial, or a file some MDX page imports.
func (b *Builder) mdxTouched(s *site.Site, changed []graph.Node) bool {
	mdxSource := map[string]bool{}
	for _, ss := range []*site.Site{s, b.last.site} {
		for _, p := range ss.MDXRoutes() {
			mdxSource[ss.Routes.Get(p).Source] = true
		}
	}
	for _, n := range changed {
		if n.Kind != graph.FileKind {
			continue
		}
		if mdxSource[n.Key] || content.IsPartial(n.Key) {
			return true
		}
		for r := range b.graph.Dirty(n) {
			if r.Kind == graph.RouteKind && s.Routes.Get(r.Key) != nil && s.Routes.Get(r.Key).MDX {
				return true
			}
		}
	}
	return false
}

// mdxMoved lists the routes whose MDX chunk changed between two bundles: their page data names
// the chunk, so they render again whatever the graph says ("when unsure, rebuild more").
func mdxMoved(old, now *bundle.Output, s *site.Site) []graph.Node {
	if old == nil || now == nil {
		return nil
	}
	var out []graph.Node
	for _, p := range s.MDXRoutes() {
		r := s.Routes.Get(p)
		a, b := old.MDX[r.Source], now.MDX[r.Source]
		if a.JS != b.JS || a.Shared != b.Shared || strings.Join(a.CSS, ",") != strings.Join(b.CSS, ",") {
			out = append(out, graph.Route(r.Path))
		}
	}
	return out
}

// entryMoved reports whether what every page's HTML links of the shell (its entry, stylesheets,
// preloaded chunks) differs between two bundles.
func entryMoved(old, now *bundle.Output) bool {
	return old.EntryJS != now.EntryJS || strings.Join(old.EntryCSS, ",") != strings.Join(now.EntryCSS, ",") ||
		strings.Join(old.Preload, ",") != strings.Join(now.Preload, ",")
}

// noteStaleAssets remembers the files of the last bundle that the new one does not have (an MDX
// page's old chunk): a rebuild that starts from the last build's files drops them.
func (b *Builder) noteStaleAssets(old, now *bundle.Output) {
	if old == nil {
		return
	}
	for p := range old.Files {
		if _, ok := now.Files[p]; !ok {
			if b.staleAssets == nil {
				b.staleAssets = map[string]bool{}
			}
			b.staleAssets[p] = true
		}
	}
	for p := range now.Files {
		delete(b.staleAssets, p)
	}
}

// dropStaleAssets removes the stale bundle files from a build that copied the last one's; it runs
// before rendering starts, so nothing else uses files yet.
func (b *Builder) dropStaleAssets(files interface{ Remove(string) }) {
	for p := range b.staleAssets {
		files.Remove(p)
	}
	b.staleAssets = nil
}

// bundleErrors is the error of a failed bundle as the writer should see it: the MDX files'
// mistakes at their lines (site.Errors), or err as it is.
func (b *Builder) bundleErrors(err error) error {
	b.mdxMu.Lock()
	found := b.mdxErrs
	b.mdxErrs = nil
	b.mdxMu.Unlock()
	var errs site.Errors
	seen := map[string]bool{} // the browser and server bundles compile each file
	for _, e := range found {
		if !seen[e.Error()] {
			seen[e.Error()] = true
			errs = append(errs, e)
		}
	}
	var se bundle.SourceErrors
	if errors.As(err, &se) {
		for _, e := range se {
			errs = append(errs, e)
		}
	}
	if len(errs) == 0 {
		return err
	}
	sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
	return errs
}

// mdxSetChanged reports whether s has other MDX pages than the current bundle holds (a page added,
// removed or moved), which makes the bundle again.
func (b *Builder) mdxSetChanged(s *site.Site) bool {
	root, _ := filepath.Abs(b.opts.Root)
	pages := mdxPages(s.Config.Content(root), s)
	if b.assets == nil || len(pages) != len(b.assets.MDX) {
		return true
	}
	for id := range pages {
		if _, ok := b.assets.MDX[id]; !ok {
			return true
		}
	}
	return false
}

// keepMDXText keeps the text of an MDX page's rendered content for its search shard: partials
// and components are part of what the reader sees, and of what search finds.
func (st *state) keepMDXText(route, body string) {
	secs, ok := mdx.Sections(body)
	if !ok {
		return
	}
	st.b.mu.Lock()
	if st.mdxText == nil {
		st.mdxText = map[string][]markdown.Section{}
	}
	st.mdxText[route] = secs
	st.b.mu.Unlock()
}

// searchPage is what search indexes of a route: an MDX page's rendered text, else its model's.
// An MDX page's sections take their keys (tables' first cells, emphasised words) and quotes from
// its model's section of the same id: its Markdown, which the rendered text does not mark.
func (st *state) searchPage(r *site.Route) search.Page {
	st.b.mu.Lock()
	secs, ok := st.mdxText[r.Path]
	delete(st.mdxText, r.Path)
	st.b.mu.Unlock()
	if !ok {
		return search.PageOf(r)
	}
	model := map[string]markdown.Section{}
	if r.Doc != nil {
		for _, s := range r.Doc.Sections() {
			model[s.ID] = s
		}
	}
	sections := make([]search.Section, 0, len(secs))
	for _, s := range secs {
		sec := search.SectionOf(s)
		sec.Keys, sec.Quotes = model[s.ID].Keys, model[s.ID].Quotes
		sections = append(sections, sec)
	}
	return search.PageWith(r, sections)
}
