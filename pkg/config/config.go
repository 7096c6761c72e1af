// Package config reads docsd.toml: the site-level records of the specification (locales, navbar
// items, footer, docs versions, sidebars) plus blog, search and plugin-registry options. A bad file
// is reported with its line and column so a writer can fix it without guessing.
package config

import (
	"bytes"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"docsd/pkg/content"
	"docsd/pkg/secrets"
)

// frontMatterKey is the shape of a front-matter key docsd reads (pkg/content topKey).
var frontMatterKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// Site is the whole of docsd.toml.
type Site struct {
	Title        string        `toml:"title" json:"title"`
	Tagline      string        `toml:"tagline" json:"tagline"`
	URL          string        `toml:"url" json:"url"`
	BasePath     string        `toml:"base_path" json:"basePath"`
	Favicon      string        `toml:"favicon" json:"favicon"`
	Announcement *Announcement `toml:"announcement" json:"announcement,omitempty"`
	ColorMode    ColorMode     `toml:"color_mode" json:"colorMode"`
	Navbar       Navbar        `toml:"navbar" json:"navbar"`
	Footer       Footer        `toml:"footer" json:"footer"`
	Landing      Landing       `toml:"landing" json:"landing"`
	Sidebars     []Sidebar     `toml:"sidebars" json:"-"`
	Versions     []Version     `toml:"versions" json:"versions"`
	Docs         []DocsSet     `toml:"docs" json:"-"` // further docs folders, each with its own path and sidebars (docsets.go)
	Locales      []Locale      `toml:"locales" json:"locales"`
	Blog         Blog          `toml:"blog" json:"blog"`
	Search       Search        `toml:"search" json:"-"`
	Registry     Registry      `toml:"registry" json:"-"`
	Markdown     Markdown      `toml:"markdown" json:"-"`
	Secrets      Secrets       `toml:"secrets" json:"-"`
	// ContentDir is the folder holding docs, blog, pages and static files, relative to docsd.toml
	// ("content" when empty). A Docusaurus project keeps them at its top ("."), each section in
	// its own folder: Versions[].Dir, Blog.Dir, PagesDir, StaticDirs, all relative to ContentDir.
	ContentDir string   `toml:"content_dir" json:"-"`
	PagesDir   string   `toml:"pages_dir" json:"-"`
	StaticDirs []string `toml:"static_dirs" json:"-"`
	// SidebarsFile is a hand-written Docusaurus sidebars file (.js, .mjs, .cjs, .ts or .json,
	// relative to docsd.toml) for the current version; docsd evaluates it with Node on every build.
	// Its sidebars replace [[sidebars]]; versions name their own in Versions[].SidebarsFile.
	SidebarsFile string `toml:"sidebars_file" json:"-"`
	// DocusaurusDir is the folder of the Docusaurus site (where docusaurus.config.js is),
	// relative to docsd.toml; "" for the project's own. MDX pages' `@site/` imports, src/theme
	// overrides and src/theme/MDXComponents are found there, as Docusaurus finds them: a
	// repository may keep its site in website/ beside docs/.
	DocusaurusDir string `toml:"docusaurus_dir" json:"-"`
	// Docusaurus is what a Docusaurus site's own components read of its config through
	// useDocusaurusContext() that no other key of docsd.toml holds.
	Docusaurus Docusaurus `toml:"docusaurus" json:"-"`
	// CustomCSS are the site's own stylesheets (.css, .scss or .sass, relative to docsd.toml),
	// loaded on every page after docsd's: a Docusaurus site's theme.customCss (customcss.go).
	CustomCSS []string `toml:"custom_css" json:"-"`
	// HandSidebars holds each version's evaluated sidebars file (JSON), given by the builder to a
	// copy of the loaded configuration before assembly (WithHandSidebars); it is not read from
	// docsd.toml.
	HandSidebars map[string][]byte `toml:"-" json:"-"`
	// docSets are the versions and the [[docs]] sets as versions (DocSets), made once.
	docSets []Version
}

// WithHandSidebars is a copy of s with the evaluated sidebars files hand. s stays as it is: a
// watching build's last configuration is read by its site while the next build is made, and
// stays the configuration when that build fails.
func (s *Site) WithHandSidebars(hand map[string][]byte) *Site {
	c := *s
	c.HandSidebars = hand
	return &c
}

// Content returns the content folder of a project at root.
func (s *Site) Content(root string) string {
	if s.ContentDir == "" {
		return filepath.Join(root, "content")
	}
	return filepath.Join(root, filepath.FromSlash(s.ContentDir))
}

