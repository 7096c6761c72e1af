// didyoumean.go chooses the suggestion a broken link or image gets: the same page in another
// locale or version first, then the closest route, file or URL, written relative when the link
// was. suggest.go is the index the closest one is searched in.

package links

import (
	"path"
	"strings"

	"docsd/pkg/content"
	"docsd/pkg/site"
)

// suggestRoute proposes a page for a broken link: the same page in another locale or version
// first, then the closest route. A link to a .md file gets a file, written relative.
func (c *checker) suggestRoute(want string, p Problem, from *site.Route) string {
	dest, _, _ := strings.Cut(p.Target, "#")
	if from != nil && content.IsMarkdown(dest) && !strings.HasPrefix(dest, "/") {
		target := path.Join(path.Dir(from.Source), dest)
		sources, sug := c.sugs.sources(c.s)
		best := sug.closest(target, pathBound(target))
		if best == "" {
			best = c.sameFileElsewhere(target, sources)
		}
		if best != "" {
			return relPath(path.Dir(from.Source), best)
		}
		return ""
	}
	if alt := c.sameElsewhere(want); alt != "" {
		return alt
	}
	want = strings.TrimSuffix(want, "/")
	return c.sugs.routes(c.s).closest(want, pathBound(want))
}

// pathBound is site.Closest's bound made to fit paths: the distance must stay below a third of the
// last segment (plus two), so that a typo finds its page but an unrelated name suggests nothing.
func pathBound(want string) int {
	last := want[strings.LastIndex(want, "/")+1:]
	return len(last)/3 + 2
}

// sameFileElsewhere finds the same doc file in another docs version or locale folder.
func (c *checker) sameFileElsewhere(target string, sources map[string]bool) string {
	var dirs []string
	for _, v := range c.s.Config.Versions { // (a [[docs]] set's file of the same name is another doc)
		dirs = append(dirs, v.Dir)
		for _, l := range c.s.Config.Locales {
			dirs = append(dirs, "i18n/"+l.Code+"/"+v.Dir)
		}
	}
	for _, d := range dirs {
		rest, ok := strings.CutPrefix(target, d+"/")
		if !ok {
			continue
		}
		for _, other := range dirs {
			if cand := other + "/" + rest; other != d && sources[cand] {
				return cand
			}
		}
	}
	return ""
}

// sameElsewhere finds the page at the same path in another locale or docs version.
func (c *checker) sameElsewhere(want string) string {
	rest := strings.TrimPrefix(want, c.base)
	var prefixes []string
	for _, l := range c.s.Config.Locales {
		prefixes = append(prefixes, "/"+l.Code)
	}
	for _, v := range c.s.Config.DocSets() {
		if p := strings.TrimPrefix(v.Path, c.base); p != "" {
			prefixes = append(prefixes, p)
		}
	}
	var stripped []string
	stripped = append(stripped, rest)
	for _, pre := range prefixes {
		if r, ok := strings.CutPrefix(rest, pre+"/"); ok {
			stripped = append(stripped, "/"+r)
		}
	}
	for _, s := range stripped {
		for _, pre := range append([]string{""}, prefixes...) {
			cand := c.base + pre + s
			if cand != want && c.s.Routes.Get(cand) != nil {
				return cand
			}
		}
	}
	return ""
}

func (c *checker) suggestFile(p Problem, want string, from *site.Route) string {
	dest, _, _ := strings.Cut(p.Target, "#")
	if from != nil && !strings.HasPrefix(dest, "/") {
		// A relative file: compare content paths, and answer with a relative path.
		target := path.Join(path.Dir(from.Source), dest)
		if best := c.sugs.files(c.in.Statics).closest(target, pathBound(target)); best != "" {
			return relPath(path.Dir(from.Source), best)
		}
		return ""
	}
	return c.sugs.urls(c.in.Statics).closest(want, pathBound(want))
}

// relPath writes the content path to as a relative link from the folder dir.
func relPath(dir, to string) string {
	from := strings.Split(dir, "/")
	parts := strings.Split(to, "/")
	i := 0
	for i < len(from) && i < len(parts)-1 && from[i] == parts[i] {
		i++
	}
	var out []string
	for range from[i:] {
		out = append(out, "..")
	}
	out = append(out, parts[i:]...)
	r := strings.Join(out, "/")
	if !strings.HasPrefix(r, "../") {
		r = "./" + r
	}
	return r
}
