package search

import (
	"path"
	"strings"

	"docsd/pkg/markdown"
	"docsd/pkg/site"
)

// Indexed reports whether a route belongs in search: docs, category indexes and blog posts that
// are listed (not `unlisted`; drafts have no route at all) and not kept out of indexing.
func Indexed(r *site.Route) bool {
	if r == nil || r.Data == nil || !r.Listed || r.Data.NoIndex {
		return false
	}
	switch r.Data.Kind {
	case site.KindDoc, site.KindBlogPost:
		return r.Doc != nil
	case site.KindCategory:
		return true
	}
	return false
}

// PageWith is what search indexes of a route whose sections the caller has: an MDX page's are
// read from its rendered HTML (partials and components included), and its model's, which PageOf
// would parse its source again for once a one-build has let go of the tree, would be thrown away.
func PageWith(r *site.Route, sections []Section) Page {
	p := Page{Route: r.Path, Title: r.Data.Title, Label: r.SidebarLabel, Name: path.Base(r.Path),
		Version: r.Data.Version, Description: r.Data.Description, Keywords: r.Data.Keywords, Sections: sections}
	if r.Data.Instance != "" {
		// A [[docs]] set's pages are found from every version's pages: the filter keeps a query to
		// the versioned docs of the version on screen, and a set has one version.
		p.Version = ""
	}
	for _, c := range r.Data.Breadcrumbs {
		p.Crumbs = append(p.Crumbs, c.Title)
	}
	return p
}

// SectionOf is what search indexes of a document's section: its id, heading, text, keys and quotes.
func SectionOf(s markdown.Section) Section {
	return Section{ID: s.ID, Heading: s.Heading, Text: s.Text, Keys: s.Keys, Quotes: s.Quotes}
}

// PageOf is what search indexes of a route: its title, description, keywords and sections (for
// a category index, the titles and descriptions of its cards).
func PageOf(r *site.Route) Page {
	p := PageWith(r, nil)
	if r.Doc != nil {
		for _, s := range r.Doc.Sections() {
			p.Sections = append(p.Sections, SectionOf(s))
		}
		return p
	}
	var b strings.Builder
	for _, c := range r.Data.Cards {
		b.WriteString(c.Title)
		b.WriteString(". ")
		if c.Description != "" {
			b.WriteString(c.Description)
			b.WriteString(" ")
		}
	}
	p.Sections = []Section{{Text: strings.TrimSpace(b.String())}}
	return p
}
