// Package graph is the dependency graph of a site: nodes are typed (source files and their meta and
// anchors, routes, sidebars, blog lists, and the configuration, the shell and the site's structure);
// an edge "A reads B" is recorded every time A's output is computed from B. A change to B dirties
// every node that reads it, transitively, and nothing else: the builder renders the dirty routes.
package graph

import (
	"fmt"
	"slices"
	"sort"
	"sync"
)

// Kind is what a node stands for. The zero Kind is Invalid, so a zero Node names nothing and is
// never mistaken for a file or a route.
type Kind uint8

const (
	Invalid       Kind = iota
	FileKind           // a source file's body (its bytes)
	MetaKind           // what other pages show of a source file: title, labels, position, description
	AnchorsKind        // a source file's heading ids, which #anchor links read
	RouteKind          // a page of the site: its page data and HTML
	SidebarKind        // an assembled sidebar
	BlogListKind       // the posts of one locale's blog: what its lists, archive, tags and feeds show
	ConfigKind         // docsd.toml
	ShellKind          // the React shell: its bundle and assets
	StructureKind      // the set of sources and the routes they claim: a file added, deleted or moved
)

var kindNames = [...]string{"invalid", "file", "meta", "anchors", "route", "sidebar", "blog", "config", "shell", "structure"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Node names one thing in the graph: a kind and, for the kinds there are many of, a key (a
// content path, a route, a sidebar key, a locale).
type Node struct {
	Kind Kind
	Key  string
}

func (n Node) String() string {
	if n.Key == "" {
		return n.Kind.String()
	}
	return n.Kind.String() + ":" + n.Key
}

// Node constructors, one per kind.
func File(path string) Node       { return Node{FileKind, path} }
func Meta(path string) Node       { return Node{MetaKind, path} }
func Anchors(path string) Node    { return Node{AnchorsKind, path} }
func Route(route string) Node     { return Node{RouteKind, route} }
func Sidebar(key string) Node     { return Node{SidebarKind, key} }
func BlogList(locale string) Node { return Node{BlogListKind, locale} }
func Config() Node                { return Node{Kind: ConfigKind} }
func Shell() Node                 { return Node{Kind: ShellKind} }
func Structure() Node             { return Node{Kind: StructureKind} }

// Graph is safe for concurrent use.
type Graph struct {
	mu      sync.Mutex
	readers map[Node]map[Node]struct{} // B → the nodes that read B
	reads   map[Node]map[Node]struct{} // A → the nodes A reads
}

// New returns an empty graph.
func New() *Graph {
	return &Graph{readers: map[Node]map[Node]struct{}{}, reads: map[Node]map[Node]struct{}{}}
}

// Record notes that reader's output depends on read.
func (g *Graph) Record(reader, read Node) {
	if reader == read {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.readers[read] == nil {
		g.readers[read] = map[Node]struct{}{}
	}
	g.readers[read][reader] = struct{}{}
	if g.reads[reader] == nil {
		g.reads[reader] = map[Node]struct{}{}
	}
	g.reads[reader][read] = struct{}{}
}

// Forget drops the edges out of reader to nodes of the given kinds (every edge out of it when no
// kind is given), before that part of its output is computed again.
func (g *Graph) Forget(reader Node, kinds ...Kind) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for read := range g.reads[reader] {
		if len(kinds) == 0 || slices.Contains(kinds, read.Kind) {
			g.unlink(reader, read)
		}
	}
}

// Drop removes every edge to a node of the given kinds, before a step that records all of them
// again (assembly records every edge but the anchors that rendering reads).
func (g *Graph) Drop(kinds ...Kind) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for read, readers := range g.readers {
		if slices.Contains(kinds, read.Kind) {
			for reader := range readers {
				g.unlink(reader, read)
			}
		}
	}
}

func (g *Graph) unlink(reader, read Node) {
	delete(g.readers[read], reader)
	if len(g.readers[read]) == 0 {
		delete(g.readers, read)
	}
	delete(g.reads[reader], read)
	if len(g.reads[reader]) == 0 {
		delete(g.reads, reader)
	}
}

// Reads lists what reader depends on, sorted.
func (g *Graph) Reads(reader Node) []Node {
	g.mu.Lock()
	defer g.mu.Unlock()
	return sorted(g.reads[reader])
}

// Dirty returns every node that reads any of changed, directly or through other nodes, plus the
// changed nodes themselves.
func (g *Graph) Dirty(changed ...Node) map[Node]bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[Node]bool{}
	queue := append([]Node(nil), changed...)
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if out[n] {
			continue
		}
		out[n] = true
		for r := range g.readers[n] {
			if !out[r] {
				queue = append(queue, r)
			}
		}
	}
	return out
}

// DirtyRoutes lists, sorted, the routes that read any of changed, directly or through other nodes:
// the pages a rebuild renders.
func (g *Graph) DirtyRoutes(changed ...Node) []string {
	var out []string
	for n := range g.Dirty(changed...) {
		if n.Kind == RouteKind {
			out = append(out, n.Key)
		}
	}
	sort.Strings(out)
	return out
}

// Len is the number of edges, for tests and statistics.
func (g *Graph) Len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, m := range g.reads {
		n += len(m)
	}
	return n
}

func sorted(m map[Node]struct{}) []Node {
	out := make([]Node, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Key < out[j].Key
	})
	return out
}
