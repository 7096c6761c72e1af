// customcss.go carries the classic preset's theme.customCss over to docsd.toml's custom_css: the
// site's own stylesheets, which define the classes its components and pages use and its brand
// colours (Infima's --ifm-color-primary, which docsd's theme takes as its own).

package docusaurus

import (
	"fmt"
	"path"
	"strings"
)

// readTheme reads the classic preset's theme options (key names them in notes).
func (c *converter) readTheme(key string, v any) {
	t, ok := v.(obj)
	if !ok {
		c.note(key, "not carried over (not an object)")
		return
	}
	for _, k := range sortedKeys(t) {
		if k != "customCss" {
			c.note(key+"."+k, "not carried over")
			continue
		}
		switch css := t[k].(type) {
		case string:
			c.customCSSPath(key+".customCss", css)
		case []any:
			for i, s := range css {
				c.customCSSPath(fmt.Sprintf("%s.customCss[%d]", key, i), str(s))
			}
		default:
			c.note(key+".customCss", "not carried over (neither a path nor a list of paths)")
		}
	}
}

// customCSSPath adds one stylesheet of customCss, written as Docusaurus reads it: a path of the
// site folder ("./src/css/custom.css", require.resolve's, which the evaluation gives as written,
// or "@site/src/css/custom.css"), an absolute path (path.resolve(__dirname, ...)), or a
// package's file ("katex/dist/katex.min.css", in a node_modules of the site or the project).
func (c *converter) customCSSPath(key, spec string) {
	if spec == "" {
		c.note(key, "not carried over (not a path)")
		return
	}
	var cands []string
	switch {
	case path.IsAbs(spec):
		if rel := c.absToRel(spec); rel != "" {
			cands = append(cands, rel)
		}
	case strings.HasPrefix(spec, "@site/"):
		cands = append(cands, c.rel(strings.TrimPrefix(spec, "@site/")))
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
		cands = append(cands, c.rel(spec))
	default:
		// Docusaurus resolves a bare name from the site folder as a module: a file of the site
		// folder first (webpack's roots), then a package.
		cands = append(cands, c.rel(spec), c.rel("node_modules/"+spec), path.Clean("node_modules/"+spec))
	}
	for _, p := range cands {
		if !c.inside(p) {
			c.note(key, "%q is outside the project; docsd does not read it", spec)
			return
		}
		if c.in.Exists(p) {
			c.customCSS = append(c.customCSS, p)
			return
		}
	}
	c.note(key, "%q is not a file of the project; not carried over", spec)
}
