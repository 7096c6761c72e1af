package links

// Why this file: docsd watch checks links after every save. At 30,000 pages, adding every page's
// kept findings into a new report (a map insert per problem, external link and linked route) and
// walking the site's structure again took 50–60 ms of an edit that changed one page's links. So a
// report keeps what its pages' findings add up to (sums): counted, so that a page's old findings
// can be taken out and its new ones put in. When only documents changed since the last check
// (Input.SameModel), a check starts from the last sums and patches in the pages it reads again;
// the site's structure, which only the model holds, is the last check's too. After a structural
// edit (Input.Moved) it patches them too, the pages gone taken out, and walks the structure again.

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"docsd/pkg/site"
)

// probKey is what makes two problems the same one (Problem.String).
type probKey struct {
	file          string
	line, column  int
	message, sugg string
}

func keyOfProblem(p Problem) probKey {
	return probKey{p.File, p.Line, p.Column, p.Message, p.Suggestion}
}

// extKey is what makes two external links the same one.
type extKey struct {
	file         string
	line, column int
	target       string
}

func keyOfExternal(e External) extKey { return extKey{e.File, e.Line, e.Column, e.Target} }

// counted is a finding and the number of pages that report it.
type counted[T any] struct {
	v T
	n int
}

// sums are the pages' findings of a check added up. A report's sums are not changed once it is
// returned: the next check works on a copy (its maps are cloned: a copy of their tables, without
// hashing).
type sums struct {
	problems map[probKey]counted[Problem]
	external map[extKey]counted[External]
	inbound  map[string]int // route → pages whose links lead to it
	// structural are the routes the site's structure leads to: sidebars, their entries, main docs,
	// neighbours, breadcrumbs, cards, other versions, blog lists (structure()).
	structural map[string]bool
	// others are the routes the rest of the check (docsd.toml) leads to.
	others map[string]bool
	// pageProblems and pageExternal are the pages' findings, once each, sorted.
	pageProblems []Problem
	pageExternal []External
}

func newSums() *sums {
	return &sums{problems: map[probKey]counted[Problem]{}, external: map[extKey]counted[External]{},
		inbound: map[string]int{}, structural: map[string]bool{}}
}

// clone is a copy of s to patch; the sorted lists are shared (replaced, never changed, by a patch).
func (s *sums) clone() *sums {
	out := *s
	out.problems, out.external, out.inbound = maps.Clone(s.problems), maps.Clone(s.external), maps.Clone(s.inbound)
	return &out
}

// add puts a page's findings in; it returns whether a finding that no page reported is now
// reported (found) and whether a route no page linked to is now linked (linked).
func (s *sums) add(pr *pageResult) (found, linked bool) {
	for _, p := range pr.problems {
		found = countIn(s.problems, keyOfProblem(p), p) || found
	}
	for _, e := range pr.external {
		found = countIn(s.external, keyOfExternal(e), e) || found
	}
	for _, to := range pr.inbound {
		if s.inbound[to] == 0 {
			linked = true
		}
		s.inbound[to]++
	}
	return found, linked
}

// countIn counts one more page reporting v under k; it returns whether none did before (then v,
// the first page's, is kept, as a full check keeps it).
func countIn[K comparable, T any](m map[K]counted[T], k K, v T) (first bool) {
	c, ok := m[k]
	if !ok {
		c.v, first = v, true
	}
	c.n++
	m[k] = c
	return first
}

// uncount counts one page fewer reporting k; it returns whether none does now.
func uncount[K comparable, T any](m map[K]counted[T], k K) (gone bool) {
	c := m[k]
	if c.n <= 1 {
		delete(m, k)
		return true
	}
	c.n--
	m[k] = c
	return false
}

// remove takes a page's findings out (nil: none); it returns whether a finding or a linked route
// is no longer reported by any page.
func (s *sums) remove(pr *pageResult) (lost, unlinked bool) {
	if pr == nil {
		return false, false
	}
	for _, p := range pr.problems {
		lost = uncount(s.problems, keyOfProblem(p)) || lost
	}
	for _, e := range pr.external {
		lost = uncount(s.external, keyOfExternal(e)) || lost
	}
	for _, to := range pr.inbound {
		if s.inbound[to] <= 1 {
			delete(s.inbound, to)
			unlinked = true
		} else {
			s.inbound[to]--
		}
	}
	return lost, unlinked
}

