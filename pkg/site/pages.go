// Assembly of the standalone pages of a locale: landing, versions and not found.

package site

import (
	"strings"

	"docsd/pkg/content"
	"docsd/pkg/graph"
)

// pages adds the landing page, the versions page and the not-found page of a locale.
func (a *assembler) pages(set []*Parsed, locale string) {
	root := LocalizePath(a.cfg, a.cfg.BasePath, a.cfg.DefaultLocale().Code, locale)
	base := strings.TrimSuffix(root, "/")
	for _, p := range set {
		if p.Src.Kind != content.Page {
			continue
		}
		name := content.TrimMarkdownExt(p.Src.Rel)
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
				a.s.Graph.Record(graph.Route(route), graph.BlogList(locale))
			}
		}
		a.s.FileRoute[locale+":"+p.Src.Path] = route
		a.addRoute(&Route{Path: route, Data: d, Source: p.Src.Path, Doc: p.Doc, Listed: true})
	}
	nf := &Route{Path: base + "/404", Data: &PageData{Route: base + "/404", Kind: KindNotFound, Title: "Page Not Found", Locale: locale, NoIndex: true}}
	a.s.NotFound[locale] = nf
	a.recordRoute(nf)
}

// checkConfigRefs checks the doc ids of docsd.toml. A main_doc or a sidebar entry that names no doc
