// Package build runs docsd's named build steps: process (read and parse every source once), assemble
// (routes, sidebars, blog and the dependency graph), render (page data, React server rendering, HTML
// documents, feeds, sitemap) and emit (write the build atomically).
package build

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"docsd/pkg/bundle"
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/emit"
	"docsd/pkg/graph"
	"docsd/pkg/jsmodule"
	"docsd/pkg/links"
	"docsd/pkg/markdown"
	"docsd/pkg/mdx"
	"docsd/pkg/npm2yarn"
	"docsd/pkg/search"
	"docsd/pkg/site"
	"docsd/pkg/ssr"
)

// Options say where the project is and what to build.
type Options struct {
	Root string // project root: docsd.toml, content/, site/
	// BuildTime is the timestamp in the names of the search files; zero means the newest
	// modification time of the inputs (see searchTime), so two builds of the same files are equal.
	BuildTime  time.Time
	SiteDir    string // the React shell; Root/site when empty
	Out        string // output folder for Once, relative to the current folder (see OutDir)
	Production bool
	// Dev marks pages for the dev server (the shell connects to its websocket).
	Dev bool
	// Renderers is the number of Node processes that render pages; 0 means one per two cores
	// (defaultRenderers).
	Renderers int
	// Sized, when set, is told how many sources the build found and the bytes of its .mdx files,
	// before they are read, and again once they are read if .md pages turn out to be MDX, with
	// their bytes added (docsd build --once sizes Go's collector by them).
	Sized func(sources int, mdxBytes int64)
	// LowMemory keeps less between builds, for a process that runs all day (docsd watch): the
	// bundler's caches are dropped after each build, so a change to the shell bundles it cold.
	LowMemory bool
	// Spill, with LowMemory, keeps the pages and page data of the build on disk instead of the heap
	// (emit.Spill; the dev server's).
	Spill *emit.Spill
	// sitemap, when set, splits the sitemap at other sizes than the defaults (tests; sitemap.go).
	sitemap sitemapLimits
}

// Result is a finished build in memory.
type Result struct {
	Site     *site.Site
	Files    *emit.Files
	Problems []links.Problem
	// Warnings are what a writer should fix that did not stop the build, each naming the file: files
	// skipped or repaired on reading (symlinks out of the project, FIFOs, invalid UTF-8), Markdown
	// mistakes, and pages too large to read comfortably (found when a page renders).
	Warnings []*content.Error
	// Links is the whole link report of the build: problems, external links and orphans.
	Links   *links.Report
	Timings map[string]time.Duration
	// Changed lists the routes whose HTML changed (every route after a full build).
	Changed []string
	// Rendered counts the routes rendered by this build (all of them, or the dirty ones).
	Rendered int
	// RenderedRoutes lists, sorted, the routes this build rendered, and Reindexed the routes whose
	// search shard it rebuilt: what the render-count tests check, and what the log can tell.
	RenderedRoutes, Reindexed []string
	// LinksChecked lists, sorted, the routes whose links the link check read again (nil when the
	// check did not run: an interrupted rebuild).
	LinksChecked []string
	// ShellChanged is true when the shell's code changed (browsers reload); CSSChanged when only
	// its stylesheet did (browsers swap it).
	ShellChanged, CSSChanged bool
	// CSS lists the stylesheet URLs of the build.
	CSS []string
	// SearchChanged is true when the search files differ from the last build's: open pages load
	// them again.
	SearchChanged bool
}

