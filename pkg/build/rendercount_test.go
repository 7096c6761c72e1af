package build

// Render-count tests in the manner of Hugo's rebuild tests: for each kind of edit, exactly which
// routes a rebuild renders and which search shards it rebuilds. They pin what an edit costs, so a
// change that makes the pipeline do more (or less) work shows here first.

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unsafe"

	"docsd/pkg/emit"
	"docsd/pkg/search"
	"docsd/pkg/site"
)

// renderCountCase is one edit of the single-locale copy of testdata/sites/multi. Routes are written
// without the /docs base path; "*" means every route of the site after the edit.
type renderCountCase struct {
	name   string
	before func(t *testing.T, root string) // changes the site before the first build, if set
	// unreported is true when the edit leaves a change unreported on purpose: a full build differs.
	unreported bool
	// structural is true when the edit checks every page's links again (the configuration, the
	// shell); the others check the links of the pages they render and of alsoChecked: after a
	// structural edit, the pages whose links lead nowhere or to a route that came or went
	// (links.Input.Moved).
	structural  bool
	alsoChecked []string
	edit        func(t *testing.T, root, siteDir string) []string // returns the changed paths
	rendered    []string
	reindexed   []string
	// globals are the sitemap and feed files the rebuild writes anew ("*": all of them); the others
	// keep the last build's bytes.
	globals []string
	// searchWritten, when set, are how many search term chunks and documents chunks the rebuild
	// writes anew (of the site's 2 term chunks): a page that comes or goes leaves the others'
	// numbers as they were (pkg/search/numbers.go), so it rewrites the chunks of its words.
	searchWritten *[2]int
}

