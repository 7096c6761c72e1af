package build

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/site"
)

// Rebuild brings the last build up to date with the files that changed (paths relative to the
// project root, or absolute). It parses only the changed files and renders only the routes that
// read them, as the dependency graph answers; configuration, the shell and the site's structure (a
// file added, deleted or renamed, a route that moved) are nodes every route reads. On error the
// last good build stays.
func (b *Builder) Rebuild(changed []string) (*Result, error) {
	return b.run(&request{changed: changed})
}

// RebuildFirst is Rebuild for the dev server: of the routes to render, those in first (the pages
// browsers show) are rendered before the others, and early receives the build at that point, so a
// writer sees an edit before the rest of a sidebar's pages are done. Once ctx is done (newer edits
// wait), the rebuild stops after those pages and the next one renders what it left.
func (b *Builder) RebuildFirst(ctx context.Context, changed []string, first map[string]bool, early func(*Result)) (*Result, error) {
	return b.run(&request{ctx: ctx, changed: changed, first: first, early: early})
}

// renderChanges is the bundle and render step of an edit (run did the rest): the bundle is made
// again when what it holds changed, and the routes the graph says dirty render over the last
// build's output.
func (b *Builder) renderChanges(req *request, last *state, in *inputs, dirty []graph.Node, cfg *config.Site, s *site.Site,
	proc *processed, bodiesOnly bool, timings map[string]time.Duration, start time.Time) (_ *Result, err error) {
	var st *state
	defer func() {
		if err != nil && st != nil {
			// A failed rebuild's documents (parsed, rendered or indexed) do not stay filled: the
			// next one releases only what it fills itself.
			st.release()
		}
	}()
	shell, cfgChanged := in.shell, in.config
	// The output starts from empty when the configuration or the shell changed (every file may
	// change); a structural edit is compared with the last model below.
	fresh := cfgChanged || shell
	oldJS, oldCSS := b.assets.EntryJS, strings.Join(b.assets.EntryCSS, ",")
	// The bundle holds the MDX pages: it is made again when the shell, the configuration, an MDX
	// page, a partial or a site file a page imports changed (mdx.go), after assembly so that it
	// knows the pages and their links.
	lastAssets := b.assets
	if shell || cfgChanged {
		if err := b.prepareShell(cfg, s, nil); err != nil {
			return nil, err
		}
	} else if in.mdx || (proc.structural && (len(b.assets.MDX) > 0 || b.mdxSetChanged(s))) || b.mdxTouched(s, proc.changed) {
		reload := b.absPaths(in.changed)
		if proc.structural {
			reload = append(reload, mdxRelinked(cfg, b.opts.Root, s, last.site)...)
		}
		if err := b.prepareShell(cfg, s, reload); err != nil {
			return nil, err
		}
		// The pages' shared modules changed, and with them the shell's entry: every page links it.
		if entryMoved(lastAssets, b.assets) {
			shell, fresh = true, true
			dirty = append(dirty, graph.Shell())
		}
	}
	b.recordMDX(s, b.graph)
	dirty = append(dirty, mdxMoved(lastAssets, b.assets, s)...)
	st = newState(b, req, cfg, s, proc, b.graph, last)
	if !fresh && siteLinksMoved(last.siteData, st.siteData) {
		// The navbar and the landing page open sidebars at their first pages, the version menu a
		// version's main doc, and every page carries them (SiteData.SidebarEntries and
		// VersionRoutes): an edit that moved one renders every page again.
		dirty = append(dirty, graph.Shell())
	}
	if !cfgChanged && !slices.Contains(in.reported, "") {
		// The sources parsed again, added or removed are the only ones whose links changed.
		paths := slices.Clone(proc.moved)
		for _, n := range proc.changed {
			paths = append(paths, n.Key)
		}
		st.links = last.links.with(paths, proc.byPath)
	}
	st.timings = timings
	if bodiesOnly && !fresh && last.shared.site != nil {
		// The model shares its sidebars, configuration and structure with the last one: so does
		// what pages share, encoded and added to the output by the last build (AddMissing copies
		// it). Encoding and packing every sidebar again was most of a body edit's time before its
		// page went out, at 10,000 pages.
		st.shared, st.sidebarsAdded = last.shared, true
	}
	st.linksOf = !fresh && !proc.structural
	st.sameRoutes = bodiesOnly
	if !fresh {
		st.prior = last
	}
	var gone []string
	if proc.structural && !fresh {
		// What the new structure changed, as nodes (structure.go).
		if err := st.encodeShared(); err != nil {
			return nil, err
		}
		var nodes []graph.Node
		compared := time.Now()
		nodes, gone = st.structureChanges(last)
		dirty = append(dirty, nodes...)
		st.timings["structure"] = time.Since(compared)
	}
	// The graph alone says what renders: every route reads the configuration, the shell and the
	// site's structure, so a change to those dirties them all.
	dirty = append(dirty, b.shownAnchorsMoved(dirty, proc, s)...)
	routes := b.graph.DirtyRoutes(dirty...)
	routes = append(routes, last.stale...)
	routes = st.existing(routes)
	res, err := b.renderDirty(st, last, routes, fresh, gone, start)
	if err != nil {
		return nil, err
	}
	res.ShellChanged = shell && oldJS != b.assets.EntryJS
	res.CSSChanged = shell && oldCSS != strings.Join(b.assets.EntryCSS, ",")
	return res, nil
}

