package site

// Re-assemblies chained as docsd watch chains them: body, meta and structural edits at random,
// each re-assembled from the model before it (WithBodies, WithMeta, WithStructure). The model's
// maps are layered (pkg/layered): a re-assembly clones them, which freezes the model's, and a
// write to a frozen map panics. A declined re-assembly has cloned them too; when the whole
// assembly after it fails as well (a route claimed twice), the builder keeps that model, and the
// next edits are re-assembled from it. Every step is compared with a whole assembly.

import (
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"docsd/pkg/content"
	"docsd/pkg/graph"
)

func TestReassemblyChainsFromAKeptModel(t *testing.T) {
	kept := 0
	for seed := int64(1); seed <= 8; seed++ {
		kept += reassemblyChain(t, seed, 150)
	}
	// docs/index.md claims /docs/fr, the French landing page's route: a whole assembly fails.
	if kept < 3 {
		t.Errorf("a model was kept after a declined re-assembly %d times, want a few", kept)
	}
}

// reassemblyChain makes steps edits from seed and returns how often a model was kept after a
// declined re-assembly whose whole assembly failed or was undone.
func reassemblyChain(t *testing.T, seed int64, steps int) (kept int) {
	p := newStructProject(t)
	g := graph.New()
	s, err := Assemble(p.cfg, p.list(), g)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(seed))
	dirs := []string{"docs/alpha/", "docs/alpha/more/", "docs/alpha/deep/", "docs/beta/", "docs/beta/guide/", "docs/",
		"i18n/fr/docs/alpha/", "versioned_docs/version-1.0/alpha/"}
	names := []string{"a", "b", "c", "intro", "index", "setup", "x"}
	afterKept := false // the model was kept: the next edit is often a post's or a page's meta
	for step := range steps {
		var docs, others []string // others: the blog posts and pages, whose meta WithMeta takes too
		for path, q := range p.byPath {
			switch q.Src.Kind {
			case content.Doc:
				docs = append(docs, path)
			case content.BlogPost, content.Page:
				others = append(others, path)
			}
		}
		sort.Strings(docs)
		sort.Strings(others)
		lastParsed := maps.Clone(p.byPath)
		texts := map[string]string{} // the edited files' texts before the edit ("": none)
		edit := func(rel, text string) {
			b, _ := os.ReadFile(filepath.Join(p.root, "content", filepath.FromSlash(rel)))
			texts[rel] = string(b)
			p.write(rel, text)
		}
		fm := fmt.Sprintf("---\ntitle: T%d\nsidebar_position: %d\n---\n\nText %d.\n", step, rng.Intn(4), step)
		what := fmt.Sprintf("seed %d step %d", seed, step)
		was := modelJSON(t, s)
		var got *Site
		var ok, structural bool
		op := rng.Intn(4)
		other := rng.Intn(3) == 0
		if afterKept && rng.Intn(2) == 0 {
			op, other = 0, true
		}
		afterKept = false
		if len(docs) < 4 {
			op = 2 // a doc added, if its name is free
		}
		switch op {
		case 0: // a title and a position, or a post's or a page's title
			d := docs[rng.Intn(len(docs))]
			if other {
				d = others[rng.Intn(len(others))]
				fm = fmt.Sprintf("---\ntitle: T%d\n---\n\nText.\n", step)
			}
			edit(d, fm)
			what += " meta " + d
			got, ok = s.WithMeta(map[string]*Parsed{d: p.byPath[d]}, sources(p.byPath))
		case 1: // a body
			d := docs[rng.Intn(len(docs))]
			raw, err := os.ReadFile(p.byPath[d].Src.Abs)
			if err != nil {
				t.Fatal(err)
			}
			edit(d, string(raw)+fmt.Sprintf("\nMore %d.\n", step))
			what += " body " + d
			got, ok = s.WithBodies(map[string]*Parsed{d: p.byPath[d]}), true
		default: // a doc added or deleted
			var rel, text string
			if fresh := dirs[rng.Intn(len(dirs))] + names[rng.Intn(len(names))] + ".md"; p.byPath[fresh] == nil && (len(docs) < 4 || rng.Intn(2) == 0) {
				rel, text = fresh, fm
			} else if len(docs) < 4 {
				continue
			} else {
				rel = docs[rng.Intn(len(docs))]
			}
			edit(rel, text)
			what += " structure " + rel
			structural = true
			got, ok = s.WithStructure([]string{rel}, sources(lastParsed), sources(p.byPath))
		}
		if modelJSON(t, s) != was {
			t.Fatalf("%s: the re-assembly changed the model before it", what)
		}
		if !ok {
			full, err := Assemble(p.cfg, p.list(), g)
			if err == nil && (!structural || rng.Intn(2) == 0) {
				s = full
				continue
			}
			// The whole assembly failed (or the writer undid the edit before it ran): the builder
			// keeps s, whose maps the declined re-assembly froze, and the files are s's again.
			for rel, text := range texts {
				abs := filepath.Join(p.root, "content", filepath.FromSlash(rel))
				if text == "" {
					err = os.Remove(abs)
				} else {
					err = os.WriteFile(abs, []byte(text), 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			p.byPath = lastParsed
			kept++
			afterKept = true
			continue
		}
		want, err := Assemble(p.cfg, p.list(), graph.New())
		if err != nil {
			t.Fatalf("%s: re-assembled, but a whole assembly fails: %v", what, err)
		}
		if a, b := modelJSON(t, got), modelJSON(t, want); a != b {
			t.Fatalf("%s: made\n%s\nwant\n%s", what, a, b)
		}
		s = got
	}
	return kept
}