// Builder keeps what survives between builds: the Markdown converter, the bundler, the renderer.
type Builder struct {
	opts    Options
	conv    *markdown.Converter
	bundler *bundle.Bundler
	mdxc    *mdx.Compiler       // compiles MDX pages for the bundler (mdx.go); nil until a build needs it
	npm     *npm2yarn.Converter // converts npm2yarn blocks' commands ([markdown] npm2yarn); nil until set
	// nodeLimit, when set (tests), replaces DOCSD_NODE_TIMEOUT's limit on a request to a Node
	// process (nodeproc.Limit) from the next build on.
	nodeLimit time.Duration
	// staleAssets are files of earlier bundles the current one does not have (noteStaleAssets).
	staleAssets    map[string]bool
	mdxMu          sync.Mutex       // guards mdxErrs
	mdxErrs        []*content.Error // the MDX mistakes found by the bundle being built
	renderer       *ssr.Pool
	earlyRenderers *ssr.Early // renderers started before the bundle is ready (renderers.go)
	assets         *bundle.Output
	last           *state // the previous good build, for incremental rebuilds
	// graph is the dependency graph of the builds: assembly records its edges (dropping those of
	// the assembly before), rendering the edges of #anchor links.
	graph      *graph.Graph
	cfgRaw     []byte                   // docsd.toml as read, for the positions of its links
	report     *links.Report            // the link report of the latest build
	reactPages map[string]string        // the React pages the latest link check knew (site.ReactPageRoutes)
	pending    map[string]bool          // changed files that no successful build has taken yet
	search     map[string]*search.Index // per locale: the search shards of the last build
	eval       *jsmodule.Evaluator      // evaluates hand-written sidebars files, cached by content
	// maxInFlight, when set, bounds the pages between their Markdown and their written page
	// instead of inFlight's default (a test sets it; stream.go).
	maxInFlight int
	// publishing is closed when a search publish that a rebuild gave up on has finished (publish.go);
	// beforePublish, when set, runs before each background publish (a test's hook).
	publishing    chan struct{}
	beforePublish func()
	mu            sync.Mutex

	// rendererStarts counts the renderer pools started: an MDX page edit starts none (tests);
	// earlyLoads, those of them that were started early (renderers.go).
	rendererStarts, earlyLoads int
	// early holds the MDX pages' chunks as they are built while a full build renders (early.go).
	early *earlyPages
	// earlyMissed counts the full builds whose shell was made again because the MDX pages shared
	// other modules than their import blocks said (early.go; tests).
	earlyMissed int
	// onCompile, when set, runs before the MDX compiler compiles a file, and onWritten after a
	// page's HTML is added to the build: the tests' hooks to check the order of the two.
	// onCompiled, when set, may change a compiled module (a test's way to import what the page's
	// import blocks do not say). Pages compile at once: it runs on several goroutines.
	onCompile func(file string)
	onWritten func(route string)
	// panicked is set when a build recovered from a panic (panics.go): the next build starts from
	// empty.
	panicked   atomic.Bool
	onCompiled func(file, js string) string
	// mdxWhole compiles every MDX page whole, its Markdown runs included (pkg/mdx/runs.go; tests
	// compare the two).
	mdxWhole bool

	// oneBuild is set by Once: the builder makes one build and closes, and its renderers with it.
	oneBuild bool
	// siteAnchors are the anchors each Markdown file the scan does not read gave an MDX page
	// the last time it changed (siteAnchorsChanged).
	siteAnchors map[string]string
}

// request is one run of the pipeline: what changed and how the caller wants it built. It lives for
// one call; the Builder keeps only what survives between builds.
type request struct {
	// ctx is done when newer edits wait: a rebuild stops after the routes in first, and the next
	// one renders what it left (the dev server; a writer saving often never waits for a sidebar's
	// worth of pages that the next save makes stale again).
	ctx     context.Context
	full    bool            // a rebuild from empty: Build, Once
	changed []string        // paths the watcher reported
	first   map[string]bool // routes to render before the others (the pages on screen)
	early   func(*Result)   // told when the first routes are done
	stage   *emit.Stage     // where Once writes files as they are made, if set
	once    bool            // Once: no rebuild follows, so nothing is kept for one
	serving *Serving        // a full build served while it renders (BuildServing), if set
}

// interrupted reports that newer edits wait.
func (req *request) interrupted() bool { return req.ctx != nil && req.ctx.Err() != nil }

// StepTimes is the build's step timings as one line, "name time" sorted by name, each to 10 µs:
// what the traces of docsd watch and bench/scale/edits print of a rebuild.
func (r *Result) StepTimes() string {
	steps := make([]string, 0, len(r.Timings))
	for k, v := range r.Timings {
		steps = append(steps, fmt.Sprintf("%s %s", k, v.Round(10*time.Microsecond)))
	}
	sort.Strings(steps)
	return strings.Join(steps, ", ")
}

// New makes a builder for a project.
func New(opts Options) *Builder {
	return &Builder{opts: opts, conv: markdown.New(), pending: map[string]bool{}}
}

// Close stops the renderer and releases the bundler.
func (b *Builder) Close() {
	b.waitPublish()
	if b.renderer != nil {
		b.renderer.Close()
	}
	if b.earlyRenderers != nil {
		b.earlyRenderers.Close()
	}
	if b.bundler != nil {
		b.bundler.Close()
	}
	if b.mdxc != nil {
		b.mdxc.Close()
	}
	if b.npm != nil {
		b.npm.Close()
	}
}

