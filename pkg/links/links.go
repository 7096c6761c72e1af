// Package links checks every internal link of the site: Markdown links, images and reference
// definitions, raw HTML href/src, the navbar, footer, logo and favicon of docsd.toml, and the keys
// and doc ids that assembly could not resolve (blog authors and tags, pagination_prev/next, sidebar
// entries, category links, main_doc). Targets are checked against the route table and the site's
// files, #anchors against the target's heading ids and the ids its raw HTML defines. Each problem
// is keyed by the source file, line and column the writer has to fix, with a suggestion when a
// close route, file, anchor or key exists. External links are listed, never fetched. Pages that
// nothing links to are listed as orphans.
package links

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"docsd/pkg/site"
)

// Problem kinds.
const (
	KindLink      = "link"      // a page that does not exist
	KindImage     = "image"     // a file that does not exist
	KindAnchor    = "anchor"    // a #fragment that names no heading or id of its page
	KindReference = "reference" // [text][label] with no [label]: definition
	KindDoc       = "doc"       // a doc id (pagination, sidebar entry, category link, main_doc)
	KindAuthor    = "author"    // a blog author key
	KindTag       = "tag"       // a blog tag key
)

// Problem is one broken link, anchor or reference.
type Problem struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Text       string `json:"text"`
	Target     string `json:"target"`
	Kind       string `json:"kind"`
	Message    string `json:"message"`
	Suggestion string `json:"suggestion,omitempty"`
}

func (p Problem) String() string {
	p = p.redacted() // a build's warnings and the overlay quote it
	s := fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, p.Message)
	if p.Suggestion != "" {
		s += fmt.Sprintf(" (did you mean %s?)", p.Suggestion)
	}
	return s
}

// External is a link that leaves the site. It is listed in the report and never fetched.
type External struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Text   string `json:"text"`
	Target string `json:"target"`
}

// Orphan is a page written by someone (a doc, post or page) that no link, sidebar, navbar, footer,
// category index or blog list leads to: readers find it only by search or by its URL.
type Orphan struct {
	Route string `json:"route"`
	File  string `json:"file"`
}

// Report is everything one check found.
type Report struct {
	Problems []Problem  `json:"problems"`
	External []External `json:"external"`
	Orphans  []Orphan   `json:"orphans"`
	// Checked lists, sorted, the routes whose links this check read (the others' findings came from
	// Input.Last): what the builder's render-count tests pin.
	Checked []string `json:"-"`
	// pages are each Markdown page's findings, by route, which the next check may reuse
	// (Input.Recheck).
	pages *cowMap[string, *pageResult]
	// sums are the pages' findings added up, which the next check may patch (sums.go).
	sums *sums
	// configRefs are the link-like values found in configText, the text of configFile, which the
	// next check reuses while the text is the same (config.go).
	configText []byte
	configFile string
	configRefs []configRef
	// configStarts are where configText's lines start (runeColumns), nil until a check needs them.
	configStarts []int
	// ownProblems and ownExternal are the findings of the rest of the check (docsd.toml, the
	// references assembly could not resolve), sorted: the next check reuses Problems and External
	// when they and the pages' findings are the same.
	ownProblems []Problem
	ownExternal []External
}

// pageResult is what the check of one page's links found: its problems and external links (with
// character columns) and the routes it links to.
type pageResult struct {
	problems []Problem
	external []External
	inbound  []string
	// files are the files of the build its links lead to, and unresolved whether a link of it
	// leads nowhere (reported or not: a fallback page reports none): what a structural edit may
	// change about its links when its document is the same (Input.Moved).
	files      []string
	unresolved bool
}

