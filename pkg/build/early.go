// This file runs a full build whose pages render while its MDX pages compile. The shell's bundles
// come first (bundle.BuildEarly: small, and every page's HTML names them); then the MDX pages are
// built one by one beside the rendering: a page that needs no MDX chunk renders at once, and an
// MDX page as soon as its own chunk is built. Before, every page waited for the last MDX page's
// compile (issue #21: on a real site with 162 MDX pages, 1.5 s of a 2.1 s build).

package build

import (
	"errors"
	"sync"
	"time"

	"docsd/pkg/bundle"
	"docsd/pkg/config"
	"docsd/pkg/graph"
	"docsd/pkg/site"
)

// earlyPages are the MDX pages of a build whose chunks are built while pages render.
type earlyPages struct {
	mu     sync.Mutex
	chunks map[string]bundle.Chunk  // by page id (content path), once built
	ready  map[string]chan struct{} // by page id: closed once its chunk is in chunks, or the build ended
	ended  bool                     // the pages' build ended (failed: some chunks never come)
	// settled is true once the pages are built and the shell stays: no page renders again.
	settled bool
	// more is closed, and replaced, each time a page is built: what a feed waiting for any of
	// its pages waits on.
	more chan struct{}
}

func newEarlyPages(ids map[string]string) *earlyPages {
	e := &earlyPages{chunks: map[string]bundle.Chunk{}, ready: map[string]chan struct{}{}, more: make(chan struct{})}
	for id := range ids {
		e.ready[id] = make(chan struct{})
	}
	return e
}

// put records page id's chunk.
func (e *earlyPages) put(id string, c bundle.Chunk) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.chunks[id] = c
	if ch := e.ready[id]; ch != nil {
		close(ch)
		e.ready[id] = nil
	}
	close(e.more)
	e.more = make(chan struct{})
}

// end wakes whoever waits for a page that will not come.
func (e *earlyPages) end() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.ended = true
	for id, ch := range e.ready {
		if ch != nil {
			close(ch)
			e.ready[id] = nil
		}
	}
	close(e.more)
	e.more = make(chan struct{})
}

// mayRenderAgain reports whether the pages rendered so far may render again: the build has MDX
// pages, not all built yet, and one of them may need a shell made again (renderEarly).
func (e *earlyPages) mayRenderAgain() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.ready) > 0 && !e.settled
}

// next is closed once one more page is built or the build ends.
func (e *earlyPages) next() <-chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ended {
		closed := make(chan struct{})
		close(closed)
		return closed
	}
	return e.more
}

// sendAsBuilt sends each of the MDX routes as soon as its chunk is built, in the order they are
// built; false when the pages' build failed (some chunk never comes) or stop says to stop.
func (e *earlyPages) sendAsBuilt(routes []*site.Route, stop func() bool, send func(*site.Route)) bool {
	for len(routes) > 0 {
		if stop() {
			return true
		}
		more := e.next() // before looking, so that a page built meanwhile wakes us
		rest := routes[:0]
		for _, r := range routes {
			if !e.built(r.Source) {
				rest = append(rest, r)
				continue
			}
			if _, ok := e.chunk(r.Source); !ok {
				return false
			}
			send(r)
		}
		if len(rest) == len(routes) {
			<-more
		}
		routes = rest
	}
	return true
}

// chunk is page id's chunk, if built.
func (e *earlyPages) chunk(id string) (bundle.Chunk, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, ok := e.chunks[id]
	return c, ok
}

// built reports whether page id's chunk is there (or will never be: the build failed).
func (e *earlyPages) built(id string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	ch, waiting := e.ready[id]
	return !waiting || ch == nil
}

// wait blocks until page id's chunk is built; false when it never will be (the pages' build
// failed, and its error is the build's).
func (e *earlyPages) wait(id string) bool {
	e.mu.Lock()
	ch := e.ready[id]
	e.mu.Unlock()
	if ch != nil {
		<-ch
	}
	_, ok := e.chunk(id)
	return ok
}

