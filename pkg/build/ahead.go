package build

// Rendering ahead of their turn the Markdown of the pages slowest to render in Go. Pages go to the
// server renderer in the site's order, with a few pages' Markdown rendered ahead (inFlight). What
// makes a page's Markdown slow is mostly its code blocks in languages chroma lexes with regular
// expressions (no hand-written lexer in pkg/highlight: Python, Ruby, Kotlin, …), tens of times
// slower per byte than the rest; on the Vela site such pages (the plugin tutorials, the Starlark
// templates) come last, and the renderer waited for their Markdown at the end of the build.
// docsd build --once renders them first, on a goroutine of its own, and each waits for its turn.

import (
	"bytes"
	"errors"
	"sort"
	"sync/atomic"

	"docsd/pkg/highlight"
	"docsd/pkg/markdown"
	"docsd/pkg/site"
)

// Bounds of what renderAhead holds: the pages and the bytes of their Markdown. At 10,000 pages a
// build's end waits no longer for the slowest of them than at 325, and the content held stays a
// few megabytes.
const (
	aheadPages = 32
	aheadBytes = 4 << 20
)

// regexpWeight is how many bytes of other Markdown a byte of code lexed by chroma's regular
// expressions costs, roughly (pkg/highlight: its hand-written lexers are 30-50x faster).
const regexpWeight = 16

// renderedAhead is a page's content rendered ahead of its turn, or why it was not.
type renderedAhead struct {
	c   pageContent
	err error
}

// aheadPage is a page picked to render ahead. Whoever claims it first renders it: the goroutine
// ahead of the page's turn, or the Markdown worker whose turn it is (the goroutine, one page at a
// time, had not got to it: the worker renders it rather than wait).
type aheadPage struct {
	claimed atomic.Bool
	done    chan renderedAhead
}

// content is the page's content for the worker whose turn it is, and whether it was rendered
// ahead; if not (nil: a page not picked), the worker renders it.
func (p *aheadPage) content() (renderedAhead, bool) {
	if p == nil || p.claimed.CompareAndSwap(false, true) {
		return renderedAhead{}, false
	}
	return <-p.done, true
}

// errNotAhead is the content of a page not rendered ahead because the build failed first.
var errNotAhead = errors.New("the build stopped before this page's Markdown")

// renderAhead starts rendering the Markdown of the pages of routes estimated slowest (aheadCost),
// of those that would not be among the first inFlight anyway and have code that chroma lexes by
// regular expressions, slowest first, and returns them by route. stop ends it early (the build
// failed): the pages left get errNotAhead.
func (st *state) renderAhead(routes []string, inFlight int, stop func() bool) map[string]*aheadPage {
	type costed struct {
		r          *site.Route
		size, cost int
	}
	var pages []costed
	seen := map[string]bool{}
	slow := map[string]bool{} // by info-string language: chroma lexes it by regular expressions
	for i, path := range routes {
		r := st.route(path)
		if i < inFlight || r == nil || r.Doc == nil || r.MDX || seen[path] {
			continue
		}
		seen[path] = true
		body := r.Doc.Body()
		// A page over a megabyte renders alone (renderMarkdown): not ahead of its turn.
		if len(body) > maxPageMarkdown {
			continue
		}
		if re := regexpCodeBytes(body, slow); re > 0 {
			pages = append(pages, costed{r, len(body), len(body) + regexpWeight*re})
		}
	}
	sort.SliceStable(pages, func(i, j int) bool { return pages[i].cost > pages[j].cost })
	var picked []*site.Route
	total := 0
	for _, p := range pages {
		if len(picked) == aheadPages || total+p.size > aheadBytes {
			break
		}
		picked = append(picked, p.r)
		total += p.size
	}
	if len(picked) == 0 {
		return nil
	}
	out := make(map[string]*aheadPage, len(picked))
	for _, r := range picked {
		out[r.Path] = &aheadPage{done: make(chan renderedAhead, 1)}
	}
	go func() {
		for _, r := range picked {
			p := out[r.Path]
			if !p.claimed.CompareAndSwap(false, true) {
				continue // its turn came first
			}
			if stop() {
				p.done <- renderedAhead{err: errNotAhead}
				continue
			}
			c, err := st.renderMarkdown(r)
			p.done <- renderedAhead{c, err}
		}
	}()
	return out
}

// regexpCodeBytes estimates the bytes of body's fenced code blocks whose language chroma lexes by
// regular expressions, from the fences alone (no parse: an estimate that only orders work). slow
// caches highlight.Regexp by info-string language.
func regexpCodeBytes(body []byte, slow map[string]bool) int {
	n := 0
	var fence []byte // the open fence's marker, nil outside a block
	counting := false
	for len(body) > 0 {
		line := body
		if i := bytes.IndexByte(body, '\n'); i >= 0 {
			line, body = body[:i], body[i+1:]
		} else {
			body = nil
		}
		trimmed := bytes.TrimLeft(line, " \t>")
		if fence != nil {
			if bytes.HasPrefix(trimmed, fence) && len(bytes.TrimSpace(bytes.TrimLeft(trimmed, string(fence[:1])))) == 0 {
				fence = nil
			} else if counting {
				n += len(line) + 1
			}
			continue
		}
		if m := fenceMarker(trimmed); m != nil {
			fence = m
			lang := markdown.ParseCodeInfo(string(trimmed[len(m):])).Lang
			re, ok := slow[lang]
			if !ok {
				re = lang != "" && highlight.Regexp(lang)
				slow[lang] = re
			}
			counting = re
		}
	}
	return n
}

// fenceMarker is the run of three or more backticks or tildes opening line, or nil.
func fenceMarker(line []byte) []byte {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return nil
	}
	i := 0
	for i < len(line) && line[i] == line[0] {
		i++
	}
	if i < 3 {
		return nil
	}
	return line[:i]
}
