// paths.go places the config's folders in the project: paths of the site folder made relative to
// the project, absolute paths the config computed read back, and the static and pages folders.
// docsd reads nothing outside the project, so what lies outside is noted instead.

package docusaurus

import (
	"path"
	"strings"
)

// rel makes a path of the site folder relative to the project, cleaned.
func (c *converter) rel(p string) string {
	if path.IsAbs(p) {
		return p // the caller checks that it lies inside the project
	}
	return path.Clean(path.Join(c.in.SiteDir, p))
}

func (c *converter) staticDirs() {
	dirs := []string{"static"}
	if l := list(c.cfg["staticDirectories"]); l != nil {
		dirs = nil
		for _, d := range l {
			dirs = append(dirs, str(d))
		}
	}
	var out []string
	for _, d := range dirs {
		p := c.rel(d)
		if !c.inside(p) {
			c.note("staticDirectories", "%q is outside the project; docsd does not read it", d)
			continue
		}
		if c.in.Exists(p) {
			out = append(out, p)
		}
	}
	if len(out) > 0 {
		c.w.list("static_dirs", out)
	}
}

func (c *converter) pagesDir() {
	p := "src/pages"
	if v := str(c.pages["path"]); v != "" {
		p = v
	}
	p = c.rel(p)
	if c.inside(p) {
		c.w.kv("pages_dir", p)
	}
}

func (c *converter) inside(p string) bool {
	return p != ".." && !strings.HasPrefix(p, "../") && !path.IsAbs(p)
}

// absToRel turns an absolute path the config computed (path.resolve(__dirname, ...)) back into a
// path of the project, or "" when it is not under the site folder's absolute path. The site folder's
// absolute path is not known here, so the path is matched on its end against existing files.
func (c *converter) absToRel(abs string) string {
	if c.in.ProjectAbs != "" {
		if rel, ok := strings.CutPrefix(abs, strings.TrimSuffix(c.in.ProjectAbs, "/")+"/"); ok {
			return rel
		}
		return ""
	}
	parts := strings.Split(strings.TrimPrefix(abs, "/"), "/")
	for i := range parts {
		cand := strings.Join(parts[i:], "/")
		if c.in.Exists(cand) {
			return cand
		}
	}
	return ""
}
