// The URL contract of a built site: where a route's HTML and page data are published, how a path
// reads in another locale, and how a link written in Markdown resolves to a route. The shell
// (site/src/routes.js, site/src/locale.js) follows the same rules.

package site

import (
	"path"
	"strings"

	"docsd/pkg/config"
	"docsd/pkg/content"
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
	for _, v := range s.Config.Versions {
		if !v.IsLast {
			continue
		}
		for _, sb := range s.Config.Sidebars {
			if r, ok := s.DocRoute(v.Name, locale, sb.Entry); ok {
				out[sb.ID] = r
			}
		}
	}
	return out
}

// DocRoute finds the route of a doc id in a version and locale.
func (s *Site) DocRoute(version, locale, id string) (string, bool) {
	for _, r := range s.Routes {
		if r.Data.Kind == KindDoc && r.Data.Version == version && r.Data.Locale == locale && r.Data.DocID == id {
			return r.Path, true
		}
	}
	return "", false
}

// Resolve maps a link destination, as written in the file at source (relative to content/), to the
// URL the page uses. A relative .md link becomes the target's route in the same locale (a translated
// page that links to an untranslated one gets the fallback page); links it cannot resolve are
// returned as written, and the link check reports them.
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
	if strings.HasPrefix(p, "/") {
		base := strings.TrimSuffix(s.Config.BasePath, "/")
		if p == base || strings.HasPrefix(p, base+"/") {
			return dest
		}
		return base + dest
	}
	target := path.Clean(path.Join(path.Dir(source), p))
	candidates := []string{target}
	if strings.HasPrefix(target, "i18n/") {
		if parts := strings.SplitN(target, "/", 3); len(parts) == 3 {
			candidates = append(candidates, parts[2])
		}
	}
	for _, c := range candidates {
		if route, ok := s.FileRoute[locale+":"+c]; ok && content.IsMarkdownName(p) {
			return route + suffix
		}
		if url, ok := statics[c]; ok {
			return url + suffix
		}
	}
	return dest
}
