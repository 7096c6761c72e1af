// Package docusaurus turns a Docusaurus 3 site's configuration (docusaurus.config.{js,mjs,ts},
// evaluated to JSON by pkg/jsmodule) into the docsd.toml that builds the same content: docsd init
// --from-docusaurus. What has no docsd equivalent is listed, each with its file and key, so a
// writer knows what the docsd site lacks; nothing is dropped silently.
package docusaurus

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

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
	// customCSS are the classic preset's theme.customCss, relative to the project (customcss.go).
	customCSS []string
	// docSets are the docs plugins listed with an id of their own (docsets.go), carried those
	// written as [[docs]] sets.
	docSets, carried []docSet
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
	if len(c.customCSS) > 0 {
		w.list("custom_css", c.customCSS)
	}
	c.sidebarsFile()
	c.pickDocSets()
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
	c.writeDocSets()
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
