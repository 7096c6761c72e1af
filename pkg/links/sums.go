package links

// Why this file: docsd watch checks links after every save. At 30,000 pages, adding every page's
// kept findings into a new report (a map insert per problem, external link and linked route) and
// walking the site's structure again took 50–60 ms of an edit that changed one page's links. So a
// report keeps what its pages' findings add up to (sums): counted, so that a page's old findings
// can be taken out and its new ones put in, and indexed by what a structural edit may change (the
// pages that link to a route, the pages with a link that leads nowhere). An incremental check
// (Input.SameModel, Input.Moved) derives the last report's sums (cow.go: only what it writes is
// copied) and patches in the pages it reads again; the site's structure is the last check's, or
// patched where a re-assembly made it again (structure.go).

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

// sums are the pages' findings of a check added up, and what the site's structure leads to. A
// report's sums are not changed once it is returned: the next check derives its own (cow.go).
type sums struct {
	problems *cowMap[probKey, counted[Problem]]
	external *cowMap[extKey, counted[External]]
	// linkers are, by route, the pages whose links lead to it (sorted, never empty): whether a
	// route is linked, and which pages to read again when it moves.
	linkers *cowMap[string, []string]
	// suspects are the pages with a link that leads nowhere or a problem: a route that comes may
	// mend them or change their suggestions.
	suspects *cowMap[string, bool]
	// fileLinkers are, by URL path, the pages that link to a file the build emits that is not a
	// static file (a feed, the sitemap): one that is no longer emitted breaks their link. A
	// superset: an entry is dropped when its page's links change, so a stale one costs a look.
	fileLinkers *cowMap[string, []string]
	// sources are what each source of the site's structure (a sidebar, a route's data, docsd.toml's
	// entries) leads to, and structural counts by route the sources that lead to it (structure.go).
	sources    *cowMap[string, []string]
	structural *cowMap[string, int]
	// versionPages are the versions pages the version dropdown leads to.
	versionPages []string
	// others are the routes the rest of the check (docsd.toml) leads to.
	others map[string]bool
	// pageProblems and pageExternal are the pages' findings, once each, sorted.
	pageProblems []Problem
	pageExternal []External
}

func newSums() *sums {
	return &sums{problems: newCowMap[probKey, counted[Problem]](), external: newCowMap[extKey, counted[External]](),
		linkers: newCowMap[string, []string](), suspects: newCowMap[string, bool](), fileLinkers: newCowMap[string, []string]()}
}

// derive is a copy of s to patch; the sorted lists are shared (replaced, never changed, by a patch).
func (s *sums) derive() *sums {
	out := *s
	out.problems, out.external, out.linkers = s.problems.derive(), s.external.derive(), s.linkers.derive()
	out.suspects, out.fileLinkers = s.suspects.derive(), s.fileLinkers.derive()
	return &out
}

// linked reports whether anything of the site leads to route.
func (s *sums) linked(route string) bool {
	return len(s.linkers.at(route)) > 0 || s.structural.at(route) > 0 || s.others[route]
}

// delta is what an incremental check changed in the sums: the findings it counted in or out (with
// whether and how the last sorted lists hold them), and the routes whose being linked may have
// changed (orphans.go lists those again).
type delta struct {
	problems touched[probKey, Problem]
	external touched[extKey, External]
	relinked map[string]bool
}

func newDelta() *delta {
	return &delta{problems: touched[probKey, Problem]{}, external: touched[extKey, External]{}, relinked: map[string]bool{}}
}

// touched holds, for each finding a patch counted in or out, what the map held before the first
// change: the finding listed then, if any.
type touched[K comparable, T any] map[K]struct {
	v   T
	had bool
}

// note remembers what m holds under k, the first time k is changed.
func (t touched[K, T]) note(m *cowMap[K, counted[T]], k K) {
	if t == nil {
		return
	}
	if _, ok := t[k]; !ok {
		c, had := m.get(k)
		t[k] = struct {
			v   T
			had bool
		}{c.v, had}
	}
}

// countIn counts one more page reporting v under k; the first page's v is kept, as a full check
// keeps it.
func countIn[K comparable, T any](m *cowMap[K, counted[T]], t touched[K, T], k K, v T) {
	t.note(m, k)
	c, ok := m.get(k)
	if !ok {
		c.v = v
	}
	c.n++
	m.set(k, c)
}