// AtSite is the folder `@site/` names in the project at root: the Docusaurus site's folder.
func (s *Site) AtSite(root string) string {
	if s.DocusaurusDir == "" {
		return root
	}
	return filepath.Join(root, filepath.FromSlash(s.DocusaurusDir))
}

// SourceFile names a content file (a path relative to the content folder) as messages show it:
// relative to the project, where the writer finds it.
func (s *Site) SourceFile(rel string) string {
	switch s.ContentDir {
	case "":
		return "content/" + rel
	case ".":
		return rel
	}
	return strings.TrimSuffix(s.ContentDir, "/") + "/" + rel
}

// ContentDirOf returns the content folder of the project at root as its docsd.toml says, or
// root/content when docsd.toml cannot be read (the build then fails on it, with its message).
func ContentDirOf(root string) string {
	s, err := Load(filepath.Join(root, "docsd.toml"))
	if err != nil {
		return filepath.Join(root, "content")
	}
	return s.Content(root)
}

// Sections lists the folders of the content that Scan walks when the content folder is a whole
// project (ContentDir set): docs of every version, blog, pages and static files. Nil otherwise,
// for content/, which holds only content.
func (s *Site) Sections() []string {
	if s.ContentDir == "" || s.ContentDir == "content" {
		return nil
	}
	out := []string{s.Blog.Dir, s.PagesDir, "i18n"}
	if s.Blog.Dir == "" {
		out[0] = "blog"
	}
	if s.PagesDir == "" {
		out[1] = "pages"
	}
	out = append(out, s.StaticDirs...)
	if len(s.StaticDirs) == 0 {
		out = append(out, "static")
	}
	for _, v := range s.DocSets() {
		out = append(out, v.Dir)
	}
	return out
}

// Docusaurus is docsd.toml's [docusaurus] table. Its siteConfig's title, tagline, url, baseUrl and
// favicon are the top-level keys; `docsd init --from-docusaurus` copies customFields here, which
// the components read as useDocusaurusContext().siteConfig.customFields.
type Docusaurus struct {
	CustomFields map[string]any `toml:"custom_fields"`
	// Flow says the site's JavaScript is Flow (its babel config adds @babel/preset-flow, as
	// facebook/flow's does): docsd compiles the project's .js, .jsx, .mjs and .cjs files with the
	// project's own Babel and Flow's preset before bundling them (pkg/bundle/flow.go). Without
	// it, only a file whose first comment says @flow is.
	Flow bool `toml:"flow"`
}

// Announcement is the dismissible bar above the navbar; a new ID shows it again to readers who
// dismissed the previous one.
type Announcement struct {
	ID          string `toml:"id" json:"id"`
	Content     string `toml:"content" json:"content"`
	Dismissible bool   `toml:"dismissible" json:"dismissible"`
}

// ColorMode says whether the reader's system preference is one of the colour-mode choices.
type ColorMode struct {
	RespectPrefersColorScheme bool `toml:"respect_prefers_color_scheme" json:"respectPrefersColorScheme"`
}

// Navbar is the top bar.
type Navbar struct {
	Title        string       `toml:"title" json:"title"`
	Logo         Logo         `toml:"logo" json:"logo"`
	HideOnScroll bool         `toml:"hide_on_scroll" json:"hideOnScroll"`
	Items        []NavbarItem `toml:"items" json:"items"`
}

// NavbarItem is one entry of the navbar (SPEC §3: type, label, to, href, position).
type NavbarItem struct {
	Type     string       `toml:"type" json:"type"`
	Label    string       `toml:"label" json:"label,omitempty"`
	To       string       `toml:"to" json:"to,omitempty"`
	Href     string       `toml:"href" json:"href,omitempty"`
	Position string       `toml:"position" json:"position"`
	Sidebar  string       `toml:"sidebar" json:"sidebar,omitempty"`
	Items    []NavbarItem `toml:"items" json:"items,omitempty"`
	Aria     string       `toml:"aria_label" json:"ariaLabel,omitempty"`
}

// Navbar item types.
const (
	ItemDocSidebar       = "docSidebar"
	ItemLink             = "link"
	ItemVersionDropdown  = "docsVersionDropdown"
	ItemLocaleDropdown   = "localeDropdown"
	ItemColorModeToggle  = "colorModeToggle"
	ItemSearch           = "search"
	navbarItemTypesHuman = "docSidebar, link, docsVersionDropdown, localeDropdown, colorModeToggle, search"
)