// Input is what the checker reads.
type Input struct {
	Site *site.Site
	// Statics maps the content path of every static file to its URL.
	Statics map[string]string
	// Emitted reports whether the build holds a file at a path relative to the build folder
	// (sitemap.xml, feeds, assets); nil means only statics count.
	Emitted func(rel string) bool
	// Config is the text of docsd.toml, named ConfigFile in reports; empty skips the config checks.
	Config     []byte
	ConfigFile string
	// ReadFile reads a source file by the name reports use ("content/…"): positions of front-matter
	// values, reference definitions and autolinks come from the file itself. nil skips those.
	ReadFile func(name string) ([]byte, error)
	// ShownAnchors gives the ids of the headings an MDX page shows from the Markdown partials it
	// imports (`<Part />`): they are in its HTML, not in its document, and a link to one is no
	// broken anchor (Docusaurus collects them as it renders). nil: none.
	ShownAnchors func(r *site.Route) []string
	// ReactPages maps the routes of the site's React pages (site.ReactPageRoutes, without a
	// trailing slash) to their files: docsd does not build them, but they exist on the site.
	ReactPages map[string]string
	// Last and Recheck make a check incremental (docsd watch): the links of a page whose route is
	// not in Recheck are taken from Last as they were. The caller guarantees that nothing those
	// links read changed: the page's document, the routes and files that exist, the targets'
	// anchors. A nil Recheck or Last checks every page.
	Last    *Report
	Recheck map[string]bool
	// SameModel says that the site's routes, their data and sidebars are those of Last's check:
	// only documents changed (Site.WithBodies). The check then patches Last's sums with the pages
	// in Recheck, and takes what the site's structure leads to from Last (sums.go).
	SameModel bool
	// Moved, with Last and Recheck, makes a check after a structural edit (pages added, deleted or
	// renamed) incremental: the routes that came, went or are built from another source since
	// Last's check. Besides Recheck, the check reads again only the pages whose last findings such
	// an edit may change: a page with a link that led nowhere (it may lead to a new route now, and
	// a broken link's suggestion may be a new route), a page linking to a moved route (gone, or
	// with other anchors), and a page linking to a file the build no longer holds; Last's indexes
	// say which those are (sums.go). Reading every page's links took 350 ms at 30,000 pages. The
	// caller guarantees that the static files and React pages are Last's, and that Last is the
	// check of the last model. An empty Moved (a re-assembly after a meta edit) moves no route.
	Moved map[string]bool
	// Restructured, with Moved, is what a re-assembly changed since Last's model (site.WithStructure,
	// site.WithMeta): the check then patches the structural links of what it made again instead of
	// walking the whole structure (structure.go). nil walks it all.
	Restructured *site.Restructured
	// Stop, when set, is asked before each page a check reads and before the site-wide walks; once
	// it says true the check stops and Run returns nil (docsd watch: newer edits wait). A whole
	// check takes 0.3-3 s at 30,000 pages, and the next edit waited for all of it.
	Stop func() bool
}

// Check finds every broken internal link and anchor of the site's Markdown. statics maps content
// paths of static files to their URLs.
func Check(s *site.Site, statics map[string]string) []Problem {
	return Run(Input{Site: s, Statics: statics}).Problems
}

type checker struct {
	in       Input
	stopped  bool // Input.Stop said true: Run returns nil
	s        *site.Site
	base     string // base path without its trailing slash
	files    map[string]bool
	ids      map[string]map[string]bool // route → anchors it defines
	inbound  map[string]bool
	texts    map[string][]byte
	report   Report
	seenProb map[probKey]bool
	seenExt  map[extKey]bool
	// sums are the pages' findings added up (sums.go); nil while one page is checked. delta is
	// what an incremental check changed in them (nil otherwise).
	sums   *sums
	delta  *delta
	sugs   suggesters
	starts map[string][]int // where each file's lines start (runeColumns)
	// pageFiles and unresolved are the page being checked's pageResult.files and .unresolved.
	pageFiles  []string
	unresolved bool
}

