// This file lets docsd watch serve its first build while the build renders (issue #16): once the
// site is assembled and the shell bundled, the caller gets the build in progress, and a request for
// a page not rendered yet puts that page at the front of the render loop and waits for it. At 10,000
// pages rendering is most of the first build; a writer opening one page should not wait for all.

package build

import (
	"sync"
	"time"

	"docsd/pkg/config"
	"docsd/pkg/emit"
	"docsd/pkg/graph"
	"docsd/pkg/site"
)

// Serving asks a full build to hand itself over while it renders.
type Serving struct {
	// Ready receives the build once it is assembled, its shell bundled and what pages share (assets,
	// sidebars) added, before the first page renders. It must not block.
	Ready func(*InProgress)
	// Hold, when set, is asked before each page that no request moved ahead: the render loop takes
	// that page once the channel it returns is closed (nil: at once), and takes the pages requests
	// ask for meanwhile. A test's hook, to pause the render loop without timing anything.
	Hold func(route string) <-chan struct{}
}

// InProgress is a full build that is rendering: its files so far and its site.
type InProgress struct {
	Files *emit.Files
	Site  *site.Site
	q     *renderQueue
}

// Await makes the page that the build file name (an HTML page or a page's data) belongs to render
// next, if it is not rendered yet, and waits until it is written or the build has ended.
func (p *InProgress) Await(name string) {
	p.q.await(name)
}

// BuildServing is Build for the dev server: sv.Ready gets the build as soon as pages can be served.
func (b *Builder) BuildServing(sv *Serving) (*Result, error) {
	return b.run(&request{full: true, serving: sv})
}

// renderServed runs the bundle and render steps of a build from empty that is served while it
// renders: the shell is bundled whole first, then sv.Ready gets the build and the pages render in
// the queue's order (run did the steps before).
func (b *Builder) renderServed(req *request, cfg *config.Site, s *site.Site, g *graph.Graph, proc *processed, timings map[string]time.Duration) (*Result, error) {
	sv := req.serving
	start := time.Now()
	if err := b.prepareShell(cfg, s, nil); err != nil {
		return nil, err
	}
	b.recordMDX(s, g)
	timings["bundle"] = time.Since(start)

	st := newState(b, req, cfg, s, proc, g, nil)
	st.timings = timings
	if err := st.addShared(); err != nil {
		return nil, err
	}
	st.queue = newRenderQueue(s, st.allRoutes(), sv.Hold)
	defer st.queue.end()
	if sv.Ready != nil {
		sv.Ready(&InProgress{Files: st.files, Site: s, q: st.queue})
	}
	if err := st.renderRoutes(st.allRoutes()); err != nil {
		return nil, err
	}
	return b.finish(st, nil, time.Time{}, len(st.allRoutes())), nil
}

// renderQueue is the first build's order of pages when it is served while it renders: the pages
// requests asked for go first.
type renderQueue struct {
	hold    func(string) <-chan struct{}
	mu      sync.Mutex
	files   map[string]string        // file name of a page or its data → route
	done    map[string]chan struct{} // route → closed once its page is written, then nil
	taken   map[string]bool          // routes handed to the render loop
	urgent  []string                 // routes requests asked for, in order
	listsOK bool                     // blog lists may render: every post's excerpt is known
	wake    chan struct{}            // a request asked for a route
	ended   chan struct{}            // the build finished or failed
}

func newRenderQueue(s *site.Site, routes []string, hold func(string) <-chan struct{}) *renderQueue {
	q := &renderQueue{hold: hold, files: map[string]string{}, done: map[string]chan struct{}{}, taken: map[string]bool{},
		wake: make(chan struct{}, 1), ended: make(chan struct{})}
	for _, r := range routes {
		q.done[r] = make(chan struct{})
		q.files[s.HTMLPath(r)] = r
		if rt := s.Routes.Get(r); rt != nil {
			q.files[s.DataPath(r)] = r
		}
	}
	return q
}

func (q *renderQueue) await(name string) {
	q.mu.Lock()
	r, ok := q.files[name]
	if !ok {
		q.mu.Unlock()
		return
	}
	done := q.done[r]
	if done == nil { // written
		q.mu.Unlock()
		return
	}
	if !q.taken[r] {
		q.urgent = append(q.urgent, r)
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
	q.mu.Unlock()
	select {
	case <-done:
	case <-q.ended:
	}
}

// next takes the first route a request asked for that may render now (ok false when none); a blog
// list waits for the posts, whose excerpts it shows.
func (q *renderQueue) next(st *state) (string, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	var pick string
	found := false
	var rest []string
	for _, r := range q.urgent {
		rt := st.route(r)
		switch {
		case q.taken[r] || rt == nil: // rendered or rendering already
		case !found && (q.listsOK || len(rt.Data.Posts) == 0):
			pick, found = r, true
			q.taken[r] = true
		default:
			rest = append(rest, r)
		}
	}
	q.urgent = rest
	return pick, found
}

// postsDone lets blog lists render.
func (q *renderQueue) postsDone() {
	q.mu.Lock()
	q.listsOK = true
	q.mu.Unlock()
}

// take marks a route of the build's own order as handed to the render loop; false when a request
// had it rendered already.
func (q *renderQueue) take(r string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.taken[r] {
		return false
	}
	q.taken[r] = true
	return true
}

// written tells the waiters of a route that its page is written.
func (q *renderQueue) wrote(r string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if ch := q.done[r]; ch != nil {
		close(ch)
		q.done[r] = nil // a later request for the page's other file returns at once
	}
}

// end releases every waiter: the build has finished or failed.
func (q *renderQueue) end() { close(q.ended) }

// feed hands the routes to the render loop through send, taking the routes requests ask for before
// each of them; it stops when stop says so.
func (q *renderQueue) feed(st *state, routes []string, stop func() bool, send func(*site.Route)) {
	urgent := func() bool {
		r, ok := q.next(st)
		if ok {
			if rt := st.route(r); rt != nil {
				send(rt)
			}
		}
		return ok
	}
	for _, path := range routes {
		for !stop() && urgent() {
		}
		if stop() {
			return
		}
		if q.hold != nil {
			if h := q.hold(path); h != nil {
			waiting:
				for {
					select {
					case <-h:
						break waiting
					case <-q.wake:
						for !stop() && urgent() {
						}
						if stop() {
							return
						}
					}
				}
			}
		}
		if stop() || !q.take(path) {
			continue
		}
		if r := st.route(path); r != nil {
			send(r)
		}
	}
	for !stop() && urgent() {
	}
}
