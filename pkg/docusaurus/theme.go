// theme.go carries themeConfig over: the announcement bar, colour mode, navbar and footer, which
// docsd's shell draws from docsd.toml's tables of the same names.

package docusaurus

import (
	"fmt"
	"strings"
)

func (c *converter) announcement(tc obj) {
	ab, ok := tc["announcementBar"].(obj)
	if !ok {
		return
	}
	w := c.w
	w.table("announcement]")
	id := str(ab["id"])
	if id == "" {
		id = "announcement-bar"
	}
	w.kv("id", id)
	w.kv("content", str(ab["content"]))
	closeable := true
	if b, ok := ab["isCloseable"].(bool); ok {
		closeable = b
	}
	w.kvBool("dismissible", closeable)
	w.tableEnd()
	for _, k := range sortedKeys(ab) {
		if k != "id" && k != "content" && k != "isCloseable" {
			c.note("themeConfig.announcementBar."+k, "not carried over (the theme's colours apply)")
		}
	}
}

func (c *converter) colorMode(tc obj) {
	cm, _ := tc["colorMode"].(obj)
	c.w.table("color_mode]")
	respect := false
	if b, ok := cm["respectPrefersColorScheme"].(bool); ok {
		respect = b
	}
	c.w.kvBool("respect_prefers_color_scheme", respect)
	c.w.tableEnd()
	for _, k := range sortedKeys(cm) {
		if k != "respectPrefersColorScheme" {
			c.note("themeConfig.colorMode."+k, "not carried over")
		}
	}
}

func (c *converter) navbar(tc obj) {
	nb, _ := tc["navbar"].(obj)
	w := c.w
	w.table("navbar]")
	w.kvOpt("title", str(nb["title"]))
	if b, ok := nb["hideOnScroll"].(bool); ok && b {
		w.kvBool("hide_on_scroll", true)
	}
	if logo, ok := nb["logo"].(obj); ok {
		w.inline("logo", [][2]string{{"src", c.asset(str(logo["src"]))}, {"alt", str(logo["alt"])}, {"href", str(logo["href"])}})
		for _, k := range sortedKeys(logo) {
			if k != "src" && k != "alt" && k != "href" {
				c.note("themeConfig.navbar.logo."+k, "not carried over")
			}
		}
	}
	w.tableEnd()
	for _, k := range sortedKeys(nb) {
		switch k {
		case "title", "logo", "items", "hideOnScroll":
		default:
			c.note("themeConfig.navbar."+k, "not carried over")
		}
	}
	hasSearch := false
	for i, it := range list(nb["items"]) {
		m, _ := it.(obj)
		if c.navItem(fmt.Sprintf("themeConfig.navbar.items[%d]", i), m, "navbar.items") && str(m["type"]) == "search" {
			hasSearch = true
		}
	}
	if !hasSearch {
		// Docusaurus shows search when a search plugin is installed; docsd always has its own.
		w.table("[navbar.items]]")
		w.kv("type", "search")
		w.kv("position", "right")
		w.tableEnd()
	}
}