// uncount counts one page fewer reporting k.
func uncount[K comparable, T any](m *cowMap[K, counted[T]], t touched[K, T], k K) {
	t.note(m, k)
	c, ok := m.get(k)
	switch {
	case !ok:
	case c.n <= 1:
		m.del(k)
	default:
		c.n--
		m.set(k, c)
	}
}

// patchPage replaces the findings of the page at route, old, by now (either nil: none). d records
// what changed; nil when the sums are made from scratch (pages()): then the pages come in route
// order and each list of linkers is appended to in place, being this check's own.
func (c *checker) patchPage(route string, old, now *pageResult, d *delta) {
	s := c.sums
	var o, n pageResult
	if old != nil {
		o = *old
	}
	if now != nil {
		n = *now
	}
	var tp touched[probKey, Problem]
	var te touched[extKey, External]
	if d != nil {
		tp, te = d.problems, d.external
	}
	if !slices.Equal(o.problems, n.problems) {
		for _, p := range o.problems {
			uncount(s.problems, tp, keyOfProblem(p))
		}
		for _, p := range n.problems {
			countIn(s.problems, tp, keyOfProblem(p), p)
		}
	}
	if !slices.Equal(o.external, n.external) {
		for _, e := range o.external {
			uncount(s.external, te, keyOfExternal(e))
		}
		for _, e := range n.external {
			countIn(s.external, te, keyOfExternal(e), e)
		}
	}
	gone, came := diffSorted(o.inbound, n.inbound)
	for _, to := range gone {
		if unlist(s.linkers, to, route) && d != nil {
			d.relinked[to] = true
		}
	}
	for _, to := range came {
		if list(s.linkers, to, route, d == nil) && d != nil {
			d.relinked[to] = true
		}
	}
	if suspect(now) {
		if !s.suspects.at(route) {
			s.suspects.set(route, true)
		}
	} else if suspect(old) {
		s.suspects.del(route)
	}
	gone, came = diffSorted(c.emittedFiles(o.files), c.emittedFiles(n.files))
	for _, f := range gone {
		unlist(s.fileLinkers, f, route)
	}
	for _, f := range came {
		list(s.fileLinkers, f, route, d == nil)
	}
}

// suspect reports a page whose findings a route that comes may change: a link of it leads nowhere.
func suspect(pr *pageResult) bool { return pr != nil && (pr.unresolved || len(pr.problems) > 0) }

