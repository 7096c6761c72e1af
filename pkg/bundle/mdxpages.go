package bundle

// Each MDX page is built on its own, twice (an ES module for the browser, a CommonJS module for
// the renderers), so that an edit to one page compiles that page only: the shell's bundles and the
// renderers that run them stay as they are (issue #21: edit → DOM in ≤ 150 ms). What a page shares
// with the shell (React, the theme components, their contexts) must be the shell's own instance,
// not a copy: a page reaches every module of the shell's folder and of the shell's node_modules
// through a registry (globalThis.__docsdMdxShared(key)) that the shell fills with exactly the modules
// the pages use (the "shared keys"). The browser loads that registry (an entry of the shell's
// bundle, named by each page's data) before a page's chunk, so a Markdown page's first load does
// not carry it; the server bundle holds it.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/content"
)

// mdxPage is what one MDX page's own builds made.
type mdxPage struct {
	file   string            // the page's source
	chunk  MDXChunk          // the page's own files, as URLs (no shared stylesheet)
	files  map[string][]byte // the page's browser files, relative to the build folder
	server MDXServer         // the module the renderers run
	deps   []string          // files outside the shell the page reads (absolute, real paths)
	shared []string          // the shared keys the page imports
	// provider is the project's MDXComponents the page was built with ("" for docsd's own), and
	// providerURL its chunk: a page built before the file appeared, after it went, or against
	// another chunk of it, is built again (Update).
	provider, providerURL string
}

// MDXServer is an MDX page's module for the renderers: CommonJS, named by Key ("<id>-<hash>"), so
// a renderer that holds the key already is not sent the code again.
type MDXServer struct {
	Key string
	JS  string
	// Markup is what the module's run placeholders stand for (mdx.CutServerRuns), sent with it.
	Markup []string
}

const (
	sharedGlobal    = "__docsdMdxShared"
	sharedNamespace = "docsd-shared"     // a page's import of a shared module (ESM facade)
	sharedCJS       = "docsd-shared-cjs" // the registry's entry behind the facade
	sharedSiteKey   = "site:"            // keys of files of the shell's folder
	sharedPkgKey    = "pkg:"             // keys of files of the shell's node_modules
)