// OutDir resolves opts.Out and checks that a build may replace it (emit.Target): never the project
// folder or one holding it, nothing inside content/, the shell's folder or .git, and only a folder
// that is absent, empty or an earlier build. Its errors are *emit.RefusedError.
func OutDir(opts Options) (string, error) {
	site := opts.SiteDir
	if site == "" {
		site = filepath.Join(opts.Root, "site")
	}
	return emit.Target(opts.Out, emit.Project{Root: opts.Root,
		Sources: append(contentFolders(opts.Root), site, filepath.Join(opts.Root, ".git"))})
}

// contentFolders are the folders the output may not replace or lie in: content/, or, when the
// content folder is the project itself (a Docusaurus project), each of its sections.
func contentFolders(root string) []string {
	cfg, err := config.Load(filepath.Join(root, "docsd.toml"))
	if err != nil {
		return []string{filepath.Join(root, "content")}
	}
	dir := cfg.Content(root)
	sections := cfg.Sections()
	if len(sections) == 0 {
		return []string{dir}
	}
	var out []string
	for _, s := range sections {
		out = append(out, filepath.Join(dir, filepath.FromSlash(s)))
	}
	return out
}

// Once builds the site and writes it to opts.Out atomically. An output that OutDir refuses fails
// with its *emit.RefusedError before anything is built.
func Once(opts Options) (*Result, error) {
	out, err := OutDir(opts)
	if err != nil {
		return nil, err
	}
	opts.Out = out
	if opts.BuildTime.IsZero() {
		// One build, so the search files' names can follow every input, content included.
		site := opts.SiteDir
		if site == "" {
			site = filepath.Join(opts.Root, "site")
		}
		opts.BuildTime = newestModTime(append(contentFolders(opts.Root), filepath.Join(opts.Root, "docsd.toml"), site)...)
	}
	b := New(opts)
	b.oneBuild = true
	defer b.Close()
	return b.once()
}

// once is the build of Once with the builder's options as given: every step from empty, pages
// written as they are rendered into a folder that replaces opts.Out at the end.
func (b *Builder) once() (*Result, error) {
	stage, err := emit.NewStage(b.opts.Out)
	if err != nil {
		return nil, err
	}
	res, err := b.run(&request{full: true, stage: stage, once: true})
	if err != nil {
		stage.Abort()
		return nil, err
	}
	start := time.Now()
	if err := stage.Commit(res.Files); err != nil {
		return nil, err
	}
	res.Timings["emit"] = time.Since(start)
	return res, nil
}

// Build runs every step from empty and returns the build in memory.
func (b *Builder) Build() (*Result, error) {
	return b.run(&request{full: true})
}

// run is the one pipeline, for a build from empty and an edit alike: inputs, hand-written sidebars,
// process, assemble, then a bundle and render step. A build from empty is the case of no last build
// (Build and Once ask for one; the first build has none): every input counts as changed, so the
// configuration is loaded, content/ is scanned whole, the shell is bundled, the graph is new and
// every route renders. On error the last good build, and its graph, stay as they were.
func (b *Builder) run(req *request) (_ *Result, err error) {
	defer b.buildPanic(&err)
	start := time.Now()
	last := b.last
	if req.full || b.panicked.Swap(false) {
		last = nil
	}
	if last == nil {
		// Node's start and React's loading overlap reading the sources (renderers.go).
		b.startRenderersEarly()
	}
	in := b.inputs(req, last)
	if last != nil && len(in.reported) == 0 && len(last.stale) == 0 && !in.config && !in.shell && !in.sidebars && !in.mdx {
		b.pending = map[string]bool{}
		return b.unchanged(), nil
	}
	var cfg *config.Site
	var lastParsed *site.Sources
	var lastSkipped []*content.Error
	var lastSite *site.Site
	if last != nil {
		cfg, lastParsed, lastSkipped, lastSite = last.cfg, last.parsed, last.skipped, last.site
	}
	dirty := in.dirty
	if in.config {
		var err error
		if cfg, err = b.loadConfig(); err != nil {
			return nil, err
		}
		b.setNpm2Yarn(cfg)
		// Whether each file holds a credential depends on the allow-list: a change of it is a
		// build from empty, in which every file is searched again.
		if last != nil && !slices.Equal(last.cfg.Secrets.Allow, cfg.Secrets.Allow) {
			full := *req
			full.full = true
			return b.run(&full)
		}
		dirty = append(dirty, graph.Config())
	}
	if in.shell {
		dirty = append(dirty, graph.Shell())
	}
	if in.config || in.sidebars {
		hand, err := b.handSidebars(cfg)
		if err != nil {
			return nil, err
		}
		cfg = cfg.WithHandSidebars(hand)
	}
	// A configuration change may move every file (versions, locales): content is listed again, and
	// what did not change is not parsed again. From empty, every file is new.
	proc, err := b.process(lastParsed, lastSkipped, cfg, in.reported, in.config, b.fromEmpty(req, last))
	if err != nil {
		return nil, err
	}
	processed := time.Now()
	dirty = append(dirty, proc.changed...)
	if last != nil && len(dirty) == 0 && len(last.stale) == 0 && !proc.structural && sameSkipped(proc.skipped, last.skipped) {
		b.pending = map[string]bool{}
		return b.unchanged(), nil // saved, but the same bytes
	}
	// From empty no edge of an earlier build stays: the graph is new, and becomes the builder's once
	// the build succeeds (finish).
	g := b.graph
	if last == nil {
		g = graph.New()
	}
	s, bodiesOnly, err := b.assemble(cfg, lastSite, lastParsed, proc, in.config || in.shell || in.sidebars, g)
	if err != nil {
		return nil, err
	}
	assembled := time.Now()
	// Each step's time, for the log and bench/scale/edits (how an edit's steps grow with the site).
	timings := map[string]time.Duration{"process": processed.Sub(start), "assemble": assembled.Sub(processed)}

	// Bundle and render, chosen here from the request and the last build: the dev server's first
	// build is served while it renders (serving.go); any other build from empty renders its pages
	// while the MDX pages compile (early.go); an edit bundles what it changed and renders the routes
	// the graph says are dirty (incremental.go).
	var res *Result
	switch {
	case last == nil && req.serving != nil:
		res, err = b.renderServed(req, cfg, s, g, proc, timings)
	case last == nil:
		res, err = b.renderEarly(req, cfg, s, g, proc, timings)
	default:
		res, err = b.renderChanges(req, last, &in, dirty, cfg, s, proc, bodiesOnly, timings, start)
	}
	if err != nil {
		return nil, err
	}
	// The files of failed rebuilds were pending until now: this build holds them.
	b.pending = map[string]bool{}
	return res, nil
}

