// page.go reads one Markdown page's links: each destination resolved as the rendered page links
// it, reference links reported at their definition, and undefined references. A page's findings
// are kept apart from the rest of the check so that the next check may reuse them (Input.Recheck).

package links

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"docsd/pkg/markdown"
	"docsd/pkg/site"
)

// pages checks the links of every Markdown page, or takes a page's findings from the last check
// when it need not be checked again (Input.Recheck). Either way they join the report in the same
// order, so a check that reuses findings reports what a full one does.
func (c *checker) pages() {
	c.sums = newSums()
	c.report.pages = newCowMap[string, *pageResult]()
	for _, route := range c.s.Order {
		r := c.s.Routes.Get(route)
		if !isPage(r) {
			continue
		}
		if c.stop() {
			c.stopped = true
			return
		}
		pr := c.in.Last.page(route)
		if pr == nil || c.in.Recheck == nil || c.in.Recheck[route] {
			pr = c.page(r)
			c.report.Checked = append(c.report.Checked, route) // c.s.Order is sorted
		}
		c.report.pages.set(route, pr)
		c.patchPage(route, nil, pr, nil)
	}
	c.sums.sortFindings()
}

// page returns a report's findings on a route (nil when it has none, or there is no report).
func (r *Report) page(route string) *pageResult {
	if r == nil || r.pages == nil {
		return nil
	}
	return r.pages.at(route)
}

// page checks the links of one Markdown page: its findings go into a pageResult of their own (with
// character columns) rather than into the report.
func (c *checker) page(r *site.Route) *pageResult {
	report, inbound, seenProb, seenExt, sums := c.report, c.inbound, c.seenProb, c.seenExt, c.sums
	c.report, c.inbound, c.seenProb, c.seenExt, c.sums = Report{}, map[string]bool{}, map[probKey]bool{}, map[extKey]bool{}, nil
	c.pageFiles, c.unresolved = nil, false
	c.checkPage(r)
	c.runeColumns(c.report.Problems, c.report.External)
	pr := &pageResult{problems: c.report.Problems, external: c.report.External, inbound: sortedSet(c.inbound),
		files: c.pageFiles, unresolved: c.unresolved}
	c.report, c.inbound, c.seenProb, c.seenExt, c.sums = report, inbound, seenProb, seenExt, sums
	return pr
}

// checkPage checks the links of one Markdown page into the checker's report.
func (c *checker) checkPage(r *site.Route) {
	report := !c.fallback(r)
	file := r.File
	for _, l := range r.Doc.Links {
		dest := strings.TrimSpace(l.Dest)
		if dest == "" {
			continue
		}
		if isExternal(dest) {
			if report && !strings.HasPrefix(strings.ToLower(dest), "data:") { // inline data links nowhere
				c.external(External{File: file, Line: l.Line, Column: l.Column, Text: l.Text, Target: dest})
			}
			continue
		}
		p := Problem{File: file, Line: l.Line, Column: l.Column, Text: l.Text, Target: dest, Kind: KindLink}
		if l.Image {
			p.Kind = KindImage
		}
		if label := l.RefLabel(); label != "" {
			// The destination is written in the reference definition: report it there, once.
			if line, col, ok := c.definition(file, r.Doc, label); ok {
				p.Line, p.Column, p.Text = line, col, label
			}
		}
		target := c.resolve(r, dest)
		if l.Component && l.Image && !strings.HasPrefix(dest, "/") && !c.fileAt(target) {
			// A component's src: a site's components pass it to useBaseUrl, which reads a path
			// without its leading slash as a site path (src="img/a.png" is /docs/img/a.png).
			if site := c.resolve(r, "/"+dest); c.fileAt(site) {
				target = site
			}
		}
		c.checkTarget(p, target, r, report)
	}
	if !report {
		return
	}
	for _, u := range r.Doc.UndefinedRefs() {
		line, col := c.bodyPos(file, r.Doc, u.Offset)
		p := Problem{File: file, Line: line, Column: col, Text: u.Text, Target: "[" + u.Label + "]", Kind: KindReference,
			Message: fmt.Sprintf("reference [%s] is not defined: add a line `[%s]: <target>`", u.Label, u.Label)}
		p.Suggestion = quoteIf(site.Closest(strings.ToLower(u.Label), c.definedLabels(file, r.Doc)), "[", "]")
		c.problem(p)
	}
	for _, a := range r.Doc.AutoLinks() {
		line, col := c.bodyPos(file, r.Doc, a.Offset)
		c.external(External{File: file, Line: line, Column: col, Text: a.URL, Target: a.URL})
	}
}

func quoteIf(s, pre, post string) string {
	if s == "" {
		return ""
	}
	return pre + s + post
}

// resolve maps a destination written on a page to a URL path (base path included) with its
// fragment, the way the rendered page links it.
func (c *checker) resolve(r *site.Route, dest string) string {
	if strings.HasPrefix(dest, "#") {
		return r.Path + dest
	}
	out := c.s.Resolve(c.in.Statics, r.Source, r.Data.Locale, dest)
	if out != dest || strings.HasPrefix(dest, "/") {
		return out
	}
	// A relative URL: the browser resolves it against the page's path (which has no trailing slash).
	p, frag, hasFrag := strings.Cut(dest, "#")
	j := path.Join(path.Dir(r.Path), p)
	if hasFrag {
		j += "#" + frag
	}
	return j
}

var refDef = regexp.MustCompile(`(?m)^ {0,3}\[([^\]]+)\]:[ \t]*`)

func normLabel(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// definition finds where `[label]: …` is written in a file.
func (c *checker) definition(file string, d *markdown.Doc, label string) (int, int, bool) {
	body := d.Body()
	for _, m := range refDef.FindAllSubmatchIndex(body, -1) {
		if normLabel(string(body[m[2]:m[3]])) == normLabel(label) {
			line, col := c.bodyPos(file, d, m[1])
			return line, col, true
		}
	}
	return 0, 0, false
}

func (c *checker) definedLabels(file string, d *markdown.Doc) []string {
	var out []string
	for _, m := range refDef.FindAllSubmatch(d.Body(), -1) {
		out = append(out, normLabel(string(m[1])))
	}
	return out
}

// isExternal reports a destination with a scheme or a host: not ours to check.
func isExternal(dest string) bool {
	if strings.HasPrefix(dest, "//") {
		return true
	}
	i := strings.IndexAny(dest, ":/?#")
	return i > 0 && dest[i] == ':'
}

// fallback reports a page of another locale built from the default locale's file (no translation):
// its links are the default page's, reported once there.
func (c *checker) fallback(r *site.Route) bool {
	return r.Data.Locale != c.s.Config.DefaultLocale().Code && !strings.HasPrefix(r.Source, "i18n/")
}
