package graph

import "testing"

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
