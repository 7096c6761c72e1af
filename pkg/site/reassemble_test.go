package site

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/markdown"
)

// metaSiteFiles are a project of two versions and two locales (French falls back to the English docs
// but one), two sidebars made from folders with category index pages, a doc in no sidebar,
// pagination across sidebars and to a doc that does not exist, and a generated landing page.
var metaSiteFiles = map[string]string{
	"docsd.toml": `title = "Meta"
url = "https://example.test"
base_path = "/docs/"
[[sidebars]]
id = "alpha"
dir = "alpha"
[[sidebars]]
id = "beta"
dir = "beta"
[[versions]]
name = "current"
label = "2.0"
path = "/docs"
is_last = true
[[versions]]
name = "1.0"
label = "1.0"
path = "/docs/1.0"
[[locales]]
code = "en"
label = "English"
default = true
[[locales]]
code = "fr"
label = "Français"
`,
	"content/docs/alpha/intro.md":                          "---\ntitle: Alpha intro\nsidebar_position: 1\n---\n\nText.\n",
	"content/docs/alpha/setup.md":                          "---\ntitle: Setup\nsidebar_position: 2\ndescription: How to set up.\n---\n\nText.\n",
	"content/docs/alpha/more/_category_.yml":               "label: More\nposition: 3\nlink:\n  type: generated-index\n  slug: /category/alpha-more\n",
	"content/docs/alpha/more/a.md":                         "---\ntitle: A\n---\n\nText.\n",
	"content/docs/alpha/more/b.md":                         "---\ntitle: B\ndescription: The b page.\n---\n\nText.\n",
	"content/docs/alpha/deep/index.md":                     "---\ntitle: Deep\n---\n\nText.\n",
	"content/docs/alpha/deep/c.md":                         "---\ntitle: C\n---\n\nText.\n",
	"content/docs/beta/intro.md":                           "---\ntitle: Beta intro\n---\n\nText.\n",
	"content/docs/beta/guide/x.md":                         "---\ntitle: X\nsidebar_position: 1\n---\n\nText.\n",
	"content/docs/beta/guide/y.md":                         "---\ntitle: Y\nsidebar_position: 2\npagination_next: alpha/setup\n---\n\nText.\n",
	"content/docs/loose.md":                                "---\ntitle: Loose\n---\n\nIn no sidebar.\n",
	"content/blog/2025-01-01-first.md":                     "---\ntitle: First\nauthors: [ann]\n---\n\nThe first post.\n",
	"content/blog/2025-01-02-second.md":                    "---\ntitle: Second\nauthors: [ann, bob]\n---\n\nThe second post.\n",
	"content/blog/2025-01-03-third.md":                     "---\ntitle: Third\n---\n\nThe third post.\n",
	"content/blog/authors.yml":                             "ann:\n  name: Ann\nbob:\n  name: Bob\n",
	"content/i18n/fr/pages/index.md":                       "---\ntitle: Accueil\n---\n\nBienvenue.\n",
	"content/i18n/fr/docs/alpha/intro.md":                  "---\ntitle: Intro alpha\nsidebar_position: 1\n---\n\nTexte.\n",
	"content/versioned_docs/version-1.0/alpha/intro.md":    "---\ntitle: Old alpha intro\n---\n\nText.\n",
	"content/versioned_docs/version-1.0/alpha/setup.md":    "---\ntitle: Old setup\n---\n\nText.\n",
	"content/versioned_docs/version-1.0/beta/guide/x.md":   "---\ntitle: Old X\n---\n\nText.\n",
	"content/versioned_docs/version-1.0/beta/guide/old.md": "---\ntitle: Only old\n---\n\nText.\n",
}

