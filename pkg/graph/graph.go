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
//
// Nodes are numbered as they are first seen, and edges are kept as lists of numbers beside one set
// of (reader, read) pairs. Assembly drops and records every edge of the site again on each title or
// structural edit, about 70,000 of them at 10,000 pages: with a map of maps per node, that was
// 60% of assembling (a profile of title edits at 10k pages), most of it in deleting entries one by
// one. Drop now keeps what survives (rendering's few anchor edges) and starts the lists again.
// Each pair knows where its reader stands in the read node's list: every route reads the
// configuration, the shell and the structure, and looking for a route in those lists to forget it
// was an edit's cost that grew with the site.
type Graph struct {
	mu      sync.Mutex
	ids     map[Node]int32   // node → its number
	nodes   []Node           // number → node
	edges   map[uint64]int32 // (A, B) → A's index in readers[B]
	readers [][]int32        // B → the nodes that read B
	reads   [][]int32        // A → the nodes A reads
}

// New returns an empty graph.
func New() *Graph {
	return &Graph{ids: map[Node]int32{}, edges: map[uint64]int32{}}
}

// id numbers n, the first time it is seen.
func (g *Graph) id(n Node) int32 {
	if i, ok := g.ids[n]; ok {
		return i
	}
	i := int32(len(g.nodes))
	g.ids[n] = i
	g.nodes = append(g.nodes, n)
	g.readers = append(g.readers, nil)
	g.reads = append(g.reads, nil)
	return i
}

func edge(reader, read int32) uint64 { return uint64(uint32(reader))<<32 | uint64(uint32(read)) }

// Record notes that reader's output depends on read.
func (g *Graph) Record(reader, read Node) {
	if reader == read {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	a, b := g.id(reader), g.id(read)
	e := edge(a, b)
	if _, ok := g.edges[e]; ok {
		return
	}
	g.edges[e] = int32(len(g.readers[b]))
	g.readers[b] = append(g.readers[b], a)
	g.reads[a] = append(g.reads[a], b)
}

// Forget drops the edges out of reader to nodes of the given kinds (every edge out of it when no
// kind is given), before that part of its output is computed again.
func (g *Graph) Forget(reader Node, kinds ...Kind) {
	g.mu.Lock()
	defer g.mu.Unlock()
	a, ok := g.ids[reader]
	if !ok {
		return
	}
	kept := g.reads[a][:0]
	for _, b := range g.reads[a] {
		if len(kinds) > 0 && !slices.Contains(kinds, g.nodes[b].Kind) {
			kept = append(kept, b)
			continue
		}
		e := edge(a, b)
		j, ok := g.edges[e]
		if !ok {
			continue
		}
		delete(g.edges, e)
		// The last reader of b takes a's place.
		last := int32(len(g.readers[b]) - 1)
		if moved := g.readers[b][last]; j != last {
			g.readers[b][j] = moved
			g.edges[edge(moved, b)] = j
		}
		g.readers[b] = g.readers[b][:last]
	}
	g.reads[a] = kept
}

// Drop removes every edge to a node of the given kinds, before a step that records all of them
// again (assembly records every edge but the anchors that rendering reads).
func (g *Graph) Drop(kinds ...Kind) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var dropped [256]bool
	for _, k := range kinds {
		dropped[k] = true
	}
	g.edges = map[uint64]int32{}
	for b := range g.readers {
		g.readers[b] = nil
	}
	for a, reads := range g.reads {
		var kept []int32
		for _, b := range reads {
			if !dropped[g.nodes[b].Kind] {
				kept = append(kept, b)
				g.edges[edge(int32(a), b)] = int32(len(g.readers[b]))
				g.readers[b] = append(g.readers[b], int32(a))
			}
		}
		g.reads[a] = kept
	}
}

// Reads lists what reader depends on, sorted.
func (g *Graph) Reads(reader Node) []Node {
	g.mu.Lock()
	defer g.mu.Unlock()
	a, ok := g.ids[reader]
	if !ok {
		return nil
	}
	out := make([]Node, 0, len(g.reads[a]))
	for _, b := range g.reads[a] {
		out = append(out, g.nodes[b])
	}
	sortNodes(out)
	return out
}

// Readers lists, sorted, the nodes that read n directly.
func (g *Graph) Readers(n Node) []Node {
	g.mu.Lock()
	defer g.mu.Unlock()
	b, ok := g.ids[n]
	if !ok {
		return nil
	}
	out := make([]Node, 0, len(g.readers[b]))
	for _, a := range g.readers[b] {
		out = append(out, g.nodes[a])
	}
	sortNodes(out)
	return out
}

// Dirty returns every node that reads any of changed, directly or through other nodes, plus the
// changed nodes themselves.
func (g *Graph) Dirty(changed ...Node) map[Node]bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[Node]bool{}
	var queue []int32
	for _, n := range changed {
		if i, ok := g.ids[n]; ok {
			queue = append(queue, i)
		} else {
			out[n] = true // a node nothing has recorded reads nothing and is read by nothing
		}
	}
	seen := make([]bool, len(g.nodes))
	for len(queue) > 0 {
		i := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if seen[i] {
			continue
		}
		seen[i] = true
		out[g.nodes[i]] = true
		for _, r := range g.readers[i] {
			if !seen[r] {
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
	return len(g.edges)
}

func sortNodes(out []Node) {
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Key < out[j].Key
	})
}