// shellModules is the real path of the shell's node_modules.
func (b *Bundler) shellModules() string {
	dir := filepath.Join(b.siteDir, "..", "node_modules")
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// sharedKey is the registry key of a resolved file that belongs to the shell (its folder or its
// node_modules), which a page must not copy; ok is false for the page's own files.
func (b *Bundler) sharedKey(path string) (string, bool) {
	if rel, ok := under(b.siteDir, path); ok {
		return sharedSiteKey + rel, true
	}
	if rel, ok := under(b.shellModules(), path); ok {
		return sharedPkgKey + rel, true
	}
	return "", false
}

// under is path relative to dir, in slashes, when path is inside dir.
func under(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// sharedPath is the file a shared key names.
func (b *Bundler) sharedPath(key string) string {
	if rel, ok := strings.CutPrefix(key, sharedSiteKey); ok {
		return filepath.Join(b.siteDir, filepath.FromSlash(rel))
	}
	return filepath.Join(b.shellModules(), filepath.FromSlash(strings.TrimPrefix(key, sharedPkgKey)))
}

// sharedRegistry is the module that fills the registry with the shared keys (the shell's
// docsd:mdx-shared). A registry entry is the module's namespace marked __esModule, so that a
// page's default import is the module's default export; a CommonJS package's namespace has its
// module.exports as default, as Node gives it. (A registry that loads each module when a page
// needs it, each a chunk of its own, was measured: on the fixture an MDX page then loaded 11
// files, 5.3 KB gzipped, against 2 files and 4.8 KB for this one, and the shell's first load
// grew by 0.5 KB, its chunks being split further.)
func (b *Bundler) sharedRegistry(keys []string) string {
	var imports, entries strings.Builder
	for i, k := range keys {
		spec, _ := json.Marshal("docsd-shared-file:" + k)
		key, _ := json.Marshal(k)
		fmt.Fprintf(&imports, "import * as m%d from %s;\n", i, spec)
		fmt.Fprintf(&entries, "  %s: mark(m%d),\n", key, i)
	}
	return imports.String() + "const mark = (m) => Object.freeze(Object.assign({ __esModule: true }, m));\n" +
		"const modules = {\n" + entries.String() + "};\n" +
		"globalThis." + sharedGlobal + " = (key) => {\n" +
		"  if (!modules[key]) throw new Error(`docsd: the shell does not provide ${key}`);\n" +
		"  return modules[key];\n};\n"
}

// pagePlugin resolves and loads what one MDX page's build reads: docsd's aliases and partials as
// in the shell's bundle (mdx.go), and every module of the shell through the registry.
func (b *Bundler) pagePlugin(used *sync.Map) api.Plugin {
	return api.Plugin{Name: "docsd-mdx-page", Setup: func(pb api.PluginBuild) {
		platform := strconv.Itoa(int(pb.InitialOptions.Platform))
		shared := func(path string) (api.OnResolveResult, bool) {
			key, ok := b.sharedKey(path)
			if !ok {
				return api.OnResolveResult{}, false
			}
			used.Store(key, true)
			return api.OnResolveResult{Path: key, Namespace: sharedNamespace}, true
		}
		pb.OnResolve(api.OnResolveOptions{Filter: `^` + mdxEntryPrefix}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: strings.TrimPrefix(a.Path, mdxEntryPrefix), Namespace: "docsd-mdx-entry"}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd-mdx-entry"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			spec, _ := json.Marshal(b.mdx.Pages[a.Path])
			id, _ := json.Marshal(a.Path)
			// The id makes two pages with the same content two chunks of different names.
			src := fmt.Sprintf("export { default } from %s;\nexport { default as Frame } from './src/mdx/MdxContent.jsx';\nexport const id = %s;\n", spec, id)
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: b.siteDir}, nil
		})
		admonitions(pb) // for a project's own src/theme/Admonition
		b.siteProvider(pb)
		b.rawImports(pb)    // before the catch-all resolver below
		b.svgComponents(pb) // before requiredAssets: an .svg the project imports is a component
		requiredAssets(pb)  // before the aliases and the catch-all resolver below
		// docsd's aliases name files of the shell (shared) or of the project (bundled).
		for _, filter := range []string{`^docsd:mdx-components$`, `^@theme/`, `^@theme-original/`, `^@docusaurus/`, `^@site/`} {
			pb.OnResolve(api.OnResolveOptions{Filter: filter}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				p := b.aliasPath(&pb, a.Path, a.Kind)
				if p == "" {
					return api.OnResolveResult{}, aliasError(a.Path, b.mdx.Root)
				}
				if r, ok := shared(p); ok {
					return r, nil
				}
				return api.OnResolveResult{Path: p}, nil
			})
		}
		pb.OnResolve(api.OnResolveOptions{Filter: `^` + sharedCJS + `:`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: strings.TrimPrefix(a.Path, sharedCJS+":"), Namespace: sharedCJS}, nil
		})
		// Every other import: resolved as esbuild would, then shared when it lands in the shell.
		// (The entry's imports too: its frame is the shell's.)
		pb.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if _, again := a.PluginData.(pageResolving); again || a.Kind == api.ResolveEntryPoint {
				return api.OnResolveResult{}, nil
			}
			// A file named exactly needs no resolver: each page's build starts with empty
			// caches, and esbuild's resolver reads every folder above a file (package.json,
			// tsconfig.json), which was most of a page's build time. Not inside a package whose
			// package.json's "browser" field swaps files for others (axios's Node adapter): the
			// resolver applies it.
			p := ""
			if !b.browserMapped(a.ResolveDir) {
				p = b.exactFile(a.Path, a.ResolveDir)
			}
			if p == "" && strings.HasPrefix(a.Path, "/") {
				p = b.rootedFile(&pb, a)
			}
			if p != "" {
				if res, ok := shared(p); ok {
					return res, nil
				}
				if !b.mayImport(p) {
					return api.OnResolveResult{}, outsideError(a.Path)
				}
				return api.OnResolveResult{Path: p}, nil
			}
			// (Keyed by the build's platform too: a package's "browser" map applies to the
			// browser's build only, serverVariant.)
			key := a.Path + "\x00" + a.ResolveDir + "\x00" + platform
			if p, ok := b.resolved.Load(key); ok {
				if res, ok := shared(p.(string)); ok {
					return res, nil
				}
			}
			// The project's files do not move during one Build or Update, in which every page's
			// build resolves the same imports of the site's components (its MDXComponents'
			// above all: every page reads them).
			pkey := key + "\x00" + string(rune('0'+a.Kind))
			if r, ok := b.projectResolved.Load(pkey); ok {
				return r.(api.OnResolveResult), nil
			}
			resolveDir := a.ResolveDir
			if reactPackage(a.Path) {
				// One React for the whole page: a package of the project that imports React (a
				// component library, with React as its peer) finds the shell's copy, where it would
				// find the project's own node_modules/react, a second copy whose hooks have no
				// renderer ("Cannot read properties of null (reading 'useState')").
				resolveDir = b.siteDir
			}
			r := pb.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, Namespace: a.Namespace, ResolveDir: resolveDir,
				Kind: a.Kind, PluginData: pageResolving{}})
			if len(r.Errors) > 0 {
				// Not installed: a package of the project's own monorepo, found by its name.
				if w, ok := b.workspaceResolve(&pb, a); ok {
					r = w
				} else {
					return api.OnResolveResult{Errors: r.Errors}, nil
				}
			}
			if !r.External && r.Namespace == "file" {
				if res, ok := shared(r.Path); ok {
					// The shell's packages do not move while docsd runs: their resolution is kept.
					b.resolved.Store(key, r.Path)
					return res, nil
				}
				if !b.mayImport(r.Path) {
					return api.OnResolveResult{}, outsideError(a.Path)
				}
			}
			effects := api.SideEffectsTrue
			if !r.SideEffects {
				effects = api.SideEffectsFalse // package.json "sideEffects": false, for tree shaking
			}
			res := api.OnResolveResult{Path: r.Path, External: r.External, Namespace: r.Namespace, SideEffects: effects}
			if r.Namespace == "file" {
				b.projectResolved.Store(pkey, res)
			}
			return res, nil
		})
		// A facade in ES module syntax, so that the page's own interop never depends on its
		// module type (a project whose package.json says "type": "module" makes default imports
		// of CommonJS modules the whole module); the registry entry behind it is CommonJS.
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: sharedNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src := b.sharedFacade(a.Path)
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: sharedCJS}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			key, _ := json.Marshal(a.Path)
			src := fmt.Sprintf("module.exports = globalThis.%s(%s);\n", sharedGlobal, key)
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `\.mdx?$`}, b.loadMDX(pb))
		b.sassStylesheets(pb)
		b.flowComponents(pb)
	}}
}

