// sections.go writes the tables that follow the docs: the locales, the blog, [markdown] and the
// config's customFields.

package docusaurus

import (
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

func (c *converter) locales() {
	i18n, _ := c.cfg["i18n"].(obj)
	def := str(i18n["defaultLocale"])
	if def == "" {
		def = "en"
	}
	configs, _ := i18n["localeConfigs"].(obj)
	lc, _ := configs[def].(obj)
	w := c.w
	w.table("[locales]]")
	w.kv("code", def)
	label := str(lc["label"])
	if label == "" {
		label = def
	}
	w.kv("label", label)
	w.kvOpt("html_lang", str(lc["htmlLang"]))
	if d := str(lc["direction"]); d != "" {
		w.kv("direction", d)
	}
	w.kvBool("default", true)
	w.tableEnd()
	var others []string
	for _, l := range list(i18n["locales"]) {
		if code := str(l); code != def {
			others = append(others, code)
		}
	}
	if len(others) > 0 {
		c.note("i18n.locales", "%s not carried over: docsd reads translations from i18n/<locale>/docs, not Docusaurus's i18n/<locale>/docusaurus-plugin-content-docs/current",
			strings.Join(others, ", "))
	}
}

func (c *converter) blogSection() {
	w := c.w
	if b, ok := c.blog.(bool); ok && !b {
		// Docusaurus's blog is off: docsd's blog folder is pointed at one that does not exist,
		// so no posts, no blog pages and no feeds.
		w.table("blog]")
		w.comment("The Docusaurus site has no blog (blog: false).")
		w.kv("dir", path.Join(c.in.SiteDir, ".no-blog"))
		w.tableEnd()
		return
	}
	o, _ := c.blog.(obj)
	dir := "blog"
	if p := str(o["path"]); p != "" {
		dir = p
	}
	dir = c.rel(dir)
	if !c.inside(dir) {
		c.note("presets.blog.path", "%q is outside the project; no blog", str(o["path"]))
		dir = path.Join(c.in.SiteDir, ".no-blog")
	}
	w.table("blog]")
	w.kv("dir", dir)
	w.kvBool("date_urls", true)
	rb := "blog"
	if v, ok := o["routeBasePath"].(string); ok {
		rb = strings.Trim(v, "/")
	}
	w.kv("path", rb)
	w.kvOpt("title", str(o["blogTitle"]))
	w.kvOpt("description", str(o["blogDescription"]))
	if n, ok := o["postsPerPage"].(float64); ok && n > 0 {
		w.kvInt("posts_per_page", int(n))
	} else if s, ok := o["postsPerPage"].(string); ok && s == "ALL" {
		w.kvInt("posts_per_page", 1000000)
	}
	w.tableEnd()
}

// markdownSection carries markdown.format over as [markdown] format: which pages are MDX. docsd
// has no equivalent of the other markdown options (mermaid, mdx1Compat, remarkRehypeOptions...);
// the function-valued ones (preprocessor, parseFrontMatter) do not survive evaluation.
func (c *converter) markdownSection() {
	m, _ := c.cfg["markdown"].(obj)
	for _, k := range sortedKeys(m) {
		if k == "format" {
			continue
		}
		c.note("markdown."+k, "no docsd equivalent; not carried over")
	}
	f, ok := m["format"]
	if !ok {
		return
	}
	switch format := str(f); format {
	case "mdx", "md", "detect":
		c.w.table("markdown]")
		c.w.kv("format", format)
		c.w.tableEnd()
	default:
		c.note("markdown.format", "%v is not mdx, md or detect; docsd uses mdx, Docusaurus's default", f)
	}
}

// customFields copies the config's customFields into [docusaurus.custom_fields], which the site's
// components read through useDocusaurusContext(). TOML has no null: a null is left out, noted.
func (c *converter) customFields() {
	v, ok := c.cfg["customFields"]
	if !ok || v == nil {
		return
	}
	fields, ok := v.(obj)
	if !ok {
		c.note("customFields", "not an object; not carried over")
		return
	}
	if len(fields) == 0 {
		return
	}
	clean := c.withoutNulls(fields, "customFields").(obj)
	out, err := toml.Marshal(obj{"docusaurus": obj{"custom_fields": clean}})
	if err != nil {
		c.note("customFields", "not carried over: %v", err)
		return
	}
	c.w.buf.WriteString("\n")
	c.w.comment("The config's customFields, which the site's components read through useDocusaurusContext().")
	c.w.buf.Write(out)
}

// withoutNulls is v without its null values (TOML has none), each noted at its key.
func (c *converter) withoutNulls(v any, key string) any {
	switch t := v.(type) {
	case obj:
		out := obj{}
		for _, k := range sortedKeys(t) {
			if t[k] == nil {
				c.note(key+"."+k, "null; TOML has no null, so it is left out (undefined in customFields)")
				continue
			}
			out[k] = c.withoutNulls(t[k], key+"."+k)
		}
		return out
	case []any:
		out := make([]any, 0, len(t))
		for i, e := range t {
			if e == nil {
				c.note(fmt.Sprintf("%s[%d]", key, i), "null; TOML has no null, so it is left out")
				continue
			}
			out = append(out, c.withoutNulls(e, fmt.Sprintf("%s[%d]", key, i)))
		}
		return out
	case float64:
		// JSON has one number type; a whole number reads back from TOML as an integer (3, not 3.0).
		if t == math.Trunc(t) && math.Abs(t) < 1<<53 {
			return int64(t)
		}
	}
	return v
}
