package build

import (
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"time"

	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/search"
	"docsd/pkg/site"
)

// Rebuild brings the last build up to date with the files that changed (paths relative to the
// project root, or absolute). It re-parses only changed files and re-renders only the routes that
// read them, following the dependency graph; when unsure (configuration, the shell, a file added,
// deleted or renamed, a route that moved) it renders everything. On error the last good build stays.
func (b *Builder) Rebuild(changed []string) (*Result, error) {
	return b.RebuildFirst(changed, nil, nil)
}

// RebuildFirst is Rebuild for the dev server: of the routes to render, those in first (the pages
// browsers show) are rendered before the others, and early receives the build at that point, so a
// writer sees an edit before the rest of a sidebar's pages are done.
func (b *Builder) RebuildFirst(changed []string, first map[string]bool, early func(*Result)) (*Result, error) {
	if b.last == nil {
		return b.Build()
	}
	b.first, b.early = first, early
	defer func() { b.first, b.early = nil, nil }()
	// Files of a failed rebuild stay pending until a rebuild succeeds: the last good build does
	// not hold them yet.
	for _, p := range changed {
		b.pending[p] = true
	}
	all := make([]string, 0, len(b.pending))
	for p := range b.pending {
		all = append(all, p)
	}
	sort.Strings(all)
	res, err := b.rebuild(all)
	if err == nil {
		b.pending = map[string]bool{}
	}
	return res, err
}

func (b *Builder) rebuild(changed []string) (*Result, error) {
	start := time.Now()
	var contentChanged []string
	shell, cfgChanged := false, false
	for _, p := range changed {
		rel := b.rel(p)
		switch {
		case rel == "docsd.toml":
			cfgChanged = true
		case strings.HasPrefix(rel, "site/") || b.opts.SiteDir != "" && isUnder(p, b.opts.SiteDir):
			shell = true
		case strings.HasPrefix(rel, "content/"):
			contentChanged = append(contentChanged, strings.TrimPrefix(rel, "content/"))
		}
	}
	if cfgChanged {
		return b.rebuildAll(start)
	}
	if shell {
		oldJS := b.assets.EntryJS
		oldCSS := strings.Join(b.assets.EntryCSS, ",")
		res, err := b.rebuildAll(start)
		if err != nil {
			return nil, err
		}
		res.ShellChanged = oldJS != b.assets.EntryJS
		res.CSSChanged = oldCSS != strings.Join(b.assets.EntryCSS, ",")
		return res, nil
	}
	if len(contentChanged) == 0 && len(b.last.stale) == 0 {
		return &Result{Site: b.last.site, Files: b.last.files, Problems: b.last.problems, Warnings: b.last.warnings, Links: b.report, Timings: map[string]time.Duration{}}, nil
	}
	last := b.last
	cfg := last.cfg
	sources, skipped, err := content.Scan(filepath.Join(b.opts.Root, "content"), Layout(cfg))
	if err != nil {
		return nil, fmt.Errorf("scanning content: %w", err)
	}
	// Reuse every parsed file that did not change; parse the others.
	parsed := make([]*site.Parsed, 0, len(sources))
	byPath := map[string]*site.Parsed{}
	dirtyFiles := map[string]bool{}
	for _, f := range contentChanged {
		dirtyFiles[f] = true
	}
	structural := len(sources) != len(last.parsed)
	var errs site.Errors
	for _, src := range sources {
		old, ok := last.parsed[src.Path]
		if !ok {
			structural = true
		}
		if ok && !dirtyFiles[src.Path] {
			parsed = append(parsed, old)
			byPath[src.Path] = old
			continue
		}
		p, err := site.ProcessOne(b.conv, src, nil)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		parsed = append(parsed, p)
		byPath[src.Path] = p
	}
	if len(errs) > 0 {
		return nil, errs
	}
	warnings := readWarnings(skipped, parsed)
	// What each changed file changed: its route (structure), what others read of it (meta), its
	// heading ids (anchors), or only its body.
	var dirtyNodes []graph.Node
	for f := range dirtyFiles {
		old, oldOK := last.parsed[f]
		now, nowOK := byPath[f]
		if oldOK != nowOK {
			structural = true
			continue
		}
		if !nowOK || old.Hash == now.Hash {
			continue
		}
		switch now.Src.Kind {
		case content.Category, content.Static:
			structural = true
			continue
		}
		if routeFieldsChanged(old.FM, now.FM) {
			structural = true
			continue
		}
		dirtyNodes = append(dirtyNodes, graph.File(f))
		if metaChanged(old, now) {
			dirtyNodes = append(dirtyNodes, site.Meta(f))
		}
		if anchorsChanged(old, now) {
			dirtyNodes = append(dirtyNodes, site.Anchors(f))
		}
	}
	g := graph.New()
	s, err := site.Assemble(cfg, parsed, g)
	if err != nil {
		return nil, err
	}
	excerpts := make(map[string]excerpt, len(last.excerpts))
	for k, v := range last.excerpts {
		excerpts[k] = v
	}
	st := &state{b: b, cfg: cfg, site: s, parsed: byPath, warnings: warnings, excerpts: excerpts, hashes: map[string][32]byte{}, links: last.links,
		shards: map[string]*search.Shard{}, terms: search.NewTerms()}
	if structural {
		st.links = graph.New()
		st.prepare()
		if err := st.renderAll(); err != nil {
			return nil, err
		}
		return b.finish(st, last, start, len(s.Order)+len(s.NotFound)), nil
	}
	// Same routes as before: start from the last output and render the dirty routes only.
	st.prepare()
	st.files.AddMissing(last.files)
	for route, h := range last.hashes {
		st.hashes[route] = h
	}
	dirty := map[string]bool{}
	for n := range g.Dirty(dirtyNodes...) {
		if route, ok := strings.CutPrefix(string(n), "route:"); ok {
			dirty[route] = true
		}
	}
	for n := range last.links.Dirty(dirtyNodes...) {
		if route, ok := strings.CutPrefix(string(n), "route:"); ok {
			dirty[route] = true
		}
	}
	for _, r := range s.Routes {
		if dirtyFiles[r.Source] {
			dirty[r.Path] = true
		}
	}
	for _, r := range last.stale {
		dirty[r] = true
	}
	var routes []string
	for r := range dirty {
		if s.Routes[r] != nil {
			routes = append(routes, r)
		}
	}
	sort.Strings(routes)
	// Pages whose data is carried over still need their rendered Markdown in the model (lists and
	// the link check read it); it is unchanged, so take it from the last build.
	for path, r := range s.Routes {
		if dirty[path] {
			continue
		}
		if old := last.site.Routes[path]; old != nil {
			r.Data.HTML, r.Data.TOC = old.Data.HTML, old.Data.TOC
		}
	}
	// Blog posts go first too: their excerpts are what the blog's lists show.
	var now, later []string
	for _, r := range routes {
		if b.first[r] || s.Routes[r].Data.Kind == site.KindBlogPost {
			now = append(now, r)
		} else {
			later = append(later, r)
		}
	}
	if len(now) > 0 && b.early != nil {
		// The pages on screen go out before the rest: the other pages, the search files and the
		// link check come after.
		if err := st.renderPages(now); err != nil {
			return nil, err
		}
		b.early(b.partial(st, last, now))
		done, err := st.renderUnlessInterrupted(later)
		if err != nil {
			return nil, err
		}
		if done < len(later) || st.b.opts.Interrupt != nil && st.b.opts.Interrupt() {
			// Newer edits are waiting: leave the rest of this rebuild (all its routes, to be sure;
			// the search files and the link check too) to the next one, with the last build's text
			// in the model until then.
			for _, r := range later[done:] {
				if old := last.site.Routes[r]; old != nil && s.Routes[r] != nil {
					s.Routes[r].Data.HTML, s.Routes[r].Data.TOC = old.Data.HTML, old.Data.TOC
				}
			}
			st.stale = routes
			st.problems = last.problems
			return b.finish(st, last, start, len(now)+done), nil
		}
	} else if err := st.renderPages(routes); err != nil {
		return nil, err
	}
	if err := st.renderSiteWide(routes); err != nil {
		return nil, err
	}
	return b.finish(st, last, start, len(now)+len(later)), nil
}