// emittedFiles are the files of a page's links that are not static files, sorted.
func (c *checker) emittedFiles(files []string) []string {
	var out []string
	for _, f := range files {
		if !c.files[f] {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// list adds route to the sorted list under key; it returns whether the list was empty. inPlace
// appends to the list (routes come in order, the lists are the check's own); else the list is
// copied, being shared with the last report.
func list(m *cowMap[string, []string], key, route string, inPlace bool) (first bool) {
	l := m.at(key)
	if inPlace {
		m.set(key, append(l, route))
		return len(l) == 0
	}
	i, found := slices.BinarySearch(l, route)
	if found {
		return false
	}
	m.set(key, slices.Insert(slices.Clone(l), i, route))
	return len(l) == 0
}

// unlist takes route out of the list under key; it returns whether the list is empty now.
func unlist(m *cowMap[string, []string], key, route string) (emptied bool) {
	l := m.at(key)
	i, found := slices.BinarySearch(l, route)
	if !found {
		return false
	}
	if len(l) == 1 {
		m.del(key)
		return true
	}
	m.set(key, slices.Delete(slices.Clone(l), i, i+1))
	return false
}

// diffSorted lists what is in a and not b (gone), and in b and not a (came); both are sorted.
func diffSorted(a, b []string) (gone, came []string) {
	for len(a) > 0 && len(b) > 0 {
		switch c := strings.Compare(a[0], b[0]); {
		case c < 0:
			gone, a = append(gone, a[0]), a[1:]
		case c > 0:
			came, b = append(came, b[0]), b[1:]
		default:
			a, b = a[1:], b[1:]
		}
	}
	return append(gone, a...), append(came, b...)
}

// sortFindings lists the findings once each, sorted (pageProblems, pageExternal), from the maps.
func (s *sums) sortFindings() {
	s.pageProblems = make([]Problem, 0, s.problems.len())
	for _, c := range s.problems.all() {
		s.pageProblems = append(s.pageProblems, c.v)
	}
	slices.SortFunc(s.pageProblems, compareProblems)
	s.pageExternal = make([]External, 0, s.external.len())
	for _, c := range s.external.all() {
		s.pageExternal = append(s.pageExternal, c.v)
	}
	slices.SortFunc(s.pageExternal, compareExternal)
}

// resort patches the sorted lists with what d counted in and out: a copy of each changed list,
// without a sort or a look at every finding.
func (s *sums) resort(d *delta) {
	s.pageProblems = patchSorted(s.pageProblems, d.problems, s.problems, compareProblems)
	s.pageExternal = patchSorted(s.pageExternal, d.external, s.external, compareExternal)
}

// patchSorted is list (sorted by compare, once each) with the findings t touched as m holds them
// now; list itself when none changed.
func patchSorted[K comparable, T comparable](list []T, t touched[K, T], m *cowMap[K, counted[T]], compare func(T, T) int) []T {
	var drop []int
	var add []T
	for k, was := range t {
		c, has := m.get(k)
		if was.had && has && c.v == was.v {
			continue
		}
		if was.had {
			if i, found := slices.BinarySearchFunc(list, was.v, compare); found {
				drop = append(drop, i)
			}
		}
		if has {
			add = append(add, c.v)
		}
	}
	if len(drop) == 0 && len(add) == 0 {
		return list
	}
	slices.Sort(drop)
	slices.SortFunc(add, compare)
	kept := make([]T, 0, len(list)-len(drop))
	from := 0
	for _, i := range drop {
		kept, from = append(kept, list[from:i]...), i+1
	}
	kept = append(kept, list[from:]...)
	return mergeSorted(kept, add, compare)
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

// mergeSorted merges two sorted lists into a new one (a itself when b is empty: lists are never
// changed once made).
func mergeSorted[T any](a, b []T, compare func(T, T) int) []T {
	if len(b) == 0 && a != nil {
		return a
	}
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

// pagesAgain is pages() for an incremental check (incremental()): the last sums, derived, with the
// findings of the pages in Recheck found again; after a structural edit (Input.Moved), also those
// of the pages it may change: the routes moved, the pages that link to them, the pages with a link
// that leads nowhere (a new route may be its target or its suggestion), the pages that link to a
// file no longer emitted; a page gone has its findings taken out.
func (c *checker) pagesAgain() {
	last := c.in.Last
	c.sums = last.sums.derive()
	c.report.pages = last.pages.derive()
	c.delta = newDelta()
	again := maps.Clone(c.in.Recheck)
	if c.in.Moved != nil {
		for route := range c.in.Moved {
			again[route] = true
			for _, from := range c.sums.linkers.at(route) {
				again[from] = true
			}
		}
		if len(c.in.Moved) > 0 {
			// With the routes as they were, nothing that led nowhere leads somewhere now.
			for route := range c.sums.suspects.all() {
				again[route] = true
			}
		}
		for f, froms := range c.sums.fileLinkers.all() {
			if !c.isFile(f) {
				for _, from := range froms {
					again[from] = true
				}
			}
		}
	}
	for _, route := range slices.Sorted(maps.Keys(again)) {
		old := last.page(route)
		var pr *pageResult
		if r := c.s.Routes.Get(route); isPage(r) {
			pr = c.page(r)
			c.report.Checked = append(c.report.Checked, route)
			c.report.pages.set(route, pr)
		} else if old == nil {
			continue
		} else {
			c.report.pages.del(route) // gone, or no longer a page
		}
		c.patchPage(route, old, pr, c.delta)
	}
	c.sums.resort(c.delta)
}

// incremental reports whether this check may patch the last one's sums: a check after documents
// changed (SameModel) or after a structural edit (Moved).
func (c *checker) incremental() bool {
	return (c.in.SameModel || c.in.Moved != nil) && c.in.Recheck != nil && c.in.Last != nil && c.in.Last.sums != nil
}

// isPage reports a route whose links the check reads: a Markdown page.
func isPage(r *site.Route) bool { return r != nil && r.Doc != nil && r.Source != "" }
