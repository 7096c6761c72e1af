// This file serves the first build while it renders (issue #16): on a large site rendering every
// page takes most of the first build, and a writer who opens one page should not wait for the
// others. Once the site is assembled and the shell bundled, everything but the pages is served; a
// page not rendered yet is rendered next and served once written. Requests before that wait for it.
// Edits wait for the whole first build: Watch starts after Wait.

package devserver

import (
	"io/fs"
	"net/http"
	"runtime/debug"

	"docsd/pkg/build"
	"docsd/pkg/secrets"
	"docsd/pkg/server"
)

// firstBuild is the state of the first build.
type firstBuild struct {
	servable chan struct{} // closed once pages can be served (assembled) or the build has failed
	done     chan struct{} // closed once the build has ended
	err      error         // the build's error, once done
}

func newFirstBuild() *firstBuild {
	return &firstBuild{servable: make(chan struct{}), done: make(chan struct{})}
}

// firstBuildHooks let tests pause the first build, never time it.
type firstBuildHooks struct {
	hold        func(route string) <-chan struct{} // build.Serving.Hold
	beforeReady func()                             // runs before the assembled build is served
	waiting     func()                             // runs when a request starts waiting for assembly
}

// firstBuild runs the first build, serving it from assembly on.
func (s *Server) firstBuild() {
	servable := false
	res, err := s.b.BuildServing(&build.Serving{Hold: s.hooks.hold, Ready: func(p *build.InProgress) {
		if s.hooks.beforeReady != nil {
			s.hooks.beforeReady()
		}
		s.mu.Lock()
		s.files, s.site = p.Files, p.Site
		s.handler = server.New(renderingFS{p, p.Site.Config.Allowed()}, p.Site.Config.BasePath)
		s.mu.Unlock()
		servable = true
		close(s.first.servable)
	}})
	if err == nil {
		s.apply(res)
		// Open pages may have asked for the search files before the build wrote them: they load
		// them again.
		s.hub.broadcast(func(c *client) any {
			m := s.status(c.route)
			m.Search = true
			return m
		})
		// A build leaves garbage several times the size of what it keeps: give it back to the
		// system now, and after each burst of rebuilds once the writer pauses (tidy).
		debug.FreeOSMemory()
	} else {
		s.mu.Lock()
		s.site, s.handler = nil, nil
		s.mu.Unlock()
	}
	s.first.err = err
	if !servable {
		close(s.first.servable)
	}
	close(s.first.done)
}

// Wait waits for the first build and returns its error.
func (s *Server) Wait() error {
	<-s.first.done
	return s.first.err
}

// awaitServable waits until pages can be served, or the request is gone; false when there is
// nothing to serve (the first build failed, or the request left).
func (s *Server) awaitServable(r *http.Request) bool {
	select {
	case <-s.first.servable:
	default:
		if s.hooks.waiting != nil {
			s.hooks.waiting()
		}
		select {
		case <-s.first.servable:
		case <-r.Context().Done():
			return false
		}
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.site != nil
}

// renderingFS is the first build while it renders: a page or page data not written yet is rendered
// next, and opened once written.
type renderingFS struct {
	p     *build.InProgress
	allow secrets.Allow
}

func (f renderingFS) Open(name string) (fs.File, error) {
	f.p.Await(name)
	return memFS{files: f.p.Files, allow: f.allow}.Open(name)
}
