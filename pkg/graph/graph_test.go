package graph

import (
	"strings"
	"testing"
)

func TestDirtyIsTransitiveAndExact(t *testing.T) {
	g := New()
	// page a reads its sidebar, the sidebar reads page b's file (its title); page c reads only itself.
	g.Record(Route("/a"), Sidebar("s"))
	g.Record(Sidebar("s"), File("b.md"))
	g.Record(Route("/b"), File("b.md"))
	g.Record(Route("/c"), File("c.md"))
	d := g.Dirty(File("b.md"))
	for _, want := range []Node{File("b.md"), Sidebar("s"), Route("/a"), Route("/b")} {
		if !d[want] {
			t.Errorf("%s should be dirty", want)
		}
	}
	if d[Route("/c")] {
		t.Error("/c does not read b.md and must stay clean")
	}
}

func TestForgetDropsOldEdges(t *testing.T) {
	g := New()
	g.Record(Route("/a"), File("old.md"))
	g.Forget(Route("/a"))
	g.Record(Route("/a"), File("new.md"))
	if g.Dirty(File("old.md"))[Route("/a")] {
		t.Error("an edge that was forgotten still dirties its reader")
	}
	if !g.Dirty(File("new.md"))[Route("/a")] {
		t.Error("the new edge is missing")
	}
	if g.Len() != 1 {
		t.Errorf("edges = %d, want 1", g.Len())
	}
}

func TestZeroNodeNamesNothing(t *testing.T) {
	var n Node
	if n.Kind != Invalid || n == Config() || n == File("") {
		t.Errorf("the zero node %v is mistaken for a real one", n)
	}
	if got := Meta("docs/a.md").String(); got != "meta:docs/a.md" {
		t.Errorf("String() = %q", got)
	}
}

func TestDirtyRoutesFollowsConfigShellAndStructure(t *testing.T) {
	g := New()
	for _, r := range []string{"/b", "/a"} {
		for _, n := range []Node{Config(), Shell(), Structure(), File(strings.TrimPrefix(r, "/") + ".md")} {
			g.Record(Route(r), n)
		}
	}
	g.Record(Sidebar("s"), Meta("a.md"))
	g.Record(Route("/b"), Sidebar("s"))
	for _, c := range []struct {
		changed []Node
		want    string
	}{
		{[]Node{Config()}, "/a /b"},
		{[]Node{Shell()}, "/a /b"},
		{[]Node{Structure()}, "/a /b"},
		{[]Node{File("a.md")}, "/a"},
		{[]Node{Meta("a.md")}, "/b"},
		{[]Node{Anchors("a.md")}, ""},
	} {
		if got := strings.Join(g.DirtyRoutes(c.changed...), " "); got != c.want {
			t.Errorf("DirtyRoutes(%v) = %q, want %q", c.changed, got, c.want)
		}
	}
}

func TestForgetAndDropByKind(t *testing.T) {
	g := New()
	g.Record(Route("/a"), Anchors("b.md"))
	g.Record(Route("/a"), File("a.md"))
	g.Forget(Route("/a"), AnchorsKind)
	if g.Dirty(Anchors("b.md"))[Route("/a")] || !g.Dirty(File("a.md"))[Route("/a")] {
		t.Error("Forget with a kind must drop only the edges to that kind")
	}
	g.Record(Route("/a"), Anchors("b.md"))
	g.Drop(FileKind)
	if g.Dirty(File("a.md"))[Route("/a")] || !g.Dirty(Anchors("b.md"))[Route("/a")] {
		t.Error("Drop must remove the edges to its kinds and keep the others")
	}
	if g.Len() != 1 {
		t.Errorf("edges = %d, want 1", g.Len())
	}
}