// fromEmpty is what the process step of a build from empty asks beside parsing (nil for an edit):
// the scan's count for Options.Sized, and whether parsed trees are dropped as they are parsed.
func (b *Builder) fromEmpty(req *request, last *state) *fromEmpty {
	if last != nil {
		return nil
	}
	empty := &fromEmpty{sized: b.opts.Sized}
	if req.once || b.opts.LowMemory {
		// Every page's tree would be held until the page renders, or until every page is parsed:
		// either was the largest part of a build's peak at 10,000 pages. What assembly and the
		// link check read (headings, links, text) stays, and rendering parses the source again.
		// --once keeps the trees of a small site (keepTreesBelow), told by the scan's count.
		release := func(p *site.Parsed) {
			if p.Doc != nil {
				p.Doc.Release()
			}
		}
		if b.opts.LowMemory {
			empty.release = release
		}
		empty.sized = func(n int, mdxBytes int64) {
			if b.opts.Sized != nil {
				b.opts.Sized(n, mdxBytes)
			}
			if n > keepTreesBelow {
				empty.release = release
			}
		}
	}
	return empty
}

// keepTreesBelow is the most sources whose parsed trees docsd build --once keeps from processing to
// rendering instead of parsing each page again when it renders: on the Vela site (325 pages) the
// second parse was 35 ms of CPU, a tenth of docsd's share of the pages step, for about 20 MB more
// at the peak; a large site releases them (they were the largest part of a 10,000-page build's
// peak).
const keepTreesBelow = 1000

// loadConfig reads docsd.toml, and keeps its text for the positions of its links.
func (b *Builder) loadConfig() (*config.Site, error) {
	cfg, err := config.Load(filepath.Join(b.opts.Root, "docsd.toml"))
	if err != nil {
		return nil, err
	}
	if b.cfgRaw, err = os.ReadFile(filepath.Join(b.opts.Root, "docsd.toml")); err != nil {
		return nil, fmt.Errorf("reading docsd.toml for the link check: %w", err)
	}
	return cfg, nil
}

// Layout tells the scanner which docs folders belong to which version.
func Layout(cfg *config.Site) content.Layout {
	l := content.Layout{DefaultLocale: cfg.DefaultLocale().Code, Versions: map[string]string{}}
	for _, loc := range cfg.Locales {
		l.Locales = append(l.Locales, loc.Code)
	}
	for _, v := range cfg.DocSets() {
		l.Versions[v.Dir] = v.Name
	}
	l.Blog, l.Pages, l.Static, l.Only, l.Folder = cfg.Blog.Dir, cfg.PagesDir, cfg.StaticDirs, cfg.Sections(), cfg.ContentDir
	l.Format = cfg.Markdown.Format
	l.SiteKeys = strings.Join(cfg.Markdown.FrontMatterKeys, ",")
	return l
}

