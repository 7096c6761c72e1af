package build

// A structural edit (a page added, deleted or renamed, a category file, a route that moved) used to
// dirty the structure node, which every route reads: the whole site rendered again, 1.5 s on the
// 306-page Vela site for one new page. Assembly is cheap next to rendering, so the site is assembled
// again and the two models are compared: what changed becomes the graph nodes it is (a sidebar, a
// route's own data, a link that now resolves elsewhere), and the graph answers which routes read
// them. Only what every page embeds (site data, the not-found page, whether feeds exist) still
// dirties the structure node.

import (
	"bytes"
	"maps"
	"net/url"
	"path"
	"reflect"
	"slices"
	"strings"

	"docsd/pkg/graph"
	maplayers "docsd/pkg/layered"
	"docsd/pkg/site"
)

// structureChanges compares the model of st with the last build's and returns the nodes that
// changed, and the output files of what is gone (routes, sidebars, feeds). st is prepared and its
// shared records encoded.
func (st *state) structureChanges(last *state) (nodes []graph.Node, gone []string) {
	s, old := st.site, last.site
	re := s.Restructured()
	if re != nil {
		// Re-assembled (site.WithStructure): only what it changed can differ from the last model.
		for _, r := range re.Gone {
			gone = append(gone, old.HTMLPath(r), old.DataPath(r))
		}
		for _, key := range re.GoneSidebars {
			gone = append(gone, site.SidebarDataPath(key))
		}
	} else {
		for r := range old.Routes.All() {
			if s.Routes.Get(r) == nil {
				gone = append(gone, old.HTMLPath(r), old.DataPath(r))
			}
		}
		for key := range old.Sidebars {
			if s.Sidebars[key] == nil {
				gone = append(gone, site.SidebarDataPath(key))
			}
		}
	}
	for _, loc := range st.cfg.Locales {
		if len(old.Posts[loc.Code]) > 0 && len(s.Posts[loc.Code]) == 0 {
			dir := st.feedDir(loc.Code)
			gone = append(gone, dir+"/rss.xml", dir+"/atom.xml")
		}
	}
	def := st.cfg.DefaultLocale().Code
	if last.shared.site == nil || !sameRecords(last.shared.site, st.shared.site) || !sameRecords(last.shared.notFound, st.shared.notFound) ||
		(len(old.Posts[def]) > 0) != (len(s.Posts[def]) > 0) {
		// Every page embeds these.
		return []graph.Node{graph.Structure()}, gone
	}
	sidebars, routes := maps.Keys(st.shared.sidebar), s.Routes.Keys()
	var added, removed []string // routes in one model and not the other
	if re != nil {
		sidebars, routes = slices.Values(re.Sidebars), slices.Values(re.Routes)
		for _, r := range re.Routes {
			if old.Routes.Get(r) == nil {
				added = append(added, r)
			}
		}
		removed = re.Gone
	} else if len(st.cfg.Locales) > 1 {
		for p := range s.Routes.All() {
			if old.Routes.Get(p) == nil {
				added = append(added, p)
			}
		}
		for p := range old.Routes.All() {
			if s.Routes.Get(p) == nil {
				removed = append(removed, p)
			}
		}
	}
	for key := range sidebars {
		if data := st.shared.sidebar[key]; !bytes.Equal(last.shared.sidebar[key], data) {
			nodes = append(nodes, graph.Sidebar(key))
		}
	}
	// A route that is new, or whose own data changed (neighbours, breadcrumbs, cards, lists).
	for p := range routes {
		if o, r := old.Routes.Get(p), s.Routes.Get(p); r != nil && (o == nil || routeChanged(o, r)) {
			nodes = append(nodes, graph.Route(p))
		}
	}
	// A page in one locale lists the same page in the others (alternates).
	if len(st.cfg.Locales) > 1 {
		for _, pair := range []struct {
			routes []string
			in     *site.Site
		}{{added, s}, {removed, old}} {
			for _, p := range pair.routes {
				r := pair.in.Routes.Get(p)
				for _, l := range st.cfg.Locales {
					nodes = append(nodes, graph.Route(site.LocalizePath(st.cfg, p, r.Data.Locale, l.Code)))
				}
			}
		}
	}
	return append(nodes, st.relinked(last)...), gone
}