// sortFindings lists the findings once each, sorted (pageProblems, pageExternal).
func (s *sums) sortFindings() {
	s.pageProblems = make([]Problem, 0, len(s.problems))
	for _, c := range s.problems {
		s.pageProblems = append(s.pageProblems, c.v)
	}
	slices.SortFunc(s.pageProblems, compareProblems)
	s.pageExternal = make([]External, 0, len(s.external))
	for _, c := range s.external {
		s.pageExternal = append(s.pageExternal, c.v)
	}
	slices.SortFunc(s.pageExternal, compareExternal)
}

// linked reports whether anything of the site leads to route.
func (s *sums) linked(route string) bool {
	return s.inbound[route] > 0 || s.structural[route] || s.others[route]
}

// compareProblems orders problems by file, line, column and message, then by the rest, so that
// the order does not depend on the order they were found in (a patched report lists them as a
// full check does).
func compareProblems(a, b Problem) int {
	return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column),
		strings.Compare(a.Message, b.Message), strings.Compare(a.Suggestion, b.Suggestion),
		strings.Compare(a.Target, b.Target), strings.Compare(a.Text, b.Text), strings.Compare(a.Kind, b.Kind))
}

func compareExternal(a, b External) int {
	return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column),
		strings.Compare(a.Target, b.Target), strings.Compare(a.Text, b.Text))
}

// mergeSorted merges two sorted lists into a new one.
func mergeSorted[T any](a, b []T, compare func(T, T) int) []T {
	out := make([]T, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if compare(b[0], a[0]) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// pagesAgain is pages() for a check whose model is the last check's but for documents
// (Input.SameModel), or after a structural edit (Input.Moved): the last sums, with the findings of
// the pages in Recheck (and, after a structural edit, of the pages it may change and the pages
// gone) taken out and found again. It reports whether a route's being linked changed (the orphans must be listed again).
func (c *checker) pagesAgain() (relinked bool) {
	last := c.in.Last
	c.sums = last.sums.clone()
	c.report.pages = maps.Clone(last.pages)
	routes := make([]string, 0, len(c.in.Recheck))
	for route := range c.in.Recheck {
		routes = append(routes, route)
	}
	changed := false
	if c.in.Moved != nil {
		// A structural edit: the pages gone leave the sums, and the pages whose findings it may
		// change are read again with those it rendered.
		for route := range c.in.Moved {
			if pr := last.pages[route]; pr != nil && !isPage(c.s.Routes[route]) {
				lost, unlinked := c.sums.remove(pr)
				delete(c.report.pages, route)
				changed = changed || lost
				relinked = relinked || unlinked
			}
		}
		for _, route := range c.s.Order {
			if c.in.Recheck[route] || !isPage(c.s.Routes[route]) {
				continue
			}
			if pr := last.pages[route]; pr == nil || c.movedUnder(pr) {
				routes = append(routes, route)
			}
		}
	}
	slices.Sort(routes)
	for _, route := range routes {
		r := c.s.Routes[route]
		if !isPage(r) {
			continue
		}
		pr := c.page(r)
		c.report.Checked = append(c.report.Checked, route)
		c.report.pages[route] = pr
		lost, unlinked := c.sums.remove(last.pages[route])
		found, linked := c.sums.add(pr)
		changed = changed || lost || found
		relinked = relinked || unlinked || linked
	}
	if changed {
		c.sums.sortFindings()
	}
	return relinked
}

// incremental reports whether this check may patch the last one's sums: a check after documents
// changed (SameModel) or after a structural edit (Moved).
func (c *checker) incremental() bool {
	return (c.in.SameModel || c.in.Moved != nil) && c.in.Recheck != nil && c.in.Last != nil && c.in.Last.sums != nil
}

// isPage reports a route whose links the check reads: a Markdown page.
func isPage(r *site.Route) bool { return r != nil && r.Doc != nil && r.Source != "" }
