// A category file added, deleted or moved: the categories of its version are read again in each
// locale that shows it (a generated index without a slug is numbered among the version's
// categories, so one file may move another's index), and the folders whose category changed count
// as changed folders: the sidebars made from them are made again, with their category index pages.
// Part of WithStructure (restructure.go).

package site

import (
	"maps"
	"path"
	"sort"
	"strings"

	"docsd/pkg/content"
	"docsd/pkg/graph"
)

// recategorize reads the categories again of the versions and locales the category files at paths
// show in, adding the folders whose category changed to dirs and the sidebars whose pages read
// the files to sidebars. false when something reads them that WithStructure does not make.
func (a *assembler) recategorize(s *Site, paths []string, before, all *Sources, dirs map[string][]string, sidebars map[string]bool) bool {
	cfg, g := s.Config, s.Graph
	def := cfg.DefaultLocale().Code
	keys := map[string]bool{} // version/locale
	for _, p := range paths {
		for _, parsed := range []*Parsed{before.Get(p), all.Get(p)} {
			if parsed == nil {
				continue
			}
			if parsed.Src.Locale != def {
				keys[key(parsed.Src.Version, parsed.Src.Locale)] = true
				continue
			}
			for _, l := range cfg.Locales {
				keys[key(parsed.Src.Version, l.Code)] = true
			}
		}
		for _, n := range g.Readers(graph.File(p)) {
			r := s.Routes.Get(n.Key)
			if n.Kind != graph.RouteKind || r == nil || r.Data.Sidebar == "" {
				return false
			}
			sidebars[r.Data.Sidebar] = true // its category index page
		}
	}
	var list []*Parsed
	for _, p := range all.All() {
		if p.Src.Kind == content.Category {
			list = append(list, p)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Src.Path < list[j].Src.Path })
	cats, catRoutes := maps.Clone(a.cats), maps.Clone(a.catRoute)
	for _, k := range sortedKeys(keys) {
		version, locale, _ := strings.Cut(k, "/")
		v, ok := versionNamed(cfg, version)
		if !ok {
			return false
		}
		for _, m := range []map[string]*Parsed{cats} {
			for dir := range m {
				if strings.HasPrefix(dir, k+"/") {
					delete(m, dir)
				}
			}
		}
		for dir := range catRoutes {
			if strings.HasPrefix(dir, k+"/") {
				delete(catRoutes, dir)
			}
		}
		// As docsOf reads them, in the locale's overlay order.
		base, slugs := a.versionBase(v, locale), labelSlugger{}
		for _, p := range overlay(list, def, locale) {
			if p.Src.Version != version {
				continue
			}
			dir := path.Dir(p.Src.Rel)
			cats[k+"/"+dir] = p
			if l := p.Category.Link; l != nil && l.Type == "generated-index" {
				slug := l.Slug
				if slug == "" {
					slug = "/category/" + slugs.slug(categoryLabel(p.Category.Label, dir))
				}
				catRoutes[k+"/"+dir] = base + "/" + strings.Trim(slug, "/")
			}
		}
		// The folders whose category or index route changed.
		for _, m := range []map[string]bool{changedKeys(a.cats, cats, k), changedKeys(a.catRoute, catRoutes, k)} {
			for dir := range m {
				dirs[k] = append(dirs[k], strings.TrimPrefix(dir, k+"/"))
			}
		}
	}
	a.cats, a.catRoute = cats, catRoutes
	return true
}

// changedKeys lists the keys of version/locale k whose values differ between before and now.
func changedKeys[V comparable](before, now map[string]V, k string) map[string]bool {
	out := map[string]bool{}
	for _, pair := range [][2]map[string]V{{before, now}, {now, before}} {
		for dir, v := range pair[0] {
			if w, ok := pair[1][dir]; strings.HasPrefix(dir, k+"/") && (!ok || w != v) {
				out[dir] = true
			}
		}
	}
	return out
}