// mayImport says whether a page may import the file at the real path abs: one of the project's,
// or of a package (a node_modules folder, the project's or one above it in a monorepo). A relative
// or absolute import of anything else (../../../etc/passwd, a link out of the project, a home
// folder's key) would be read at build time and published in the page's module.
func (b *Bundler) mayImport(abs string) bool {
	return b.inProject(abs) || isNodeModules(abs)
}

// outsideError is the error of an import that names a file mayImport refuses.
func outsideError(spec string) error {
	return fmt.Errorf("\"%s\" is outside the project folder; docsd reads no file there", spec)
}

// pageResolving marks the page resolver's own esbuild resolve of an import, which the plugins
// that resolve through esbuild again (svgComponents) pass on as it is: each resolving the other's
// import again recursed without end on an import that resolves to nothing.
type pageResolving struct{}

// rootedFile is the file an import written from the site's root names ("/img/icons/copy.svg",
// "/src/components/Select"), found in the static folders and then the site folder with esbuild's
// extensions and index files, as Docusaurus's webpack resolves it (resolve.roots); "" when none
// holds it. It never leaves the folder it is found in, nor the project.
func (b *Bundler) rootedFile(pb *api.PluginBuild, a api.OnResolveArgs) string {
	for _, root := range append(slices.Clone(b.mdx.StaticDirs), b.mdx.Site) {
		if root == "" {
			continue
		}
		p := filepath.Join(root, filepath.FromSlash(a.Path))
		if _, ok := under(root, p); !ok {
			continue // "/../x" climbs out of the folder
		}
		real := b.exactFile(p, "")
		if real == "" {
			r := pb.Resolve(p, api.ResolveOptions{Importer: a.Importer, Namespace: a.Namespace, ResolveDir: a.ResolveDir,
				Kind: a.Kind, PluginData: pageResolving{}})
			if len(r.Errors) > 0 || r.External || r.Namespace != "file" {
				continue
			}
			real = r.Path
		}
		if b.inProject(real) {
			return real
		}
	}
	return ""
}

