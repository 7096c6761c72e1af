// docs.go carries the docs over: their folder and route, the sidebars file, and the versions with
// Docusaurus's paths, so that docs keep the URLs they had.

package docusaurus

import (
	"path"
	"slices"
	"strings"

	"docsd/pkg/config"
)

// docsDir is the current version's docs folder, relative to the project.
func (c *converter) docsDir() string { return c.dirOf(c.docs) }

// dirOf is the folder of a docs plugin's options, relative to the project.
func (c *converter) dirOf(opts obj) string {
	p := "docs"
	if v := str(opts["path"]); v != "" {
		p = v
	}
	return c.rel(p)
}

// docsRoute is the URL of the docs, "/docs" for base "/" and routeBasePath "docs".
func (c *converter) docsRoute() string { return c.routeOf(c.docs) }

// routeOf is the URL of the docs of a docs plugin's options.
func (c *converter) routeOf(opts obj) string {
	rb := "docs"
	if v, ok := opts["routeBasePath"].(string); ok {
		rb = v
	}
	r := strings.TrimSuffix(c.base+strings.Trim(rb, "/"), "/")
	if r == "" {
		return "/"
	}
	return r
}

// folderIndexID is the path of a doc id as docsd routes it: a folder's index page (guide/index,
// guide/README, guide/guide) is at the folder's path, as in Docusaurus.
func folderIndexID(id string) string {
	dir, name := path.Split(id)
	dir = strings.TrimSuffix(dir, "/")
	if strings.EqualFold(name, "index") || strings.EqualFold(name, "readme") || dir != "" && name == path.Base(dir) {
		return dir
	}
	return id
}

// under is the path seg below route: under("/", "next") is /next, not //next (docs at the site root).
func under(route, seg string) string {
	return strings.TrimSuffix(route, "/") + "/" + seg
}

// sidebarsFile points docsd at the hand-written sidebars, or generates one sidebar of the whole
// docs folder as Docusaurus does when sidebarPath is unset or false.
func (c *converter) sidebarsFile() {
	if c.docs == nil {
		return
	}
	sp, set := c.docs["sidebarPath"]
	if s, ok := sp.(string); ok && s != "" {
		if p := c.sidebarsPath("presets.docs.sidebarPath", c.docs); p != "" {
			c.w.kv("sidebars_file", p)
			return
		}
	} else if !set {
		for _, name := range []string{"sidebars.js", "sidebars.ts", "sidebars.mjs", "sidebars.cjs", "sidebars.json"} {
			if p := c.rel(name); c.in.Exists(p) {
				c.w.kv("sidebars_file", p)
				return
			}
		}
	}
	c.w.table("[sidebars]]")
	c.w.kv("id", "defaultSidebar")
	c.w.kv("dir", ".")
	c.w.tableEnd()
}

// versions writes the docs versions: the current folder and versions.json's, with Docusaurus's
// paths (the last version at the docs route, the current one at /next, the others at /<name>).
func (c *converter) versions() {
	if c.docs == nil {
		c.note("presets.docs", "docs are off; docsd still needs a docs version, so the empty docs folder is configured")
	}
	opts, _ := c.docs["versions"].(obj)
	route := c.docsRoute()
	last := str(c.docs["lastVersion"])
	includeCurrent := true
	if b, ok := c.docs["includeCurrentVersion"].(bool); ok {
		includeCurrent = b
	}
	// versions.json may list "current" itself, to place it among the others (tRPC's does);
	// Docusaurus adds it first only when it is not listed.
	names := append([]string{}, c.in.Versions...)
	if b, _ := c.docs["disableVersioning"].(bool); b {
		names = nil // only the current folder, as Docusaurus builds it
	}
	if includeCurrent && !slices.Contains(names, "current") {
		names = append([]string{"current"}, names...)
	}
	if only := list(c.docs["onlyIncludeVersions"]); only != nil {
		keep := map[string]bool{}
		for _, o := range only {
			keep[str(o)] = true
		}
		var kept []string
		for _, n := range names {
			if keep[n] {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	if last == "" {
		// Docusaurus's default: the first released version of those built, or the current one.
		last = "current"
		for _, n := range names {
			if n != "current" {
				last = n
				break
			}
		}
	}
	siteDir := c.in.SiteDir
	for _, n := range names {
		vo, _ := opts[n].(obj)
		label, p := n, under(route, n)
		if n == "current" {
			label, p = "Next", under(route, "next")
		}
		if n == last {
			p = route
		}
		if l := str(vo["label"]); l != "" {
			label = l
		}
		if vp, ok := vo["path"].(string); ok {
			p = strings.TrimSuffix(under(route, strings.Trim(vp, "/")), "/")
		}
		if p == "" {
			p = "/"
		}
		dir := c.docsDir()
		sidebars := ""
		if n != "current" {
			dir = path.Join(siteDir, "versioned_docs", "version-"+n)
			if sb := path.Join(siteDir, "versioned_sidebars", "version-"+n+"-sidebars.json"); c.in.Exists(sb) {
				sidebars = sb
			}
		}
		w := c.w
		w.table("[versions]]")
		w.kv("name", n)
		w.kv("label", label)
		w.kv("path", p)
		w.kvBool("is_last", n == last)
		w.kv("dir", dir)
		w.kvOpt("sidebars_file", sidebars)
		carried := map[string]bool{"label": true, "path": true}
		switch b := str(vo["banner"]); b {
		case config.BannerNone, config.BannerUnreleased, config.BannerUnmaintained:
			w.kv("banner", b)
			carried["banner"] = true
		}
		if b, ok := vo["badge"].(bool); ok {
			w.kvBool("badge", b)
			carried["badge"] = true
		}
		w.tableEnd()
		for _, k := range sortedKeys(vo) {
			if !carried[k] {
				c.note("presets.docs.versions."+n+"."+k, "not carried over")
			}
		}
	}
}