func renderCountCases() []renderCountCase {
	edit := func(file, old, new string) func(t *testing.T, root, _ string) []string {
		return func(t *testing.T, root, _ string) []string {
			text := read(t, root, file)
			if !strings.Contains(text, old) {
				t.Fatalf("%s does not contain %q", file, old)
			}
			write(t, root, file, strings.Replace(text, old, new, 1))
			return []string{file}
		}
	}
	guide := []string{"/guide/intro", "/guide/setup", "/guide/more/extra", "/category/more"}
	blogLists := []string{"/", "/blog", "/blog/page/2", "/blog/archive", "/blog/authors", "/blog/authors/team", "/blog/tags", "/blog/tags/news"}
	return []renderCountCase{
		{name: "body", edit: edit("content/docs/guide/setup.md", "## Before you start", "A new paragraph.\n\n## Before you start"),
			rendered: []string{"/guide/setup"}, reindexed: []string{"/guide/setup"}},
		{name: "save without change", edit: func(t *testing.T, root, _ string) []string {
			f := "content/docs/guide/setup.md"
			write(t, root, f, read(t, root, f))
			return []string{f}
		}, rendered: nil, reindexed: nil},
		{name: "only reported paths are scanned", edit: func(t *testing.T, root, _ string) []string {
			// A file the watcher did not report is not looked for: no rescan of content/.
			write(t, root, "content/docs/guide/unreported.md", "# Unreported\n")
			return edit("content/docs/guide/setup.md", "## Before you start", "A new paragraph.\n\n## Before you start")(t, root, "")
		}, rendered: []string{"/guide/setup"}, reindexed: []string{"/guide/setup"}, unreported: true},
		{name: "content folder reported", edit: func(t *testing.T, root, _ string) []string {
			// What a watcher that lost events reports: content/ is scanned again and finds the file.
			write(t, root, "content/docs/guide/unreported.md", "# Unreported\n")
			return []string{"content"}
		}, rendered: append([]string{"/guide/unreported"}, guide...), reindexed: append([]string{"/guide/unreported"}, guide...),
			globals: []string{"sitemap.xml"}},
		{name: "title", edit: edit("content/docs/guide/setup.md", "title: Setup", "title: Setting up"),
			// The sidebar's pages show the title, and so does the category index's card of it.
			rendered: guide, reindexed: []string{"/category/more", "/guide/intro", "/guide/more/extra", "/guide/setup"}},
		{name: "heading", edit: edit("content/docs/guide/more/extra.md", "Extra", "Extra\n\n## A new heading\n"),
			rendered: []string{"/guide/more/extra"}, reindexed: []string{"/guide/more/extra"}},
		{name: "link target", edit: edit("content/docs/guide/setup.md", "## Before you start", "## Before starting"),
			// intro.md links to setup.md#before-you-start: its warning changes, so it is checked again.
			rendered: []string{"/guide/intro", "/guide/setup"}, reindexed: []string{"/guide/intro", "/guide/setup"}},
		// Structural edits render the pages whose sidebar, neighbours or cards change, not the site.
		{name: "category file", edit: edit("content/docs/guide/more/_category_.yml", "label: More", "label: Much more"),
			rendered: guide, reindexed: guide},
		{name: "blog post", edit: edit("content/blog/2025-01-01-first.md", "title: First post", "title: The first post"),
			rendered:  append([]string{"/blog/first", "/blog/second"}, blogLists...),
			reindexed: []string{"/blog/first", "/blog/second"}, globals: []string{"blog/atom.xml", "blog/rss.xml"}},
		// A post's body after its truncate marker is not in the lists, the feeds or its neighbours:
		// the post alone renders.
		{name: "blog post body after truncate", edit: edit("content/blog/2025-01-02-second.md", "The rest of it.", "The rest of it, and a little more."),
			rendered: []string{"/blog/second"}, reindexed: []string{"/blog/second"}},
		// After the marker, but the reading time the lists show changes (1 → 2 minutes).
		{name: "blog post body after truncate, reading time", edit: edit("content/blog/2025-01-02-second.md", "The rest of it.", "The rest of it."+strings.Repeat(" word", 300)),
			rendered:  append([]string{"/blog/first", "/blog/second"}, blogLists...),
			reindexed: []string{"/blog/first", "/blog/second"}, globals: []string{"blog/atom.xml", "blog/rss.xml"}}, // (the listed posts changed: globals.go writes the feeds)
		// Before the marker the excerpt changes: the lists showing it and the feeds follow.
		{name: "blog post body before truncate", edit: edit("content/blog/2025-01-02-second.md", "The excerpt of the second post.", "The excerpt of the second post, now longer."),
			rendered:  append([]string{"/blog/first", "/blog/second"}, blogLists...),
			reindexed: []string{"/blog/first", "/blog/second"}, globals: []string{"blog/atom.xml", "blog/rss.xml"}},
		{name: "new page", edit: func(t *testing.T, root, _ string) []string {
			write(t, root, "content/docs/guide/new.md", "---\ntitle: New\n---\n\nNew text.\n")
			return []string{"content/docs/guide/new.md"}
		}, rendered: append([]string{"/guide/new"}, guide...), reindexed: append([]string{"/guide/new"}, guide...),
			globals: []string{"sitemap.xml"}, searchWritten: &[2]int{1, 1}},
		{name: "deleted page", edit: func(t *testing.T, root, _ string) []string {
			if err := os.Remove(filepath.Join(root, "content/docs/guide/more/extra.md")); err != nil {
				t.Fatal(err)
			}
			return []string{"content/docs/guide/more/extra.md"}
			// The folder is empty: its category and its index page go with the page.
		}, rendered: []string{"/guide/intro", "/guide/setup"}, reindexed: []string{"/guide/intro", "/guide/setup"},
			globals: []string{"sitemap.xml"}, searchWritten: &[2]int{2, 1}},
		{name: "renamed page", edit: func(t *testing.T, root, _ string) []string {
			from, to := "content/docs/guide/more/extra.md", "content/docs/guide/more/extra-renamed.md"
			if err := os.Rename(filepath.Join(root, from), filepath.Join(root, to)); err != nil {
				t.Fatal(err)
			}
			return []string{from, to}
		}, rendered: []string{"/guide/intro", "/guide/setup", "/guide/more/extra-renamed", "/category/more"},
			reindexed: []string{"/guide/intro", "/guide/setup", "/guide/more/extra-renamed", "/category/more"},
			globals:   []string{"sitemap.xml"}, searchWritten: &[2]int{1, 1}},
		{name: "new page a link names", before: func(t *testing.T, root string) {
			f := "content/blog/2025-01-02-second.md"
			// In the excerpt: the lists show the link, resolved.
			write(t, root, f, strings.Replace(read(t, root, f), "<!-- truncate -->", "See [the target](../docs/other/target.md).\n\n<!-- truncate -->", 1))
		}, edit: func(t *testing.T, root, _ string) []string {
			// In no sidebar: the post whose link now resolves renders, and the lists that show its excerpt.
			write(t, root, "content/docs/other/target.md", "# Target\n\nA page.\n")
			return []string{"content/docs/other/target.md"}
		}, rendered: append([]string{"/other/target", "/blog/first", "/blog/second"}, blogLists...),
			reindexed: []string{"/other/target", "/blog/first", "/blog/second"},
			// intro and setup hold broken links, which may lead to the new page now (or suggest it).
			// The feeds show the excerpt too, its link now resolved.
			alsoChecked: []string{"/guide/intro", "/guide/setup"}, globals: []string{"blog/atom.xml", "blog/rss.xml", "sitemap.xml"}},
		{name: "new page an absolute link names", before: func(t *testing.T, root string) {
			f := "content/versioned_docs/version-1.0/guide/intro.md"
			write(t, root, f, read(t, root, f)+"\nSee [the target](/docs/other/target).\n")
		}, edit: func(t *testing.T, root, _ string) []string {
			// The link was broken and now leads to the new page: the page holding it does not
			// render (the link reads the same), but its links are checked again.
			write(t, root, "content/docs/other/target.md", "# Target\n\nA page.\n")
			return []string{"content/docs/other/target.md"}
		}, rendered: []string{"/other/target"}, reindexed: []string{"/other/target"},
			alsoChecked: []string{"/1.0/guide/intro", "/guide/intro", "/guide/setup"}, globals: []string{"sitemap.xml"}},
		{name: "deleted page an absolute link names", before: func(t *testing.T, root string) {
			f := "content/versioned_docs/version-1.0/guide/intro.md"
			write(t, root, f, read(t, root, f)+"\nSee [the extra page](/docs/guide/more/extra).\n")
			// The deleted page's own broken link leaves the report with it.
			f = "content/docs/guide/more/extra.md"
			write(t, root, f, read(t, root, f)+"\nSee [a page to come](to-come.md).\n")
		}, edit: func(t *testing.T, root, _ string) []string {
			// The link now leads nowhere: the page holding it is checked again, no other.
			if err := os.Remove(filepath.Join(root, "content/docs/guide/more/extra.md")); err != nil {
				t.Fatal(err)
			}
			return []string{"content/docs/guide/more/extra.md"}
		}, rendered: []string{"/guide/intro", "/guide/setup"}, reindexed: []string{"/guide/intro", "/guide/setup"},
			alsoChecked: []string{"/1.0/guide/intro"}, globals: []string{"sitemap.xml"}},
		{name: "config", edit: edit("docsd.toml", `tagline = "A small site`, `tagline = "A tiny site`),
			rendered: []string{"*"}, reindexed: []string{"*"}, structural: true, globals: []string{"*"}},
		{name: "shell", edit: func(t *testing.T, _, siteDir string) []string {
			// Reported, not edited: the shell is the repository's own, and a save that changes
			// nothing still makes every page read the shell again.
			return []string{filepath.Join(siteDir, "src", "App.jsx")}
		}, rendered: []string{"*"}, reindexed: []string{"*"}, structural: true, globals: []string{"*"}},
	}
}

