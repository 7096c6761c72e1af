package site

import (
	"testing"

	"docsd/pkg/graph"
)

// TestDocAtTheVersionRootTakesTheRoot: with base_path "/docs/" and the docs served at "/docs"
// (Docusaurus's baseUrl "/docs/" and routeBasePath "/"), a doc with slug "/", or a docs/index.md,
// is the site's root page "/docs/" (index.html), not a route "/docs" that names the same file and
// lost it to the generated landing page without a word. Removing it brings the landing back.
func TestDocAtTheVersionRootTakesTheRoot(t *testing.T) {
	for _, c := range []struct{ what, file, text, id string }{
		{"slug /", "docs/home.md", "---\ntitle: Home\nslug: /\n---\n\nWelcome.\n", "home"},
		{"docs/index.md", "docs/index.md", "---\ntitle: Home\n---\n\nWelcome.\n", ""},
	} {
		t.Run(c.what, func(t *testing.T) {
			p := newStructProject(t)
			p.write("i18n/fr/pages/index.md", "") // a page at the root too: the two would clash, as in Docusaurus
			g := graph.New()
			s, err := Assemble(p.cfg, p.list(), g)
			if err != nil {
				t.Fatal(err)
			}
			if r := s.Routes.Get("/docs/"); r == nil || r.Data.Kind != KindCategory {
				t.Fatalf("before: /docs/ is %+v, want the generated landing", r)
			}
			s, _ = p.restructure(s, g, "a doc at the root", map[string]string{c.file: c.text})
			r := s.Routes.Get("/docs/")
			if r == nil || r.Data.Kind != KindDoc || r.Data.DocID != c.id || r.Data.Title != "Home" {
				t.Fatalf("/docs/ is %+v, want the doc %q", r, c.id)
			}
			if r := s.Routes.Get("/docs"); r != nil {
				t.Errorf("/docs is a route too (%s), of the same index.html", r.Data.Kind)
			}
			s, _ = p.restructure(s, g, "the doc at the root deleted", map[string]string{c.file: ""})
			if r := s.Routes.Get("/docs/"); r == nil || r.Data.Kind != KindCategory {
				t.Fatalf("after: /docs/ is %+v, want the generated landing again", r)
			}
		})
	}
}