// exactFile is the real path of an import that names a file exactly (absolute, or relative to
// dir with its extension), or "".
func (b *Bundler) exactFile(spec, dir string) string {
	if !filepath.IsAbs(spec) {
		if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") || dir == "" {
			return ""
		}
		spec = filepath.Join(dir, filepath.FromSlash(spec))
	}
	st, err := os.Stat(spec)
	if err != nil || !st.Mode().IsRegular() {
		return ""
	}
	real, err := filepath.EvalSymlinks(spec)
	if err != nil {
		return ""
	}
	return real
}

// aliasError is the error of an alias that names nothing.
func aliasError(spec, root string) error {
	switch {
	case strings.HasPrefix(spec, "@theme/"):
		name := strings.TrimPrefix(spec, "@theme/")
		return fmt.Errorf("docsd has no \"%s\": write it in src/theme/%s.jsx", spec, name)
	case strings.HasPrefix(spec, "@theme-original/"):
		return fmt.Errorf("docsd has no \"%s\" to wrap", spec)
	case strings.HasPrefix(spec, "@docusaurus/"):
		return fmt.Errorf("docsd does not provide \"%s\" (it provides %s)", spec, docusaurusProvided)
	case strings.HasPrefix(spec, "@site/") && root == "":
		return fmt.Errorf("%s: no project folder for @site/", spec)
	case strings.HasPrefix(spec, "@site/"):
		return fmt.Errorf("\"%s\" is not in the project folder", spec)
	}
	return fmt.Errorf("\"%s\" names nothing", spec)
}

// pageAssets are the file types an MDX page may import as a URL, besides the shell's .svg and .png.
var pageAssets = []string{".jpg", ".jpeg", ".gif", ".webp", ".avif", ".ico", ".bmp", ".mp4", ".webm", ".ogg", ".ogv", ".mov",
	".mp3", ".wav", ".pdf", ".zip", ".gz", ".woff", ".woff2", ".ttf", ".otf", ".eot"}

// pageOptions are the esbuild options of one page's build.
func (b *Bundler) pageOptions(id string, used *sync.Map) api.BuildOptions {
	o := b.clientOpts
	o.Splitting = false
	o.EntryNames = "mdx-[hash]"
	o.EntryPoints = []string{mdxEntryPrefix + id}
	o.Plugins = []api.Plugin{b.pagePlugin(used)}
	// A page's import of an image, a video or a download gives its URL, as webpack's file loader
	// does for Docusaurus (ory's pages import .mp4 and .webm screencasts).
	o.Loader = maps.Clone(o.Loader)
	for _, ext := range pageAssets {
		o.Loader[ext] = api.LoaderFile
	}
	// CSS modules keep their readable names (file_class): minified, each page's build named its
	// classes a, b, … on its own, and two pages' stylesheets, both in the document after client
	// navigation, then styled each other's elements. The JavaScript is minified after (minifyPage).
	o.MinifyIdentifiers = false
	return o
}

// minifyPage minifies the identifiers of a page's bundled module, as the shell's bundles are
// (pageOptions leaves them for the CSS modules' sake).
func (b *Bundler) minifyPage(id string, js []byte) ([]byte, error) {
	if !b.clientOpts.MinifyIdentifiers {
		return js, nil
	}
	o := b.clientOpts
	out := api.Transform(string(js), api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatESModule, Platform: api.PlatformBrowser,
		Target: o.Target, MinifyWhitespace: o.MinifyWhitespace, MinifyIdentifiers: true, MinifySyntax: o.MinifySyntax,
		LegalComments: api.LegalCommentsNone, LogLevel: api.LogLevelSilent})
	if len(out.Errors) > 0 {
		return nil, fmt.Errorf("minifying the MDX page %s: %s", id, formatMessages(out.Errors))
	}
	return out.Code, nil
}

