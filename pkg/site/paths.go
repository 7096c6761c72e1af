// The URL contract of a built site: where a route's HTML and page data are published, how a path
// reads in another locale, and how a link written in Markdown resolves to a route. The shell
// (site/src/routes.js, site/src/locale.js) follows the same rules.

package site

import (
	"net/url"
	"path"
	"strings"

	"docsd/pkg/config"
)

// DataPath is where the page data of a route is published, relative to the base path.
func (s *Site) DataPath(route string) string {
	rel := strings.Trim(strings.TrimPrefix(route, strings.TrimSuffix(s.Config.BasePath, "/")), "/")
	if rel == "" {
		rel = "index"
	}
	return "__data/" + rel + ".json"
}

// SidebarDataPath is where a sidebar's items are published (one file its pages share), relative
// to the base path; site/src/routes.js's sidebarUrl names the same file.
func SidebarDataPath(key string) string { return "__data/sidebars/" + key + ".json" }

// HTMLPath is the output file of a route, relative to the build folder.
func (s *Site) HTMLPath(route string) string {
	rel := strings.Trim(strings.TrimPrefix(route, strings.TrimSuffix(s.Config.BasePath, "/")), "/")
	if rel == "" {
		return "index.html"
	}
	return rel + ".html"
}

// LocalizePath gives the same page path in another locale: the default locale has no prefix, any
// other locale's code follows the base path. The shell has the same helper (site/src/locale.js).
func LocalizePath(cfg *config.Site, p, from, to string) string {
	base := strings.TrimSuffix(cfg.BasePath, "/")
	rest := strings.TrimPrefix(p, base)
	def := cfg.DefaultLocale().Code
	if from != def && (rest == "/"+from || strings.HasPrefix(rest, "/"+from+"/")) {
		rest = strings.TrimPrefix(rest, "/"+from)
	}
	if rest == "/" {
		rest = ""
	}
	if to != def {
		rest = "/" + to + rest
	}
	if rest == "" {
		return base + "/"
	}
	return base + rest
}

// SidebarEntries maps each sidebar id to its entry doc's route in a locale (latest version).
func (s *Site) SidebarEntries(locale string) map[string]string {
	out := map[string]string{}
	for _, v := range s.Config.DocSets() {
		if !v.IsLast {
			continue
		}
		// (A [[docs]] set's sidebar has no entry: a doc of the id of [[sidebars]]' entry is not it.)
		for _, sb := range s.Config.SidebarsOf(v) {
			if r, ok := s.DocRoute(v.Name, locale, sb.Entry); ok {
				out[sb.ID] = r
			}
		}
		// Otherwise (hand-written sidebars, or no entry): the sidebar's first page, as Docusaurus's
		// docSidebar item opens.
		prefix := v.Name + "-" + locale + "-"
		for k, items := range s.Sidebars {
			id, ok := strings.CutPrefix(k, prefix)
			if !ok || out[id] != "" {
				continue
			}
			if r := firstRoute(items); r != "" {
				out[id] = r
			}
		}
	}
	return out
}

// VersionHome is the route of a docs version's main doc in a locale, where the version menu and the
// version notice lead when the page on screen is not in that version. As Docusaurus's mainDocId:
// main_doc when docsd.toml sets it; else the doc at the version's own path (slug "/"); else the
// first doc of the version's first sidebar; else its first doc by file.
func (s *Site) VersionHome(v config.Version, locale string) (string, bool) {
	if v.MainDocID != "" {
		return s.DocRoute(v.Name, locale, v.MainDocID)
	}
	base := versionBase(s.Config, v, locale)
	for _, r := range []string{base, base + "/"} {
		if rt := s.Routes.Get(r); rt != nil && rt.Data.Kind == KindDoc && rt.Data.Version == v.Name {
			return r, true
		}
	}
	keys := map[string]bool{}
	for k := range s.Sidebars {
		if s.asm == nil {
			break
		}
		if gs, ok := s.asm.generated[k]; ok && gs.k == key(v.Name, locale) {
			keys[k] = true
		}
	}
	for _, k := range s.sidebarOrder(keys) {
		if r := firstDocRoute(s.Sidebars[k]); r != "" {
			return r, true
		}
	}
	// No sidebar lists a doc: the version's first doc by file.
	first, src := "", ""
	for _, r := range s.Routes.All() {
		if r.Data.Kind == KindDoc && r.Data.Version == v.Name && r.Data.Locale == locale && (first == "" || r.Source < src) {
			first, src = r.Path, r.Source
		}
	}
	return first, first != ""
}

// firstDocRoute is the route of a sidebar's first doc, as Docusaurus finds a sidebar's first doc:
// a doc item, or a category that links a doc (before its items); never a ref or a generated index.
func firstDocRoute(items []*SidebarItem) string {
	return firstRouteOf(items, func(it *SidebarItem) bool { return it.docID != "" })
}

