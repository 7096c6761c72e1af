// Package docusaurus turns a Docusaurus 3 site's configuration (docusaurus.config.{js,mjs,ts},
// evaluated to JSON by pkg/jsmodule) into the docsd.toml that builds the same content: docsd init
// --from-docusaurus. What has no docsd equivalent is listed, each with its file and key, so a
// writer knows what the docsd site lacks; nothing is dropped silently.
package docusaurus

import (
	"encoding/json"
	"fmt"
	"math"
	"path"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"docsd/pkg/jsmodule"
)

// Input is what Convert reads: the evaluated config and the files beside it.
type Input struct {
	// ConfigFile is the config's path relative to the project (for notes); SiteDir its folder,
	// relative to the project ("." when the config is at the top).
	ConfigFile, SiteDir string
	Config              json.RawMessage
	// Versions is versions.json (nil when the site has none).
	Versions []string
	// Exists says whether a path relative to the project exists.
	Exists func(rel string) bool
	// Placeholders are environment variables the config needed to load (jsmodule.Result).
	Placeholders []string
	// Enumerated are the packages whose exports the config enumerated (jsmodule.Result): what
	// it computed from them is empty.
	Enumerated []jsmodule.Stub
	// ProjectAbs is the project's absolute path, to read back absolute paths the config computed
	// (path.resolve(__dirname, './sidebars.json')).
	ProjectAbs string
}

// Note is something of the Docusaurus site that docsd.toml does not carry over.
type Note struct {
	File, Key, Why string
}

func (n Note) String() string { return fmt.Sprintf("%s: %s: %s", n.File, n.Key, n.Why) }

type obj = map[string]any

// Convert writes docsd.toml's text and lists what it could not carry over.
func Convert(in Input) ([]byte, []Note, error) {
	var cfg obj
	if err := json.Unmarshal(in.Config, &cfg); err != nil || cfg == nil {
		return nil, nil, fmt.Errorf("%s: the config does not export an object", in.ConfigFile)
	}
	c := &converter{in: in, cfg: cfg, w: &tomlWriter{}}
	if err := c.run(); err != nil {
		return nil, nil, err
	}
	sort.SliceStable(c.notes, func(i, j int) bool { return c.notes[i].Key < c.notes[j].Key })
	return c.w.buf.Bytes(), c.notes, nil
}

type converter struct {
	in    Input
	cfg   obj
	w     *tomlWriter
	notes []Note
	base  string // baseUrl, "/x/"
	docs  obj    // the classic preset's docs options (or the docs plugin's)
	blog  any    // blog options, or false
	pages obj
}

func (c *converter) note(key, why string, args ...any) {
	c.notes = append(c.notes, Note{File: c.in.ConfigFile, Key: key, Why: fmt.Sprintf(why, args...)})
}

func (c *converter) run() error {
	cfg := c.cfg
	c.base = str(cfg["baseUrl"])
	if c.base == "" {
		c.base = "/"
	}
	if !strings.HasSuffix(c.base, "/") {
		c.base += "/"
	}
	c.readPresets()
	known := map[string]bool{"title": true, "tagline": true, "url": true, "baseUrl": true, "favicon": true, "i18n": true,
		"presets": true, "plugins": true, "themes": true, "themeConfig": true, "staticDirectories": true,
		// Not needed by docsd: deployment and Docusaurus's own build options.
		"organizationName": true, "projectName": true, "deploymentBranch": true, "githubHost": true, "githubPort": true,
		"onBrokenLinks": true, "onBrokenMarkdownLinks": true, "onBrokenAnchors": true, "onDuplicateRoutes": true,
		"titleDelimiter": true, "noIndex": true, "baseUrlIssueBanner": true, "future": true, "markdown": true,
		"customFields": true} // [docusaurus.custom_fields]
	for _, k := range sortedKeys(cfg) {
		if !known[k] {
			switch k {
			case "trailingSlash":
				if b, ok := cfg[k].(bool); ok && b {
					c.note(k, "docsd serves pages without a trailing slash and redirects /x/ to /x")
				}
			default:
				c.note(k, "no docsd equivalent; not carried over")
			}
		}
	}
	w := c.w
	w.comment("Written by docsd init --from-docusaurus from " + c.in.ConfigFile + "; docsd reads the Docusaurus content where it is.")
	title := str(cfg["title"])
	if title == "" {
		title = "Documentation"
		c.note("title", "missing; docsd needs one, so it is %q", title)
	}
	w.kv("title", title)
	w.kvOpt("tagline", str(cfg["tagline"]))
	w.kvOpt("url", strings.TrimSuffix(str(cfg["url"]), "/"))
	w.kv("base_path", c.base)
	w.kvOpt("favicon", str(cfg["favicon"]))
	w.kv("content_dir", ".")
	if c.in.SiteDir != "." && c.in.SiteDir != "" {
		// `@site/` imports name the Docusaurus site's folder, not the project's.
		w.kv("docusaurus_dir", c.in.SiteDir)
	}
	c.staticDirs()
	c.pagesDir()
	tc, _ := cfg["themeConfig"].(obj)
	c.sidebarsFile()
	c.announcement(tc)
	c.colorMode(tc)
	c.navbar(tc)
	c.footer(tc)
	for _, k := range sortedKeys(tc) {
		switch k {
		case "announcementBar", "colorMode", "navbar", "footer":
		default:
			c.note("themeConfig."+k, "no docsd equivalent; not carried over")
		}
	}
	c.versions()
	c.locales()
	c.blogSection()
	c.markdownSection()
	c.customFields()
	for _, st := range c.in.Enumerated {
		at := st.At
		if at == "" {
			at = c.in.ConfigFile
		}
		c.notes = append(c.notes, Note{File: at, Key: "import " + quote(st.Name),
			Why: "the config reads what this package exports, which docsd does not load (packages are stubs when it reads a config): whatever it computes from it is empty (a Docusaurus plugin's data, such as customFields made from it, cannot come from docsd)"})
	}
	for _, v := range c.in.Placeholders {
		c.notes = append(c.notes, Note{File: c.in.ConfigFile, Key: "process.env." + v,
			Why: "the config does not load without it; it was evaluated with a placeholder (no secret is read)"})
	}
	return nil
}

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

func str(v any) string {
	s, _ := v.(string)
	return s
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func sortedKeys(m obj) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
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