// Logo is an image with its alternative text and optional link.
type Logo struct {
	Src  string `toml:"src" json:"src"`
	Alt  string `toml:"alt" json:"alt"`
	Href string `toml:"href" json:"href,omitempty"`
}

// Footer is the bottom of every page (SPEC §3: links, logo, copyright).
type Footer struct {
	Links     []FooterColumn `toml:"links" json:"links"`
	Logo      Logo           `toml:"logo" json:"logo"`
	Copyright string         `toml:"copyright" json:"copyright"`
}

// FooterColumn is a titled list of links.
type FooterColumn struct {
	Title string       `toml:"title" json:"title"`
	Items []FooterLink `toml:"items" json:"items"`
}

// FooterLink points inside the site (To, a site path) or outside it (Href).
type FooterLink struct {
	Label string `toml:"label" json:"label"`
	To    string `toml:"to" json:"to,omitempty"`
	Href  string `toml:"href" json:"href,omitempty"`
}

// Landing is what the landing page offers besides its content: buttons under the title (the first
// is the primary one) and cards that lead into the docs, in the order given.
type Landing struct {
	Actions []LandingLink `toml:"actions" json:"actions"`
	Cards   []LandingLink `toml:"cards" json:"cards"`
}

// LandingLink is one button or card: it opens the entry doc of Sidebar, or the site path To. Text is
// a card's line under its label.
type LandingLink struct {
	Label   string `toml:"label" json:"label"`
	Text    string `toml:"text" json:"text,omitempty"`
	Sidebar string `toml:"sidebar" json:"sidebar,omitempty"`
	To      string `toml:"to" json:"to,omitempty"`
}

// Sidebar is generated from one folder of the docs; Entry is the doc the navbar opens.
type Sidebar struct {
	ID    string `toml:"id"`
	Dir   string `toml:"dir"`
	Entry string `toml:"entry"`
	Label string `toml:"label"`
}

// Version is one docs version (SPEC §3: name, label, path, isLast, mainDocId). Dir is where its
// docs live under content/: "docs" for the current version, "versioned_docs/version-<name>" otherwise.
type Version struct {
	Name      string `toml:"name" json:"name"`
	Label     string `toml:"label" json:"label"`
	Path      string `toml:"path" json:"path"`
	IsLast    bool   `toml:"is_last" json:"isLast"`
	MainDocID string `toml:"main_doc" json:"mainDocId"`
	Dir       string `toml:"dir" json:"-"`
	// SidebarsFile is this version's hand-written sidebars (versioned_sidebars/version-X-sidebars.json);
	// the current version's is Site.SidebarsFile.
	SidebarsFile string `toml:"sidebars_file" json:"-"`
	// Instance is the id of the [[docs]] set this version is (DocSets); "" for the versioned docs.
	Instance string `toml:"-" json:"-"`
	// Banner is what a page of the version says above its title, as Docusaurus's versions.<name>.banner:
	// "unreleased", "unmaintained" or "none". Unset, it is Docusaurus's default (shownBanner).
	Banner string `toml:"banner" json:"-"`
	// Badge shows "Version: <label>" above a page's title; unset, it is shown when the site has
	// more than one version, as Docusaurus does.
	Badge *bool `toml:"badge" json:"-"`
	// ShownBanner and ShownBadge are Banner and Badge as they apply (applyDefaults): a page of the
	// version carries its notice and badge in its data (site.VersionNotice).
	ShownBanner string `toml:"-" json:"-"`
	ShownBadge  bool   `toml:"-" json:"-"`
}

// Version banners (Version.Banner).
const (
	BannerNone         = "none"
	BannerUnreleased   = "unreleased"
	BannerUnmaintained = "unmaintained"
)

// shownBanner is the banner of the i-th version: its own, else none on the last version and on a
// site of one version, "unreleased" on a version listed before the last (newer: the versions are
// listed newest first, as Docusaurus's versions.json and current), "unmaintained" after it.
func (s *Site) shownBanner(i int) string {
	v := s.Versions[i]
	if v.Banner == BannerNone {
		return ""
	}
	if v.Banner != "" {
		return v.Banner
	}
	last := slices.IndexFunc(s.Versions, func(v Version) bool { return v.IsLast })
	switch {
	case len(s.Versions) == 1 || last < 0 || i == last:
		return ""
	case i < last:
		return BannerUnreleased
	}
	return BannerUnmaintained
}

