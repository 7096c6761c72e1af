package site

import (
	"fmt"
	"maps"
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
	"docsd/pkg/layered"
	"docsd/pkg/markdown"
)

// structProject is metaProject's site on disk, with what adding and deleting its files needs.
type structProject struct {
	t      *testing.T
	root   string
	cfg    *config.Site
	conv   *markdown.Converter
	layout content.Layout
	byPath map[string]*Parsed
}

func newStructProject(t *testing.T) *structProject {
	cfg, conv, list := metaProject(t)
	p := &structProject{t: t, cfg: cfg, conv: conv, byPath: map[string]*Parsed{},
		layout: content.Layout{DefaultLocale: "en", Locales: []string{"en", "fr"}, Versions: map[string]string{}}}
	for _, v := range cfg.Versions {
		p.layout.Versions[v.Dir] = v.Name
	}
	for _, q := range list {
		p.byPath[q.Src.Path] = q
		p.root = strings.TrimSuffix(q.Src.Abs, filepath.FromSlash("/content/"+q.Src.Path))
	}
	return p
}

// write saves a file of content/ (text "" deletes it) and processes it as a rebuild does.
func (p *structProject) write(rel, text string) {
	p.t.Helper()
	abs := filepath.Join(p.root, "content", filepath.FromSlash(rel))
	if text == "" {
		if err := os.Remove(abs); err != nil {
			p.t.Fatal(err)
		}
		delete(p.byPath, rel)
		return
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(abs, []byte(text), 0o644); err != nil {
		p.t.Fatal(err)
	}
	src, ok := content.Classify(rel, p.layout)
	if !ok {
		p.t.Fatalf("%s is no source", rel)
	}
	src.Abs = abs
	parsed, _, err := Reprocess(p.conv, src, p.byPath[rel], nil)
	if err != nil {
		p.t.Fatal(err)
	}
	p.byPath[rel] = parsed
}

func (p *structProject) list() []*Parsed {
	out := make([]*Parsed, 0, len(p.byPath))
	for _, k := range sortedKeys(p.byPath) {
		out = append(out, p.byPath[k])
	}
	return out
}

// restructure applies the edit, re-assembles s with WithStructure and checks the model, its
// problems and the graph's edges against a whole assembly of the same files, and that s did not
// change. It returns the new model (the whole assembly's when WithStructure declined) and whether
// WithStructure made it.
func (p *structProject) restructure(s *Site, g *graph.Graph, what string, edit map[string]string) (*Site, bool) {
	t := p.t
	t.Helper()
	before := map[string]*Parsed{}
	for k, v := range p.byPath {
		before[k] = v
	}
	var changed []string
	for _, rel := range sortedKeys(edit) {
		p.write(rel, edit[rel])
		changed = append(changed, rel)
	}
	was := modelJSON(t, s)
	got, ok := s.WithStructure(changed, sources(before), sources(p.byPath))
	if modelJSON(t, s) != was {
		t.Fatalf("%s: WithStructure changed the model before it", what)
	}
	wg := graph.New()
	want, err := Assemble(p.cfg, p.list(), wg)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !ok {
		// The caller assembles the whole site, with the same graph.
		full, err := Assemble(p.cfg, p.list(), g)
		if err != nil {
			t.Fatal(err)
		}
		return full, false
	}
	if a, b := modelJSON(t, got), modelJSON(t, want); a != b {
		t.Fatalf("%s: WithStructure made\n%s\nwant\n%s", what, a, b)
	}
	checkDerived(t, what, got, s, want, true)
	for _, r := range want.Order {
		for _, n := range []graph.Node{graph.Route(r), graph.Sidebar(want.Routes.Get(r).Data.Sidebar)} {
			if a, b := fmt.Sprint(g.Reads(n)), fmt.Sprint(wg.Reads(n)); a != b {
				t.Fatalf("%s: %s reads %s, want %s", what, n, a, b)
			}
		}
	}
	files := sortedKeys(before)
	for f := range p.byPath {
		if before[f] == nil {
			files = append(files, f)
		}
	}
	for _, l := range p.cfg.Locales {
		if a, b := fmt.Sprint(g.Reads(graph.BlogList(l.Code))), fmt.Sprint(wg.Reads(graph.BlogList(l.Code))); a != b {
			t.Fatalf("%s: the blog of %s reads %s, want %s", what, l.Code, a, b)
		}
	}
	for _, f := range files {
		for _, n := range []graph.Node{graph.Meta(f), graph.File(f)} {
			if a, b := readersOf(g, n), readersOf(wg, n); a != b {
				t.Fatalf("%s: %s is read by %s, want %s", what, n, a, b)
			}
		}
	}
	return got, true
}

// readersOf lists a node's readers of the kinds assembly records, sorted.
func readersOf(g *graph.Graph, n graph.Node) string {
	var out []string
	for _, r := range g.Readers(n) {
		out = append(out, r.String())
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestWithStructureEqualsAssemble makes each kind of structural edit in turn (a new doc, a deleted
// one, a renamed one, one moved to another folder or sidebar, the first and last doc of a sidebar,
// the only doc of a folder with a category index, a translation added and deleted, a doc of an
// older version, an id, a slug, a draft; blog posts added, deleted, moved; category files added,
// deleted and changed, generated index slugs numbered among a version's categories) and checks that re-assembling only what reads them makes
// what a whole assembly makes. Each of these is one WithStructure makes on its own.
func TestWithStructureEqualsAssemble(t *testing.T) {
	p := newStructProject(t)
	g := graph.New()
	s, err := Assemble(p.cfg, p.list(), g)
	if err != nil {
		t.Fatal(err)
	}
	doc := func(title string) string { return "---\ntitle: " + title + "\n---\n\nText.\n" }
	steps := []struct {
		what string
		edit map[string]string
	}{
		{"a new doc", map[string]string{"docs/alpha/new.md": doc("New")}},
		{"a new doc first in its sidebar", map[string]string{"docs/alpha/aaa.md": "---\ntitle: First\nsidebar_position: 0\n---\n\nText.\n"}},
		{"a new doc last in its sidebar", map[string]string{"docs/beta/zzz.md": "---\ntitle: Last\nsidebar_position: 99\n---\n\nText.\n"}},
		{"the first doc deleted", map[string]string{"docs/alpha/aaa.md": ""}},
		{"the last doc deleted", map[string]string{"docs/beta/zzz.md": ""}},
		{"a doc deleted", map[string]string{"docs/alpha/new.md": ""}},
		{"a doc renamed", map[string]string{"docs/alpha/intro.md": "", "docs/alpha/start.md": "---\ntitle: Start\nsidebar_position: 1\n---\n\nText.\n"}},
		{"a doc moved to another sidebar", map[string]string{"docs/alpha/more/a.md": "", "docs/beta/guide/a.md": doc("A")}},
		{"a doc in a new folder", map[string]string{"docs/alpha/fresh/one.md": doc("One")}},
		{"the only doc of a folder deleted", map[string]string{"docs/alpha/fresh/one.md": ""}},
		{"a folder's last docs deleted (its category index goes)", map[string]string{"docs/alpha/more/b.md": ""}},
		{"a doc in the folder of a category index again", map[string]string{"docs/alpha/more/b.md": doc("B again")}},
		{"an index page deleted", map[string]string{"docs/alpha/deep/index.md": ""}},
		{"an index page added", map[string]string{"docs/alpha/deep/index.md": doc("Deep again")}},
		{"a doc in no sidebar", map[string]string{"docs/loose2.md": doc("Loose too")}},
		{"a translation added", map[string]string{"i18n/fr/docs/alpha/setup2.md": doc("Réglage")}},
		{"a translation of a doc that exists", map[string]string{"i18n/fr/docs/alpha/start.md": doc("Début")}},
		{"a translated doc's original deleted", map[string]string{"docs/alpha/start.md": ""}},
		{"a translation deleted", map[string]string{"i18n/fr/docs/alpha/start.md": ""}},
		{"a doc of an older version (other versions change)", map[string]string{"versioned_docs/version-1.0/alpha/more/a.md": doc("Old A")}},
		{"its id in the current version deleted", map[string]string{"docs/beta/guide/a.md": ""}},
		{"an id changed", map[string]string{"docs/beta/guide/x.md": "---\ntitle: X\nid: ex\nsidebar_position: 1\n---\n\nText.\n"}},
		{"a slug changed", map[string]string{"docs/beta/guide/x.md": "---\ntitle: X\nslug: /elsewhere\nsidebar_position: 1\n---\n\nText.\n"}},
		{"a draft", map[string]string{"docs/beta/intro.md": "---\ntitle: Beta intro\ndraft: true\n---\n\nText.\n"}},
		{"a draft no more", map[string]string{"docs/beta/intro.md": doc("Beta intro")}},
		{"a new blog post", map[string]string{"blog/2025-02-01-fourth.md": "---\ntitle: Fourth\nauthors: [ann, nobody]\ntags: [fresh]\n---\n\nText.\n"}},
		{"a post deleted", map[string]string{"blog/2025-01-02-second.md": ""}},
		{"a post's date changed", map[string]string{"blog/2025-01-03-third.md": "---\ntitle: Third\ndate: 2024-06-01\n---\n\nThe third post.\n"}},
		{"a post renamed", map[string]string{"blog/2025-01-03-third.md": "", "blog/2025-03-03-third-again.md": "---\ntitle: Third\n---\n\nText.\n"}},
		{"a French post", map[string]string{"i18n/fr/blog/2025-04-01-nouvelles.md": "---\ntitle: Nouvelles\n---\n\nTexte.\n"}},
		{"a post with a problem deleted", map[string]string{"blog/2025-02-01-fourth.md": ""}},
		{"an MDX post", map[string]string{"blog/2025-06-01-sixth.mdx": "---\ntitle: Sixth\n---\n\nText of <b>MDX</b>.\n"}},
		{"a doc and a post at once", map[string]string{"docs/beta/extra.md": doc("Extra"), "blog/2025-05-01-fifth.md": doc("Fifth")}},
		{"every post deleted", map[string]string{"blog/2025-01-01-first.md": "", "blog/2025-03-03-third-again.md": "",
			"blog/2025-05-01-fifth.md": "", "blog/2025-06-01-sixth.mdx": "", "i18n/fr/blog/2025-04-01-nouvelles.md": ""}},
		{"a new category file", map[string]string{"docs/alpha/deep/_category_.yml": "label: Deeper\nposition: 0\n"}},
		{"a category with a generated index and no slug", map[string]string{"docs/beta/guide/_category_.yml": "label: Guide\nlink:\n  type: generated-index\n"}},
		{"another with the same label (its slug is numbered)", map[string]string{"docs/alpha/deep/_category_.yml": "label: Guide\nlink:\n  type: generated-index\n"}},
		{"the first deleted (the other's slug changes)", map[string]string{"docs/beta/guide/_category_.yml": ""}},
		{"a category's label", map[string]string{"docs/alpha/more/_category_.yml": "label: Much more\nposition: 3\nlink:\n  type: generated-index\n  slug: /category/alpha-more\n"}},
		{"a French category", map[string]string{"i18n/fr/docs/alpha/more/_category_.yml": "label: Plus\nlink:\n  type: generated-index\n"}},
		{"a category linking a doc", map[string]string{"docs/alpha/deep/_category_.yml": "label: Deep\nlink:\n  type: doc\n  id: alpha/deep/c\n"}},
		{"a deleted category file", map[string]string{"docs/alpha/more/_category_.yml": ""}},
		{"a category and a doc at once", map[string]string{"docs/beta/more/_category_.yml": "label: More beta\n", "docs/beta/more/m.md": doc("M")}},
		{"a doc a pagination names deleted", map[string]string{"docs/alpha/setup.md": ""}},
	}
	for _, st := range steps {
		var ok bool
		if s, ok = p.restructure(s, g, st.what, st.edit); !ok {
			t.Errorf("%s: WithStructure declined", st.what)
		}
	}
}

// TestWithStructureDeclines: what it cannot make on its own (a page, a doc a pagination names that
// now exists, a hand-written sidebar) it leaves to a whole assembly.
func TestWithStructureDeclines(t *testing.T) {
	p := newStructProject(t)
	g := graph.New()
	s, err := Assemble(p.cfg, p.list(), g)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []struct {
		what     string
		edit     map[string]string
		declines bool
	}{
		{"a deleted page", map[string]string{"i18n/fr/pages/index.md": ""}, true},
		// A doc a pagination names that does not exist is a problem whose suggestions list every
		// doc: with one in the site, a doc added or deleted assembles everything.
		{"a pagination to nothing", map[string]string{"docs/beta/guide/y.md": "---\ntitle: Y\npagination_next: nothing\n---\n\nText.\n"}, false},
		{"the doc it names", map[string]string{"docs/nothing.md": "---\ntitle: Nothing\n---\n\nText.\n"}, true},
		// A category of one sidebar linking a doc of another: deleting the doc changes both
		// sidebars, whether re-assembled alone or whole (restructure compares either with Assemble).
		{"a category linking a doc of another sidebar", map[string]string{"docs/beta/more/_category_.yml": "label: More beta\nlink:\n  type: doc\n  id: alpha/more/b\n"}, false},
		{"the doc it links deleted", map[string]string{"docs/alpha/more/b.md": ""}, false},
	} {
		if _, ok := p.restructure(s, g, st.what, st.edit); ok && st.declines {
			t.Errorf("%s: WithStructure re-assembled it on its own", st.what)
		}
		// The site as it is now, assembled whole, for the next step.
		if s, err = Assemble(p.cfg, p.list(), g); err != nil {
			t.Fatal(err)
		}
	}
	// Two sidebars of a sidebars file listing folders one inside the other: both would make the
	// same category pages.
	hand := *p.cfg
	hand.HandSidebars = map[string][]byte{"current": []byte(`{"alpha": [{"type": "autogenerated", "dirName": "alpha"}],
		"more": [{"type": "autogenerated", "dirName": "alpha/more"}]}`)}
	p.cfg = &hand
	if s, err = Assemble(p.cfg, p.list(), g); err != nil {
		t.Fatal(err)
	}
	if _, ok := p.restructure(s, g, "a doc in overlapping folders of a sidebars file", map[string]string{"docs/alpha/more/new.md": "---\ntitle: New\n---\n\nText.\n"}); ok {
		t.Error("WithStructure re-assembled sidebars of a sidebars file whose folders overlap on its own")
	}
}

// TestWithStructureRandomEdits adds, deletes and renames docs at random (in every folder, the
// translations and the older version included) and checks every step against a whole assembly.
func TestWithStructureRandomEdits(t *testing.T) {
	p := newStructProject(t)
	g := graph.New()
	s, err := Assemble(p.cfg, p.list(), g)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(11))
	dirs := []string{"docs/alpha/", "docs/alpha/more/", "docs/alpha/deep/", "docs/alpha/new/", "docs/beta/", "docs/beta/guide/",
		"docs/", "i18n/fr/docs/alpha/", "i18n/fr/docs/beta/guide/", "versioned_docs/version-1.0/alpha/", "versioned_docs/version-1.0/beta/guide/"}
	names := []string{"a", "b", "c", "intro", "index", "setup", "x", "y", "zed"}
	made := 0
	for step := 0; step < 80; step++ {
		var docs []string
		for path, q := range p.byPath {
			if q.Src.Kind == content.Doc {
				docs = append(docs, path)
			}
		}
		sort.Strings(docs)
		fm := fmt.Sprintf("---\ntitle: T%d\n", step)
		if rng.Intn(3) == 0 {
			fm += fmt.Sprintf("sidebar_position: %d\n", rng.Intn(4))
		}
		fm += "---\n\nText.\n"
		fresh := dirs[rng.Intn(len(dirs))] + names[rng.Intn(len(names))] + ".md"
		edit := map[string]string{}
		switch op := rng.Intn(3); {
		case op == 0 && p.byPath[fresh] == nil:
			edit[fresh] = fm
		case op == 1 && len(docs) > 3:
			edit[docs[rng.Intn(len(docs))]] = ""
		case len(docs) > 3 && p.byPath[fresh] == nil:
			edit[docs[rng.Intn(len(docs))]], edit[fresh] = "", fm
		default:
			continue
		}
		var ok bool
		if s, ok = p.restructure(s, g, fmt.Sprintf("step %d %v", step, slices.Sorted(mapKeys(edit))), edit); ok {
			made++
		}
	}
	t.Logf("made %d", made)
	if made < 40 {
		t.Errorf("WithStructure made %d of the edits on its own, want most", made)
	}
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// sources are the parsed sources m as a build hands them to a re-assembly (a copy: the test writes m
// again afterwards).
func sources(m map[string]*Parsed) *Sources { return layered.From(maps.Clone(m)) }
