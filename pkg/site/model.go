// Package site assembles parsed sources into the site model: every route with the data its page
// shows, the sidebars, categories, blog lists and feeds. The JSON shapes here are the contract with
// the React shell in site/ (site/src/store.js reads them).
package site

import (
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/markdown"
)

// Page kinds: each is rendered by one layout of the shell.
const (
	KindDoc         = "doc"
	KindCategory    = "category"
	KindBlogList    = "blogList"
	KindBlogPost    = "blogPost"
	KindBlogArchive = "blogArchive"
	KindBlogAuthors = "blogAuthors"
	KindBlogAuthor  = "blogAuthor"
	KindBlogTags    = "blogTags"
	KindBlogTag     = "blogTag"
	KindLanding     = "landing"
	KindVersions    = "versions"
	KindNotFound    = "notFound"
)

// Link is a titled route.
type Link struct {
	Title string `json:"title"`
	Route string `json:"route"`
}

// SidebarItem is a link or a category of a sidebar.
type SidebarItem struct {
	Type        string         `json:"type"` // "link", "category" or "html" (a hand-written sidebar's)
	Label       string         `json:"label"`
	Route       string         `json:"route,omitempty"`
	Href        string         `json:"href,omitempty"` // a link out of the docs (hand-written sidebars)
	HTML        string         `json:"html,omitempty"`
	Items       []*SidebarItem `json:"items,omitempty"`
	Collapsed   bool           `json:"collapsed,omitempty"`
	Collapsible bool           `json:"collapsible,omitempty"`
	docID       string
	file        string
	desc        string // a category's description (its category file's, else its link's): its card's text
	ref         bool   // a ref item: links to the doc without making this sidebar the doc's
}

// Card is one entry of a category index: a child page or category.
type Card struct {
	Title       string `json:"title"`
	Route       string `json:"route"`
	Description string `json:"description,omitempty"`
	Count       int    `json:"count,omitempty"` // pages inside, for a category
}

// PostSummary is a blog post as lists show it.
type PostSummary struct {
	Title       string           `json:"title"`
	Route       string           `json:"route"`
	Date        string           `json:"date"`
	ReadingTime int              `json:"readingTime"`
	Authors     []content.Author `json:"authors,omitempty"`
	Tags        []TagRef         `json:"tags,omitempty"`
	Excerpt     string           `json:"excerpt,omitempty"`
	Truncated   bool             `json:"truncated,omitempty"`
}

// TagRef is a tag as a post shows it.
type TagRef struct {
	Label string `json:"label"`
	Route string `json:"route"`
	Count int    `json:"count,omitempty"`
	Desc  string `json:"description,omitempty"`
}

// Pagination links the pages of a paginated list.
type Pagination struct {
	Page  int    `json:"page"`
	Total int    `json:"total"`
	Prev  string `json:"prev,omitempty"`
	Next  string `json:"next,omitempty"`
}

// ArchiveYear groups posts by year.
type ArchiveYear struct {
	Year  string        `json:"year"`
	Posts []PostSummary `json:"posts"`
}

// VersionLink is the same doc in another version.
type VersionLink struct {
	Label string `json:"label"`
	Name  string `json:"name"`
	Route string `json:"route"`
}

// VersionNotice is the notice above a page of a version other than the latest (VersionBanner.jsx).
type VersionNotice struct {
	Text   string `json:"text"`   // which version this is: "You are reading 1.0, no longer maintained. "
	Link   string `json:"link"`   // the link's text: "Go to 2.0, the latest"
	Route  string `json:"route"`  // the same page in the latest version, else that version's main doc
	Latest string `json:"latest"` // the latest version's name: following the link makes it the preferred one
}