// inputs are a run's changed paths, sorted by what they change.
type inputs struct {
	// changed are the paths no good build has taken yet, sorted: the request's and those of
	// failed rebuilds before it (relative to the project root, or absolute).
	changed  []string
	reported []string     // content paths, relative to content/ ("": the whole folder, rescanned)
	dirty    []graph.Node // hand-written sidebars files and project files MDX pages import
	// shell, config, sidebars and mdx say that the shell, docsd.toml, a hand-written sidebars file
	// or a project file that MDX pages may import changed.
	shell, config, sidebars, mdx bool
}

// inputs sorts the changed paths of req, with those of failed rebuilds, by what they change under
// the configuration of the last build. With no last build every input counts as changed: the
// configuration and the shell, and content/ is scanned whole.
func (b *Builder) inputs(req *request, last *state) inputs {
	if last == nil {
		return inputs{config: true, shell: true}
	}
	// Files of a failed rebuild stay pending until a build succeeds (run): the last good build
	// does not hold them yet.
	for _, p := range req.changed {
		b.pending[p] = true
	}
	changed := make([]string, 0, len(b.pending))
	for p := range b.pending {
		changed = append(changed, p)
	}
	sort.Strings(changed)
	cfg := last.cfg
	in := inputs{changed: changed}
	contentRel := filepath.ToSlash(filepath.Clean(cfg.ContentDir))
	if cfg.ContentDir == "" {
		contentRel = "content"
	}
	hand := handSidebarFiles(cfg)
	root := b.absRoot()
	for _, p := range changed {
		rel := b.rel(p)
		switch {
		case rel == "docsd.toml":
			in.config = true
		case hand[rel]:
			// A hand-written sidebars file: its sidebars are evaluated again and the routes of
			// its version render (graph.File of the file, which they read).
			in.sidebars = true
			in.dirty = append(in.dirty, graph.File(SidebarsNode(rel)))
		case strings.HasPrefix(rel, "site/") || b.opts.SiteDir != "" && isUnder(p, b.opts.SiteDir) || isPackagePath(root, rel) ||
			b.customCSSDep(p):
			// (A site's own stylesheet, or a file it loads, is in the shell's CSS.)
			// The shell, or the packages it and the pages import (an npm install): everything.
			in.shell = true
		case rel == contentRel:
			// The whole folder (a watcher that lost events says so): process rescans it.
			in.reported = append(in.reported, "")
		case contentRel != "." && strings.HasPrefix(rel, contentRel+"/"):
			in.reported = append(in.reported, strings.TrimPrefix(rel, contentRel+"/"))
		case contentRel == "." && content.IsMarkdown(rel):
			in.reported = append(in.reported, rel)
		case !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) && b.assets != nil && len(b.assets.MDX) > 0:
			// A file of the project that MDX pages may import (src/components/...).
			in.dirty = append(in.dirty, graph.File(siteNodePrefix+rel))
			in.mdx = true
			if contentRel == "." {
				in.reported = append(in.reported, rel)
			}
		case contentRel == ".":
			in.reported = append(in.reported, rel)
		}
	}
	return in
}

