package site

// What Docusaurus's <DocCardList /> shows on a category's own doc: a card per item of the
// category, a doc's with its description (its front matter's, else its content's first line), a
// category's with its own description, else how many items it holds (its direct children, "N
// items"). MDX pages get these cards in their data (pkg/build); docsd's own generated index pages
// keep their cards (Card.Count there is every page inside).

import (
	"bytes"
	"regexp"
	"strings"
)

// CategoryCards are the cards of the category whose own page is r, in r's sidebar; nil when r is
// no category's page.
func CategoryCards(s *Site, r *Route) []Card {
	if r == nil || r.Data == nil || r.Data.Kind != KindDoc || r.Data.Sidebar == "" {
		return nil
	}
	cat := categoryOf(s.Sidebars[r.Data.Sidebar], r.Path)
	if cat == nil {
		return nil
	}
	cards := []Card{}
	for _, it := range cat.Items {
		switch {
		case it.Type == "category":
			route := it.Route
			if route == "" {
				route = firstRoute(it.Items)
			}
			if route == "" {
				continue // Docusaurus shows no card for a category that leads nowhere
			}
			cards = append(cards, Card{Title: it.Label, Route: route, Description: it.desc, Count: len(it.Items)})
		case it.Route != "":
			c := Card{Title: it.Label, Route: it.Route}
			if doc := s.Routes.Get(it.Route); doc != nil {
				c.Description = doc.Summary
			}
			cards = append(cards, c)
		case it.Href != "":
			cards = append(cards, Card{Title: it.Label, Route: it.Href})
		}
	}
	return cards
}

// categoryOf finds the category whose own page is route.
func categoryOf(items []*SidebarItem, route string) *SidebarItem {
	for _, it := range items {
		if it.Type != "category" {
			continue
		}
		if it.Route == route {
			return it
		}
		if c := categoryOf(it.Items, route); c != nil {
			return c
		}
	}
	return nil
}

// The clean-up Docusaurus's createExcerpt makes of a line, in its order (RE2 has no
// backreferences: emphasis is matched per marker).
var excerptRules = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`<[^>]*>`), ""},                           // HTML tags and comments
	{regexp.MustCompile(`^#[^#]+#?`), ""},                         // a title heading
	{regexp.MustCompile(`^#{1,6}\s*([^#]*)\s*#{0,6}`), "$1"},      // other headings
	{regexp.MustCompile(`\*\*\*(.*?)\*\*\*|___(.*?)___`), "$1$2"}, // emphasis
	{regexp.MustCompile(`\*\*(.*?)\*\*|__(.*?)__`), "$1$2"},
	{regexp.MustCompile(`\*(.*?)\*|_(.*?)_`), "$1$2"},
	{regexp.MustCompile(`~~(\S.*\S)~~`), "$1"},            // strikethrough
	{regexp.MustCompile(`!\[(.*?)\][\[(].*?[\])]`), "$1"}, // images
	{regexp.MustCompile(`\[\^.+?\](?:: .*$)?`), ""},       // footnotes
	{regexp.MustCompile(`\[(.*?)\][\[(].*?[\])]`), "$1"},  // links
	{regexp.MustCompile("`(.+?)`"), "$1"},                 // inline code
	{regexp.MustCompile(`^\s{0,3}>\s?`), ""},              // quotes
	{regexp.MustCompile(`:::.*`), ""},                     // admonition fences
	{regexp.MustCompile(`\s?:(?:::|[^:\n])+:`), ""},       // emoji names
	{regexp.MustCompile(`\{#*[\w-]+\}`), ""},              // a heading's {#id}
}

var importLine = regexp.MustCompile(`^(?:import|export)\s`)

// cardExcerpt is a doc's first line of text as Docusaurus's createExcerpt finds it (its
// description when the front matter has none): blank lines, import/export blocks, code fences,
// a title heading and admonition fences skipped, Markdown syntax removed.
// It reads lines until it finds one, never copying the whole body.
func cardExcerpt(body []byte) string {
	inCode, inImport := false, false
	fence := ""
	rest := bytes.TrimLeft(body, " \t\r\n")
	for len(rest) > 0 {
		raw := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			raw, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		line := string(bytes.TrimSuffix(raw, []byte("\r")))
		if line == "" && inImport {
			inImport = false
		}
		if importLine.MatchString(line) {
			inImport = true
			continue
		}
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "```") {
			ticks := t[:len(t)-len(strings.TrimLeft(t, "`"))]
			if !inCode {
				inCode, fence = true, ticks
			} else if len(ticks) >= len(fence) {
				inCode = false
			}
			continue
		}
		if inCode || inImport {
			continue
		}
		for _, r := range excerptRules {
			line = r.re.ReplaceAllString(line, r.with)
		}
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	return ""
}