// buildPage builds one page for the browser and the renderers.
func (b *Bundler) buildPage(id string) (*mdxPage, error) {
	if p, ok, err := b.quickPage(id); ok || err != nil {
		return p, err
	}
	used := &sync.Map{}
	cr := api.Build(b.pageOptions(id, used))
	if len(cr.Errors) > 0 {
		return nil, b.pageBuildError(id, "", cr.Errors)
	}
	meta, err := parseMeta(cr.Metafile)
	if err != nil {
		return nil, fmt.Errorf("bundling the MDX page %s: %w", id, err)
	}
	if err := b.secretsIn(meta); err != nil {
		return nil, err
	}
	p := &mdxPage{file: b.mdx.Pages[id], files: map[string][]byte{}}
	b.noteProvider(p)
	outDir := filepath.Join(b.siteDir, "out")
	var js []byte
	for _, f := range cr.OutputFiles {
		rel, _ := filepath.Rel(outDir, f.Path)
		rel = filepath.ToSlash(rel)
		p.files[rel] = f.Contents
		url := b.basePath + rel
		switch {
		case strings.HasSuffix(rel, ".js") && strings.HasPrefix(filepath.Base(rel), "mdx-"):
			min, err := b.minifyPage(id, f.Contents)
			if err != nil {
				return nil, err
			}
			p.chunk.JS, js, p.files[rel] = url, min, min
		case strings.HasSuffix(rel, ".css") && strings.HasPrefix(filepath.Base(rel), "mdx-"):
			p.chunk.CSS = append(p.chunk.CSS, url)
		}
	}
	if p.chunk.JS == "" {
		return nil, fmt.Errorf("bundling the MDX page %s: esbuild wrote no module", id)
	}
	// The renderers run the browser's module as CommonJS: the same code on both sides, so the
	// page hydrates as rendered, at the cost of a syntax transform instead of a second bundle
	// (a page's bundle is mostly esbuild's fixed cost per build). Unless the page reads a package
	// whose "browser" field swaps files: the renderers get its Node files, as Docusaurus's server
	// build does, since the browser's may read window or document as they load.
	server, deps := js, b.pageDeps(meta)
	if b.readsBrowserFiles(meta) {
		var more []string
		if server, more, err = b.serverVariant(id); err != nil {
			return nil, err
		}
		deps = append(deps, more...) // its Node files: an edit of one renders the page again
		sort.Strings(deps)
		deps = slices.Compact(deps)
	}
	if p.server, err = b.serverModule(id, "", "", nil, server); err != nil {
		return nil, err
	}
	if from, to, ok := meta.mdxCycle(); ok {
		// Bundled, it renders into a TypeError of the page's module ("m is not iterable").
		name := func(in string) string { return b.projectName(filepath.Join(b.siteDir, filepath.FromSlash(in))) }
		msg := "imports itself: a partial cannot show itself"
		if from != to {
			msg = fmt.Sprintf("imports %s, which imports it again: a partial cannot show itself", name(to))
		}
		return nil, &content.Error{File: name(from), Msg: msg}
	}
	p.deps = b.withProviderDeps(deps)
	used.Range(func(k, _ any) bool {
		p.shared = append(p.shared, k.(string))
		return true
	})
	sort.Strings(p.shared)
	return p, nil
}

// readsBrowserFiles reports whether a page's build read a file of a package whose package.json
// "browser" field maps files (browserMapped).
func (b *Bundler) readsBrowserFiles(meta *metafile) bool {
	for in := range meta.Inputs {
		if strings.Contains(in, ":") && !filepath.IsAbs(in) {
			continue // a namespace's (raw imports, shared modules), not a file
		}
		abs := in
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(b.siteDir, filepath.FromSlash(in))
		}
		if b.browserMapped(filepath.Dir(abs)) {
			return true
		}
	}
	return false
}

