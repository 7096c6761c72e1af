// Package devserver is docsd watch: one initial build, then every batch of changed files is rebuilt
// incrementally and served from memory with the production URL rules. Browsers connected to the
// websocket hub are told exactly what changed: the page they show (re-rendered in place), the
// stylesheet (swapped), the shell's code (reload), or a build error (an overlay naming the file and
// line, while the last good page keeps being served).
package devserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"docsd/pkg/build"
	"docsd/pkg/content"
	"docsd/pkg/emit"
	"docsd/pkg/links"
	"docsd/pkg/server"
	"docsd/pkg/site"
	"docsd/pkg/watch"
)

// Server is the dev server of one project.
type Server struct {
	b       *build.Builder
	root    string
	siteDir string // the shell, when not root/site
	log     *log.Logger
	mu      sync.RWMutex
	files   *emit.Files
	site    *site.Site
	probs   []links.Problem
	warns   []*content.Error             // files skipped or repaired on reading (build.Result.Warnings)
	search  map[string]build.SearchFiles // by locale, in the build served
	lastErr error
	handler http.Handler
	hub     *hub
	tidy    *tidier // returns freed memory to the system when edits pause (tidy.go)
	// OnRebuild, when set, is called after each rebuild (tests and benchmarks count and time them).
	OnRebuild func(*build.Result, error)
	// OnWatch, when set, is called once Watch watches the files: a save after it is seen. docsd
	// watch says it is watching only then; a test saves files only then (a save before would be
	// missed).
	OnWatch func()
	// OnCompact, when set, is called after each rebuild once the spill file is compacted, or found
	// not to need it (tests wait on it).
	OnCompact func()
	// Trace, when set, logs one line per rebuild: when it started, when the pages on screen went
	// out and when it ended, its steps, and what Go's collector did meanwhile (trace.go).
	Trace bool
	// Hosts are the host names Handler answers besides localhost and IP addresses (see hosts.go);
	// set it before calling Handler.
	Hosts      *Hosts
	first      *firstBuild     // the first build, served while it renders (first.go)
	hooks      firstBuildHooks // tests' hooks into the first build
	watchHooks watch.Options   // tests' hooks into the watcher (its clock)
	spill      *emit.Spill     // where the builds keep their pages, off the heap (nil: on it)
	onPushed   func()          // a test's hook: called once a rebuild has sent the pages on screen
}

// New builds the project once and returns the server.
func New(opts build.Options, logw io.Writer) (*Server, error) {
	s := Start(opts, logw)
	if err := s.Wait(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Start begins the first build and returns the server at once: its Handler answers while the build
// renders (first.go), and Wait says when the build has finished.
func Start(opts build.Options, logw io.Writer) *Server {
	return start(opts, logw, firstBuildHooks{})
}

func start(opts build.Options, logw io.Writer, hooks firstBuildHooks) *Server {
	opts.Dev, opts.LowMemory = true, true
	if opts.Renderers == 0 {
		// The pages on screen are rendered first, so one renderer keeps edits fast and memory low.
		opts.Renderers = 1
	}
	logger := log.New(logw, "docsd: ", 0)
	// The served pages live in the project's cache folder, not on the heap (125 MB of it at 10,000
	// pages); a project whose folder cannot take them keeps them in memory, as before.
	spill, err := emit.OpenSpill(emit.SpillDir(opts.Root))
	if err != nil {
		logger.Printf("warning: keeping pages in memory: %v", err)
	} else {
		opts.Spill = spill
	}
	s := &Server{b: build.New(opts), root: opts.Root, siteDir: opts.SiteDir, log: logger, hub: newHub(),
		first: newFirstBuild(), hooks: hooks, spill: opts.Spill}
	s.tidy = newTidier()
	go s.firstBuild()
	return s
}

// Close ends the browsers' connections and stops the builder.
func (s *Server) Close() {
	s.hub.closeAll()
	<-s.first.done
	s.tidy.stop()
	s.b.Close()
	if s.spill != nil {
		s.spill.Close()
	}
}

func (s *Server) apply(res *build.Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Warnings go to the terminal when they appear, not again on every edit.
	known := map[string]bool{}
	for _, w := range s.warns {
		known[w.Error()] = true
	}
	for _, w := range res.Warnings {
		if !known[w.Error()] {
			s.log.Printf("warning: %s", w)
		}
	}
	// Broken links too: the overlay shows them, but a writer watching the terminal should see them.
	for _, p := range s.probs {
		known[p.String()] = true
	}
	for _, p := range res.Problems {
		if !known[p.String()] {
			s.log.Printf("warning: %s", p)
		}
	}
	s.files, s.site, s.probs, s.warns, s.lastErr = res.Files, res.Site, res.Problems, res.Warnings, nil
	s.search = s.b.SearchURLs()
	s.handler = server.New(memFS{files: res.Files, allow: res.Site.Config.Allowed()}, res.Site.Config.BasePath)
}

// Pages is how many pages the last good build has.
func (s *Server) Pages() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.site.Routes.Len()
}

// Handler serves the site and the websocket to the hosts s.Hosts allows.
func (s *Server) Handler() http.Handler {
	hosts := s.Hosts
	return hosts.guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.awaitServable(r) {
			http.Error(w, "docsd: the first build failed; see the terminal", http.StatusServiceUnavailable)
			return
		}
		s.mu.RLock()
		h, base := s.handler, s.site.Config.BasePath
		s.mu.RUnlock()
		if r.URL.Path == base+"__docsd/ws" {
			s.serveWS(w, r, hosts)
			return
		}
		h.ServeHTTP(w, r)
	}))
}

