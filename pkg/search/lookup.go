package search

// Lookup parts: a site's reference that readers reach by naming it ("API": a hundred endpoint
// pages). Writers list their breadcrumb words in docsd.toml ([search] lookup_parts); the index
// file carries their terms, and the browser ranks their pages a little lower when a query names
// no part of the site (rank.js, lookupKeep): a task typed without "api" is more often the CLI's
// or a guide's page of the same title than the endpoint's.

// ParseLookupParts turns the entries of [search] lookup_parts into index terms, one word each.
func ParseLookupParts(entries []string) ([]string, error) { return parseParts("lookup_parts", entries) }

// ParseActionParts turns the entries of [search] action_parts into index terms, one word each.
func ParseActionParts(entries []string) ([]string, error) { return parseParts("action_parts", entries) }

// ParseNameParts turns the entries of [search] name_parts into index terms, one word each.
func ParseNameParts(entries []string) ([]string, error) { return parseParts("name_parts", entries) }

// ParseWalkParts turns the entries of [search] walk_parts into index terms, one word each.
func ParseWalkParts(entries []string) ([]string, error) { return parseParts("walk_parts", entries) }

// parseParts reads the entries of a [search] list of parts, key naming it in errors.
func parseParts(key string, entries []string) ([]string, error) {
	out := []string{}
	for i, e := range entries {
		var terms []string
		for _, w := range Words(e) {
			if t := Term(w); t != "" {
				terms = append(terms, t)
			}
		}
		if len(terms) != 1 {
			return nil, &EntryError{Key: key, N: i + 1, Entry: e, Problem: `want one searchable word of the part's breadcrumbs ("API")`}
		}
		out = append(out, terms[0])
	}
	return out, nil
}

// SetLookupParts sets the terms ParseLookupParts returned (nil: none); Publish writes them into
// the index file. No chunk depends on them.
func (x *Index) SetLookupParts(terms []string) { x.lookupParts = terms }

// Action parts: the parts of a reference whose pages each document one action, a command or an
// endpoint ("CLI", "API"; docsd.toml [search] action_parts). A query that names no part and that
// a guide's title and one of its headings cover as well as such a page's title is the guide's: a
// reader who names no interface wants to be taught (rank.js, guideFirst).

// SetActionParts sets the terms ParseActionParts returned (nil: none); Publish writes them and
// their pages into the index file. No chunk depends on them.
func (x *Index) SetActionParts(terms []string) { x.actionParts = terms }

// Name parts: the parts whose pages each document one named thing, a plugin or a tool
// ("Registry"; docsd.toml [search] name_parts). A query that starts with such a page's whole
// title ("docker build and push") names that thing, unless another page's title, breadcrumbs and
// file name, or title and one of its headings, hold all of the query ("docker image build": the
// guide "Build Docker images"); rules.js, namesFirst.

// SetNameParts sets the terms ParseNameParts returned (nil: none); Publish writes them and their
// pages into the index file. No chunk depends on them.
func (x *Index) SetNameParts(terms []string) { x.nameParts = terms }

// Walk parts: walkthroughs whose stops each cover a subject that a standalone page treats too
// ("Tour"; docsd.toml [search] walk_parts). When a query names no part, their pages keep a
// share of their score (rank.js, walkKeep): the page that treats the subject by itself beats
// the stop that passes through it (LABELS §3.5: "always pull the image" is the page on pull
// policies, not the tour's stop on images).

// SetWalkParts sets the terms ParseWalkParts returned (nil: none); Publish writes them and their
// pages into the index file. No chunk depends on them.
func (x *Index) SetWalkParts(terms []string) { x.walkParts = terms }
