// target.go decides whether a resolved link leads somewhere: a file of the build, a route under
// the URL contract (DESIGN §4), a React page, and an anchor its page defines.

package links

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"docsd/pkg/site"
)

// checkTarget checks one resolved internal URL; from is the linking page (nil for docsd.toml).
// It records the target as linked and reports a problem when it is broken; it returns whether
// the link was fine.
func (c *checker) checkTarget(p Problem, resolved string, from *site.Route, report bool) bool {
	pathPart, frag, _ := strings.Cut(resolved, "#")
	pathPart, _, _ = strings.Cut(pathPart, "?")
	if pathPart == "" && from != nil {
		pathPart = from.Path
	}
	if u, err := url.PathUnescape(pathPart); err == nil {
		pathPart = u
	}
	if u, err := url.PathUnescape(frag); err == nil {
		frag = u
	}
	if c.isFile(pathPart) {
		if from != nil && !slices.Contains(c.pageFiles, pathPart) {
			c.pageFiles = append(c.pageFiles, pathPart)
		}
		return true
	}
	route := c.route(pathPart)
	if route == "" && c.reactPage(pathPart) {
		return true // its anchors are not known: a React page's ids are its own
	}
	if route == "" {
		c.unresolved = true
		if !report {
			return false
		}
		switch {
		case p.Kind == KindImage:
			p.Message = fmt.Sprintf("image %s: no such file", p.Target)
			p.Suggestion = c.suggestFile(p, pathPart, from)
		case pathPart != c.base+"/" && !strings.HasPrefix(pathPart, c.base+"/"):
			p.Message = fmt.Sprintf("link to %s leaves the site: every page is under %s/", p.Target, c.base)
			p.Suggestion = c.suggestRoute(c.base+pathPart, p, from)
		default:
			p.Message = fmt.Sprintf("link to %s: no such page", p.Target)
			p.Suggestion = c.suggestRoute(pathPart, p, from)
		}
		c.problem(p)
		return false
	}
	if from == nil || route != from.Path {
		c.inbound[route] = true
	}
	if frag == "" {
		return true
	}
	ids := c.anchors(route)
	if ids == nil || ids[frag] {
		return true
	}
	c.unresolved = true
	if !report {
		return false
	}
	p.Kind = KindAnchor
	p.Message = fmt.Sprintf("anchor #%s does not exist on %s", frag, route)
	p.Suggestion = quoteIf(c.sugs.anchors(route, ids).closest(frag, len(frag)/3+2), "#", "")
	c.problem(p)
	return false
}

// fileAt reports a resolved URL (with its query or fragment) whose path is a file of the build.
func (c *checker) fileAt(resolved string) bool {
	p, _, _ := strings.Cut(resolved, "#")
	p, _, _ = strings.Cut(p, "?")
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	return c.isFile(p)
}

// isFile reports a URL path that is a static file or another file of the build.
func (c *checker) isFile(p string) bool {
	if c.files[p] {
		return true
	}
	if c.in.Emitted != nil && strings.HasPrefix(p, c.base+"/") {
		rel := strings.TrimPrefix(p, c.base+"/")
		if rel != "" && !strings.HasSuffix(rel, ".html") && c.in.Emitted(rel) {
			return true
		}
	}
	return false
}

// reactPage reports a URL path that leads to a React page of the site.
func (c *checker) reactPage(p string) bool {
	if len(c.in.ReactPages) == 0 {
		return false
	}
	p = strings.TrimSuffix(p, "/index.html")
	p = strings.TrimSuffix(strings.TrimSuffix(p, ".html"), "/")
	_, ok := c.in.ReactPages[p]
	return ok
}

// route finds the page a URL path opens under the URL contract (DESIGN §4): a trailing slash,
// .html and /index.html lead to the same page by redirect. "" when there is none.
func (c *checker) route(p string) string { return routeOf(c.s, c.base, p) }

// TargetRoute is the route a resolved link (a URL path with a query or #fragment, as rendered)
// opens, as the check finds it; "" when none does. The builder records the link's reading of that
// route's anchors with it.
func TargetRoute(s *site.Site, resolved string) string {
	p, _, _ := strings.Cut(resolved, "#")
	p, _, _ = strings.Cut(p, "?")
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	return routeOf(s, strings.TrimSuffix(s.Config.BasePath, "/"), p)
}

func routeOf(s *site.Site, base, p string) string {
	cands := []string{p} // a doc at the base path itself (docs at /docs with base path /docs/)
	if p == base {
		p = base + "/"
		cands = append(cands, p)
	}
	for _, suffix := range []string{"/index.html", ".html", "/"} {
		if t, ok := strings.CutSuffix(p, suffix); ok {
			if t == base {
				t = base + "/"
			}
			cands = append(cands, t)
		}
	}
	for _, cand := range cands {
		if s.Routes.Get(cand) != nil {
			return cand
		}
	}
	return ""
}

// anchors is the set of ids a route's page defines; nil when the page is generated (its ids are
// not known before the shell renders it), so that no valid anchor is ever reported.
func (c *checker) anchors(route string) map[string]bool {
	if ids, ok := c.ids[route]; ok {
		return ids
	}
	r := c.s.Routes.Get(route)
	var ids map[string]bool
	if r != nil && r.Doc != nil {
		ids = map[string]bool{}
		for _, h := range r.Doc.Headings {
			ids[h.ID] = true
		}
		for _, id := range r.Doc.HTMLIDs() {
			ids[id] = true
		}
		if r.MDX && c.in.ShownAnchors != nil {
			for _, id := range c.in.ShownAnchors(r) {
				ids[id] = true
			}
		}
	}
	c.ids[route] = ids
	return ids
}
