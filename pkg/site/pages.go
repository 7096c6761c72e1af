// Assembly of the standalone pages of a locale: landing, versions and not found.

package site

import (
	"sort"
	"strings"

	"docsd/pkg/config"
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
		if !a.claim(route, p.Src.File()) {
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
		a.fileRoute(locale+":"+p.Src.Path, route)
		a.addRoute(&Route{Path: route, Data: d, Source: p.Src.Path, Doc: p.Doc, Listed: true})
	}
	if file, ok := a.claims.Lookup(root); !ok || file == "" {
		a.generatedLanding(root, locale) // unless a page claims the root ("": the generated one)
	}
	nf := &Route{Path: base + "/404", Data: &PageData{Route: base + "/404", Kind: KindNotFound, Title: "Page Not Found", Locale: locale, NoIndex: true}}
	a.s.NotFound[locale] = nf
	a.recordRoute(nf)
}

// checkConfigRefs checks the doc ids of docsd.toml. A main_doc or a sidebar entry that names no doc

// generatedLanding is the root page of a site without a Markdown landing page (a Docusaurus site
// whose home is a React page): the site's title and tagline and a card per sidebar of the latest
// docs version, labelled as the navbar labels it, and one for the blog when it has posts. It is a
// page rather than a redirect, so the root answers 200 with links a reader and a crawler can follow.
func (a *assembler) generatedLanding(root, locale string) {
	d := &PageData{Route: root, Kind: KindCategory, Title: a.cfg.Title, Description: a.cfg.Tagline, Locale: locale}
	node := graph.Route(root)
	labels := map[string]string{}
	var walk func(items []config.NavbarItem)
	walk = func(items []config.NavbarItem) {
		for _, it := range items {
			if it.Type == config.ItemDocSidebar && it.Label != "" {
				labels[it.Sidebar] = it.Label
			}
			walk(it.Items)
		}
	}
	walk(a.cfg.Navbar.Items)
	for _, v := range a.cfg.DocSets() {
		if !v.IsLast {
			continue
		}
		prefix := v.Name + "-" + locale + "-"
		var keys []string
		for k := range a.s.Sidebars {
			if strings.HasPrefix(k, prefix) {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			id := strings.TrimPrefix(k, prefix)
			r := firstRoute(a.s.Sidebars[k])
			if r == "" {
				continue
			}
			title := labels[id]
			if title == "" {
				title = humanize(id)
			}
			d.Cards = append(d.Cards, Card{Title: title, Route: r, Count: countLinks(a.s.Sidebars[k])})
			a.s.Graph.Record(node, graph.Sidebar(k))
		}
	}
	if posts := a.s.Posts[locale]; len(posts) > 0 {
		title := a.cfg.Blog.Title
		if title == "" {
			title = "Blog"
		}
		blog := strings.TrimSuffix(root, "/") + "/" + strings.Trim(a.cfg.Blog.Path, "/")
		d.Cards = append(d.Cards, Card{Title: title, Route: blog, Description: a.cfg.Blog.Description})
		a.s.Graph.Record(node, graph.BlogList(locale))
	}
	if _, ok := a.claims.Lookup(root); !ok {
		a.claims.Set(root, "")
	}
	a.addRoute(&Route{Path: root, Data: d, Listed: true})
}
