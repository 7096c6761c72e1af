// docsets.go carries over the docs plugins a site lists with an id of their own
// (react-native-website's "community", typescript-eslint's "base-docs") as [[docs]] sets: their
// folder, route and sidebars file, so that their pages keep their URLs and the navbar items that
// open them still do.

package docusaurus

import (
	"fmt"
	"path"
	"strings"
)

// docSet is one docs plugin with an id of its own, as the config lists it.
type docSet struct {
	key  string // where the config lists it ("plugins[2]")
	opts obj
	dir  string // its folder in the project, once picked
}

func (d docSet) id() string { return str(d.opts["id"]) }

// pickDocSets chooses the docs sets init carries over, before the navbar that opens them is
// written: those whose folder lies in the project, exists, and is no other docs' folder.
func (c *converter) pickDocSets() {
	taken := map[string]string{c.docsDir(): "the main docs'"}
	for _, d := range c.docSets {
		dir, ok := c.setDir(d)
		switch {
		case !ok:
			c.note(d.key, "docs set %q: its folder %q is outside the project; docsd does not read it", d.id(), str(d.opts["path"]))
			continue
		case taken[dir] != "":
			c.note(d.key, "docs set %q: its folder %s is %s too (Docusaurus's default path is docs); docsd builds a folder once, so the set is not carried over", d.id(), dir, taken[dir])
			continue
		case !c.in.Exists(dir):
			c.note(d.key, "docs set %q: its folder %s does not exist; not carried over", d.id(), dir)
			continue
		}
		taken[dir] = fmt.Sprintf("docs set %q's", d.id())
		d.dir = dir
		c.carried = append(c.carried, d)
	}
}

// writeDocSets writes a [[docs]] table for each docs set carried over.
func (c *converter) writeDocSets() {
	known := map[string]bool{"id": true, "path": true, "routeBasePath": true, "sidebarPath": true}
	for _, d := range c.carried {
		w := c.w
		w.table("[docs]]")
		w.kv("id", d.id())
		w.kv("path", c.routeOf(d.opts))
		w.kv("dir", d.dir)
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

// setDir is a docs set's folder, relative to the project: its path read back when the config
// computed it (path.resolve(__dirname, ...)); false when it lies outside the project.
func (c *converter) setDir(d docSet) (string, bool) {
	dir := c.dirOf(d.opts)
	if p := str(d.opts["path"]); strings.HasPrefix(p, "/") {
		dir = c.absToRel(p)
	}
	return dir, dir != "" && c.inside(dir)
}

// docSetNamed is the carried-over docs set with the plugin id pid.
func (c *converter) docSetNamed(pid string) (docSet, bool) {
	for _, d := range c.carried {
		if d.id() == pid {
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