// sameRecords compares two sets of encoded records by key.
func sameRecords(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !bytes.Equal(v, w) {
			return false
		}
	}
	return true
}

// routeChanged reports whether a route renders from other inputs than before, besides its source's
// body (a File node) and its sidebar (a Sidebar node).
func routeChanged(a, b *site.Route) bool {
	return a.Doc != b.Doc || a.Source != b.Source || a.File != b.File || a.SidebarLabel != b.SidebarLabel ||
		a.Listed != b.Listed || a.TOCMin != b.TOCMin || a.TOCMax != b.TOCMax || a.HideTOC != b.HideTOC ||
		a.MDX != b.MDX || !reflect.DeepEqual(a.Data, b.Data)
}

// relinked lists the routes with a link that resolves otherwise than in the last build: a link to a
// Markdown file that was added, removed or moved, or to a static file that came or went. Only links
// whose file name is one of those are resolved twice, and only the documents that may have one are
// looked at (linkIndex).
func (st *state) relinked(last *state) []graph.Node {
	s, old := st.site, last.site
	names := movedFileNames(s, old)
	addChangedNames(names, maplayers.From(st.statics), maplayers.From(last.statics)) // read only
	if len(names) == 0 {
		return nil
	}
	if st.links == nil {
		st.links = newLinkIndex(st.parsed) // first structural edit since a full build or a config change
	}
	// Only the sources that may link to one of the names, and of their readers the routes that show
	// them: a route's document is its source's (site.Route.Doc).
	var out []graph.Node
	seen := map[string]bool{}
	for _, src := range st.links.sources(names) {
		for _, n := range st.graph.Readers(graph.File(src)) {
			if n.Kind != graph.RouteKind || seen[n.Key] {
				continue
			}
			seen[n.Key] = true
			if r := s.Routes.Get(n.Key); r != nil && r.Source == src && r.Doc != nil {
				out = st.relinkedRoute(last, n.Key, r, names, out)
			}
		}
	}
	return out
}

// relinkedRoute appends route p (and its file, for a blog post) to out when one of its links with
// one of the file names resolves otherwise than in the last build.
func (st *state) relinkedRoute(last *state, p string, r *site.Route, names map[string]bool, out []graph.Node) []graph.Node {
	o := last.site.Routes.Get(p)
	if o == nil {
		return out // a new route renders anyway
	}
	for i := range r.Doc.Links {
		dest := r.Doc.Links[i].Dest
		if !names[linkFileName(dest)] {
			continue
		}
		if st.site.Resolve(st.statics, r.Source, r.Data.Locale, dest) != last.site.Resolve(last.statics, o.Source, o.Data.Locale, dest) {
			out = append(out, graph.Route(p))
			if r.Data.Kind == site.KindBlogPost {
				// The blog's lists show the post's excerpt, links resolved: they read its meta
				// (site/blog.go; the link may be in the excerpt: when unsure, rebuild more).
				out = append(out, graph.Meta(r.Source))
			}
			break
		}
	}
	return out
}

// movedFileNames is the file names of the content files whose route came, went or moved between
// old and s: only those a re-assembly changed (site.Restructured) when it says, else every file.
func movedFileNames(s, old *site.Site) map[string]bool {
	names := map[string]bool{}
	if re := s.Restructured(); re != nil {
		for _, k := range re.FileRoutes {
			if s.FileRoute.Get(k) != old.FileRoute.Get(k) {
				names[path.Base(k)] = true
			}
		}
	} else {
		addChangedNames(names, s.FileRoute, old.FileRoute)
	}
	return names
}

// addChangedNames adds to names the file name of every key whose value differs between now and
// before, or that before holds and now does not.
func addChangedNames(names map[string]bool, now, before *maplayers.Map[string]) {
	for k, v := range now.All() {
		if before.Get(k) != v {
			names[path.Base(k)] = true
		}
	}
	for k := range before.All() {
		if !now.Has(k) {
			names[path.Base(k)] = true
		}
	}
}

// linkFileName is the last path segment of a link as written (no fragment, query, or escapes): the
// file name of the source or static file it may point to.
func linkFileName(dest string) string {
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	return path.Base(p)
}