func TestRenderCounts(t *testing.T) {
	for _, c := range renderCountCases() {
		t.Run(c.name, func(t *testing.T) {
			root, opts := siteCopy(t, true)
			if c.before != nil {
				c.before(t, root)
			}
			b := New(opts)
			defer b.Close()
			first, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			res, err := b.Rebuild(c.edit(t, root, opts.SiteDir))
			if err != nil {
				t.Fatal(err)
			}
			all, indexed := allRoutes(res)
			check := func(what string, got, want, every []string) {
				t.Helper()
				if len(want) == 1 && want[0] == "*" {
					want = every
				} else {
					want = withBase(want)
				}
				if strings.Join(got, " ") != strings.Join(sortedCopy(want), " ") {
					t.Errorf("%s %v\nwant %v", what, got, sortedCopy(want))
				}
			}
			check("rendered", res.RenderedRoutes, c.rendered, all)
			check("re-indexed", res.Reindexed, c.reindexed, indexed)
			var checked, every []string
			for _, r := range all {
				if rt := res.Site.Routes.Get(r); rt != nil && rt.Doc != nil && rt.Source != "" {
					every = append(every, r)
					if c.structural || slices.Contains(res.RenderedRoutes, r) || slices.Contains(withBase(c.alsoChecked), r) {
						checked = append(checked, r)
					}
				}
			}
			if strings.Join(res.LinksChecked, " ") != strings.Join(checked, " ") {
				t.Errorf("links checked %v\nwant %v", res.LinksChecked, checked)
			}
			wantGlobals := c.globals
			if len(wantGlobals) == 1 && wantGlobals[0] == "*" {
				wantGlobals = []string{"blog/atom.xml", "blog/rss.xml", "sitemap.xml"}
			}
			if got := globalsWritten(t, first, res); strings.Join(got, " ") != strings.Join(wantGlobals, " ") {
				t.Errorf("sitemap and feeds written anew %v\nwant %v", got, wantGlobals)
			}
			// The search chunks the rebuild rewrote: exactly those holding a word whose lists
			// changed (or whose keys did); a page that comes or goes keeps the others' numbers.
			before, after := first.Files.Contents(), res.Files.Contents()
			for _, entries := range searchLocales(after) {
				got, want, docs, of := rewrittenSearchChunks(t, before, after, entries)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("search term chunks rewritten %v\nwant %v", got, want)
				}
				t.Logf("%d of %d term chunks and documents chunks %v rewritten", len(got), of, docs)
				if w := c.searchWritten; w != nil && (len(got) != w[0] || len(docs) != w[1] || of != 2) {
					t.Errorf("%d of %d search term chunks and %d documents chunks written anew; want %d of 2 and %d", len(got), of, len(docs), w[0], w[1])
				}
			}
			if c.unreported {
				return
			}
			// Rendering less must not build something else than a full build would.
			ref := New(opts)
			defer ref.Close()
			want, err := ref.Build()
			if err != nil {
				t.Fatal(err)
			}
			compareFiles(t, c.name, res, want)
		})
	}
}

