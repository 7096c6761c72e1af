// Package graph is the dependency graph of a site: nodes are source files, routes, sidebars, category
// indexes, blog indexes and search shards; an edge "A reads B" is recorded every time A's output is
// computed from B. A change to B dirties every node that reads it, transitively, and nothing else.
package graph

import (
	"sort"
	"sync"
)

// Node names one thing in the graph, e.g. "file:docs/a.md", "route:/docs/a", "sidebar:usage".
type Node string

// Node name constructors keep the prefixes in one place.
func File(path string) Node     { return Node("file:" + path) }
func Route(route string) Node   { return Node("route:" + route) }
func Sidebar(id string) Node    { return Node("sidebar:" + id) }
func Shard(route string) Node   { return Node("shard:" + route) }
func Structure() Node           { return Node("structure") }
func Config() Node              { return Node("config") }
func Shell() Node               { return Node("shell") }
func Blog() Node                { return Node("blog") }
func Named(kind, n string) Node { return Node(kind + ":" + n) }

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

// Forget drops every edge out of reader, before its output is computed again.
func (g *Graph) Forget(reader Node) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for read := range g.reads[reader] {
		delete(g.readers[read], reader)
		if len(g.readers[read]) == 0 {
			delete(g.readers, read)
		}
	}
	delete(g.reads, reader)
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
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
