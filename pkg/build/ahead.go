package build

// Rendering the Markdown of the largest pages ahead of their turn. Pages go to the server renderer
// in the site's order, with a few pages' Markdown rendered ahead (inFlight); Markdown's time
// follows a page's size (code highlighting is most of it), and on the Vela site the largest pages
// (the plugin tutorials and the Starlark templates) come last: the renderer waited for their
// Markdown at the end of the build, while at its start, the renderer warming up, Go had a core to
// spare. Their Markdown now renders first, on a goroutine of its own, and waits for its turn.

import (
	"errors"
	"sort"

	"docsd/pkg/site"
)

// Bounds of what renderAhead holds: the pages and the bytes of their Markdown. At 10,000 pages a
// build's end waits no longer for the largest of them than at 306, and the content held stays a
// few megabytes.
const (
	aheadPages = 32
	aheadBytes = 4 << 20
)

// renderedAhead is a page's content rendered ahead of its turn, or why it was not.
type renderedAhead struct {
	c   pageContent
	err error
}

// errNotAhead is the content of a page not rendered ahead because the build failed first.
var errNotAhead = errors.New("the build stopped before this page's Markdown")

// renderAhead starts rendering the Markdown of the largest pages of routes that would not be among
// the first inFlight anyway, largest first, and returns where each page's content comes, by route.
// stop ends it early (the build failed): the pages left get errNotAhead.
func (st *state) renderAhead(routes []string, inFlight int, stop func() bool) map[string]chan renderedAhead {
	type sized struct {
		r    *site.Route
		size int
	}
	var pages []sized
	seen := map[string]bool{}
	for i, path := range routes {
		r := st.route(path)
		if i < inFlight || r == nil || r.Doc == nil || r.MDX || seen[path] {
			continue
		}
		seen[path] = true
		// A page over a megabyte renders alone (renderMarkdown): not ahead of its turn.
		if n := len(r.Doc.Body()); n <= maxPageMarkdown {
			pages = append(pages, sized{r, n})
		}
	}
	sort.SliceStable(pages, func(i, j int) bool { return pages[i].size > pages[j].size })
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
	out := make(map[string]chan renderedAhead, len(picked))
	for _, r := range picked {
		out[r.Path] = make(chan renderedAhead, 1)
	}
	go func() {
		for _, r := range picked {
			if stop() {
				out[r.Path] <- renderedAhead{err: errNotAhead}
				continue
			}
			c, err := st.renderMarkdown(r)
			out[r.Path] <- renderedAhead{c, err}
		}
	}()
	return out
}