// globalsWritten lists the sitemap and feed files of res that are not the very bytes of first's
// (a rebuild that leaves them keeps the last build's files as they are, never writes them again).
func globalsWritten(t *testing.T, first, res *Result) []string {
	t.Helper()
	var out []string
	for _, name := range []string{"blog/atom.xml", "blog/rss.xml", "sitemap.xml"} {
		was, now := first.Files.Data[name], res.Files.Data[name]
		if len(was) == 0 || len(now) == 0 {
			t.Fatalf("%s is missing from a build", name)
		}
		if unsafe.SliceData(was) != unsafe.SliceData(now) {
			out = append(out, name)
		}
	}
	return out
}

// allRoutes lists every route of a build (not-found pages included) and those search indexes.
func allRoutes(res *Result) (all, indexed []string) {
	for _, r := range res.Site.Order {
		all = append(all, r)
		if search.Indexed(res.Site.Routes.Get(r)) {
			indexed = append(indexed, r)
		}
	}
	for _, nf := range res.Site.NotFound {
		all = append(all, nf.Path)
	}
	return sortedCopy(all), sortedCopy(indexed)
}

func withBase(routes []string) []string {
	out := make([]string, len(routes))
	for i, r := range routes {
		out[i] = strings.TrimSuffix("/docs"+r, "/")
		if r == "/" {
			out[i] = "/docs/"
		}
	}
	return out
}

func sortedCopy(list []string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	return out
}

// A body edit is assembled by reusing the last model (issue #16: re-assemble only what reads the
// changed nodes): every other route is the same object, the edited page's route is a copy holding
// the new document, and the last model is left as it was (it may still be served).
func TestBodyEditReusesTheModel(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	before, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	intro, setup := before.Site.Routes.Get("/docs/guide/intro"), before.Site.Routes.Get("/docs/guide/setup")
	oldDoc := setup.Doc
	f := "content/docs/guide/setup.md"
	write(t, root, f, strings.Replace(read(t, root, f), "## Before you start", "A new paragraph.\n\n## Before you start", 1))
	after, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if after.Site.Routes.Get("/docs/guide/intro") != intro {
		t.Error("a route the edit does not touch was assembled again")
	}
	if got := after.Site.Routes.Get("/docs/guide/setup"); got == setup || got.Doc == oldDoc || got.Data != setup.Data {
		t.Error("the edited route should be a copy with the new document and the same page data")
	}
	if setup.Doc != oldDoc || before.Site.Routes.Get("/docs/guide/setup") != setup {
		t.Error("the last model was changed")
	}
	// A title edit changes what the sidebar shows: assembled again.
	write(t, root, f, strings.Replace(read(t, root, f), "title: Setup", "title: Setting up", 1))
	titled, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if titled.Site.Routes.Get("/docs/guide/intro") == intro {
		t.Error("a title edit reused a model whose sidebar shows the old title")
	}
}