// Locale is one language of the site (SPEC §3: label, htmlLang, direction).
type Locale struct {
	Code      string `toml:"code" json:"code"`
	Label     string `toml:"label" json:"label"`
	HTMLLang  string `toml:"html_lang" json:"htmlLang"`
	Direction string `toml:"direction" json:"direction"`
	Default   bool   `toml:"default" json:"default"`
}

// Blog holds the options of the announcements blog.
type Blog struct {
	Path         string `toml:"path" json:"path"`
	Title        string `toml:"title" json:"title"`
	Description  string `toml:"description" json:"description"`
	PostsPerPage int    `toml:"posts_per_page" json:"postsPerPage"`
	FeedTitle    string `toml:"feed_title" json:"-"`
	// DateURLs gives posts Docusaurus's URLs, /blog/YYYY/MM/DD/slug (a post's `slug:` still
	// replaces the whole path); off, a post is /blog/slug. Docusaurus projects want it on.
	DateURLs bool `toml:"date_urls" json:"-"`
	// Dir is the folder of the posts, relative to the content folder ("blog" when empty); Path is
	// where the blog is served.
	Dir string `toml:"dir" json:"-"`
}

// Search holds the options of the search index.
type Search struct {
	// Language of the stemmer; only English is built in.
	Language string `toml:"language"`
	// Synonyms are the site's own equivalent words and abbreviations, one group an entry
	// ("k8s, kubernetes"; "rerun => restart" one way). pkg/search parses and checks them.
	Synonyms []string `toml:"synonyms"`
	// LookupParts are breadcrumb words of parts of the site readers reach by naming them ("API"):
	// a query that names no part ranks their pages a little lower. pkg/search checks them.
	LookupParts []string `toml:"lookup_parts"`
	// ActionParts are breadcrumb words of the parts whose pages each document one action, a
	// command or an endpoint ("CLI", "API"): a guide that teaches the action a query names comes
	// before them when the query names no part. pkg/search checks them.
	ActionParts []string `toml:"action_parts"`
	// NameParts are breadcrumb words of the parts whose pages each document one named thing, a
	// plugin or a tool ("Registry"): a query that starts with such a page's whole title is that
	// page's unless another page's title covers the query. pkg/search checks them.
	NameParts []string `toml:"name_parts"`
	// WalkParts are breadcrumb words of walkthroughs whose stops repeat what standalone pages
	// treat ("Tour"): a query that names no part ranks their pages a little lower. pkg/search
	// checks them.
	WalkParts []string `toml:"walk_parts"`
	// entries are where the lists' entries are written (entries.go), for errors at their line.
	entries map[string][]entryPos
}

// Markdown holds how pages are compiled, as Docusaurus's `markdown` options say.
type Markdown struct {
	// Format is Docusaurus's markdown.format: "mdx" (its default, also when empty: .md and .mdx
	// files are MDX), "md" (every page is CommonMark) or "detect" (.mdx files are MDX, .md files
	// CommonMark). A page's front-matter `format` wins (pkg/mdx.PageFormat).
	Format string `toml:"format"`
	// FrontMatterKeys are front-matter keys the site's pages use that docsd does not read (its
	// own theme's, in a site moved from Docusaurus: contributors, editUrl): docsd ignores them
	// without the warning it gives an unknown key, which for such a site was one per page.
	FrontMatterKeys []string `toml:"front_matter_keys"`
	// Npm2Yarn are the package managers whose commands a code block marked npm2yarn (```bash
	// npm2yarn) shows beside npm's, in tabs, as Docusaurus's npm2yarn remark plugin does with its
	// `converters` (yarn, pnpm or bun; it gives ["yarn", "pnpm"] by default). Empty: such a block
	// is a code block as any other.
	Npm2Yarn []string `toml:"npm2yarn"`
}

// PackageManagers are the package managers [markdown] npm2yarn may name: those npm-to-yarn
// converts npm commands for (pkg/npm2yarn).
var PackageManagers = []string{"yarn", "pnpm", "bun"}

// Registry lists the plugin documentation files docsd can fetch at build time (DESIGN.md §7).
type Registry struct {
	// API is the REST base URL: https://api.github.com, or https://<host>/api/v3 for GitHub
	// Enterprise Server.
	API string `toml:"api"`
	// Web is where repositories are browsed; links into a plugin's repository point there. Empty
	// means derived from the API in use (WebFor), so that overriding the API moves the links too.
	Web     string   `toml:"web"`
	Dir     string   `toml:"dir"`
	Ref     string   `toml:"ref"`
	Plugins []Plugin `toml:"plugins"`
}

