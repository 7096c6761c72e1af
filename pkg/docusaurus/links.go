// links.go turns where a navbar or footer item leads (to, href, a logo's src) into docsd.toml's
// values: site paths under the base path, and links to pages docsd does not build pointed at the
// production site instead.

package docusaurus

import (
	"path"
	"strings"
)

// siteURL turns a Docusaurus `to` (relative to baseUrl) into the site path docsd.toml holds.
func (c *converter) siteURL(to string) string {
	if strings.Contains(to, "://") {
		return to
	}
	if strings.HasPrefix(to, c.base) {
		return to
	}
	return c.base + strings.TrimPrefix(to, "/")
}

// link turns a navbar or footer item's to or href into docsd's key and value. Two kinds of
// Docusaurus links lead to pages docsd does not build, so they point at the production site
// (url) instead, where they exist, rather than becoming broken links: pathname:// links (pages
// served beside the site, such as a playground) and links to a React page of src/pages.
func (c *converter) link(key string, m obj) (string, string, bool) {
	prod := strings.TrimSuffix(str(c.cfg["url"]), "/")
	if href := str(m["href"]); href != "" {
		if p, ok := strings.CutPrefix(href, "pathname://"); ok {
			if prod == "" {
				c.note(key, "a pathname:// link (%s) leads to a page docsd does not build", p)
				return "href", p, true
			}
			return "href", prod + p, true
		}
		return "href", href, true
	}
	to := str(m["to"])
	if to == "" {
		return "", "", false
	}
	u := c.siteURL(to)
	if page := c.reactPage(u); page != "" && prod != "" {
		c.note(key, "%s is the React page %s, which docsd does not build: the link goes to %s%s", u, page, prod, u)
		return "href", prod + u, true
	}
	return "to", u, true
}

// reactPage is the React page (src/pages/x.js, .jsx, .ts, .tsx or x/index.*) a site path leads
// to, "" when there is none.
func (c *converter) reactPage(u string) string {
	p := strings.Trim(strings.TrimPrefix(u, c.base), "/")
	if p == "" {
		p = "index"
	}
	dir := "src/pages"
	if v := str(c.pages["path"]); v != "" {
		dir = v
	}
	dir = c.rel(dir)
	for _, cand := range []string{p, p + "/index"} {
		for _, ext := range []string{".js", ".jsx", ".ts", ".tsx"} {
			if f := path.Join(dir, cand+ext); c.in.Exists(f) {
				return f
			}
		}
	}
	return ""
}

// asset turns a static file path (logo, relative to the static folder) into its URL.
func (c *converter) asset(src string) string {
	if src == "" || strings.Contains(src, "://") || strings.HasPrefix(src, "data:") {
		return src
	}
	return c.base + strings.TrimPrefix(src, "/")
}
