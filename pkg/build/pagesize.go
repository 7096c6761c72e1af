// pagesize.go warns about pages too large to read (issue 17): a 20 MB Markdown file made a 122 MB
// page that no browser opens comfortably, and the build said nothing. The warning names the file,
// the size and what makes it large, so the writer knows what to split off.

package build

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
	"docsd/pkg/site"
)

// A page warns when its Markdown or its HTML is over these: far above any real page (the largest
// Vela doc is 14 KB of Markdown, the largest HTML 56 KB), well below what makes a build or a browser slow.
const (
	maxPageMarkdown = 1 << 20 // 1 MB
	maxPageHTML     = 5 << 20 // 5 MB
)

// pageSizeWarning reports a page whose Markdown or HTML (html bytes) is over the limits, at the
// line where its largest kind of block starts. Call it before the document's tree is released:
// the tree says what the page is made of.
func pageSizeWarning(r *site.Route, html int) (*content.Error, bool) {
	md := len(r.Doc.Body())
	if md <= maxPageMarkdown && html <= maxPageHTML {
		return nil, false
	}
	w := &content.Error{File: r.File, Line: 1, Column: 1}
	var parts []string
	for i, b := range r.Doc.Bulk() {
		if i == 0 {
			w.Line = b.Line
		}
		share := 100 * b.Bytes / max(md, 1)
		if i == 3 || share < 10 {
			break
		}
		parts = append(parts, fmt.Sprintf("%d%% %s", share, describeBulk(b)))
	}
	made := ""
	if len(parts) > 0 {
		made = ": " + strings.Join(parts, ", ")
	}
	w.Msg = fmt.Sprintf("page is %s of HTML from %s of Markdown%s; consider splitting it", megabytes(html), megabytes(md), made)
	return w, true
}

// noteSize records route's page-size warning from its render (nil: none). The warnings of a build
// were those of the pages it rendered: an edit of another page took a large page's warning off
// docsd watch's overlay, and its next render told the terminal again as if it were new.
func (st *state) noteSize(route string, w *content.Error) {
	st.b.mu.Lock()
	defer st.b.mu.Unlock()
	if w == nil {
		delete(st.tooLarge, route)
		return
	}
	if st.tooLarge == nil {
		st.tooLarge = map[string]*content.Error{}
	}
	st.tooLarge[route] = w
}

// keepSizeWarnings starts a rebuild from the last build's page-size warnings, of the routes that
// still exist: a route the rebuild renders replaces its own (noteSize). Few pages are that large.
func (st *state) keepSizeWarnings(last *state) {
	for route, w := range last.tooLarge {
		if st.route(route) != nil {
			if st.tooLarge == nil {
				st.tooLarge = map[string]*content.Error{}
			}
			st.tooLarge[route] = w
		}
	}
}

// allWarnings are the build's warnings, sorted and each once: those of reading and checking, and
// those of the pages too large.
func (st *state) allWarnings() []*content.Error {
	st.b.mu.Lock()
	defer st.b.mu.Unlock()
	ws := slices.Clone(st.warnings)
	for _, route := range slices.Sorted(maps.Keys(st.tooLarge)) {
		ws = append(ws, st.tooLarge[route])
	}
	return sortedWarnings(ws)
}

// sortedWarnings orders warnings by file and line, each once: the pages of other locales built
// from the same file warn the same.
func sortedWarnings(ws []*content.Error) []*content.Error {
	ws = slices.Clone(ws)
	slices.SortStableFunc(ws, func(a, b *content.Error) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	return slices.CompactFunc(ws, func(a, b *content.Error) bool { return a.Error() == b.Error() })
}

func describeBulk(b markdown.Bulk) string {
	n, u := thousands(b.Blocks), thousands(b.Units)
	one := b.Blocks == 1
	switch b.Kind {
	case "code":
		if one {
			return "a code block of " + u + " lines"
		}
		return "code, " + u + " lines in " + n + " blocks"
	case "table":
		if one {
			return "a table of " + u + " rows"
		}
		return "tables, " + u + " rows in " + n + " tables"
	case "list":
		if one {
			return "a list of " + u + " items"
		}
		return "lists, " + u + " items in " + n + " lists"
	case "html":
		return "HTML, " + u + " lines in " + n + " blocks"
	}
	return "text, " + n + " blocks"
}

func megabytes(n int) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

// thousands writes n with commas: 150,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