// layout is Layout with the project folder, which no symlink of the content may leave.
func (b *Builder) layout(cfg *config.Site) content.Layout {
	l := Layout(cfg)
	if len(l.Only) > 0 {
		l.Project = b.opts.Root
	}
	return l
}

// prepareShell bundles the shell with the MDX pages of s, and (re)starts the renderers when the
// server bundle changed. With changed (absolute paths, an edit), only the MDX pages that read
// them are built again (bundle.Update); nil builds everything.
func (b *Builder) prepareShell(cfg *config.Site, s *site.Site, changed []string) error {
	if err := b.ensureBundler(cfg); err != nil {
		return err
	}
	b.setMDX(cfg, s)
	var out *bundle.Output
	var err error
	if changed == nil {
		out, err = b.bundler.Build()
	} else {
		out, err = b.bundler.Update(b.assets, changed)
	}
	if b.opts.LowMemory {
		b.bundler.Release()
	}
	if err != nil {
		return b.bundleErrors(err)
	}
	b.bundleErrors(nil) // a good bundle: no mistakes to keep
	if err := b.renderersFor(b.assets, out); err != nil {
		return err
	}
	b.noteStaleAssets(b.assets, out)
	b.assets = out
	return nil
}

// renderersFor starts the Node renderers with out's server bundle, unless they run old's
// already.
func (b *Builder) renderersFor(old, out *bundle.Output) error {
	if b.renderer == nil || old == nil || string(out.ServerJS) != string(old.ServerJS) {
		if b.renderer != nil {
			b.renderer.Close()
		}
		if err := b.startRenderers(out.ServerJS); err != nil {
			return err
		}
	}
	if b.nodeLimit > 0 {
		b.renderer.SetLimit(b.nodeLimit)
	}
	return nil
}

// setNpm2Yarn gives the renderers docsd.toml's [markdown] npm2yarn, with the converter (the
// shell's tools/npm2yarn.mjs) made on first use. A change of the key is a change of the config,
// on which every page depends: the pages are rendered again with it.
func (b *Builder) setNpm2Yarn(cfg *config.Site) {
	if len(cfg.Markdown.Npm2Yarn) == 0 {
		b.conv.Highlights().SetNpm2Yarn(nil, nil)
		return
	}
	if b.npm == nil {
		b.npm = npm2yarn.New(filepath.Join(b.shellDir(), "tools", "npm2yarn.mjs"))
	}
	if b.nodeLimit > 0 {
		b.npm.SetLimit(b.nodeLimit)
	}
	b.conv.Highlights().SetNpm2Yarn(b.npm, cfg.Markdown.Npm2Yarn)
}

// ensureBundler makes the bundler on first use, and gives it the site's allow-list of credentials
// (which a change of docsd.toml may have changed).
func (b *Builder) ensureBundler(cfg *config.Site) error {
	if b.bundler != nil {
		b.bundler.SetAllowed(cfg.Allowed())
		return nil
	}
	bu, err := bundle.New(b.shellDir(), cfg.BasePath, markdown.HighlightCSS(), b.opts.Production)
	if err != nil {
		return err
	}
	b.bundler = bu
	b.bundler.SetAllowed(cfg.Allowed())
	return nil
}

// absRoot is the project folder as an absolute path.
func (b *Builder) absRoot() string {
	root, _ := filepath.Abs(b.opts.Root)
	return root
}

// defaultRenderers is one Node renderer per two cores. docsd's own work while pages render (page
// data, HTML documents, search shards) keeps about as many cores busy as the renderers do, and each
// renderer starts cold: it loads the bundle and its JIT warms up on the first hundred pages, a
// cost paid once per process. On 2 cores one renderer built the site in 1.36 s against 1.57 s for
// two, and used 2.35 s of CPU against 2.85 s (medians of 5, go run ./bench/build).
func defaultRenderers(cores int) int {
	return max(1, cores/2)
}

// parallel runs fn for 0..n-1 on every core and returns the first error.
func parallel(n int, fn func(i int) error) error {
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	work := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0)*2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := fn(i); err != nil {
					once.Do(func() { first = err })
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	return first
}

// readWarnings lists the files the scan skipped and the problems parsing got past, by file.
func readWarnings(skipped []*content.Error, parsed []*site.Parsed) []*content.Error {
	out := append([]*content.Error(nil), skipped...)
	for _, p := range parsed {
		out = append(out, p.Warnings...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}
