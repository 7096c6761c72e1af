// Package build runs docsd's named build steps: process (read and parse every source once), assemble
// (routes, sidebars, blog and the dependency graph), render (page data, React server rendering, HTML
// documents, feeds, sitemap) and emit (write the build atomically).
package build

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"docsd/pkg/bundle"
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/emit"
	"docsd/pkg/graph"
	"docsd/pkg/links"
	"docsd/pkg/markdown"
	"docsd/pkg/render"
	"docsd/pkg/site"
	"docsd/pkg/ssr"
)

// Options say where the project is and what to build.
type Options struct {
	Root       string // project root: docsd.toml, content/, site/
	SiteDir    string // the React shell; Root/site when empty
	Out        string // output folder for Build
	Production bool
}

// Result is a finished build in memory.
type Result struct {
	Site     *site.Site
	Files    *emit.Files
	Problems []links.Problem
	Timings  map[string]time.Duration
}

// Builder keeps what survives between builds: the Markdown converter, the bundler, the renderer.
type Builder struct {
	opts     Options
	conv     *markdown.Converter
	bundler  *bundle.Bundler
	renderer *ssr.Renderer
	assets   *bundle.Output
}

// New makes a builder for a project.
func New(opts Options) *Builder {
	return &Builder{opts: opts, conv: markdown.New()}
}

// Close stops the renderer and releases the bundler.
func (b *Builder) Close() {
	if b.renderer != nil {
		b.renderer.Close()
	}
	if b.bundler != nil {
		b.bundler.Close()
	}
}

// Once builds the site and writes it to opts.Out atomically.
func Once(opts Options) (*Result, error) {
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := emit.WriteAtomic(opts.Out, res.Files); err != nil {
		return nil, err
	}
	res.Timings["emit"] = time.Since(start)
	return res, nil
}

// Build runs every step and returns the build in memory.
func (b *Builder) Build() (*Result, error) {
	timings := map[string]time.Duration{}
	step := func(name string, start time.Time) { timings[name] = time.Since(start) }

	start := time.Now()
	cfg, err := config.Load(filepath.Join(b.opts.Root, "docsd.toml"))
	if err != nil {
		return nil, err
	}
	contentDir := filepath.Join(b.opts.Root, "content")
	sources, err := content.Scan(contentDir, Layout(cfg))
	if err != nil {
		return nil, fmt.Errorf("scanning content: %w", err)
	}
	parsed, err := site.Process(b.conv, sources)
	if err != nil {
		return nil, err
	}
	step("process", start)

	start = time.Now()
	g := graph.New()
	s, err := site.Assemble(cfg, parsed, g)
	if err != nil {
		return nil, err
	}
	step("assemble", start)

	start = time.Now()
	if err := b.prepareShell(cfg); err != nil {
		return nil, err
	}
	step("bundle", start)

	start = time.Now()
	files := emit.NewFiles()
	for p, data := range b.assets.Files {
		files.Add(p, data)
	}
	problems, err := b.render(s, files, contentDir)
	if err != nil {
		return nil, err
	}
	step("render", start)
	return &Result{Site: s, Files: files, Problems: problems, Timings: timings}, nil
}

// Layout tells the scanner which docs folders belong to which version.
func Layout(cfg *config.Site) content.Layout {
	l := content.Layout{DefaultLocale: cfg.DefaultLocale().Code, Versions: map[string]string{}}
	for _, loc := range cfg.Locales {
		l.Locales = append(l.Locales, loc.Code)
	}
	for _, v := range cfg.Versions {
		l.Versions[v.Dir] = v.Name
	}
	return l
}

func (b *Builder) prepareShell(cfg *config.Site) error {
	if b.bundler == nil {
		dir := b.opts.SiteDir
		if dir == "" {
			dir = filepath.Join(b.opts.Root, "site")
		}
		bu, err := bundle.New(dir, cfg.BasePath, markdown.HighlightCSS(), b.opts.Production)
		if err != nil {
			return err
		}
		b.bundler = bu
	}
	out, err := b.bundler.Build()
	if err != nil {
		return err
	}
	if b.renderer == nil || b.assets == nil || string(out.ServerJS) != string(b.assets.ServerJS) {
		if b.renderer != nil {
			b.renderer.Close()
		}
		r, err := ssr.Start(out.ServerJS)
		if err != nil {
			return err
		}
		b.renderer = r
	}
	b.assets = out
	return nil
}