// WebFor derives the web address of a source-hosting API: api.github.com browses on github.com,
// and an Enterprise server serves its API under /api/v3 of the web host. Anything else (a test
// server, a proxy) is assumed to mirror github.com.
func WebFor(api string) string {
	api = strings.TrimRight(api, "/")
	if host, ok := strings.CutSuffix(api, "/api/v3"); ok {
		return host
	}
	return "https://github.com"
}

// Secrets is docsd.toml's [secrets] table.
type Secrets struct {
	// Allow lists the credentials the site publishes on purpose (the example keys and tokens of
	// a product's docs, which readers are meant to copy) by fingerprint ("sha256:<hex>", as the
	// build's error prints it), never by their text: the list is published with the project.
	Allow []string `toml:"allow"`
}

// Allowed is the site's allow-list of credentials (pkg/secrets).
func (s *Site) Allowed() secrets.Allow {
	if len(s.Secrets.Allow) == 0 {
		return nil
	}
	a := secrets.Allow{}
	for _, f := range s.Secrets.Allow {
		a[f] = true
	}
	return a
}

// allowedIn is the well-formed entries of raw's [secrets] allow, read before raw is decoded
// whole: what the search of docsd.toml itself passes over. An entry that is not a fingerprint
// fails in check.
func allowedIn(raw []byte) secrets.Allow {
	if !bytes.Contains(raw, []byte("allow")) {
		return nil
	}
	var pre struct {
		Secrets Secrets `toml:"secrets"`
	}
	_ = toml.Unmarshal(raw, &pre) // a file that does not decode fails after its search
	a := secrets.Allow{}
	for _, f := range pre.Secrets.Allow {
		if secrets.CheckFingerprint(f) == nil {
			a[f] = true
		}
	}
	return a
}

// checkAllow fails at the first entry of [secrets] allow that is not a fingerprint, at its line.
func (s *Site) checkAllow(name string, raw []byte) error {
	for _, f := range s.Secrets.Allow {
		err := secrets.CheckFingerprint(f)
		if err == nil {
			continue
		}
		line, col := 0, 0
		if f != "" {
			// Looked for from the table's header (or the top, for `secrets.allow = […]`): the
			// same text elsewhere (a comment) is not the entry.
			from := max(bytes.Index(raw, []byte("[secrets]")), 0)
			if i := bytes.Index(raw[from:], []byte(f)); i >= 0 {
				i += from
				line = bytes.Count(raw[:i], []byte("\n")) + 1
				col = i - bytes.LastIndexByte(raw[:i], '\n') - 1 // the quote before it
			}
		}
		if line == 0 {
			line, col = lineOf(raw, "allow"), 1
		}
		return &Error{File: name, Line: line, Column: col, Msg: "[secrets] allow: " + err.Error()}
	}
	return nil
}

// Plugin is one registry page and where its documentation comes from.
type Plugin struct {
	Slug string `toml:"slug"`
	Repo string `toml:"repo"`
	File string `toml:"file"`
}

// Error is a problem in docsd.toml at a line and column.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Load reads and checks the configuration file.
func Load(path string) (*Site, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading site configuration: %w", err)
	}
	s, err := Parse(path, raw)
	if err != nil {
		return nil, err
	}
	if err := s.checkCustomCSSFiles(path, raw); err != nil {
		return nil, err
	}
	if err := s.checkDocSetFolders(path, raw); err != nil {
		return nil, err
	}
	return s, nil
}

// Parse decodes the configuration; name is used in error messages.
func Parse(name string, raw []byte) (*Site, error) {
	// Much of the file reaches every page's data (siteConfig, custom fields, the navbar's links).
	// Looked for before decoding: the decoder's errors quote what they stop at (an unknown key
	// that is a token whole), and a file that does not decode is shown in the log and the overlay.
	// The file's own allow-list applies to it: read on its own, as the file may not decode.
	if e := content.SecretError(name, raw, allowedIn(raw)); e != nil {
		return nil, &Error{File: e.File, Line: e.Line, Column: e.Column, Msg: e.Msg}
	}
	var s Site
	dec := toml.NewDecoder(bytes.NewReader(raw)).DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, decodeError(name, err)
	}
	s.applyDefaults()
	if err := s.check(name, raw); err != nil {
		return nil, err
	}
	s.Search.locateEntries(raw)
	return &s, nil
}

