// plugins.go reads the config's presets, plugins and themes: where the docs, blog and pages
// options are (the classic preset's or the content plugins'), and a note for every other plugin,
// theme and option, which docsd does not load.

package docusaurus

import (
	"fmt"
	"strings"
)

// readPresets finds the docs, blog and pages options of the classic preset or of the content
// plugins, and lists every other plugin, theme and preset option.
func (c *converter) readPresets() {
	c.docs, c.pages = obj{}, obj{}
	c.blog = obj{}
	presets := list(c.cfg["presets"])
	classic := false
	for _, p := range presets {
		name, _ := pluginEntry(p)
		classic = classic || isClassic(name)
	}
	wrapped := false
	for i, p := range presets {
		name, opts := pluginEntry(p)
		key := fmt.Sprintf("presets[%d]", i)
		if !isClassic(name) {
			// A preset of its own that takes the classic preset's docs, blog or pages options
			// (Meta's docusaurus-plugin-internaldocs-fb preset, which facebook/flow's and other
			// sites use) wraps the classic preset: where its docs are (routeBasePath: 'en/docs')
			// is read as the classic preset's, not left to the default. The first such one only,
			// and only when the config has no classic preset of its own.
			if classic || wrapped || !classicShaped(opts) {
				c.note(key, "preset %q is not carried over", name)
				continue
			}
			wrapped = true
			c.note(key, "preset %q is not Docusaurus's classic preset: its docs, blog, pages and theme options are read as the classic preset's", name)
		}
		for _, k := range sortedKeys(opts) {
			switch k {
			case "docs":
				if b, ok := opts[k].(bool); ok && !b {
					c.docs = nil
				} else if o, ok := opts[k].(obj); ok {
					c.docs = o
				}
			case "blog":
				c.blog = opts[k]
			case "pages":
				if o, ok := opts[k].(obj); ok {
					c.pages = o
				}
			case "theme":
				c.readTheme(key+".theme", opts[k])
			default:
				c.note(key+"."+k, "not carried over (docsd has its own theme, analytics and sitemap)")
			}
		}
	}
	seen := map[string]int{} // plugins listed several times (one instance per remote file) are one note
	for i, p := range list(c.cfg["plugins"]) {
		name, opts := pluginEntry(p)
		key := fmt.Sprintf("plugins[%d]", i)
		if name != "" && !strings.HasPrefix(name, "@docusaurus/plugin-content-") && !strings.HasPrefix(name, "content-") {
			if seen[name]++; seen[name] > 1 {
				continue
			}
		}
		switch name {
		case "@docusaurus/plugin-content-docs", "content-docs":
			if id := str(opts["id"]); id == "" || id == "default" {
				c.docs = opts
				continue
			}
			c.docSets = append(c.docSets, docSet{key: key, opts: opts})
		case "@docusaurus/plugin-content-blog", "content-blog":
			if id := str(opts["id"]); id == "" || id == "default" {
				c.blog = opts
				continue
			}
			c.note(key, "a second blog (%q) is not carried over", str(opts["id"]))
		case "":
			c.note(key, "a plugin given as code is not carried over")
		case "docusaurus-lunr-search", "@easyops-cn/docusaurus-search-local", "docusaurus-plugin-search-local":
			c.note(key, "plugin %q is not carried over: docsd builds its own search index", name)
		default:
			c.note(key, "plugin %q is not carried over", name)
		}
	}
	for i, n := range c.notes {
		for name, count := range seen {
			if count > 1 && strings.HasPrefix(n.Key, "plugins[") && strings.Contains(n.Why, quote(name)) {
				c.notes[i].Why += fmt.Sprintf(" (%d entries)", count)
			}
		}
	}
	for i, t := range list(c.cfg["themes"]) {
		name, _ := pluginEntry(t)
		c.note(fmt.Sprintf("themes[%d]", i), "theme %q is not carried over (docsd has its own React shell)", name)
	}
	docsKnown := map[string]bool{"path": true, "routeBasePath": true, "sidebarPath": true, "lastVersion": true,
		"versions": true, "includeCurrentVersion": true, "onlyIncludeVersions": true, "disableVersioning": true}
	for _, k := range sortedKeys(c.docs) {
		if !docsKnown[k] {
			c.note("presets.docs."+k, "not carried over")
		}
	}
	if b, ok := c.blog.(obj); ok {
		blogKnown := map[string]bool{"path": true, "routeBasePath": true, "blogTitle": true, "blogDescription": true,
			"postsPerPage": true, "showReadingTime": true, "feedOptions": true}
		for _, k := range sortedKeys(b) {
			if !blogKnown[k] {
				c.note("presets.blog."+k, "not carried over")
			}
		}
	}
	for _, k := range sortedKeys(c.pages) {
		if k != "path" {
			c.note("presets.pages."+k, "not carried over")
		}
	}
}

// pluginEntry reads "name", ["name", options] or a plugin object.
func pluginEntry(p any) (string, obj) {
	switch v := p.(type) {
	case string:
		return v, obj{}
	case []any:
		name := ""
		if len(v) > 0 {
			name = str(v[0])
		}
		o := obj{}
		if len(v) > 1 {
			if m, ok := v[1].(obj); ok {
				o = m
			}
		}
		return name, o
	}
	return "", obj{}
}

// isClassic says whether a preset's name is Docusaurus's classic preset.
func isClassic(name string) bool {
	return name == "classic" || name == "@docusaurus/preset-classic"
}

// classicShaped says whether a preset's options include the classic preset's docs, blog or pages
// options (objects, or false for none).
func classicShaped(opts obj) bool {
	for _, k := range []string{"docs", "blog", "pages"} {
		switch v := opts[k].(type) {
		case obj:
			return true
		case bool:
			if !v {
				return true
			}
		}
	}
	return false
}
