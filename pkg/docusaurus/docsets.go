// docsets.go carries over the docs plugins a site lists with an id of their own
// (react-native-website's "community", typescript-eslint's "base-docs") as [[docs]] sets: their
// folder, route and sidebars file, so that their pages keep their URLs and the navbar items that
// open them still do.

package docusaurus

import (
	"path"
	"strings"
)

// docSet is one docs plugin with an id of its own, as the config lists it.
type docSet struct {
	key  string // where the config lists it ("plugins[2]")
	opts obj
}

func (d docSet) id() string { return str(d.opts["id"]) }

// writeDocSets writes a [[docs]] table for each docs set whose folder lies in the project.
func (c *converter) writeDocSets() {
	known := map[string]bool{"id": true, "path": true, "routeBasePath": true, "sidebarPath": true}
	for _, d := range c.docSets {
		dir := c.dirOf(d.opts)
		if !c.inside(dir) {
			c.note(d.key, "docs set %q: its folder %q is outside the project; docsd does not read it", d.id(), str(d.opts["path"]))
			continue
		}
		w := c.w
		w.table("[docs]]")
		w.kv("id", d.id())
		w.kv("path", c.routeOf(d.opts))
		w.kv("dir", dir)
		w.kvOpt("sidebars_file", c.sidebarsPath(d.key+".sidebarPath", d.opts))
		w.tableEnd()
		if c.in.Exists(path.Join(c.in.SiteDir, d.id()+"_versions.json")) {
			c.note(d.key, "docs set %q has versions, which are not carried over: docsd builds its current docs", d.id())
		}
		for _, k := range sortedKeys(d.opts) {
			if !known[k] {
				c.note(d.key+"."+k, "not carried over")
			}
		}
	}
}

// docSetNamed is the carried-over docs set with the plugin id pid.
func (c *converter) docSetNamed(pid string) (docSet, bool) {
	for _, d := range c.docSets {
		if d.id() == pid && c.inside(c.dirOf(d.opts)) {
			return d, true
		}
	}
	return docSet{}, false
}

// sidebarsPath is the sidebars file a docs plugin's sidebarPath names, relative to the project:
// "" when it names none (Docusaurus then generates the sidebar, and so does docsd) or one outside
// the project (noted at key).
func (c *converter) sidebarsPath(key string, opts obj) string {
	s, ok := opts["sidebarPath"].(string)
	if !ok || s == "" {
		return ""
	}
	p := c.rel(s)
	if strings.HasPrefix(s, "/") {
		p = c.absToRel(s)
	}
	if p == "" || !c.inside(p) {
		c.note(key, "%q is outside the project; the sidebar is generated from the docs folder instead", s)
		return ""
	}
	return p
}