func (s *Site) applyDefaults() {
	if s.BasePath == "" {
		s.BasePath = "/"
	}
	if !strings.HasSuffix(s.BasePath, "/") {
		s.BasePath += "/"
	}
	if len(s.Locales) == 0 {
		s.Locales = []Locale{{Code: "en", Label: "English", HTMLLang: "en", Direction: "ltr", Default: true}}
	}
	for i := range s.Locales {
		if s.Locales[i].Direction == "" {
			s.Locales[i].Direction = "ltr"
		}
		if s.Locales[i].HTMLLang == "" {
			s.Locales[i].HTMLLang = s.Locales[i].Code
		}
	}
	if len(s.Versions) == 0 {
		s.Versions = []Version{{Name: "current", Label: "Next", Path: "", IsLast: true}}
	}
	for i := range s.Versions {
		v := &s.Versions[i]
		if v.Dir == "" {
			if v.Name == "current" {
				v.Dir = "docs"
			} else {
				v.Dir = "versioned_docs/version-" + v.Name
			}
		}
		v.ShownBanner = s.shownBanner(i)
		v.ShownBadge = len(s.Versions) > 1
		if v.Badge != nil {
			v.ShownBadge = *v.Badge
		}
	}
	if s.Blog.Path == "" {
		s.Blog.Path = "blog"
	}
	if s.Blog.PostsPerPage == 0 {
		s.Blog.PostsPerPage = 10
	}
	if s.Registry.Ref == "" {
		s.Registry.Ref = "main"
	}
	if s.Registry.API == "" {
		s.Registry.API = "https://api.github.com"
	}
	s.cleanDocSets()
}

