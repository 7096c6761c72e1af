package site

import (
	"fmt"
	"slices"
	"sort"
	"testing"

	"docsd/pkg/content"
	"docsd/pkg/graph"
)

// checkDerived checks what a re-assembly (got, made from old) says of itself against a whole
// assembly of the same sources (want): its MDX routes, and, when it knows them, the routes of old
// it no longer has. known is whether it must know them. The builder reads both instead of
// walking every route (GoneSince, MDXRoutes).
func checkDerived(t *testing.T, what string, got, old, want *Site, known bool) {
	t.Helper()
	var mdx []string
	for p, r := range want.Routes.All() {
		if r.MDX {
			mdx = append(mdx, p)
		}
	}
	sort.Strings(mdx)
	if a, b := fmt.Sprint(got.MDXRoutes()), fmt.Sprint(mdx); a != b {
		t.Fatalf("%s: MDX routes %s, want %s", what, a, b)
	}
	if a := fmt.Sprint(want.MDXRoutes()); a != fmt.Sprint(mdx) {
		t.Fatalf("%s: a whole assembly's MDX routes %s, want %s", what, a, fmt.Sprint(mdx))
	}
	gone, ok := got.GoneSince(old)
	if !ok {
		if known {
			t.Fatalf("%s: the re-assembly does not say which routes went", what)
		}
		return
	}
	var wantGone []string
	for p := range old.Routes.All() {
		if want.Routes.Get(p) == nil {
			wantGone = append(wantGone, p)
		}
	}
	sort.Strings(wantGone)
	gone = slices.Clone(gone)
	sort.Strings(gone)
	if a, b := fmt.Sprint(gone), fmt.Sprint(wantGone); a != b {
		t.Fatalf("%s: gone %s, want %s", what, a, b)
	}
}

// TestWithBodiesReplacesEveryRouteOfTheFile: a body edit's model has the file's routes in every
// locale that shows it (found through the graph), with the new document, and shares the others;
// it says nothing went, and a re-assembly made on top of it answers for the model before it.
func TestWithBodiesReplacesEveryRouteOfTheFile(t *testing.T) {
	p := newStructProject(t)
	g := graph.New()
	s, err := Assemble(p.cfg, p.list(), g)
	if err != nil {
		t.Fatal(err)
	}
	var path string
	for _, k := range sortedKeys(p.byPath) {
		n := 0
		for _, r := range s.Routes.All() {
			if r.Source == k {
				n++
			}
		}
		if p.byPath[k].Src.Kind == content.Doc && n > 1 {
			path = k // shown in more than one locale
			break
		}
	}
	if path == "" {
		t.Fatal("no doc of the test site is shown in two locales: the test tests nothing")
	}
	p.write(path, "---\ntitle: Same title\n---\n\nAnother body.\n")
	body := p.byPath[path]
	got := s.WithBodies(map[string]*Parsed{path: body})
	replaced := 0
	for route, r := range s.Routes.All() {
		now := got.Routes.Get(route)
		switch {
		case r.Source == path:
			replaced++
			if now == r || now.Doc != body.Doc {
				t.Errorf("%s: not replaced with the new document", route)
			}
		case now != r:
			t.Errorf("%s: copied, though its file did not change", route)
		}
	}
	if replaced < 2 {
		t.Fatalf("%d routes of %s replaced, want one per locale", replaced, path)
	}
	if gone, ok := got.GoneSince(s); !ok || len(gone) != 0 {
		t.Fatalf("GoneSince after a body edit: %v, %v; want none, known", gone, ok)
	}
	fresh, err := Assemble(p.cfg, p.list(), graph.New())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got.GoneSince(fresh); ok {
		t.Fatal("GoneSince answers for a model the re-assembly was not made from")
	}
	before := map[string]*Parsed{}
	for k, v := range p.byPath {
		before[k] = v
	}
	added := "docs/alpha/zz-added.md"
	p.write(added, "---\ntitle: Added\n---\n\nText.\n")
	next, ok := got.WithStructure([]string{added}, sources(before), sources(p.byPath))
	if !ok {
		t.Fatal("WithStructure declined a doc added beside others")
	}
	want, err := Assemble(p.cfg, p.list(), graph.New())
	if err != nil {
		t.Fatal(err)
	}
	checkDerived(t, "a doc added after a body edit", next, s, want, true)
	// Asked for the body edit's model (the last build's, in watch), the answer is the same.
	fromOrigin, _ := next.GoneSince(s)
	if gone, ok := next.GoneSince(got); !ok || !slices.Equal(gone, fromOrigin) {
		t.Errorf("GoneSince(the body edit's model) = %v, %v; want %v, known", gone, ok, fromOrigin)
	}
	if _, ok := next.GoneSince(fresh.WithBodies(map[string]*Parsed{path: body})); ok {
		t.Error("GoneSince answers for a body edit of a model the re-assembly was not made from")
	}
}
