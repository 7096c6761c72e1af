// Package links checks every internal link of the site against the route table and every #anchor
// against its target's heading ids. Each problem is keyed by the source file, line and column the
// writer has to fix, with a suggestion when a close route or anchor exists.
package links

import (
	"fmt"
	"net/url"
	"path"
	"sort"
	"strings"

	"docsd/pkg/site"
)

// Problem is one broken link or anchor.
type Problem struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Text       string `json:"text"`
	Target     string `json:"target"`
	Kind       string `json:"kind"` // "link", "anchor" or "image"
	Message    string `json:"message"`
	Suggestion string `json:"suggestion,omitempty"`
}

func (p Problem) String() string {
	s := fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, p.Message)
	if p.Suggestion != "" {
		s += fmt.Sprintf(" (did you mean %s?)", p.Suggestion)
	}
	return s
}

// Check finds every broken internal link and anchor of the site's Markdown. statics maps content paths
// of static files to their URLs.
func Check(s *site.Site, statics map[string]string) []Problem {
	base := strings.TrimSuffix(s.Config.BasePath, "/")
	files := map[string]bool{}
	for _, u := range statics {
		files[u] = true
	}
	anchors := func(route string) map[string]bool {
		r := s.Routes[route]
		if r == nil || r.Doc == nil {
			return nil
		}
		ids := map[string]bool{}
		for _, h := range r.Doc.Headings {
			ids[h.ID] = true
		}
		return ids
	}
	var out []Problem
	seen := map[string]bool{}
	for _, route := range s.Order {
		r := s.Routes[route]
		if r.Doc == nil || r.Source == "" {
			continue
		}
		// A fallback page of another locale repeats its source's problems: report them once.
		if r.Data.Locale != s.Config.DefaultLocale().Code && !strings.HasPrefix(r.Source, "i18n/") {
			continue
		}
		file := "content/" + r.Source
		for _, l := range r.Doc.Links {
			dest := l.Dest
			if dest == "" || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") || strings.HasPrefix(dest, "tel:") ||
				strings.HasPrefix(dest, "//") || strings.HasPrefix(dest, "data:") {
				continue
			}
			p := Problem{File: file, Line: l.Line, Column: l.Column, Text: l.Text, Target: dest, Kind: "link"}
			if l.Image {
				p.Kind = "image"
			}
			resolved := resolve(s, statics, r, dest)
			pathPart, frag, _ := strings.Cut(resolved, "#")
			if pathPart == "" {
				pathPart = route
			}
			if u, err := url.PathUnescape(pathPart); err == nil {
				pathPart = u
			}
			pathPart = strings.TrimSuffix(pathPart, "/")
			if pathPart == base {
				pathPart = base + "/"
			}
			switch {
			case files[pathPart]:
				continue
			case s.Routes[pathPart] != nil:
			case !strings.HasPrefix(pathPart, base+"/") && pathPart != base+"/":
				continue // outside the site: not ours to check
			default:
				if strings.HasSuffix(strings.SplitN(dest, "#", 2)[0], ".md") {
					p.Message = fmt.Sprintf("link to %s: no such page", dest)
				} else if l.Image {
					p.Message = fmt.Sprintf("image %s: no such file", dest)
				} else {
					p.Message = fmt.Sprintf("link to %s: no such page", dest)
				}
				p.Suggestion = closest(pathPart, s.Order)
				out = append(out, p)
				continue
			}
			if frag == "" {
				continue
			}
			ids := anchors(pathPart)
			if ids == nil || ids[frag] {
				continue
			}
			p.Kind = "anchor"
			p.Message = fmt.Sprintf("anchor #%s does not exist on %s", frag, pathPart)
			var names []string
			for id := range ids {
				names = append(names, id)
			}
			sort.Strings(names)
			if c := closest(frag, names); c != "" {
				p.Suggestion = "#" + c
			}
			out = append(out, p)
		}
	}
	var uniq []Problem
	for _, p := range out {
		k := p.String()
		if !seen[k] {
			seen[k] = true
			uniq = append(uniq, p)
		}
	}
	sort.SliceStable(uniq, func(i, j int) bool {
		if uniq[i].File != uniq[j].File {
			return uniq[i].File < uniq[j].File
		}
		if uniq[i].Line != uniq[j].Line {
			return uniq[i].Line < uniq[j].Line
		}
		return uniq[i].Column < uniq[j].Column
	})
	return uniq
}

func resolve(s *site.Site, statics map[string]string, r *site.Route, dest string) string {
	if strings.HasPrefix(dest, "#") {
		return r.Path + dest
	}
	out := s.Resolve(statics, r.Source, r.Data.Locale, dest)
	if out != dest || strings.HasPrefix(dest, "/") {
		return out
	}
	// Unresolved relative target: resolve it as a URL path against the page, so the message names it.
	return path.Join(path.Dir(r.Path), dest)
}

// closest returns the candidate with the smallest edit distance, if it is close enough to help.
func closest(want string, candidates []string) string {
	best, bestD := "", len(want)/3+2
	for _, c := range candidates {
		if d := distance(want, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func distance(a, b string) int {
	if a == b {
		return 0
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