// serverVariant builds a page's module again for Node, where a package's "browser" map does not
// apply (esbuild's node platform), for the renderers; and the files that build read.
func (b *Bundler) serverVariant(id string) ([]byte, []string, error) {
	o := b.pageOptions(id, &sync.Map{})
	o.Platform = api.PlatformNode
	r := api.Build(o)
	if len(r.Errors) > 0 {
		return nil, nil, b.pageBuildError(id, " for the renderers", r.Errors)
	}
	meta, err := parseMeta(r.Metafile)
	if err != nil {
		return nil, nil, fmt.Errorf("bundling the MDX page %s for the renderers: %w", id, err)
	}
	for _, f := range r.OutputFiles {
		if base := filepath.Base(f.Path); strings.HasPrefix(base, "mdx-") && strings.HasSuffix(base, ".js") {
			return f.Contents, b.pageDeps(meta), nil
		}
	}
	return nil, nil, fmt.Errorf("bundling the MDX page %s for the renderers: esbuild wrote no module", id)
}

// pageBuildError is the error of a page's failed build (for is what it was built for, "" for the
// browser): a credential or a mistake in a file of the project at its place, else esbuild's.
func (b *Bundler) pageBuildError(id, forWhat string, errs []api.Message) error {
	if err := b.secretsOfErrors(errs); err != nil {
		return err
	}
	if e := b.mdxSourceErrors(errs); e != nil {
		return e
	}
	return fmt.Errorf("bundling the MDX page %s%s: %s", id, forWhat, formatMessages(errs))
}

// pageDeps are the files a page's build read, but the shell's (shared) and packages.
func (b *Bundler) pageDeps(meta *metafile) []string {
	var deps []string
	for in := range meta.Inputs {
		if p, ok := strings.CutPrefix(in, rawNS+":"); ok {
			deps = append(deps, p) // a file imported as text (mdxraw.go)
			continue
		}
		if strings.Contains(in, ":") || strings.Contains(in, "node_modules") {
			continue
		}
		abs := filepath.Join(b.siteDir, filepath.FromSlash(in))
		if _, ok := under(b.siteDir, abs); ok {
			continue
		}
		deps = append(deps, abs)
	}
	deps = append(deps, b.sassDeps(deps)...) // the partials a stylesheet loaded (sass.go)
	sort.Strings(deps)
	return slices.Compact(deps)
}

// buildPages builds the pages ids.
func (b *Bundler) buildPages(ids []string) (map[string]*mdxPage, error) {
	return b.buildPagesThen(ids, nil)
}

// buildPagesThen builds the pages ids, starting them in that order, and tells done (when set) of
// each page as soon as it is built (early.go).
func (b *Bundler) buildPagesThen(ids []string, done func(id string, p *mdxPage)) (map[string]*mdxPage, error) {
	out := make([]*mdxPage, len(ids))
	errs := make([]error, len(ids))
	work := make(chan int)
	var wg sync.WaitGroup
	// More pages in flight than cores: each page waits for the MDX compiler (one Node process),
	// which then always has the next page queued.
	for w := 0; w < 4*runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				out[i], errs[i] = b.buildPage(ids[i])
				if errs[i] == nil && done != nil {
					done(ids[i], out[i])
				}
			}
		}()
	}
	for i := range ids {
		work <- i
	}
	close(work)
	wg.Wait()
	var found SourceErrors
	for _, err := range errs {
		if se, ok := err.(SourceErrors); ok {
			found = append(found, se...)
		} else if err != nil {
			return nil, err
		}
	}
	if len(found) > 0 {
		return nil, found.unique()
	}
	pages := map[string]*mdxPage{}
	for i, id := range ids {
		pages[id] = out[i]
	}
	return pages, nil
}