// customCSSDep says whether p (relative to the project, or absolute) is one of the site's own
// stylesheets in the last bundle, or a file one of them loads (bundle.Output.CustomDeps).
func (b *Builder) customCSSDep(p string) bool {
	if b.assets == nil || len(b.assets.CustomDeps) == 0 {
		return false
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(b.absRoot(), filepath.FromSlash(p))
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		real = abs // deleted: its name is all there is
	}
	return slices.Contains(b.assets.CustomDeps, abs) || slices.Contains(b.assets.CustomDeps, real)
}

// assemble makes the model of a rebuild. When only bodies changed (no file's meta, no structure, no
// configuration or shell), the last model is reused with the new documents in their routes
// (bodiesOnly): assembling the whole site again was most of an edit's time at 10,000 pages, for a
// model that reads nothing else of a body. When docs' meta changed too (a title, a sidebar
// position), only what reads it is assembled again (site.WithMeta), if the graph says what that is;
// so when docs were added, deleted or moved (site.WithStructure), with bodies changed beside them.
// Anything else assembles the site again, recording its edges in g (a full build's is new: no edge
// of an earlier build stays). What stays whole, and why (when unsure, rebuild more): a build from
// empty; a change of the configuration or the shell, which every route reads; an edit of a
// hand-written sidebars file, whose evaluated sidebars may list any doc of their version in any
// order and nest categories that own index routes, and which the model has no re-assembly of one
// version's sidebars for; a save with meta and structure together (chaining WithStructure and
// WithMeta loses what the first re-assembly changed, which the comparison with the last model reads:
// TestScriptedEditsEqualFull's step "title edit and a new page in one save" caught it); and what
// WithMeta and WithStructure decline, each saying why there (a doc that docsd.toml names, a doc in
// sidebars that overlap, an assembly error to report).
func (b *Builder) assemble(cfg *config.Site, last *site.Site, lastParsed *site.Sources, proc *processed, everything bool, g *graph.Graph) (s *site.Site, bodiesOnly bool, err error) {
	if !everything {
		bodies := map[string]*site.Parsed{}
		meta := map[string]*site.Parsed{}
		for _, n := range proc.changed {
			switch n.Kind {
			case graph.FileKind:
				bodies[n.Key] = proc.byPath.Get(n.Key)
			case graph.MetaKind:
				meta[n.Key] = proc.byPath.Get(n.Key)
			case graph.AnchorsKind:
				// Heading ids are read by rendering (#anchor links), not by assembly.
			default:
				s, err = site.Assemble(cfg, proc.list(), g)
				return s, false, err
			}
		}
		switch {
		case proc.structural && len(meta) == 0:
			base := last
			if len(bodies) > 0 {
				base = last.WithBodies(bodies)
			}
			if s, ok := base.WithStructure(proc.moved, lastParsed, proc.byPath); ok {
				return s, false, nil
			}
		case proc.structural:
			// Meta and structure at once (rare: a save of several files): assembled whole.
		case len(meta) == 0:
			return last.WithBodies(bodies), true, nil
		default:
			for p := range meta {
				delete(bodies, p)
			}
			base := last
			if len(bodies) > 0 {
				base = last.WithBodies(bodies)
			}
			if s, ok := base.WithMeta(meta, proc.byPath); ok {
				return s, false, nil
			}
		}
	}
	s, err = site.Assemble(cfg, proc.list(), g)
	return s, false, err
}