// TestBodyEditKeepsSharedRecords: a body edit reuses the last model, so what pages share (site data,
// sidebars) is neither encoded nor added to the output again: each sidebar file is the very bytes
// the last build added. Encoding and packing every sidebar before the edited page went out was most
// of a body edit's time at 10,000 pages. A title edit changes a sidebar, which is then added anew.
func TestBodyEditKeepsSharedRecords(t *testing.T) {
	for _, low := range []bool{false, true} {
		root, opts := siteCopy(t, true)
		opts.LowMemory = low
		b := New(opts)
		before, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		sidebars := sidebarFiles(before.Files)
		if len(sidebars) == 0 {
			t.Fatal("the test site has no sidebar files")
		}
		f := "content/docs/guide/setup.md"
		write(t, root, f, strings.Replace(read(t, root, f), "## Before you start", "A new paragraph.\n\n## Before you start", 1))
		after, err := b.Rebuild([]string{f})
		if err != nil {
			t.Fatal(err)
		}
		for p, data := range sidebarFiles(after.Files) {
			if old := sidebars[p]; len(old) == 0 || &old[0] != &data[0] {
				t.Errorf("low memory %v: a body edit added %s again", low, p)
			}
		}
		write(t, root, f, strings.Replace(read(t, root, f), "title: Setup", "title: Setting up", 1))
		titled, err := b.Rebuild([]string{f})
		if err != nil {
			t.Fatal(err)
		}
		renamed := 0
		for p, data := range sidebarFiles(titled.Files) {
			if old := sidebars[p]; len(old) == 0 || &old[0] != &data[0] {
				renamed++
			}
		}
		if renamed == 0 {
			t.Errorf("low memory %v: a title edit kept every sidebar file of the build before", low)
		}
		b.Close()
	}
}

// sidebarFiles are the stored bytes (packed or not) of a build's shared sidebar files.
func sidebarFiles(f *emit.Files) map[string][]byte {
	out := map[string][]byte{}
	for p, d := range f.Data {
		if strings.HasPrefix(p, "__data/sidebars/") && len(d) > 0 {
			out[p] = d
		}
	}
	for p, d := range f.Packed {
		if strings.HasPrefix(p, "__data/sidebars/") && len(d) > 0 {
			out[p] = d
		}
	}
	return out
}

// A title edit assembles again only what reads the title (issue #16): its sidebar's pages and the
// category index showing it are new routes, every other route is the last model's very object, so
// a rebuild that assembles the whole site again fails here. The last model stays as it was.
func TestTitleEditReassemblesOnlyItsReaders(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	before, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/setup.md"
	write(t, root, f, strings.Replace(read(t, root, f), "title: Setup", "title: Setting up", 1))
	after, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	var remade []string
	for p, r := range after.Site.Routes.All() {
		if before.Site.Routes.Get(p) != r {
			remade = append(remade, p)
		}
	}
	sort.Strings(remade)
	want := withBase([]string{"/guide/intro", "/guide/setup", "/guide/more/extra", "/category/more"})
	if strings.Join(remade, " ") != strings.Join(sortedCopy(want), " ") {
		t.Errorf("a title edit assembled %v again\nwant %v", remade, sortedCopy(want))
	}
	if got := after.Site.Routes.Get("/docs/guide/intro").Data.Next.Title; got != "Setting up" {
		t.Errorf("the next link of the page before shows %q", got)
	}
	if got := before.Site.Routes.Get("/docs/guide/intro").Data.Next.Title; got != "Setup" {
		t.Errorf("the last model was changed: its next link shows %q", got)
	}
	// A post's title: its blog and the landing page (which shows the latest post) are assembled
	// again, the docs are not.
	post := "content/blog/2025-01-01-first.md"
	write(t, root, post, strings.Replace(read(t, root, post), "title: First post", "title: The first post", 1))
	blogged, err := b.Rebuild([]string{post})
	if err != nil {
		t.Fatal(err)
	}
	remade = nil
	for p, r := range blogged.Site.Routes.All() {
		if after.Site.Routes.Get(p) != r && r.Data.Kind == site.KindDoc {
			remade = append(remade, p)
		}
	}
	if len(remade) > 0 {
		t.Errorf("a post's title edit assembled docs again: %v", remade)
	}
	if got := blogged.Site.Routes.Get("/docs/blog/second").Data.Prev; got == nil || got.Title != "The first post" {
		t.Errorf("the next post's link to it shows %+v", got)
	}
}

