// This file streams pages through rendering: each page's Markdown is rendered, the page is
// server-rendered, written and released, with a bounded number of pages between the two. Rendering
// every page's Markdown first and then every page held the whole site's content at once: at 10,000
// pages that was the largest part of a build's memory, and it grew with the page count.

package build

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
	"docsd/pkg/search"
	"docsd/pkg/site"
)

// inFlight bounds the pages whose Markdown is rendered and whose page is not written yet. A few per
// core keeps the Markdown workers ahead of the server renderer (which answers several requests at
// once) without holding more than a few hundred KB of content.
func (b *Builder) inFlight() int {
	if b.maxInFlight > 0 {
		return b.maxInFlight
	}
	return 8 * runtime.GOMAXPROCS(0)
}

// pipelineStats records how many pages a build held between their Markdown and their written page,
// at most: what the streaming test checks (it must not grow with the page count); and, among them,
// the pages over a megabyte of Markdown (renderMarkdown lets one through at a time). pageWorkers is
// how many page workers the last stream ran (the most requests it could have at the renderers).
type pipelineStats struct {
	held, large gauge
	pageWorkers int
}

// gauge counts what is in flight now and the most there ever were.
type gauge struct{ now, peak atomic.Int64 }

func (g *gauge) add() {
	n := g.now.Add(1)
	for {
		old := g.peak.Load()
		if n <= old || g.peak.CompareAndSwap(old, n) {
			return
		}
	}
}

func (g *gauge) done() { g.now.Add(-1) }

// streamPages renders routes as a pipeline: Markdown workers (one per core) hand each page's
// content to page workers (which wait on the server renderer most of the time), through a bounded
// number of slots. Go's Markdown and Node's rendering run together.
//
// There is a page worker per slot, so that every page whose Markdown is rendered goes to the
// renderer at once: the slots bound the pages held, and a waiting worker costs nothing. With two
// per core (4 on 2 cores, for all the renderers together) the renderer had at most 4 requests, and
// each one's round trip (Node answers after the other pages of the same read, Go reads the answer,
// the worker writes its page and search shard and encodes the next) left Node waiting for work
// while the Markdown workers waited for a slot: at 10,000 pages 15 % of the 2 cores idle through
// the pages step (BENCHMARKS.md, "Session 18: idle18").
func (st *state) streamPages(routes []string) error {
	type ready struct {
		r *site.Route
		c pageContent
	}
	inFlight := st.b.inFlight()
	if st.halt != nil {
		// Pages already sent are finished when the feed halts: a few keep Node busy.
		inFlight = min(inFlight, 2*runtime.GOMAXPROCS(0))
	}
	slots := make(chan struct{}, inFlight)
	todo := make(chan *site.Route)
	out := make(chan ready, cap(slots))
	var failed atomic.Bool
	// halted is set once the feed has stopped for newer edits: the pages already sent but not yet
	// rendered are dropped (the rebuild's routes all render again in the next one: state.stale).
	// Finishing them held the next edit back by up to four pages' renders, 50-250 ms at 30,000
	// pages under load (bench/scale/watch.mjs --trace: write → rebuild start).
	var halted atomic.Bool
	var errOnce sync.Once
	var first error
	fail := func(err error) {
		errOnce.Do(func() { first = err })
		failed.Store(true)
	}
	// A page whose server render threw (renderError) is the writer's mistake in that page: the
	// other pages still render, so that one build reports every such page (jest's 24 pages came
	// one build at a time), as the link check and MDX compile errors do.
	var pageErrsMu sync.Mutex
	var pageErrs pageErrors
	pageFailed := func(err error) bool {
		var ce *content.Error
		if !errors.As(err, &ce) {
			return false
		}
		pageErrsMu.Lock()
		pageErrs.list = append(pageErrs.list, err)
		pageErrsMu.Unlock()
		return true
	}

	var mdWorkers sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		mdWorkers.Add(1)
		go func() {
			defer mdWorkers.Done()
			for r := range todo {
				if halted.Load() {
					<-slots
					continue
				}
				c, err := st.markdownOf(r)
				if err != nil {
					fail(err)
					<-slots
					continue
				}
				st.pipeline.held.add()
				out <- ready{r, c}
			}
		}()
	}
	var pageWorkers sync.WaitGroup
	st.pipeline.pageWorkers = inFlight
	for w := 0; w < inFlight; w++ {
		pageWorkers.Add(1)
		go func() {
			defer pageWorkers.Done()
			for p := range out {
				if !failed.Load() && !halted.Load() {
					err := st.pageOf(p.r, p.c)
					if err == nil && st.queue != nil {
						st.queue.wrote(p.r.Path) // a request waiting for it is answered
					}
					if err != nil {
						if !pageFailed(err) {
							fail(err)
						}
					} else if search.Indexed(st.site.Routes.Get(p.r.Path)) {
						// The search shard too, while the renderer works on other pages
						// (indexSearch merges them).
						shard := search.NewShardWith(st.searchPage(p.r), st.terms)
						if p.r.Doc != nil {
							// The shard holds what search needs of the page's text; the
							// document's copy went on to the end of the build (at 50,000
							// pages, 190 MB).
							p.r.Doc.ReleaseSections()
						}
						st.b.mu.Lock()
						st.shards[p.r.Path] = shard
						st.b.mu.Unlock()
					}
					if err == nil {
						st.doneWith(p.r)
					}
				}
				if p.c.done != nil {
					p.c.done()
				}
				st.pipeline.held.done()
				<-slots
			}
		}()
	}
	send := func(r *site.Route) {
		slots <- struct{}{}
		todo <- r
	}
	if st.queue != nil {
		// Served while it renders: the pages requests ask for go first (serving.go).
		st.queue.feed(st, routes, failed.Load, send)
	} else {
		// An MDX page whose chunk is still being built (early.go) waits until the pages that
		// need none are sent, then goes as soon as its chunk is there.
		var later []*site.Route
		for _, path := range routes {
			if failed.Load() {
				break
			}
			if st.halt != nil && st.halt() {
				halted.Store(true)
				break
			}
			r := st.route(path)
			switch {
			case r == nil:
			case st.b.early != nil && r.MDX && !st.b.early.built(r.Source):
				later = append(later, r)
			default:
				send(r)
			}
		}
		stop := func() bool { return failed.Load() || st.halt != nil && st.halt() }
		if len(later) > 0 && !st.b.early.sendAsBuilt(later, stop, send) {
			fail(errMDXPending)
		}
	}
	close(todo)
	mdWorkers.Wait()
	close(out)
	pageWorkers.Wait()
	if first != nil {
		return first
	}
	return pageErrs.err()
}