// PageData is everything the shell needs to render one route.
type PageData struct {
	Route         string             `json:"route"`
	Kind          string             `json:"kind"`
	Title         string             `json:"title"`
	Description   string             `json:"description,omitempty"`
	Locale        string             `json:"locale"`
	Version       string             `json:"version,omitempty"`
	Instance      string             `json:"instance,omitempty"` // the [[docs]] set of a doc or category index ("" for versioned docs)
	Sidebar       string             `json:"sidebar,omitempty"`  // key of Site.Sidebars
	DocID         string             `json:"docId,omitempty"`
	HTML          string             `json:"html,omitempty"`
	TOC           []markdown.Heading `json:"toc,omitempty"`
	Breadcrumbs   []Link             `json:"breadcrumbs,omitempty"`
	Prev          *Link              `json:"prev,omitempty"`
	Next          *Link              `json:"next,omitempty"`
	OtherVersions []VersionLink      `json:"otherVersions,omitempty"`
	// VersionNotice and VersionBadge are what a page of a docs version says of it (docsd.toml's
	// [[versions]] banner and badge), made as the page is rendered: the shell only shows them.
	VersionNotice *VersionNotice   `json:"versionNotice,omitempty"`
	VersionBadge  string           `json:"versionBadge,omitempty"`
	Cards         []Card           `json:"cards,omitempty"`
	Post          *PostSummary     `json:"post,omitempty"`
	Posts         []PostSummary    `json:"posts,omitempty"`
	Pagination    *Pagination      `json:"pagination,omitempty"`
	Authors       []content.Author `json:"authors,omitempty"`
	Author        *content.Author  `json:"author,omitempty"`
	Tags          []TagRef         `json:"tags,omitempty"`
	Tag           *TagRef          `json:"tag,omitempty"`
	Archive       []ArchiveYear    `json:"archive,omitempty"`
	Latest        *PostSummary     `json:"latest,omitempty"`
	Versions      []config.Version `json:"versions,omitempty"`
	NoIndex       bool             `json:"noIndex,omitempty"`
	Keywords      []string         `json:"keywords,omitempty"`
	// MDX names the module of an MDX page, which renders its content (HTML is empty then).
	MDX *MDXModule `json:"mdx,omitempty"`
}

// MDXModule is an MDX page's compiled content: the chunk the browser loads (with its stylesheets)
// and the id the server renderer finds it by.
type MDXModule struct {
	ID  string   `json:"id"`
	JS  string   `json:"js"`
	CSS []string `json:"css,omitempty"`
	// Shared is the script of the shell's modules the page's module uses, loaded before it
	// (pkg/bundle/mdxpages.go).
	Shared string `json:"shared,omitempty"`
}

// Route is one output page: its data and where it came from.
type Route struct {
	Path   string // URL path, e.g. /docs/usage/quickstart
	Data   *PageData
	Source string // content file the page comes from, "" for generated pages
	// File names Source as messages show it, relative to the project (content.Source.File).
	File string
	// SidebarLabel is the doc's sidebar_label when it has one: search ranks it like the title.
	SidebarLabel string
	Doc          *markdown.Doc
	// Listed is false for pages kept out of sitemap and search (unlisted, 404).
	Listed bool
	// Table of contents range and switch from front matter (0 means the default).
	TOCMin, TOCMax int
	HideTOC        bool
	// MDX is true for a page compiled as MDX (Parsed.MDX): its content is a module.
	MDX bool
	// Summary is a doc's description, else its content's first line (Parsed.Excerpt), as
	// Docusaurus describes a doc on a <DocCardList> card.
	Summary string
}

// SiteData is what every page needs besides its own data (the navbar, footer, locales, versions).
type SiteData struct {
	*config.Site
	Locale       string `json:"locale"`
	SearchDocs   string `json:"searchDocs,omitempty"`
	SearchIndex  string `json:"searchIndex,omitempty"`
	Announcement string `json:"announcementHtml,omitempty"`
	// SidebarEntries maps each navbar sidebar id to the route of its entry doc.
	SidebarEntries map[string]string `json:"sidebarEntries"`
	// VersionRoutes maps each docs version to the route of its main doc.
	VersionRoutes map[string]string `json:"versionRoutes"`
	Dev           bool              `json:"dev,omitempty"`
}