// metaProject writes the project, processes its sources and returns its configuration, the
// converter they were processed with and the processed sources.
func metaProject(t *testing.T) (*config.Site, *markdown.Converter, []*Parsed) {
	t.Helper()
	root := t.TempDir()
	for rel, text := range metaSiteFiles {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	l := content.Layout{DefaultLocale: "en", Locales: []string{"en", "fr"}, Versions: map[string]string{}}
	for _, v := range cfg.Versions {
		l.Versions[v.Dir] = v.Name
	}
	conv := markdown.New()
	sources, _, err := content.Scan(filepath.Join(root, "content"), l)
	if err != nil {
		t.Fatal(err)
	}
	list, err := Process(conv, sources)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, conv, list
}

// TestWithMetaEqualsAssemble edits the front matter of docs at random (titles, sidebar labels and
// positions, descriptions, pagination to docs that exist and that do not), of blog posts (titles,
// authors, one that does not exist) and of the French landing page, and checks after every
// edit that re-assembling only what reads them (WithMeta) makes the model, the problems and the
// graph's edges a whole assembly makes, and that it leaves the model before it as it was.
func TestWithMetaEqualsAssemble(t *testing.T) {
	t.Run("sidebars from folders", func(t *testing.T) { withMetaWalk(t, nil) })
	// The same edits with the current version's sidebars from a sidebars file (handSidebarsJSON):
	// only the sidebars that list the doc or whose pages read it are made again from the file.
	t.Run("sidebars file", func(t *testing.T) { withMetaWalk(t, handSidebarsJSON) })
}

// withMetaWalk is TestWithMetaEqualsAssemble's walk; hand, when set, is the current version's
// sidebars file, evaluated.
func withMetaWalk(t *testing.T, hand []byte) {
	cfg, conv, list := metaProject(t)
	if hand != nil {
		cfg.HandSidebars = map[string][]byte{"current": hand}
	}
	byPath := map[string]*Parsed{}
	var docs []string
	for _, p := range list {
		byPath[p.Src.Path] = p
		if p.Src.Kind == content.Doc || p.Src.Kind == content.BlogPost || p.Src.Kind == content.Page {
			docs = append(docs, p.Src.Path)
		}
	}
	sort.Strings(docs)
	g := graph.New()
	s, err := Assemble(cfg, list, g)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(5))
	ids := []string{"alpha/intro", "alpha/setup", "alpha/more/a", "beta/guide/x", "loose", "nothing/here"}
	for step := 0; step < 60; step++ {
		path := docs[rng.Intn(len(docs))]
		var fm strings.Builder
		fmt.Fprintf(&fm, "---\ntitle: Title %d\n", step)
		switch byPath[path].Src.Kind {
		case content.Page:
			fmt.Fprintf(&fm, "description: Page words %d\n---\n\nWelcome.\n", step)
		case content.BlogPost:
			// A post: who wrote it (an author that does not exist is a problem), its description.
			fmt.Fprintf(&fm, "authors: [%s]\n", []string{"ann", "bob", "ann, bob", "nobody"}[rng.Intn(4)])
			if rng.Intn(2) == 0 {
				fmt.Fprintf(&fm, "description: Post words %d\n", step)
			}
			fm.WriteString("---\n\nText of the post.\n")
		default:
			if rng.Intn(2) == 0 {
				fmt.Fprintf(&fm, "sidebar_label: Label %d\n", step)
			}
			if rng.Intn(2) == 0 {
				fmt.Fprintf(&fm, "sidebar_position: %d\n", rng.Intn(4))
			}
			if rng.Intn(2) == 0 {
				fmt.Fprintf(&fm, "description: Words %d\n", step)
			}
			if rng.Intn(3) == 0 {
				fmt.Fprintf(&fm, "pagination_prev: %s\n", ids[rng.Intn(len(ids))])
			}
			if rng.Intn(3) == 0 {
				fmt.Fprintf(&fm, "pagination_next: %s\n", ids[rng.Intn(len(ids))])
			}
			fm.WriteString("---\n\nText.\n")
		}
		src := byPath[path].Src
		if err := os.WriteFile(src.Abs, []byte(fm.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		p, _, err := Reprocess(conv, src, byPath[path], nil)
		if err != nil {
			t.Fatal(err)
		}
		byPath[path] = p
		before := modelJSON(t, s)
		got, ok := s.WithMeta(map[string]*Parsed{path: p}, sources(byPath))
		if !ok {
			t.Fatalf("step %d (%s): WithMeta assembled nothing", step, path)
		}
		if modelJSON(t, s) != before {
			t.Fatalf("step %d (%s): WithMeta changed the model before it", step, path)
		}
		list := make([]*Parsed, 0, len(byPath))
		for _, k := range sortedKeys(byPath) {
			list = append(list, byPath[k])
		}
		wg := graph.New()
		want, err := Assemble(cfg, list, wg)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := modelJSON(t, got), modelJSON(t, want); a != b {
			t.Fatalf("step %d (%s): WithMeta made\n%s\nwant\n%s", step, path, a, b)
		}
		checkDerived(t, fmt.Sprintf("step %d (%s)", step, path), got, s, want, byPath[path].Src.Kind == content.Doc)
		for _, r := range want.Order {
			for _, n := range []graph.Node{graph.Route(r), graph.Sidebar(want.Routes.Get(r).Data.Sidebar)} {
				if a, b := fmt.Sprint(g.Reads(n)), fmt.Sprint(wg.Reads(n)); a != b {
					t.Fatalf("step %d (%s): %s reads %s, want %s", step, path, n, a, b)
				}
			}
		}
		s = got
	}
}

// TestWithMetaReassemblesOnlyWhatReadsTheEdit: a title edit makes again its doc's route and its
// sidebar's pages, and shares every other route with the model before (the other sidebar, the
// other versions, the doc in no sidebar); a blog post or a page needs a whole assembly.
func TestWithMetaReassemblesOnlyWhatReadsTheEdit(t *testing.T) {
	cfg, conv, list := metaProject(t)
	s, err := Assemble(cfg, list, graph.New())
	if err != nil {
		t.Fatal(err)
	}
	var setup *Parsed
	for _, p := range list {
		if p.Src.Path == "docs/alpha/setup.md" {
			setup = p
		}
	}
	if err := os.WriteFile(setup.Src.Abs, []byte("---\ntitle: Setting up\nsidebar_position: 2\n---\n\nText.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, _, err := Reprocess(conv, setup.Src, setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]*Parsed{}
	for _, q := range list {
		all[q.Src.Path] = q
	}
	all[p.Src.Path] = p
	got, ok := s.WithMeta(map[string]*Parsed{p.Src.Path: p}, sources(all))
	if !ok {
		t.Fatal("a title edit assembled the whole site")
	}
	var remade []string
	for path, r := range got.Routes.All() {
		if s.Routes.Get(path) != r {
			remade = append(remade, path)
		}
	}
	sort.Strings(remade)
	// Both locales show the English page; beta/guide/y's pagination_next names it.
	want := []string{"/docs/beta/guide/x", "/docs/beta/guide/y", "/docs/beta/intro", "/docs/category/alpha-more",
		"/docs/fr/beta/guide/x", "/docs/fr/beta/guide/y", "/docs/fr/beta/intro", "/docs/fr/category/alpha-more"}
	for _, prefix := range []string{"/docs", "/docs/fr"} {
		for _, d := range []string{"alpha/intro", "alpha/setup", "alpha/more/a", "alpha/more/b", "alpha/deep", "alpha/deep/c"} {
			want = append(want, prefix+"/"+d)
		}
	}
	want = append(want, "/docs/") // the generated landing's cards show the first page of each sidebar (French has its own)
	sort.Strings(want)
	if !slices.Equal(remade, want) {
		t.Errorf("re-assembled %v\nwant %v", remade, want)
	}
	if got.Routes.Get("/docs/alpha/more/a").Data.Next.Title != "B" || got.Routes.Get("/docs/alpha/intro").Data.Next.Title != "Setting up" {
		t.Error("the sidebar's pages do not show the new title")
	}
	if s.Routes.Get("/docs/alpha/intro").Data.Next.Title != "Setup" {
		t.Error("the model before the edit was changed")
	}
	// A page no locale shows is assembled with the rest.
	page := &Parsed{Src: content.Source{Path: "pages/help.md", Kind: content.Page}}
	if _, ok := s.WithMeta(map[string]*Parsed{page.Src.Path: page}, sources(all)); ok {
		t.Error("WithMeta re-assembled the edit of a page it does not know on its own")
	}
	// Sidebars of a sidebars file whose autogenerated folders overlap: the same, both or neither.
	hand := *cfg
	hand.HandSidebars = map[string][]byte{"current": []byte(`{"alpha": [{"type": "autogenerated", "dirName": "alpha"}],
		"more": [{"type": "autogenerated", "dirName": "alpha/more"}]}`)}
	hs, err := Assemble(&hand, list, graph.New())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := hs.WithMeta(map[string]*Parsed{p.Src.Path: p}, sources(all)); ok {
		t.Error("WithMeta re-assembled sidebars of a sidebars file whose folders overlap on their own")
	}
	// A sidebar of the whole docs folder holds the others': which one a page belongs to, and the
	// category pages both make, depend on both.
	wide := *cfg
	wide.Sidebars = append([]config.Sidebar{{ID: "all", Dir: "."}}, cfg.Sidebars...)
	ws, err := Assemble(&wide, list, graph.New())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ws.WithMeta(map[string]*Parsed{p.Src.Path: p}, sources(all)); ok {
		t.Error("WithMeta re-assembled sidebars whose folders overlap on their own")
	}
}

// modelJSON is what of a model pages and the link check read, as text to compare.
func modelJSON(t *testing.T, s *Site) string {
	t.Helper()
	type route struct {
		Data                 *PageData
		Source, File, Label  string
		Listed, HideTOC, MDX bool
		TOCMin, TOCMax       int
		Doc                  bool
	}
	routes := map[string]route{}
	for p, r := range s.Routes.All() {
		routes[p] = route{r.Data, r.Source, r.File, r.SidebarLabel, r.Listed, r.HideTOC, r.MDX, r.TOCMin, r.TOCMax, r.Doc != nil}
	}
	refs := slices.Clone(s.Refs)
	sort.Slice(refs, func(i, j int) bool {
		return refs[i].File+refs[i].Field+refs[i].Value < refs[j].File+refs[j].Field+refs[j].Value
	})
	out, err := json.MarshalIndent(struct {
		Routes    map[string]route
		Order     []string
		Sidebars  map[string][]*SidebarItem
		FileRoute map[string]string
		Refs      []Ref
		Posts     map[string][]PostSummary
		Entries   map[string]string
	}{routes, s.Order, s.Sidebars, s.FileRoute.Map(), refs, s.Posts, s.SidebarEntries("en")}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestWithMetaMarksMDXPosts: a post compiled as MDX whose title changed is made again by its blog's
// assembly, and its routes (one per locale) stay MDX pages, as a whole assembly marks them.
func TestWithMetaMarksMDXPosts(t *testing.T) {
	p := newStructProject(t)
	post := "blog/2025-06-01-sixth.mdx"
	p.write(post, "---\ntitle: Sixth\n---\n\nText of <b>MDX</b>.\n")
	s, err := Assemble(p.cfg, p.list(), graph.New())
	if err != nil {
		t.Fatal(err)
	}
	p.write(post, "---\ntitle: Sixth again\n---\n\nText of <b>MDX</b>.\n")
	got, ok := s.WithMeta(map[string]*Parsed{post: p.byPath[post]}, sources(p.byPath))
	if !ok {
		t.Fatal("WithMeta assembled the whole site for a post's title")
	}
	want, err := Assemble(p.cfg, p.list(), graph.New())
	if err != nil {
		t.Fatal(err)
	}
	if a, b := modelJSON(t, got), modelJSON(t, want); a != b {
		t.Fatalf("WithMeta made\n%s\nwant\n%s", a, b)
	}
	if !got.Routes.Get("/docs/fr/blog/sixth").MDX {
		t.Error("the French copy of the MDX post is not an MDX page")
	}
}

// TestWithMetaNeverKeepsTheLastRestructured: a model WithMeta makes lists what it made again, or
// nothing when it made the blog or the pages anew (a route may have come or gone), never what the
// re-assembly before it made (WithMeta starts from a copy of the last model): the link check and
// the sitemap read the list as this edit's.
func TestWithMetaNeverKeepsTheLastRestructured(t *testing.T) {
	p := newStructProject(t)
	g := graph.New()
	s, err := Assemble(p.cfg, p.list(), g)
	if err != nil {
		t.Fatal(err)
	}
	added := "docs/alpha/zz-added.md"
	s, ok := p.restructure(s, g, "a doc added", map[string]string{added: "---\ntitle: Added\n---\n\nText.\n"})
	if !ok || s.Restructured() == nil || !slices.Contains(s.Restructured().Routes, "/docs/alpha/zz-added") {
		t.Fatalf("WithStructure: %v, restructured %+v", ok, s.Restructured())
	}
	post := "blog/2025-06-01-sixth.md"
	p.write(post, "---\ntitle: Sixth\n---\n\nText.\n")
	s, err = Assemble(p.cfg, p.list(), g)
	if err != nil {
		t.Fatal(err)
	}
	s, ok = p.restructure(s, g, "a doc added again", map[string]string{"docs/alpha/zz-other.md": "---\ntitle: Other\n---\n\nText.\n"})
	if !ok || s.Restructured() == nil {
		t.Fatal("WithStructure declined a doc added beside others")
	}
	p.write(post, "---\ntitle: Sixth again\n---\n\nText.\n")
	got, ok := s.WithMeta(map[string]*Parsed{post: p.byPath[post]}, sources(p.byPath))
	if !ok {
		t.Fatal("WithMeta assembled the whole site for a post's title")
	}
	if re := got.Restructured(); re != nil {
		t.Errorf("after a post's title edit (the blog made anew) Restructured is %+v, want nil", re)
	}
	p.write(added, "---\ntitle: Added again\n---\n\nText.\n")
	got, ok = got.WithMeta(map[string]*Parsed{added: p.byPath[added]}, sources(p.byPath))
	if !ok {
		t.Fatal("WithMeta assembled the whole site for a doc's title")
	}
	re := got.Restructured()
	if re == nil || re == s.Restructured() || !slices.Contains(re.Routes, "/docs/alpha/zz-added") || len(re.Gone) != 0 {
		t.Errorf("after a doc's title edit Restructured is %+v, want the routes of its sidebar, none gone", re)
	}
}