// navItem writes one navbar item; false when it has no docsd equivalent (noted).
func (c *converter) navItem(key string, m obj, table string) bool {
	typ := str(m["type"])
	label := str(m["label"])
	pos := str(m["position"])
	if pos == "" {
		pos = "left"
	}
	fields := [][2]string{}
	docsRoute := c.docsRoute()
	var inSet *docSet
	if pid := str(m["docsPluginId"]); pid != "" && pid != "default" && pid != str(c.docs["id"]) {
		// A doc or sidebar of a docs set opens in it; its versions are not carried over.
		set, ok := c.docSetNamed(pid)
		if !ok {
			c.note(key, "navbar item %q is of the docs instance %q, which is not carried over", label, pid)
			return false
		}
		if typ != "doc" && typ != "docSidebar" {
			c.note(key, "navbar item %s of the docs set %q is not carried over: docsd builds a set's current docs only", typ, pid)
			return false
		}
		docsRoute, inSet = c.routeOf(set.opts), &set
	}
	switch typ {
	case "", "default", "link":
		typ = "link"
		if list(m["items"]) != nil && str(m["to"]) == "" && str(m["href"]) == "" {
			// Docusaurus reads a link with items and nowhere to go as a dropdown.
			return c.dropdown(key, label)
		}
		if k, v, ok := c.link(key, m); ok {
			fields = append(fields, [2]string{k, v})
		} else {
			c.note(key, "a link without to or href is not carried over")
			return false
		}
		if label == "" {
			label = str(m["aria-label"])
		}
	case "doc":
		id := str(m["docId"])
		to := docsRoute
		if p := folderIndexID(strings.TrimPrefix(id, "/")); p != "" {
			to = under(to, p)
		}
		fields = append(fields, [2]string{"to", to})
		typ = "link"
	case "docSidebar":
		id := str(m["sidebarId"])
		if inSet != nil && id == "defaultSidebar" && str(inSet.opts["sidebarPath"]) == "" {
			// Docusaurus names a docs plugin's generated sidebar defaultSidebar; docsd names a
			// set's by the set (the main docs' defaultSidebar is another).
			id = inSet.id()
		}
		fields = append(fields, [2]string{"sidebar", id})
	case "docsVersionDropdown", "docsVersion":
		typ = "docsVersionDropdown"
		if list(m["dropdownItemsAfter"]) != nil || list(m["dropdownItemsBefore"]) != nil {
			c.note(key+".dropdownItemsAfter", "extra version dropdown entries are not carried over")
		}
	case "localeDropdown", "search":
	case "dropdown":
		return c.dropdown(key, label)
	default:
		c.note(key, "navbar item type %q is not carried over", typ)
		return false
	}
	w := c.w
	w.table("[" + table + "]]")
	w.kv("type", typ)
	w.kvOpt("label", label)
	for _, f := range fields {
		w.kv(f[0], f[1])
	}
	if aria := str(m["aria-label"]); aria != "" {
		w.kv("aria_label", aria)
	}
	w.kv("position", pos)
	w.tableEnd()
	return true
}

// dropdown notes a navbar dropdown of links, which docsd's navbar does not have (it has the version
// and locale menus only): writing one made a docsd.toml that does not load.
func (c *converter) dropdown(key, label string) bool {
	c.note(key, "dropdown %q: docsd's navbar has no dropdown of links; not carried over", label)
	return false
}

func (c *converter) footer(tc obj) {
	ft, ok := tc["footer"].(obj)
	if !ok {
		return
	}
	w := c.w
	w.table("footer]")
	w.kvOpt("copyright", str(ft["copyright"]))
	if logo, ok := ft["logo"].(obj); ok {
		w.inline("logo", [][2]string{{"src", c.asset(str(logo["src"]))}, {"alt", str(logo["alt"])}, {"href", str(logo["href"])}})
	}
	w.tableEnd()
	links := list(ft["links"])
	// A "simple" footer lists links without columns: one untitled column.
	if len(links) > 0 {
		if m, ok := links[0].(obj); ok && m["items"] == nil {
			links = []any{obj{"title": "", "items": links}}
		}
	}
	for i, col := range links {
		m, _ := col.(obj)
		var items [][][2]string
		for j, it := range list(m["items"]) {
			im, _ := it.(obj)
			k := fmt.Sprintf("themeConfig.footer.links[%d].items[%d]", i, j)
			switch {
			case str(im["html"]) != "":
				c.note(k, "an html footer item is not carried over")
			default:
				if lk, v, ok := c.link(k, im); ok {
					items = append(items, [][2]string{{"label", str(im["label"])}, {lk, v}})
				}
			}
		}
		w.table("[footer.links]]")
		w.kv("title", str(m["title"]))
		w.inlineList("items", items)
		w.tableEnd()
	}
	for _, k := range sortedKeys(ft) {
		if k != "links" && k != "copyright" && k != "logo" {
			c.note("themeConfig.footer."+k, "not carried over")
		}
	}
}