// errMDXPending stops rendering when the MDX pages' build failed: the build reports that error.
var errMDXPending = errors.New("the MDX pages did not build")

// renderEarly is the bundle and render step of a build from empty that is not served while it renders:
// the MDX pages are built beside the rendering (run did the steps before).
func (b *Builder) renderEarly(req *request, cfg *config.Site, s *site.Site, g *graph.Graph, proc *processed,
	timings map[string]time.Duration) (*Result, error) {
	start := time.Now()
	early, err := b.bundleEarly(cfg, s)
	if err != nil {
		return nil, err
	}
	timings["bundle"] = time.Since(start)

	prev := b.assets
	b.assets = early.Main
	pending := newEarlyPages(mdxPages(cfg.Content(b.absRoot()), s))
	b.early = pending
	defer func() { b.early = nil }()
	newSt := func() *state {
		st := newState(b, req, cfg, s, proc, g, nil)
		st.timings = timings
		return st
	}
	st := newSt()

	type built struct {
		out    *bundle.Output
		missed bool
		err    error
	}
	done := make(chan built, 1)
	go func() {
		out, missed, err := early.Pages(st.mdxOrder(), pending.put)
		if err == nil && !missed {
			pending.mu.Lock()
			pending.settled = true
			pending.mu.Unlock()
		}
		pending.end()
		done <- built{out, missed, err}
	}()
	renderErr := st.renderPages(st.allRoutes())
	res := <-done
	if b.opts.LowMemory {
		b.bundler.Release()
	}
	if res.err != nil {
		b.assets = prev
		return nil, b.bundleErrors(res.err)
	}
	b.bundleErrors(nil)
	if renderErr != nil && !res.missed {
		return nil, renderErr
	}
	b.early = nil
	if !res.missed {
		st.releaseHeld()
	}
	if res.missed {
		b.earlyMissed++
		// The shell was made again with the modules the compiled pages share: every page names
		// its files, so every page renders again (over the same paths; the first pass stopped
		// at a page the old shell could not render, or went on with pages it could).
		if err := b.renderersFor(early.Main, res.out); err != nil {
			return nil, err
		}
		b.assets = res.out
		st = newSt()
		if err := st.renderPages(st.allRoutes()); err != nil {
			return nil, err
		}
	}
	b.noteStaleAssets(prev, res.out)
	b.assets = res.out
	for p, data := range res.out.Files {
		st.files.Add(p, data)
	}
	b.recordMDX(s, g)
	if err := st.renderSiteWide(st.allRoutes()); err != nil {
		return nil, err
	}
	return b.finish(st, nil, time.Time{}, len(st.allRoutes())), nil
}

// bundleEarly builds the shell's bundles ahead of the MDX pages and starts the renderers with
// them (prepareShell for a full build whose pages render while the MDX pages compile).
func (b *Builder) bundleEarly(cfg *config.Site, s *site.Site) (*bundle.Early, error) {
	if err := b.ensureBundler(cfg); err != nil {
		return nil, err
	}
	b.setMDX(cfg, s)
	early, err := b.bundler.BuildEarly()
	if err != nil {
		if b.opts.LowMemory {
			b.bundler.Release()
		}
		return nil, b.bundleErrors(err)
	}
	if err := b.renderersFor(b.assets, early.Main); err != nil {
		return nil, err
	}
	return early, nil
}

// mdxOrder is the order in which the MDX pages should be built: that of their routes' rendering
// (renderPages), blog posts first (the lists show their excerpts).
func (st *state) mdxOrder() []string {
	var posts, others []string
	for _, path := range st.allRoutes() {
		r := st.route(path)
		if r == nil || !r.MDX {
			continue
		}
		if r.Data.Kind == site.KindBlogPost {
			posts = append(posts, r.Source)
		} else {
			others = append(others, r.Source)
		}
	}
	return append(posts, others...)
}