// sharedKeysOf is the sorted union of the pages' shared keys and the provider chunk's.
func sharedKeysOf(pages map[string]*mdxPage, provider *providerChunk) []string {
	set := map[string]bool{}
	if provider != nil {
		for _, k := range provider.shared {
			set[k] = true
		}
	}
	for _, p := range pages {
		for _, k := range p.shared {
			set[k] = true
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Update is the bundle after an edit to the files changed (absolute paths), from the last one:
// only the MDX pages that are new, or whose file or imports changed, are built again; pages no
// longer in the site are dropped; the shell's bundles are made again only when the modules the
// pages share changed. Without a last bundle it is Build.
func (b *Bundler) Update(last *Output, changed []string) (*Output, error) {
	if last == nil || last.pages == nil {
		return b.Build()
	}
	b.startBuild()
	touched := map[string]bool{}
	for _, c := range changed {
		touched[c] = true
		if real, err := filepath.EvalSymlinks(c); err == nil {
			touched[real] = true
		}
	}
	// A project's src/theme/<name> added (or a file of it that no build read changed) changes
	// what an @theme/<name> import resolved to, and no page lists a file that did not exist as
	// one it read: every page and the provider are built again.
	themed := b.themeShadowed(last, touched)
	// A file added beside one a page read may be what its import names now (mdxshadow.go).
	near := touchedPaths(touched)
	b.forgetResolved(near)
	changedFor := func(files []string) bool { return anyTouched(files, near) || reresolved(files, near) }
	b.provider = last.provider
	if lp := last.provider; themed || lp == nil || lp.source != b.mdx.provider || changedFor(append([]string{lp.source}, lp.deps...)) {
		var err error
		if b.provider, err = b.buildProvider(); err != nil {
			return nil, err
		}
	}
	providerURL := ""
	if b.provider != nil {
		providerURL = b.provider.url
	}
	var ids []string
	for _, id := range b.mdxIDs() {
		p, ok := last.pages[id]
		if !ok || themed || p.file != b.mdx.Pages[id] || p.provider != b.mdx.provider || p.providerURL != providerURL ||
			changedFor(append([]string{p.file}, p.deps...)) {
			ids = append(ids, id)
		}
	}
	built, err := b.buildPages(ids)
	if err != nil {
		return nil, err
	}
	pages := map[string]*mdxPage{}
	for _, id := range b.mdxIDs() {
		if p, ok := built[id]; ok {
			pages[id] = p
		} else {
			pages[id] = last.pages[id]
		}
	}
	keys := sharedKeysOf(pages, b.provider)
	main := last.main
	if strings.Join(keys, "\n") != strings.Join(last.shared, "\n") {
		b.sharedKeys = keys
		if main, err = b.buildMain(); err != nil {
			return nil, err
		}
	}
	out := b.assemble(main, pages, b.provider, keys)
	for name := range last.themes {
		out.themes[name] = true // asked by pages not built again
	}
	out.Built = ids
	out.MainBuilt = main != last.main
	return out, nil
}

// themeShadowed reports whether a touched path may be a project's src/theme/<name> (one of
// themeSources, or a folder holding one) for a name an @theme/ import of last's pages or provider
// resolved, that none of them read: added, so the import now names it (an edit or removal of one
// a page read builds that page again through its deps).
func (b *Bundler) themeShadowed(last *Output, touched map[string]bool) bool {
	if b.mdx.Site == "" || len(last.themes) == 0 {
		return false
	}
	root := filepath.Join(b.mdx.Site, "src", "theme")
	read := map[string]bool{}
	for _, p := range last.pages {
		for _, d := range p.deps {
			read[d] = true
		}
	}
	if last.provider != nil {
		for _, d := range last.provider.deps {
			read[d] = true
		}
	}
	sep := string(filepath.Separator)
	for t := range touched {
		if read[t] || t != root && !strings.HasPrefix(t, root+sep) && !strings.HasPrefix(root, t+sep) {
			continue
		}
		for name := range last.themes {
			base := filepath.Join(root, filepath.FromSlash(name))
			if t == base || strings.HasPrefix(base, t+sep) {
				return true // the file's folder, or one above it
			}
			for _, s := range themeSources {
				if t == base+filepath.FromSlash(s) {
					return true
				}
			}
		}
	}
	return false
}

// anyTouched reports whether one of files is touched, or inside a touched folder (a watcher that
// lost events reports the whole content folder).
func anyTouched(files []string, touched []touchedPath) bool {
	for _, f := range files {
		for _, t := range touched {
			if f == t.path || strings.HasPrefix(f, t.folder) {
				return true
			}
		}
	}
	return false
}

// assemble is the Output of the shell's bundles main with the pages and their provider chunk.
func (b *Bundler) assemble(main *Output, pages map[string]*mdxPage, provider *providerChunk, keys []string) *Output {
	out := *main
	out.main, out.pages, out.shared, out.provider = main, pages, keys, provider
	out.themes = map[string]bool{}
	if b.themesAsked != nil {
		b.themesAsked.Range(func(name, _ any) bool {
			out.themes[name.(string)] = true
			return true
		})
	}
	out.Files = make(map[string][]byte, len(main.Files)+2*len(pages))
	for p, data := range main.Files {
		out.Files[p] = data
	}
	if provider != nil {
		for f, data := range provider.files {
			out.Files[f] = data
			out.ClientLen += len(data)
		}
	}
	if len(pages) > 0 {
		out.MDX, out.MDXDeps, out.MDXServer = map[string]MDXChunk{}, map[string][]string{}, map[string]MDXServer{}
	}
	for id, p := range pages {
		for f, data := range p.files {
			out.Files[f] = data
			out.ClientLen += len(data)
		}
		out.MDX[id], out.MDXDeps[id], out.MDXServer[id] = pageChunk(main, provider, p), p.deps, p.server
	}
	return &out
}

// pageChunk is what page p's data names: its chunk, with the shell's registry main holds.
func pageChunk(main *Output, provider *providerChunk, p *mdxPage) MDXChunk {
	c := MDXChunk{JS: p.chunk.JS, Shared: main.sharedJS}
	var providerCSS []string
	if provider != nil {
		providerCSS = provider.css
	}
	// The registry's stylesheet (the theme components' CSS) comes with every page.
	// The provider chunk's stylesheet (the site's MDXComponents') too, where a page that
	// bundled them had them in its own.
	c.CSS = append(append(append(c.CSS, main.sharedCSS...), providerCSS...), p.chunk.CSS...)
	return c
}

// reactPackage reports whether an import names React or React DOM (or a file of theirs).
func reactPackage(spec string) bool {
	return spec == "react" || spec == "react-dom" || strings.HasPrefix(spec, "react/") || strings.HasPrefix(spec, "react-dom/")
}

// browserMapped reports whether the package holding dir (its nearest package.json, an installed
// package's or a workspace package's, whose real path has no node_modules) maps files in its
// "browser" field. Known once per folder in a Build or Update. The walk stops at the project's
// folder: docsd reads nothing above it.
func (b *Bundler) browserMapped(dir string) bool {
	if dir == "" || b.browserMaps == nil {
		return false
	}
	var seen []string
	mapped := false
	for d := dir; ; {
		if v, ok := b.browserMaps.Load(d); ok {
			mapped = v.(bool)
			break
		}
		seen = append(seen, d)
		if raw, err := os.ReadFile(filepath.Join(d, "package.json")); err == nil {
			// A map of files or a file for the package's entry ("browser": "browser.js"). A
			// package.json without a name (dist/web/package.json: {"type": "module"}) is part of
			// the package above it, whose map esbuild applies to it too: the walk goes on.
			var pkg struct {
				Name    string          `json:"name"`
				Browser json.RawMessage `json:"browser"`
			}
			ok := json.Unmarshal(raw, &pkg) == nil
			browser := bytes.TrimSpace(pkg.Browser)
			mapped = ok && (bytes.HasPrefix(browser, []byte("{")) || bytes.HasPrefix(browser, []byte(`"`)))
			// (Outside the project, a linked package's real folder, the first package.json
			// ends the walk: nothing above the project is read.)
			if mapped || !ok || pkg.Name != "" || !b.inProject(d) {
				break
			}
		}
		parent := filepath.Dir(d)
		if parent == d || d == b.mdx.Root || d == b.mdx.realRoot {
			break
		}
		d = parent
	}
	for _, d := range seen {
		b.browserMaps.Store(d, mapped)
	}
	return mapped
}
