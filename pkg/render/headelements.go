package render

// headelements.go reads the head elements a page renders (an MDX page's <Head>: its title, meta
// and links). React 19 puts such elements in the document's head wherever they are rendered; in
// the browser it moves them there, but renderToString, having no head to put them in, opens the
// page's HTML with them, beside the resources React manages itself (stylesheets with a
// precedence, preloads, async scripts). The document writes the page's own in its head, each in
// place of docsd's of the same name, and leaves React's where it wrote them.

import "strings"

// HeadElements are the elements a page's server-rendered HTML opens with.
type HeadElements struct {
	Title  string // the page's <title> (the last, as the last <Head> sets the tab's title), or ""
	Others string // its other head elements, in their order
	Kept   string // React's own resources, which stay in the body, in their order
	From   int    // where the rest of the page's HTML starts
}

// PageHeadElements reads the head elements html opens with.
func PageHeadElements(html string) HeadElements {
	var h HeadElements
	for h.From < len(html) {
		rest := html[h.From:]
		var end int
		switch {
		case strings.HasPrefix(rest, "<title>"):
			end = closedAt(rest, "</title>")
		case strings.HasPrefix(rest, "<meta ") || strings.HasPrefix(rest, "<link "):
			end = closedAt(rest, "/>") // React escapes ">" in attribute values
		case strings.HasPrefix(rest, "<script ") && strings.Contains(rest[:max(strings.IndexByte(rest, '>'), 0)], " async"):
			end = closedAt(rest, "</script>")
		case strings.HasPrefix(rest, "<style "):
			end = closedAt(rest, "</style>")
		}
		if end <= 0 {
			return h
		}
		tag := rest[:end]
		switch {
		case strings.HasPrefix(tag, "<title>"):
			if tag != "<title></title>" { // (what React writes for a title of several pieces)
				h.Title = tag
			}
		case strings.HasPrefix(tag, "<meta ") || strings.HasPrefix(tag, "<link ") && !reactResource(tag):
			h.Others += tag
		default:
			h.Kept += tag
		}
		h.From += end
	}
	return h
}

// closedAt is the length of s up to and with the first end, or -1.
func closedAt(s, end string) int {
	if i := strings.Index(s, end); i >= 0 {
		return i + len(end)
	}
	return -1
}

// Sets reports whether the page's elements set attr="value" (name="description",
// rel="canonical"): docsd's own element of that name then gives way.
func (h HeadElements) Sets(attr, value string) bool {
	return strings.Contains(h.Others, ` `+attr+`="`+value+`"`)
}

// Without is html with the page's own head elements left out (React's resources kept): what a
// blog post's excerpt shows on the blog's lists and in its feeds.
func (h HeadElements) Without(html string) string {
	return h.Kept + html[h.From:]
}

// reactResource reports whether a <link> React wrote is one of the resources it manages itself: a
// stylesheet with a precedence (the MDX chunks' CSS) or a hint it made from the page (the
// navbar logo's `rel="preload" as="image"`). Those stay in the body: in the head, a preload
// would be fetched before the page's stylesheet, which is all the head asks for before the
// first paint.
func reactResource(link string) bool {
	if strings.Contains(link, ` data-precedence="`) {
		return true
	}
	for _, rel := range []string{"preload", "modulepreload", "prefetch", "preconnect", "dns-prefetch"} {
		if strings.Contains(link, ` rel="`+rel+`"`) {
			return true
		}
	}
	return false
}
