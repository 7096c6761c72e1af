package graph

import (
	"fmt"
	"math/rand"
	"slices"
	"strconv"
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

// Edges recorded twice count once; forgetting one reader of a node read by many keeps the others;
// an edge dropped and recorded again is back once (the graph numbers nodes and keeps lists, so
// these are what its bookkeeping could get wrong).
func TestRecordForgetDropBookkeeping(t *testing.T) {
	g := New()
	for _, r := range []string{"/a", "/b", "/c"} {
		g.Record(Route(r), Config())
		g.Record(Route(r), Config())
		g.Record(Route(r), File(r[1:]+".md"))
	}
	if g.Len() != 6 {
		t.Fatalf("edges = %d, want 6", g.Len())
	}
	g.Forget(Route("/b"))
	if got := strings.Join(g.DirtyRoutes(Config()), " "); got != "/a /c" {
		t.Errorf("after forgetting /b, config dirties %q", got)
	}
	g.Record(Route("/a"), Anchors("c.md"))
	g.Drop(ConfigKind, FileKind)
	if g.Len() != 1 || len(g.DirtyRoutes(Config())) != 0 {
		t.Errorf("after Drop: %d edges, config dirties %v", g.Len(), g.DirtyRoutes(Config()))
	}
	g.Record(Route("/c"), Config())
	g.Record(Route("/a"), Config())
	g.Record(Route("/a"), Config())
	if got := strings.Join(g.DirtyRoutes(Config()), " "); got != "/a /c" || g.Len() != 3 {
		t.Errorf("recorded again: config dirties %q with %d edges, want /a /c and 3", got, g.Len())
	}
	if got := g.Reads(Route("/a")); len(got) != 2 || got[0] != Anchors("c.md") || got[1] != Config() {
		t.Errorf("Reads(/a) = %v", got)
	}
}

// BenchmarkAssemblyEdges is what an assembly of a 10,000-page site does to the graph: drop every
// edge it recorded last time (keeping rendering's anchor edges) and record them again.
func BenchmarkAssemblyEdges(b *testing.B) {
	const pages = 10000
	routes := make([]Node, pages)
	files := make([]Node, pages)
	for i := range routes {
		routes[i] = Route("/docs/p" + strconv.Itoa(i/300) + "/page" + strconv.Itoa(i))
		files[i] = File("content/docs/p" + strconv.Itoa(i/300) + "/page" + strconv.Itoa(i) + ".md")
	}
	assembly := []Kind{FileKind, MetaKind, RouteKind, SidebarKind, BlogListKind, ConfigKind, ShellKind, StructureKind}
	g := New()
	record := func() {
		for i, r := range routes {
			sb := Sidebar("p" + strconv.Itoa(i/300))
			g.Record(r, File(files[i].Key))
			g.Record(r, Config())
			g.Record(r, Shell())
			g.Record(r, Structure())
			g.Record(r, sb)
			g.Record(sb, Meta(files[i].Key))
			if i > 0 {
				g.Record(r, Meta(files[i-1].Key))
			}
		}
	}
	record()
	for i := 0; i < pages; i += 10 {
		g.Record(routes[i], Anchors(files[(i+1)%pages].Key))
	}
	b.ReportAllocs()
	for b.Loop() {
		g.Drop(assembly...)
		record()
	}
}

// TestRandomEditsKeepTheLists records, forgets and drops edges at random, as assembly and
// rendering do, and compares every node's readers and reads with a plain set of pairs: forgetting
// a reader moves another into its place in the read node's list, and the graph must keep knowing
// where each one stands.
func TestRandomEditsKeepTheLists(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var nodes []Node
	for i := range 40 {
		nodes = append(nodes, Route(fmt.Sprint("/r", i)), Meta(fmt.Sprint("m", i%7)))
	}
	nodes = append(nodes, Config(), Shell(), Structure(), Anchors("a"))
	g := New()
	want := map[[2]Node]bool{}
	for step := range 3000 {
		switch op := rng.Intn(20); {
		case op == 0:
			g.Drop(MetaKind)
			for e := range want {
				if e[1].Kind == MetaKind {
					delete(want, e)
				}
			}
		case op < 5:
			r := nodes[rng.Intn(len(nodes))]
			g.Forget(r)
			for e := range want {
				if e[0] == r {
					delete(want, e)
				}
			}
		default:
			a, b := nodes[rng.Intn(len(nodes))], nodes[rng.Intn(len(nodes))]
			g.Record(a, b)
			if a != b {
				want[[2]Node{a, b}] = true
			}
		}
		if step%100 != 99 {
			continue
		}
		if g.Len() != len(want) {
			t.Fatalf("step %d: %d edges, want %d", step, g.Len(), len(want))
		}
		for _, n := range nodes {
			var readers, reads []Node
			for e := range want {
				if e[1] == n {
					readers = append(readers, e[0])
				}
				if e[0] == n {
					reads = append(reads, e[1])
				}
			}
			sortNodes(readers)
			sortNodes(reads)
			if got := g.Readers(n); !slices.Equal(got, readers) {
				t.Fatalf("step %d: readers of %v are %v, want %v", step, n, got, readers)
			}
			if got := g.Reads(n); !slices.Equal(got, reads) {
				t.Fatalf("step %d: %v reads %v, want %v", step, n, got, reads)
			}
		}
	}
}