// doneWith drops a page's source once the last of its routes (a page can have one per locale) is
// rendered and indexed, in a build that nothing rebuilds from (--once): else every page's source
// stayed to the end of the build (at 50,000 pages, 230 MB of its peak). A page whose link report
// quotes its text (reference links, autolinks) keeps it for the link check.
func (st *state) doneWith(r *site.Route) {
	if !st.req.once || r.Doc == nil || r.MDX {
		return
	}
	st.b.mu.Lock()
	if st.docRoutes == nil {
		st.docRoutes = map[*markdown.Doc]int{}
		for _, rt := range st.site.Routes.All() {
			if rt.Doc != nil {
				st.docRoutes[rt.Doc]++
			}
		}
		for _, rt := range st.site.NotFound {
			if rt.Doc != nil {
				st.docRoutes[rt.Doc]++
			}
		}
	}
	st.docRoutes[r.Doc]--
	last := st.docRoutes[r.Doc] == 0
	held := last && st.b.early != nil && st.b.early.mayRenderAgain()
	if held {
		// A shell made again would render every page again (early.go): not before the MDX pages
		// are built.
		st.heldSources = append(st.heldSources, r.Doc)
	}
	st.b.mu.Unlock()
	if last && !held && !linkCheckQuotes(r.Doc) {
		r.Doc.ReleaseSource()
	}
}

// releaseHeld drops the sources doneWith held while a render again was possible.
func (st *state) releaseHeld() {
	for _, d := range st.heldSources {
		if !linkCheckQuotes(d) {
			d.ReleaseSource()
		}
	}
	st.heldSources = nil
}

// linkCheckQuotes reports whether the link check reads the document's text: to place an
// undefined reference, an autolink or a reference link's definition (pkg/links).
func linkCheckQuotes(d *markdown.Doc) bool {
	if len(d.UndefinedRefs()) > 0 || len(d.AutoLinks()) > 0 {
		return true
	}
	for _, l := range d.Links {
		if l.RefLabel() != "" {
			return true
		}
	}
	return false
}

// markdownOf is renderMarkdown with a panic recovered into r's error (panics.go).
func (st *state) markdownOf(r *site.Route) (c pageContent, err error) {
	defer st.pagePanic(r, &err)
	return st.renderMarkdown(r)
}

// pageOf is renderPage with a panic recovered into r's error (panics.go).
func (st *state) pageOf(r *site.Route, c pageContent) (err error) {
	defer st.pagePanic(r, &err)
	return st.renderPage(r, c)
}