// Every page carries the site data, and of the sidebars' entry docs only those the shell opens by
// id (navbar items, landing buttons and cards): a sidebar no navbar item names is not in any page.
func TestSiteDataCarriesOnlyOpenedSidebars(t *testing.T) {
	root, opts := siteCopy(t, true)
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+"\n[[sidebars]]\nid = \"aside\"\ndir = \"aside\"\n")
	write(t, root, "content/docs/aside/page.md", "---\ntitle: Aside\n---\n\nA page of a sidebar the navbar does not open.\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, route := range []string{"/docs/guide/intro", "/docs/aside/page"} {
		html, _, _ := res.Files.Get(res.Site.HTMLPath(route))
		if !strings.Contains(string(html), `"sidebarEntries":{"guide":"/docs/guide/intro"}`) {
			i := strings.Index(string(html), `"sidebarEntries"`)
			t.Errorf("%s: the site data's sidebar entries are %.80s", route, string(html[max(i, 0):]))
		}
	}
	if res.Site.SidebarEntries("en")["aside"] != "/docs/aside/page" {
		t.Error("the model lost the entry of the sidebar the navbar does not open (the link check reads it)")
	}
}

// A new, deleted or renamed doc assembles again only what reads it (issue #16): the new page, its
// sidebar's pages and the category index of its folder are new routes, every other route is the
// last model's very object, so a rebuild that assembles the whole site again fails here.
func TestStructuralEditReassemblesOnlyItsReaders(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	last, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	guide := []string{"/guide/intro", "/guide/setup", "/guide/more/extra", "/category/more"}
	for _, c := range []struct {
		name   string
		edit   func() []string
		remade []string
	}{
		{"new page", func() []string {
			write(t, root, "content/docs/guide/new.md", "---\ntitle: New\n---\n\nNew text.\n")
			return []string{"content/docs/guide/new.md"}
		}, append([]string{"/guide/new"}, guide...)},
		{"renamed page", func() []string {
			from, to := "content/docs/guide/new.md", "content/docs/guide/newer.md"
			if err := os.Rename(filepath.Join(root, from), filepath.Join(root, to)); err != nil {
				t.Fatal(err)
			}
			return []string{from, to}
		}, append([]string{"/guide/newer"}, guide...)},
		{"deleted page", func() []string {
			if err := os.Remove(filepath.Join(root, "content/docs/guide/newer.md")); err != nil {
				t.Fatal(err)
			}
			return []string{"content/docs/guide/newer.md"}
		}, guide},
		// A post: its blog is made again (and the landing page, which shows the latest post).
		{"new post", func() []string {
			write(t, root, "content/blog/2025-02-01-third.md", "---\ntitle: Third post\nauthors: [team]\n---\n\nText.\n")
			return []string{"content/blog/2025-02-01-third.md"}
		}, []string{"/", "/blog", "/blog/archive", "/blog/authors", "/blog/authors/team", "/blog/first", "/blog/second", "/blog/third",
			"/blog/page/2", "/blog/page/3", "/blog/tags", "/blog/tags/news"}},
	} {
		res, err := b.Rebuild(c.edit())
		if err != nil {
			t.Fatal(err)
		}
		var remade []string
		for p, r := range res.Site.Routes.All() {
			if last.Site.Routes.Get(p) != r {
				remade = append(remade, p)
			}
		}
		sort.Strings(remade)
		if want := sortedCopy(withBase(c.remade)); strings.Join(remade, " ") != strings.Join(want, " ") {
			t.Errorf("%s: assembled %v again\nwant %v", c.name, remade, want)
		}
		last = res
	}
}