// Run checks the whole site; it returns nil when Input.Stop stopped it.
func Run(in Input) *Report {
	if in.ConfigFile == "" {
		in.ConfigFile = "docsd.toml"
	}
	c := &checker{in: in, s: in.Site, base: strings.TrimSuffix(in.Site.Config.BasePath, "/"), files: map[string]bool{},
		ids: map[string]map[string]bool{}, inbound: map[string]bool{}, texts: map[string][]byte{},
		seenProb: map[probKey]bool{}, seenExt: map[extKey]bool{}, starts: map[string][]int{}}
	for _, u := range in.Statics {
		c.files[u] = true
	}
	if in.Last.configLinks(in.Config, in.ConfigFile) != nil && in.Last.configStarts != nil {
		c.starts[in.ConfigFile] = in.Last.configStarts // the same text: a large docsd.toml is scanned once
	}
	incremental := c.incremental()
	if incremental {
		c.pagesAgain()
	} else {
		c.pages()
	}
	if c.stopped || c.stop() {
		return nil
	}
	// From here, c.report holds the findings of the rest of the check; the pages' are in c.sums
	// (they have their character columns already).
	c.config()
	c.refs()
	c.sums.others = c.inbound
	switch {
	case incremental && in.SameModel:
		// The structure is the last check's (its sources and counts are never changed once made).
		c.orphansAgain()
	case incremental && in.Restructured != nil:
		c.restructure(in.Restructured)
		c.orphansAgain()
	default:
		c.structure()
		c.orphans()
	}
	c.runeColumns(c.report.Problems, c.report.External)
	c.report.configStarts = c.starts[in.ConfigFile]
	c.sort()
	c.report.sums = c.sums
	// A copy: a pointer into the checker would keep it alive with the report, and through its
	// Input.Last every earlier report and checker of a docsd watch session.
	report := c.report
	return &report
}

func (c *checker) problem(p Problem) {
	k := keyOfProblem(p)
	if c.seenProb[k] {
		return
	}
	if c.sums != nil {
		if _, ok := c.sums.problems.get(k); ok {
			return // a page's
		}
	}
	c.seenProb[k] = true
	c.report.Problems = append(c.report.Problems, p)
}

func (c *checker) external(e External) {
	k := keyOfExternal(e)
	if c.seenExt[k] {
		return
	}
	if c.sums != nil {
		if _, ok := c.sums.external.get(k); ok {
			return // a page's
		}
	}
	c.seenExt[k] = true
	c.report.External = append(c.report.External, e)
}

// stop asks Input.Stop, if any.
func (c *checker) stop() bool { return c.in.Stop != nil && c.in.Stop() }

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sameList reports two lists that are the same slice.
func sameList[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// sort puts the rest of the check's findings in order and merges them with the pages'.
func (c *checker) sort() {
	slices.SortFunc(c.report.Problems, compareProblems)
	slices.SortFunc(c.report.External, compareExternal)
	own, ownExt := c.report.Problems, c.report.External
	c.report.ownProblems, c.report.ownExternal = own, ownExt
	// Merging walks every finding: when neither the pages' findings nor the rest changed since
	// the last check (most edits), its lists are this one's (never changed once made).
	if last := c.in.Last; last != nil && last.sums != nil && sameList(c.sums.pageProblems, last.sums.pageProblems) &&
		slices.Equal(own, last.ownProblems) {
		c.report.Problems = last.Problems
	} else {
		c.report.Problems = mergeSorted(c.sums.pageProblems, own, compareProblems)
	}
	if last := c.in.Last; last != nil && last.sums != nil && sameList(c.sums.pageExternal, last.sums.pageExternal) &&
		slices.Equal(ownExt, last.ownExternal) {
		c.report.External = last.External
	} else {
		c.report.External = mergeSorted(c.sums.pageExternal, ownExt, compareExternal)
	}
	if c.report.Problems == nil {
		c.report.Problems = []Problem{}
	}
	if c.report.External == nil {
		c.report.External = []External{}
	}
	if c.report.Orphans == nil {
		c.report.Orphans = []Orphan{}
	}
}