// Watch rebuilds on every batch of changes until ctx ends.
func (s *Server) Watch(ctx context.Context) error {
	w, err := watch.NewWith(s.watchHooks, build.WatchPaths(s.root, s.siteDir)...)
	if err != nil {
		return fmt.Errorf("watching %s: %w", s.root, err)
	}
	defer w.Close()
	go w.Run(ctx)
	if s.OnWatch != nil {
		s.OnWatch()
	}
	// Edits wait for the first build (the watcher gathers them meanwhile).
	select {
	case <-ctx.Done():
		return nil
	case <-s.first.done:
	}
	if s.first.err != nil {
		return nil
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-w.Errors:
			s.log.Printf("watch: %v", err)
		case batch := <-w.Batches:
			// Watched before the rebuild reads them, so no save falls between the two.
			if more := build.WatchPathsAfter(s.root, s.siteDir, batch.Paths); more != nil {
				if err := w.Add(more...); err != nil {
					s.log.Printf("watch: %v", err)
				}
			}
			s.rebuild(batch.Paths, batch.Newer)
		}
	}
}

// Rebuild applies one batch of changed files and tells the browsers.
func (s *Server) Rebuild(changed []string) { s.rebuild(changed, nil) }

// rebuild is Rebuild for a batch of the watcher: once newer is closed (newer edits wait), the
// builder stops after the pages on screen.
func (s *Server) rebuild(changed []string, newer <-chan struct{}) {
	start := time.Now()
	// No tidy-up (a forced collection) starts while the rebuild runs; a failed one asks for none.
	s.tidy.begin()
	tidy := false
	defer func() { s.tidy.end(tidy) }()
	var trace *rebuildTrace
	if s.Trace {
		trace = startTrace(changed)
	}
	viewed := s.hub.routes()
	announced := map[string]bool{}
	ctx, stop := newerEdits(newer)
	defer stop()
	res, err := s.b.RebuildFirst(ctx, changed, viewed, func(partial *build.Result) {
		// The pages on screen are ready: serve and announce them before the rest is rendered.
		s.apply(partial)
		s.notify(partial, nil)
		trace.pushed()
		if s.onPushed != nil {
			s.onPushed()
		}
		for _, r := range partial.Changed {
			announced[r] = true
		}
	})
	if s.OnRebuild != nil {
		defer s.OnRebuild(res, err)
	}
	if trace != nil {
		defer func() { s.log.Print(trace.line(res, err)) }()
	}
	if err != nil {
		s.mu.Lock()
		s.lastErr = err
		s.mu.Unlock()
		s.log.Printf("build failed, serving the last good site:\n%s", err)
		s.hub.broadcast(func(c *client) any { return s.status(c.route) })
		return
	}
	s.apply(res)
	pages := "pages"
	if res.Rendered == 1 {
		pages = "page"
	}
	s.log.Printf("rebuilt %d %s in %s, %d changed", res.Rendered, pages, time.Since(start).Round(time.Millisecond), len(res.Changed))
	s.notify(res, announced)
	tidy = true
	// Rewritten pages leave garbage in the spill file: once it outweighs the build, the build moves
	// to a fresh file, beside the next rebuild rather than before it.
	go s.compact(res.Files)
}

// compact compacts the spill file for files, the build just served (emit.Spill.Compact).
func (s *Server) compact(files *emit.Files) {
	if err := files.Compact(); err != nil {
		s.log.Printf("warning: compacting the spill file: %v", err)
	}
	if s.OnCompact != nil {
		s.OnCompact()
	}
}

// newerEdits is a context that ends once newer is closed; stop ends it and its look-out.
func newerEdits(newer <-chan struct{}) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	if newer == nil {
		return ctx, cancel
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-newer:
			cancel()
		}
	}()
	return ctx, func() { close(done); cancel() }
}

// notify tells each browser what the build means for the page it shows; routes in announced were
// already updated by an early notice of the same build.
func (s *Server) notify(res *build.Result, announced map[string]bool) {
	updated := map[string]bool{}
	for _, r := range res.Changed {
		updated[r] = !announced[r]
	}
	s.hub.broadcast(func(c *client) any {
		if res.ShellChanged {
			return message{Type: "reload"}
		}
		st := s.status(c.route)
		st.Search = res.SearchChanged
		switch {
		case res.CSSChanged:
			st.Type, st.CSS = "css", res.CSS
		case updated[c.route]:
			st.Type = "update"
			st.Page, st.Sidebar = s.pageData(c.route)
		}
		return st
	})
}

