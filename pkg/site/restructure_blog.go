// A blog post added, deleted or moved (its date, slug, tags or draft state): the blog of each locale
// that shows it is small, and made again whole with the locale's pages (the landing page shows the
// latest post), as WithMeta does for a post's title. Part of WithStructure (restructure.go).

package site

import (
	"maps"
	"slices"
	"sort"

	"docsd/pkg/content"
	"docsd/pkg/graph"
)

// reblog makes again the blogs and pages of the locales that show the posts at paths, adding the
// routes it drops to gone and the FileRoute keys it may change to fileRoutes. false when something
// reads them that it does not make.
func (a *assembler) reblog(s *Site, paths []string, before, all *Sources, gone, fileRoutes map[string]bool) bool {
	cfg, g := s.Config, s.Graph
	def := cfg.DefaultLocale().Code
	locales := map[string]bool{}
	files := map[string]bool{}
	for _, p := range paths {
		for _, parsed := range []*Parsed{before.Get(p), all.Get(p)} {
			if parsed == nil {
				continue
			}
			files[parsed.Src.File()] = true
			if parsed.Src.Locale != def {
				locales[parsed.Src.Locale] = true
				continue
			}
			for _, l := range cfg.Locales {
				locales[l.Code] = true
			}
		}
		for _, n := range g.Readers(graph.File(p)) {
			if r := s.Routes.Get(n.Key); n.Kind != graph.BlogListKind && (n.Kind != graph.RouteKind || r == nil || r.Source != p) {
				return false
			}
		}
	}
	for locale := range locales {
		for _, n := range g.Readers(graph.BlogList(locale)) {
			r := s.Routes.Get(n.Key)
			if n.Kind != graph.RouteKind || r == nil || r.Data.Locale != locale ||
				!isBlogKind(r.Data.Kind) && n.Key != landingRoute(s, locale) {
				return false
			}
		}
	}
	// The blog's and pages' sources as Assemble lists them (by path), overlaid per locale.
	var list []*Parsed
	for _, p := range all.All() {
		if isBlogOrPage(p.Src.Kind) {
			list = append(list, p)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Src.Path < list[j].Src.Path })
	next := a.s
	next.Posts, next.NotFound = maps.Clone(s.Posts), maps.Clone(s.NotFound)
	a.lists = maps.Clone(a.lists)
	// The posts' problems are found again with the blog.
	next.Refs = slices.DeleteFunc(slices.Clone(next.Refs), func(r Ref) bool {
		return files[r.File] && (r.Field == "authors" || r.Field == "tags")
	})
	if len(next.Refs) == 0 {
		next.Refs = nil
	}
	for r, route := range s.Routes.All() {
		if isBlogKind(route.Data.Kind) && locales[route.Data.Locale] {
			next.Routes.Delete(r)
			a.claims.Delete(r)
			g.Forget(graph.Route(r), assembledKinds...)
			gone[r] = true
			if route.Source != "" {
				key := route.Data.Locale + ":" + route.Source
				next.FileRoute.Delete(key)
				fileRoutes[key] = true
			}
		}
	}
	for _, locale := range sortedKeys(locales) {
		set := overlay(list, def, locale)
		paths := make([]string, 0, len(set))
		for _, p := range set {
			paths = append(paths, p.Src.Path)
			if p.Src.Kind == content.BlogPost {
				fileRoutes[locale+":"+p.Src.Path] = true
			}
		}
		a.lists[locale] = paths
		delete(next.Posts, locale)
		g.Forget(graph.BlogList(locale))
		g.Forget(graph.Route(landingRoute(s, locale)), graph.BlogListKind)
		a.blog(set, locale)
		a.pages(set, locale)
	}
	a.markMDX(all)
	return true
}