// render produces every output file of the site.
func (b *Builder) render(s *site.Site, files *emit.Files, contentDir string) ([]links.Problem, error) {
	cfg := s.Config
	statics := map[string]string{} // content path → URL
	for _, st := range s.Statics {
		if strings.HasPrefix(st.Path, "static/") {
			url := cfg.BasePath + st.Rel
			statics[st.Path] = url
			files.Copy(st.Rel, st.Abs)
		} else {
			url := cfg.BasePath + "assets/files/" + st.Rel
			statics[st.Path] = url
			files.Copy("assets/files/"+st.Rel, st.Abs)
		}
	}
	resolver := func(r *site.Route) func(string, bool) string {
		return func(dest string, image bool) string {
			return s.Resolve(statics, r.Source, r.Data.Locale, dest)
		}
	}

	// Page HTML from Markdown, in parallel.
	routes := s.Order
	excerpts := map[string]render.FeedItem{}
	var mu sync.Mutex
	errs := parallel(len(routes), func(i int) error {
		r := s.Routes[routes[i]]
		if r.Doc == nil {
			return nil
		}
		html, err := r.Doc.Render(resolver(r))
		if err != nil {
			return fmt.Errorf("rendering content/%s: %w", r.Source, err)
		}
		r.Data.HTML = string(html)
		r.Data.TOC = tocRange(r)
		if r.Data.Kind == site.KindBlogPost {
			ex, truncated, err := r.Doc.Excerpt(resolver(r))
			if err != nil {
				return err
			}
			if !truncated {
				ex = html
			}
			mu.Lock()
			excerpts[r.Path] = render.FeedItem{Post: *r.Data.Post, Content: string(ex)}
			if truncated {
				excerpts[r.Path+"#truncated"] = render.FeedItem{}
			}
			mu.Unlock()
		}
		return nil
	})
	if errs != nil {
		return nil, errs
	}
	fill := func(posts []site.PostSummary) {
		for i := range posts {
			posts[i].Excerpt = excerpts[posts[i].Route].Content
			_, posts[i].Truncated = excerpts[posts[i].Route+"#truncated"]
		}
	}
	for _, r := range s.Routes {
		fill(r.Data.Posts)
		for i := range r.Data.Archive {
			for j := range r.Data.Archive[i].Posts {
				r.Data.Archive[i].Posts[j].Excerpt = ""
			}
		}
	}

	// Site data per locale.
	siteData := map[string]*site.SiteData{}
	for _, loc := range cfg.Locales {
		sd := &site.SiteData{Site: cfg, Locale: loc.Code, SidebarEntries: s.SidebarEntries(loc.Code), VersionRoutes: map[string]string{}}
		for _, v := range cfg.Versions {
			if r, ok := s.DocRoute(v.Name, loc.Code, v.MainDocID); ok {
				sd.VersionRoutes[v.Name] = r
			}
		}
		siteData[loc.Code] = sd
	}

	// Sidebars and page data JSON.
	for key, items := range s.Sidebars {
		data, err := json.Marshal(items)
		if err != nil {
			return nil, err
		}
		files.Add("__data/sidebars/"+key+".json", data)
	}
	assets := render.Assets{CSS: b.assets.EntryCSS, JS: b.assets.EntryJS, Preload: b.assets.Preload}
	all := append([]string(nil), routes...)
	for _, nf := range s.NotFound {
		s.Routes[nf.Path] = nf
		all = append(all, nf.Path)
	}
	sort.Strings(all)
	err := parallel(len(all), func(i int) error {
		r := s.Routes[all[i]]
		data, err := json.Marshal(r.Data)
		if err != nil {
			return err
		}
		if r.Data.Kind != site.KindNotFound {
			files.Add(s.DataPath(r.Path), data)
		}
		sd := siteData[r.Data.Locale]
		var sidebar []*site.SidebarItem
		if r.Data.Sidebar != "" {
			sidebar = s.Sidebars[r.Data.Sidebar]
		}
		body, err := b.renderer.Render(ssr.Request{URL: r.Path, Site: sd, Page: r.Data, Sidebar: sidebar})
		if err != nil {
			return err
		}
		doc := render.Document{Site: sd, Page: r.Data, Sidebar: sidebar, NotFound: s.NotFound[r.Data.Locale].Data, Body: body, Assets: assets}
		if len(cfg.Locales) > 1 {
			for _, l := range cfg.Locales {
				alt := site.LocalizePath(cfg, r.Path, r.Data.Locale, l.Code)
				if _, ok := s.Routes[alt]; ok {
					doc.Alternates = append(doc.Alternates, render.Alternate{Lang: l.HTMLLang, Href: alt})
				}
			}
		}
		html, err := doc.HTML()
		if err != nil {
			return err
		}
		out := s.HTMLPath(r.Path)
		if r.Data.Kind == site.KindNotFound {
			out = strings.TrimSuffix(s.HTMLPath(r.Path), ".html") + ".html"
		}
		files.Add(out, html)
		return nil
	})
	for _, nf := range s.NotFound {
		delete(s.Routes, nf.Path)
	}
	if err != nil {
		return nil, err
	}

	// Sitemap and feeds.
	var listed []string
	for _, p := range routes {
		if s.Routes[p].Listed && !s.Routes[p].Data.NoIndex {
			listed = append(listed, p)
		}
	}
	files.Add("sitemap.xml", render.Sitemap(cfg, listed))
	for _, loc := range cfg.Locales {
		posts := s.Posts[loc.Code]
		if len(posts) == 0 {
			continue
		}
		var items []render.FeedItem
		for _, p := range posts {
			items = append(items, render.FeedItem{Post: p, Content: excerpts[p.Route].Content})
		}
		blogRoute := strings.TrimSuffix(site.LocalizePath(cfg, cfg.BasePath, cfg.DefaultLocale().Code, loc.Code), "/") + "/" + strings.Trim(cfg.Blog.Path, "/")
		rel := strings.TrimPrefix(strings.TrimPrefix(blogRoute, strings.TrimSuffix(cfg.BasePath, "/")), "/")
		files.Add(rel+"/rss.xml", render.RSS(cfg, blogRoute, items))
		files.Add(rel+"/atom.xml", render.Atom(cfg, blogRoute, items))
	}
	return links.Check(s, statics), nil
}

// tocRange picks the headings of the table of contents (levels 2 to 3 unless front matter says
// otherwise); nil hides it.
func tocRange(r *site.Route) []markdown.Heading {
	if r.Data.Kind != site.KindDoc && r.Data.Kind != site.KindBlogPost {
		return nil
	}
	if r.HideTOC {
		return nil
	}
	min, max := 2, 3
	if r.TOCMin != 0 {
		min = r.TOCMin
	}
	if r.TOCMax != 0 {
		max = r.TOCMax
	}
	return r.Doc.TOC(min, max)
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