// renderUnlessInterrupted renders routes in batches, asking Options.Interrupt between them, and
// returns how many it rendered.
func (st *state) renderUnlessInterrupted(routes []string) (int, error) {
	interrupt := st.b.opts.Interrupt
	if interrupt == nil {
		return len(routes), st.renderPages(routes)
	}
	const batch = 8
	done := 0
	for done < len(routes) && !interrupt() {
		end := min(done+batch, len(routes))
		if err := st.renderPages(routes[done:end]); err != nil {
			return done, err
		}
		done = end
	}
	return done, nil
}

// rebuildAll is a full build that reports which routes' HTML changed.
func (b *Builder) rebuildAll(start time.Time) (*Result, error) {
	last := b.last
	res, err := b.Build()
	if err != nil {
		b.last = last
		return nil, err
	}
	return b.finish(b.last, last, start, res.Rendered), nil
}

// partial describes a build whose first routes are rendered; the state is not made current yet.
func (b *Builder) partial(st, last *state, routes []string) *Result {
	var changed []string
	for _, r := range routes {
		if h, ok := st.hashes[r]; ok && last.hashes[r] != h {
			changed = append(changed, r)
		}
	}
	// The link check has not run on the new pages yet: the last build's problems stand until it has.
	return &Result{Site: st.site, Files: st.files, Problems: last.problems, Warnings: st.warnings, Links: b.report, Changed: changed, Rendered: len(routes), CSS: b.assets.EntryCSS}
}

// finish makes the new state current and lists the routes whose HTML changed.
func (b *Builder) finish(st, last *state, start time.Time, rendered int) *Result {
	var changed []string
	for route, h := range st.hashes {
		if last == nil || last.hashes[route] != h {
			changed = append(changed, route)
		}
	}
	sort.Strings(changed)
	st.release()
	b.last = st
	return &Result{Site: st.site, Files: st.files, Problems: st.problems, Warnings: st.warnings, Links: b.report, Changed: changed, Rendered: rendered,
		Timings: map[string]time.Duration{"rebuild": time.Since(start)}, CSS: b.assets.EntryCSS, SearchChanged: st.searchChanged}
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

// routeFieldsChanged reports a change that moves or hides a page: a structural change.
func routeFieldsChanged(a, b content.FrontMatter) bool {
	return a.ID != b.ID || a.Slug != b.Slug || a.Draft != b.Draft || a.Unlisted != b.Unlisted || a.Date != b.Date
}

// metaChanged reports a change to what other pages show of this one.
func metaChanged(a, b *site.Parsed) bool {
	if !reflect.DeepEqual(a.FM, b.FM) {
		return true
	}
	return a.Doc != nil && b.Doc != nil && a.Doc.Title != b.Doc.Title
}

func anchorsChanged(a, b *site.Parsed) bool {
	if a.Doc == nil || b.Doc == nil {
		return a.Doc != b.Doc
	}
	if len(a.Doc.Headings) != len(b.Doc.Headings) {
		return true
	}
	for i := range a.Doc.Headings {
		if a.Doc.Headings[i].ID != b.Doc.Headings[i].ID {
			return true
		}
	}
	return false
}