// sameSkipped reports whether two scans refused the same files for the same reasons: a file the scan
// refuses (a link out of the project) changes no source, only the warnings.
func sameSkipped(a, b []*content.Error) bool {
	return slices.EqualFunc(a, b, func(x, y *content.Error) bool { return x.Error() == y.Error() })
}

// unchanged is the last build, for a rebuild with nothing to do.
func (b *Builder) unchanged() *Result {
	return &Result{Site: b.last.site, Files: b.last.files, Problems: b.last.problems, Warnings: b.last.allWarnings(), Links: b.report, Timings: map[string]time.Duration{}}
}

// existing keeps the routes of the site (not-found pages included), sorted and once each.
func (st *state) existing(routes []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range routes {
		if !seen[r] && st.route(r) != nil {
			seen[r] = true
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}

// renderDirty renders the dirty routes of a rebuild. fresh means every output may have changed (the
// configuration or the shell): the output starts empty and every route is dirty; otherwise it starts
// from the last build's without the files in gone (routes, sidebars and feeds that no longer exist),
// and the pages on screen and new pages go first.
func (b *Builder) renderDirty(st, last *state, routes []string, fresh bool, gone []string, start time.Time) (*Result, error) {
	req := st.req
	if fresh {
		// Every route renders and records its links again; those of routes that are gone go too.
		b.graph.Drop(graph.AnchorsKind)
		if err := st.renderRoutes(routes); err != nil {
			return nil, err
		}
		return b.finish(st, last, start, len(routes)), nil
	}
	st.files.AddMissing(last.files)
	st.carried = true
	st.searchOut = last.searchOut // the output holds the last build's search files now
	b.dropStaleAssets(st.files)
	for _, p := range gone {
		st.files.Remove(p)
	}
	if st.sameRoutes && st.hashes.Len() == 0 && len(st.excerpts) == 0 {
		// The model has the last one's routes: what the last build kept per route carries over
		// whole (the hashes share the last build's layer, the excerpts of posts are copied).
		st.hashes = last.hashes.Clone()
		if last.excerpts != nil {
			st.excerpts = maps.Clone(last.excerpts)
		}
	} else if gone, ok := st.site.GoneSince(last.site); ok && st.hashes.Len() == 0 && len(st.excerpts) == 0 {
		// A re-assembly says which routes went: the rest carries over whole, those are taken out.
		st.hashes, st.excerpts = last.hashes.Clone(), maps.Clone(last.excerpts)
		if st.excerpts == nil {
			st.excerpts = map[string]excerpt{}
		}
		for _, route := range gone {
			if st.route(route) == nil {
				if st.hashes.Has(route) {
					b.graph.Forget(graph.Route(route)) // its #anchor links' edges
				}
				st.hashes.Delete(route)
				delete(st.excerpts, route)
			}
		}
	} else {
		for route, h := range last.hashes.All() {
			if st.route(route) != nil {
				st.hashes.Set(route, h)
			} else {
				b.graph.Forget(graph.Route(route)) // its #anchor links' edges
			}
		}
		for k, v := range last.excerpts {
			if st.site.Routes.Get(k) != nil {
				st.excerpts[k] = v
			}
		}
	}
	// Blog posts go first too: their excerpts are what the blog's lists show. So do new pages: a
	// writer who adds a page opens it next.
	var now, later []string
	for _, r := range routes {
		if req.first[r] || st.route(r).Data.Kind == site.KindBlogPost || last.route(r) == nil {
			now = append(now, r)
		} else {
			later = append(later, r)
		}
	}
	if len(now) > 0 && req.early != nil {
		// The pages on screen go out before the rest: the other pages, the search files and the
		// link check come after.
		// A page whose render threw does not stop the others: every such page is reported.
		var failed pageErrors
		if err := st.renderPages(now); !failed.add(err) {
			return nil, err
		} else if err == nil {
			req.early(b.partial(st, last, now))
		}
		done, err := st.renderUnlessInterrupted(later)
		if !failed.add(err) {
			return nil, err
		}
		if err := failed.err(); err != nil {
			return nil, err
		}
		if done < len(later) || req.interrupted() {
			// Newer edits are waiting: leave the rest of this rebuild (all its routes, to be sure;
			// the search files and the link check too) to the next one; their last output stays.
			st.stale = routes
			st.problems = last.problems
			return b.finish(st, last, start, len(now)+done), nil
		}
		// The search files and the link check too, if newer edits come while they are made: a
		// publish at 10,000 pages would hold the next edit back by most of a second.
		st.interruptible = true
	} else if err := st.renderPages(routes); err != nil {
		return nil, err
	}
	if err := st.renderSiteWide(routes); errors.Is(err, errInterrupted) {
		st.stale = routes
		st.problems = last.problems
		return b.finish(st, last, start, len(routes)), nil
	} else if err != nil {
		return nil, err
	}
	return b.finish(st, last, start, len(routes)), nil
}

// renderUnlessInterrupted renders routes, asking the request's context before each page, and
// returns how many it rendered. Once newer edits wait, only the pages already on their way are
// finished, and fewer are let on their way than in a build that runs to its end: the next edit's
// page waits for them. (Batches of 8 pages, each waited for to its end, held it back by a batch.)
func (st *state) renderUnlessInterrupted(routes []string) (int, error) {
	if st.req.ctx == nil {
		return len(routes), st.renderPages(routes)
	}
	before := len(st.rendered)
	st.halt = st.req.interrupted
	defer func() { st.halt = nil }()
	err := st.renderPages(routes)
	return len(st.rendered) - before, err
}

// partial describes a build whose first routes are rendered; the state is not made current yet.
func (b *Builder) partial(st, last *state, routes []string) *Result {
	var changed []string
	for _, r := range routes {
		if h, ok := st.hashes.Lookup(r); ok && lastHash(last, r) != h {
			changed = append(changed, r)
		}
	}
	// The link check has not run on the new pages yet: the last build's problems stand until it has.
	return &Result{Site: st.site, Files: st.files, Problems: last.problems, Warnings: st.allWarnings(), Links: b.report, Changed: changed, Rendered: len(routes),
		RenderedRoutes: st.renderedRoutes(), CSS: b.assets.EntryCSS}
}

// finish makes the new state current, with its graph, and lists the routes whose HTML changed.
// A full build is the case of no last build (last nil): every route it rendered changed, and its
// steps' times are the whole build's (no "rebuild" total).
func (b *Builder) finish(st, last *state, start time.Time, rendered int) *Result {
	// Only a route this build rendered has a hash of its own: the others' are the last build's
	// (looking at every route's hash was an edit's cost that grew with the site).
	var changed []string
	for route := range st.rendered {
		if h, ok := st.hashes.Lookup(route); ok && (last == nil || lastHash(last, route) != h) {
			changed = append(changed, route)
		}
	}
	sort.Strings(changed)
	st.release()
	st.prior = nil // or every build would keep the one before it
	timings := st.timings
	if timings == nil {
		timings = map[string]time.Duration{}
	}
	if last != nil {
		timings["rebuild"] = time.Since(start)
	}
	st.timings = nil
	b.last, b.graph = st, st.graph
	return &Result{Site: st.site, Files: st.files, Problems: st.problems, Warnings: st.allWarnings(), Links: b.report, Changed: changed, Rendered: rendered,
		RenderedRoutes: st.renderedRoutes(), Reindexed: st.reindexed, LinksChecked: st.linksChecked, Timings: timings, CSS: b.assets.EntryCSS,
		SearchChanged: st.searchChanged}
}

// lastHash is the hash of route's HTML in the last build (zero when it had none).
func lastHash(last *state, route string) [32]byte {
	h, _ := last.hashes.Lookup(route)
	return h
}

func (b *Builder) rel(p string) string {
	if !filepath.IsAbs(p) {
		return filepath.ToSlash(filepath.Clean(p))
	}
	root, _ := filepath.Abs(b.opts.Root)
	if r, err := filepath.Rel(root, p); err == nil {
		return filepath.ToSlash(r)
	}
	return p
}

func isUnder(p, dir string) bool {
	ap, _ := filepath.Abs(p)
	ad, _ := filepath.Abs(dir)
	return strings.HasPrefix(ap, ad+string(filepath.Separator))
}

// siteLinksMoved reports whether a link every page carries in its site data leads elsewhere: a
// sidebar the shell opens starts at another page, or a version's main doc (where the version menu
// leads) is another page, in any locale.
func siteLinksMoved(before, now map[string]*site.SiteData) bool {
	for loc, sd := range now {
		old, ok := before[loc]
		if !ok || !maps.Equal(old.SidebarEntries, sd.SidebarEntries) || !maps.Equal(old.VersionRoutes, sd.VersionRoutes) {
			return true
		}
	}
	return false
}

// shownAnchorsMoved are the anchors of the MDX pages that show a file whose anchors changed
// (links.Input.ShownAnchors): its headings are theirs, and the pages linking to them read them
// (graph.Anchors of the page, recorded at render). A source of the scan says so in its Parsed
// (anchorsChanged); another file (under @site/, or in no section of the content) is read again
// here, and compared with what it gave the last time (or counted as changed, the first time).
func (b *Builder) shownAnchorsMoved(dirty []graph.Node, proc *processed, s *site.Site) []graph.Node {
	var partials []string // graph.File keys of partials whose anchors changed
	for _, n := range dirty {
		switch n.Kind {
		case graph.AnchorsKind:
			if _, ok := proc.byPath.Lookup(n.Key); ok {
				partials = append(partials, n.Key) // (a doc may be imported as a partial too)
			}
		case graph.FileKind:
			if abs, ok := b.siteFileOf(n.Key, proc, s); ok && content.IsMarkdown(abs) && b.siteAnchorsChanged(abs) {
				partials = append(partials, n.Key)
			}
		}
	}
	var out []graph.Node
	for _, key := range partials {
		for _, r := range b.graph.Readers(graph.File(key)) {
			if route := s.Routes.Get(r.Key); r.Kind == graph.RouteKind && route != nil && route.MDX {
				out = append(out, graph.Anchors(route.Source))
			}
		}
	}
	return out
}

// siteFileOf is the absolute path of a graph.File key of a file MDX pages import that is none of
// the scan's sources: a project file (under @site/), or one of the content folder in no section.
func (b *Builder) siteFileOf(key string, proc *processed, s *site.Site) (string, bool) {
	if rel, ok := strings.CutPrefix(key, siteNodePrefix); ok {
		return filepath.Join(b.absRoot(), filepath.FromSlash(rel)), true
	}
	if _, ok := proc.byPath.Lookup(key); ok || filepath.IsAbs(key) {
		return "", false
	}
	return filepath.Join(s.Config.Content(b.absRoot()), filepath.FromSlash(key)), true
}

// siteAnchorsChanged reports whether a Markdown file the scan does not read gives other anchors
// than the last time it was asked (headings and the partials it shows).
func (b *Builder) siteAnchorsChanged(abs string) bool {
	raw, err := os.ReadFile(abs)
	now := ""
	if err == nil {
		now = site.PartialAnchors(b.conv, abs, raw)
	}
	if b.siteAnchors == nil { // (rebuilds run one at a time)
		b.siteAnchors = map[string]string{}
	}
	old, seen := b.siteAnchors[abs]
	b.siteAnchors[abs] = now
	return !seen || old != now
}