// firstRoute is the route of a sidebar's first page of any kind.
func firstRoute(items []*SidebarItem) string {
	return firstRouteOf(items, func(it *SidebarItem) bool { return it.Route != "" })
}

// firstRouteOf is the route of the first item, depth first (a category before its items), that
// takes.
func firstRouteOf(items []*SidebarItem, takes func(*SidebarItem) bool) string {
	for _, it := range items {
		if takes(it) {
			return it.Route
		}
		if r := firstRouteOf(it.Items, takes); r != "" {
			return r
		}
	}
	return ""
}

// DocRoute finds the route of a doc id in a version and locale.
func (s *Site) DocRoute(version, locale, id string) (string, bool) {
	if s.docRoutes != nil {
		r, ok := s.docRoutes.Lookup(docRouteKey(version, locale, id))
		return r, ok
	}
	for _, r := range s.Routes.All() {
		if r.Data.Kind == KindDoc && r.Data.Version == version && r.Data.Locale == locale && r.Data.DocID == id {
			return r.Path, true
		}
	}
	return "", false
}

func docRouteKey(version, locale, id string) string { return version + "\x00" + locale + "\x00" + id }

// Resolve maps a link destination, as written in the file at source (relative to content/), to the
// URL the page uses. A link to a .md file becomes the target's route in the same locale (a translated
// page that links to an untranslated one gets the fallback page), found where Docusaurus looks
// (mdLinkCandidates); links it cannot resolve are returned as written, and the link check reports them.
func (s *Site) Resolve(statics map[string]string, source, locale, dest string) string {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") ||
		strings.HasPrefix(dest, "tel:") || strings.HasPrefix(dest, "//") || strings.HasPrefix(dest, "data:") {
		return dest
	}
	p, frag, hasFrag := strings.Cut(dest, "#")
	suffix := ""
	if hasFrag {
		suffix = "#" + frag
	}
	if file, _, _ := strings.Cut(p, "?"); strings.HasSuffix(file, ".md") || strings.HasSuffix(file, ".mdx") {
		if u, err := url.PathUnescape(file); err == nil {
			file = u
		}
		for _, c := range s.mdLinkCandidates(source, file) {
			if route, ok := s.FileRoute.Lookup(locale + ":" + c); ok {
				return route + suffix
			}
		}
	}
	if strings.HasPrefix(p, "/") {
		base := strings.TrimSuffix(s.Config.BasePath, "/")
		if p == base || strings.HasPrefix(p, base+"/") {
			return dest
		}
		return base + dest
	}
	target := path.Clean(path.Join(path.Dir(source), p))
	for _, c := range withoutLocale(target) {
		if url, ok := statics[c]; ok {
			return url + suffix
		}
	}
	return dest
}

// mdLinkCandidates lists, in Docusaurus 3's order, the files (relative to content/) that a link to
// a Markdown file may mean: ./x.md and ../x.md only beside the linking file; /x.md in the linking
// file's content folder (its docs version, blog or pages folder), then the site folder (content/,
// which holds docs/ and blog/ as a Docusaurus project does); x.md beside the file first, then in
// those two. A translated file looks in its own locale's folder first, then the untranslated one.
func (s *Site) mdLinkCandidates(source, link string) []string {
	dir := path.Dir(source)
	var dirs []string
	switch {
	case strings.HasPrefix(link, "/"):
		dirs = append(s.contentDirs(source), "")
	case strings.HasPrefix(link, "./") || strings.HasPrefix(link, "../"):
		dirs = []string{dir}
	default:
		dirs = append(append([]string{dir}, s.contentDirs(source)...), "")
	}
	var out []string
	for _, d := range dirs {
		j := strings.TrimPrefix(path.Join(d, link), "/")
		if j == ".." || strings.HasPrefix(j, "../") {
			continue
		}
		out = append(out, withoutLocale(j)...)
	}
	return out
}

// contentDirs is the content folder of a source file (relative to content/): its locale's copy
// first when it is translated.
func (s *Site) contentDirs(source string) []string {
	prefix, rest := "", source
	if strings.HasPrefix(rest, "i18n/") {
		if parts := strings.SplitN(rest, "/", 3); len(parts) == 3 {
			prefix, rest = "i18n/"+parts[1]+"/", parts[2]
		}
	}
	folder := ""
	for _, v := range s.Config.DocSets() {
		if strings.HasPrefix(rest, v.Dir+"/") && len(v.Dir) > len(folder) {
			folder = v.Dir
		}
	}
	if folder == "" {
		folder, _, _ = strings.Cut(rest, "/") // blog or pages
	}
	if prefix == "" {
		return []string{folder}
	}
	return []string{prefix + folder, folder}
}

// withoutLocale gives a path and, for a path in a locale's folder, the untranslated path too.
func withoutLocale(p string) []string {
	if strings.HasPrefix(p, "i18n/") {
		if parts := strings.SplitN(p, "/", 3); len(parts) == 3 {
			return []string{p, parts[2]}
		}
	}
	return []string{p}
}