// message is what the hub sends to a browser.
type message struct {
	Type     string    `json:"type"` // "status", "update", "css" or "reload"
	Route    string    `json:"route,omitempty"`
	Errors   []problem `json:"errors,omitempty"`
	Problems []problem `json:"problems,omitempty"`
	CSS      []string  `json:"css,omitempty"`
	// Search is true when the search files changed: the page loads them again.
	Search bool `json:"search,omitempty"`
	// SearchDocs and SearchIndex are the URLs of the search files of the page's locale. Their names
	// change with docsd.toml and the shell: a page that has other names loads these instead.
	SearchDocs  string `json:"searchDocs,omitempty"`
	SearchIndex string `json:"searchIndex,omitempty"`
	// Page and Sidebar come with an update: the page's new data and its sidebar, so the browser
	// re-renders without asking for them.
	Page    json.RawMessage `json:"page,omitempty"`
	Sidebar json.RawMessage `json:"sidebar,omitempty"`
}

// pageData is the data file of a route and of its sidebar in the current build (nil when absent).
func (s *Server) pageData(route string) (page, sidebar json.RawMessage) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	r := s.site.Routes.Get(route)
	if r == nil {
		return nil, nil
	}
	page, _, _ = s.files.Get(s.site.DataPath(route))
	if r.Data.Sidebar != "" {
		sidebar, _, _ = s.files.Get(site.SidebarDataPath(r.Data.Sidebar))
	}
	return page, sidebar
}

type problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// status is the build state as one page sees it: the build error, if any, and its link problems.
func (s *Server) status(route string) message {
	s.mu.RLock()
	defer s.mu.RUnlock()
	m := message{Type: "status", Route: route}
	urls := s.search[s.localeOf(route)]
	m.SearchDocs, m.SearchIndex = urls.Docs, urls.Index
	if s.lastErr != nil {
		m.Errors = errorList(s.lastErr)
	}
	if r := s.site.Routes.Get(route); r != nil && r.Source != "" {
		for _, w := range s.warns {
			if w.File == r.File {
				m.Problems = append(m.Problems, problem{File: w.File, Line: w.Line, Column: w.Column, Message: w.Error()})
			}
		}
		for _, p := range s.probs {
			if p.File == r.File {
				m.Problems = append(m.Problems, problem{File: p.File, Line: p.Line, Column: p.Column, Message: p.String()})
			}
		}
	}
	return m
}

// localeOf is the locale of the page a browser shows: its route's, or for a route the build does not
// have (a 404 page), the locale whose path it is under. The caller holds s.mu.
func (s *Server) localeOf(route string) string {
	if r := s.site.Routes.Get(route); r != nil && r.Data.Locale != "" {
		return r.Data.Locale
	}
	cfg := s.site.Config
	def := cfg.DefaultLocale().Code
	for _, loc := range cfg.Locales {
		if loc.Code == def {
			continue
		}
		base := strings.TrimSuffix(site.LocalizePath(cfg, cfg.BasePath, def, loc.Code), "/")
		if route == base || strings.HasPrefix(route, base+"/") {
			return loc.Code
		}
	}
	return def
}

func errorList(err error) []problem {
	var list site.Errors
	if errors.As(err, &list) {
		var out []problem
		for _, e := range list {
			out = append(out, oneError(e))
		}
		return out
	}
	return []problem{oneError(err)}
}

func oneError(err error) problem {
	var ce *content.Error
	if errors.As(err, &ce) {
		return problem{File: ce.File, Line: ce.Line, Column: ce.Column, Message: err.Error()}
	}
	return problem{Message: err.Error()}
}

// serveWS is one browser's websocket: it says which page it shows and hears what rebuilds mean for
// it (the hub writes to it).
//
// Past maxClients browsers it answers 503 before upgrading: the browser's socket fails, its shell
// shows the reconnecting banner and tries again with back-off (every 5 s at most), and gets in
// once a tab closes; the terminal says so once per spell of refusals.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request, hosts *Hosts) {
	ok, first := s.hub.admit()
	if !ok {
		if first {
			s.log.Printf("warning: %d browsers are connected, the most the dev server serves: refusing more until one leaves (a page reconnecting in a loop?)", s.hub.max)
		}
		w.Header().Set("Retry-After", "5")
		http.Error(w, fmt.Sprintf("docsd: %d browsers are connected already, the most it serves; close a tab", s.hub.max), http.StatusServiceUnavailable)
		return
	}
	defer s.hub.leave()
	up := websocket.Upgrader{CheckOrigin: hosts.checkOrigin}
	conn, err := up.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered 403 or 400 already
	}
	c, written := s.hub.join(conn)
	defer func() {
		s.hub.drop(c)
		<-written
	}()
	conn.SetReadLimit(4096)
	for {
		_, data, err := conn.ReadMessage()
		if err != nil {
			return // the browser left or went silent, or the hub dropped it
		}
		c.alive()
		var in struct {
			Type  string `json:"type"`
			Route string `json:"route"`
		}
		if json.Unmarshal(data, &in) != nil || in.Type != "route" {
			continue
		}
		s.hub.setRoute(c, in.Route)
		s.hub.send(c, s.status(in.Route))
	}
}