// check finds mistakes the decoder cannot: missing records, duplicates, unknown references.
func (s *Site) check(name string, raw []byte) error {
	fail := func(key, format string, args ...any) error {
		line := lineOf(raw, key)
		if k, _, ok := strings.Cut(key, " = "); ok && line == 0 {
			line = lineOf(raw, k+" =") // the value written otherwise than quoted as is
		}
		return &Error{File: name, Line: line, Column: 1, Msg: fmt.Sprintf(format, args...)}
	}
	if s.Title == "" {
		return fail("title", "the site needs a title")
	}
	if err := s.checkAllow(name, raw); err != nil {
		return err
	}
	defaults := 0
	seen := map[string]bool{}
	for _, l := range s.Locales {
		if l.Code == "" {
			return fail("[[locales]]", "a locale has no code")
		}
		if seen[l.Code] {
			return fail("code = \""+l.Code, "locale %q is listed twice", l.Code)
		}
		seen[l.Code] = true
		if l.Default {
			defaults++
		}
		if l.Direction != "ltr" && l.Direction != "rtl" {
			return fail("direction", "locale %q: direction must be ltr or rtl, not %q", l.Code, l.Direction)
		}
	}
	if defaults != 1 {
		return fail("[[locales]]", "exactly one locale must be the default (found %d)", defaults)
	}
	seen = map[string]bool{}
	last := 0
	for _, v := range s.Versions {
		if seen[v.Name] {
			return fail("name = \""+v.Name, "docs version %q is listed twice", v.Name)
		}
		seen[v.Name] = true
		if v.IsLast {
			last++
		}
		switch v.Banner {
		case "", BannerNone, BannerUnreleased, BannerUnmaintained:
		default:
			return fail("banner = \""+v.Banner, "docs version %q: banner must be %s, %s or %s, not %q", v.Name, BannerUnreleased, BannerUnmaintained, BannerNone, v.Banner)
		}
	}
	if last != 1 {
		return fail("[[versions]]", "exactly one docs version must have is_last = true (found %d)", last)
	}
	if err := s.checkDocSets(name, raw); err != nil {
		return err
	}
	sidebars := map[string]bool{}
	for _, sb := range s.Sidebars {
		if sb.ID == "" || sb.Dir == "" {
			return fail("[[sidebars]]", "every sidebar needs an id and a dir")
		}
		if sidebars[sb.ID] {
			return fail("id = \""+sb.ID, "sidebar %q is listed twice", sb.ID)
		}
		sidebars[sb.ID] = true
	}
	var walk func(items []NavbarItem) error
	walk = func(items []NavbarItem) error {
		for _, it := range items {
			switch it.Type {
			case ItemDocSidebar:
				// Sidebars of a sidebars file are known once it is evaluated (site.Assemble checks).
				if !sidebars[it.Sidebar] && !s.hasSidebarsFile() && !s.generatesSidebar(it.Sidebar) {
					return fail("sidebar = \""+it.Sidebar, "navbar item %q names sidebar %q, which is not defined in [[sidebars]]", it.Label, it.Sidebar)
				}
			case ItemLink, "":
				if it.To == "" && it.Href == "" && len(it.Items) == 0 {
					return fail("label = \""+it.Label, "navbar link %q needs to or href", it.Label)
				}
			case ItemVersionDropdown, ItemLocaleDropdown, ItemColorModeToggle, ItemSearch:
			default:
				return fail("type = \""+it.Type, "navbar item type %q is not one of %s", it.Type, navbarItemTypesHuman)
			}
			if it.Position != "" && it.Position != "left" && it.Position != "right" {
				return fail("position = \""+it.Position, "navbar item %q: position must be left or right", it.Label)
			}
			if err := walk(it.Items); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(s.Navbar.Items); err != nil {
		return err
	}
	if err := s.checkPaths(fail); err != nil {
		return err
	}
	if s.Blog.PostsPerPage < 0 {
		return fail("posts_per_page", "[blog] posts_per_page must be 1 or more (or 0 for 10), not %d", s.Blog.PostsPerPage)
	}
	switch s.Markdown.Format {
	case "", "mdx", "md", "detect":
	default:
		return fail("format", "[markdown] format must be mdx, md or detect, not %q", s.Markdown.Format)
	}
	for i, k := range s.Markdown.FrontMatterKeys {
		if !frontMatterKey.MatchString(k) {
			return fail("front_matter_keys", "[markdown] front_matter_keys entry %d %q is no front-matter key (a letter or _, then letters, digits, _ or -)", i+1, k)
		}
	}
	for i, m := range s.Markdown.Npm2Yarn {
		if !slices.Contains(PackageManagers, m) {
			return fail("npm2yarn", "[markdown] npm2yarn entry %d %q is not a package manager docsd converts npm commands for (%s)", i+1, m, strings.Join(PackageManagers, ", "))
		}
		if slices.Index(s.Markdown.Npm2Yarn, m) < i {
			return fail("npm2yarn", "[markdown] npm2yarn lists %q twice", m)
		}
	}
	if err := s.checkLanding(sidebars, fail); err != nil {
		return err
	}
	return s.checkRegistry(fail)
}

// checkPaths keeps every folder and file docsd.toml names inside the project: docsd reads nothing
// above it.
func (s *Site) checkPaths(fail func(key, format string, args ...any) error) error {
	check := func(key, p string) error {
		if p == "" || p == "." {
			return nil
		}
		if !relativeInside(strings.TrimSuffix(p, "/")) {
			return fail(key+" = \""+p, "%s must be a relative path inside the project, not %q", key, p)
		}
		return nil
	}
	if err := check("content_dir", s.ContentDir); err != nil {
		return err
	}
	if err := check("pages_dir", s.PagesDir); err != nil {
		return err
	}
	if err := check("sidebars_file", s.SidebarsFile); err != nil {
		return err
	}
	if err := check("docusaurus_dir", s.DocusaurusDir); err != nil {
		return err
	}
	if err := check("dir", s.Blog.Dir); err != nil {
		return err
	}
	for _, d := range s.StaticDirs {
		if err := check("static_dirs", d); err != nil {
			return err
		}
	}
	for _, f := range s.CustomCSS {
		if err := check("custom_css", f); err != nil {
			return err
		}
	}
	for _, v := range s.DocSets() {
		if err := check("dir", v.Dir); err != nil {
			return err
		}
		if err := check("sidebars_file", v.SidebarsFile); err != nil {
			return err
		}
	}
	return nil
}

// checkLanding makes sure every landing button and card has a label and opens something that exists.
func (s *Site) checkLanding(sidebars map[string]bool, fail func(key, format string, args ...any) error) error {
	for _, group := range []struct {
		key   string
		links []LandingLink
	}{{"[[landing.actions]]", s.Landing.Actions}, {"[[landing.cards]]", s.Landing.Cards}} {
		for i, l := range group.links {
			switch {
			case l.Label == "":
				return fail(group.key, "%s number %d needs a label", group.key, i+1)
			case l.Sidebar == "" && l.To == "":
				return fail("label = \""+l.Label, "%s %q needs sidebar or to", group.key, l.Label)
			case l.Sidebar != "" && l.To != "":
				return fail("label = \""+l.Label, "%s %q has both sidebar and to; give one", group.key, l.Label)
			case l.Sidebar != "" && !sidebars[l.Sidebar] && !s.hasSidebarsFile() && !s.generatesSidebar(l.Sidebar):
				// Sidebars of a sidebars file are known once it is evaluated (site.Assemble checks).
				return fail("sidebar = \""+l.Sidebar, "%s %q names sidebar %q, which is not defined in [[sidebars]]", group.key, l.Label, l.Sidebar)
			}
		}
	}
	return nil
}

func (s *Site) hasSidebarsFile() bool {
	for _, v := range s.DocSets() {
		if s.SidebarsFileOf(v) != "" {
			return true
		}
	}
	return false
}

// SidebarsFileOf is the hand-written sidebars file of a version, "" when its sidebars are
// generated from [[sidebars]].
func (s *Site) SidebarsFileOf(v Version) string {
	if v.SidebarsFile != "" {
		return v.SidebarsFile
	}
	if v.Name == "current" {
		return s.SidebarsFile
	}
	return ""
}

var (
	pluginSlug = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	githubRepo = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)
)

// checkRegistry refuses plugin entries that could make the build-time fetch write outside the
// registry folder or ask for a malformed API path; slugs become file names.
func (s *Site) checkRegistry(fail func(key, format string, args ...any) error) error {
	r := s.Registry
	if len(r.Plugins) == 0 {
		return nil
	}
	if u, err := url.Parse(r.API); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fail("api =", "registry: api must be an http(s) URL, not %q", r.API)
	}
	if r.Dir == "" || !relativeInside(r.Dir) {
		return fail("dir =", "registry: dir must be a folder inside content/, not %q", r.Dir)
	}
	seen := map[string]bool{}
	for _, p := range r.Plugins {
		if !pluginSlug.MatchString(p.Slug) || strings.Contains(p.Slug, "..") {
			return fail("slug = \""+p.Slug, "registry plugin slug %q must be lower-case letters, digits, '.', '_' or '-'", p.Slug)
		}
		if seen[p.Slug] {
			return fail("slug = \""+p.Slug, "registry plugin %q is listed twice", p.Slug)
		}
		seen[p.Slug] = true
		if !githubRepo.MatchString(p.Repo) {
			return fail("slug = \""+p.Slug, "registry plugin %q: repo must be owner/name, not %q", p.Slug, p.Repo)
		}
		if p.File == "" || !relativeInside(p.File) {
			return fail("slug = \""+p.Slug, "registry plugin %q: file must be a path inside the repository, not %q", p.Slug, p.File)
		}
	}
	return nil
}

// relativeInside is true for a slash-separated relative path that stays inside its root.
func relativeInside(p string) bool {
	if strings.HasPrefix(p, "/") || strings.Contains(p, "\\") {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." || seg == "" {
			return false
		}
	}
	return true
}

// lineOf finds the first line containing needle, so that semantic errors point somewhere useful.
func lineOf(raw []byte, needle string) int {
	for i, line := range strings.Split(string(raw), "\n") {
		if strings.Contains(line, needle) {
			return i + 1
		}
	}
	return 0
}

// DefaultLocale returns the default locale.
func (s *Site) DefaultLocale() Locale {
	for _, l := range s.Locales {
		if l.Default {
			return l
		}
	}
	return s.Locales[0]
}

// Sidebar returns the sidebar with the id, if any.
func (s *Site) Sidebar(id string) (Sidebar, bool) {
	for _, sb := range s.Sidebars {
		if sb.ID == id {
			return sb, true
		}
	}
	return Sidebar{}, false
}

// OpenedSidebars lists the sidebars the shell opens by id: those of the navbar's docSidebar items
// (in dropdowns too) and of the landing page's buttons and cards. Only their entry docs need to be
// in the site data every page carries.
func (s *Site) OpenedSidebars() map[string]bool {
	out := s.NavbarSidebars()
	maps.Copy(out, s.LandingSidebars())
	return out
}

// NavbarSidebars lists the sidebars the navbar's docSidebar items open, in dropdowns too.
func (s *Site) NavbarSidebars() map[string]bool {
	out := map[string]bool{}
	var walk func(items []NavbarItem)
	walk = func(items []NavbarItem) {
		for _, it := range items {
			if it.Type == ItemDocSidebar {
				out[it.Sidebar] = true
			}
			walk(it.Items)
		}
	}
	walk(s.Navbar.Items)
	return out
}

// LandingSidebars lists the sidebars the landing page's buttons and cards open.
func (s *Site) LandingSidebars() map[string]bool {
	out := map[string]bool{}
	for _, l := range append(slices.Clone(s.Landing.Actions), s.Landing.Cards...) {
		if l.Sidebar != "" {
			out[l.Sidebar] = true
		}
	}
	return out
}
