// Package bundle builds the React shell with esbuild's Go API: a code-split, minified, hashed browser
// bundle and a single-file Node bundle for server rendering. One long-lived build context per bundle
// is rebuilt on demand, so watch mode pays only for what changed.
package bundle

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/secrets"
)

// Output is the result of a build: files by path relative to the assets folder, and what a page needs.
type Output struct {
	Files     map[string][]byte // client files, relative to the build folder (assets/...)
	EntryJS   string            // URL of the entry script
	EntryCSS  []string          // URLs of the entry's stylesheets
	Preload   []string          // URLs of chunks the entry imports statically
	ServerJS  []byte            // the server-rendering bundle
	ClientLen int               // total bytes of client JS and CSS
	// MDX holds each MDX page's chunk by page id (see SetMDX).
	MDX map[string]MDXChunk
	// MDXDeps lists, by page id, the files outside the shell each MDX page imports, directly or
	// not (partials, the site's components), as absolute paths.
	MDXDeps map[string][]string
	// MDXServer holds each MDX page's module for the renderers, by page id.
	MDXServer map[string]MDXServer
	// Built lists the MDX pages this call built, and MainBuilt says whether it made the shell's
	// bundles: what the render-count tests check (an MDX page edit builds that page only).
	Built     []string
	MainBuilt bool
	// CustomDeps are the site's own stylesheets in the shell's CSS and the files they load
	// (absolute): an edit to one makes the shell again (customcss.go).
	CustomDeps []string

	main      *Output             // the shell's bundles alone (no page files)
	pages     map[string]*mdxPage // each MDX page's builds (mdxpages.go)
	shared    []string            // the shared keys the shell's registry holds
	sharedJS  string              // the registry's entry in the browser bundle
	sharedCSS []string            // and its stylesheet
	provider  *providerChunk      // the project's MDXComponents, built for every page (mdxprovider.go)
	themes    map[string]bool     // the names of the @theme/ imports resolved for its pages and provider (Update)
}

// Bundler holds the esbuild contexts.
type Bundler struct {
	clientOpts, serverOpts api.BuildOptions
	client, server         api.BuildContext // nil until the first Build and after Release
	siteDir                string
	basePath               string
	entryPoint             string        // the client entry as the metafile names it
	mdx                    MDX           // the site's MDX pages (mdx.go)
	sharedKeys             []string      // the modules of the shell MDX pages use (mdxpages.go)
	resolved               sync.Map      // package imports of MDX pages that land in the shell, by specifier and folder
	compiled               *sync.Map     // the MDX modules of the current Build or Update (loadMDX)
	projectResolved        *sync.Map     // the project's own imports resolved in the current Build or Update (pagePlugin)
	browserMaps            *sync.Map     // folder -> whether its package maps files in "browser" (browserMapped), as projectResolved
	themesAsked            *sync.Map     // the names of the @theme/ imports resolved in the current Build or Update (aliasPath)
	scanned                *sync.Map     // the files searched for credentials in the current Build or Update (secrets.go)
	allowed                secrets.Allow // the credentials the site publishes on purpose (SetAllowed)
	sassDone               *sync.Map     // the Sass stylesheets compiled in the current Build or Update (sass.go)
	flowDone               *sync.Map     // the Flow components stripped in the current Build or Update (flow.go)
	exports                exportsCache  // what the shell's modules export, for the pages' facades (sharedexports.go)
	jsxOnce                sync.Once
	jsxKey                 string         // the registry key of react/jsx-runtime (mdxquick.go)
	provider               *providerChunk // the provider chunk of the current Build or Update, or nil (mdxprovider.go)
}

const clientEntry = "src/entry-client.jsx"

// New prepares the bundles of the shell in siteDir (which holds src/ and finds node_modules above it).
// extraCSS is served to the stylesheet import "./highlight.css" (the code highlighting palette).
func New(siteDir, basePath string, extraCSS string, production bool) (*Bundler, error) {
	abs, err := filepath.Abs(siteDir)
	if err != nil {
		return nil, err
	}
	// esbuild names its outputs relative to the real working folder: resolve symbolic links (a
	// project whose site/ links to a shell elsewhere), or the asset URLs would climb out of the
	// base path.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	virtual := api.Plugin{Name: "docsd-virtual", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^\./highlight\.css$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: "highlight.css", Namespace: "docsd"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			return api.OnLoadResult{Contents: &extraCSS, Loader: api.LoaderCSS}, nil
		})
	}}
	mode := "production"
	if !production {
		mode = "development"
	}
	plugins := []api.Plugin{virtual}
	// Components a site's MDX pages import from its own folder find React and the other
	// packages in the shell's node_modules.
	var nodePaths []string
	if st, err := os.Stat(filepath.Join(abs, "..", "node_modules")); err == nil && st.IsDir() {
		nodePaths = []string{filepath.Join(abs, "..", "node_modules")}
	}
	common := api.BuildOptions{
		NodePaths:     nodePaths,
		Bundle:        true,
		AbsWorkingDir: abs,
		JSX:           api.JSXAutomatic,
		Define:        map[string]string{"process.env.NODE_ENV": `"` + mode + `"`},
		Loader:        map[string]api.Loader{".js": api.LoaderJSX, ".jsx": api.LoaderJSX, ".svg": api.LoaderFile, ".png": api.LoaderFile},
		Plugins:       plugins,
		LogLevel:      api.LogLevelSilent,
		Write:         false,
		Metafile:      true,
		Sourcemap:     api.SourceMapNone,
		LegalComments: api.LegalCommentsNone,
	}
	client := common
	if production {
		client.Plugins = append([]api.Plugin{routerProductionBuild()}, plugins...)
	}
	// A site's own stylesheet (custom_css) may url() its fonts and images, as a page may import
	// them: their files are assets of the browser's bundle.
	client.Loader = maps.Clone(common.Loader)
	for _, ext := range pageAssets {
		client.Loader[ext] = api.LoaderFile
	}
	client.EntryPoints = []string{clientEntry}
	client.Outdir = filepath.Join(abs, "out", "assets")
	client.Format = api.FormatESModule
	client.Splitting = true
	client.Platform = api.PlatformBrowser
	client.Target = api.ES2020
	client.EntryNames = "[name]-[hash]"
	client.ChunkNames = "chunk-[hash]"
	client.AssetNames = "[name]-[hash]"
	client.PublicPath = basePath + "assets"
	client.MinifyWhitespace, client.MinifyIdentifiers, client.MinifySyntax = production, production, production
	// V8's explicit compile hint: compile every function of a file as the file streams in, off the
	// main thread, rather than each on the main thread when first called. React's and the router's
	// CommonJS modules sit in esbuild's wrapper functions, so evaluating the shell compiled nearly
	// all of it lazily, in one long task after the first paint (Lighthouse's total blocking time).
	// Browsers without compile hints read a comment.
	client.Banner = map[string]string{"js": "//# allFunctionsCalledOnLoad"}
	server := common
	server.EntryPoints = []string{"src/entry-server.jsx"}
	server.Outfile = filepath.Join(abs, "out", "ssr.cjs")
	server.Format = api.FormatCommonJS
	server.Platform = api.PlatformNode
	server.Target = api.ES2020
	server.Loader = map[string]api.Loader{".js": api.LoaderJSX, ".jsx": api.LoaderJSX, ".css": api.LoaderEmpty, ".svg": api.LoaderFile, ".png": api.LoaderFile}
	server.MinifySyntax = production
	server.Plugins = append(append([]api.Plugin(nil), plugins...), nodePackages(abs, filepath.Join(abs, "..", "node_modules"), production))
	b := &Bundler{clientOpts: client, serverOpts: server, siteDir: abs, basePath: basePath, entryPoint: clientEntry}
	b.clientOpts.Plugins = append([]api.Plugin{b.mdxPlugin(false), b.customCSSPlugin()}, b.clientOpts.Plugins...)
	b.serverOpts.Plugins = append([]api.Plugin{b.mdxPlugin(true)}, b.serverOpts.Plugins...)
	if err := b.contexts(); err != nil {
		return nil, err
	}
	return b, nil
}

// nodePackages leaves the packages the server bundle imports (React and the rest of node_modules) to
// Node, which loads them by absolute path: bundling them again for the server cost about a third of
// the bundling time (CPU 0.36 -> 0.25 s for both bundles), and Node reads its own copy of React as
// fast as a bundled one. The renderer runs wherever its temporary file is, so the paths are the
// ones esbuild resolved from the shell's folder. Only the shell's own packages (under shellModules)
// are left to Node: a package a site's MDX page imports from the site's node_modules may import
// CSS (react-tweet does), which Node cannot load, so it is bundled like the site's own files.
func nodePackages(siteDir, shellModules string, production bool) api.Plugin {
	// esbuild gives real paths: compare with the real path of the folder.
	if real, err := filepath.EvalSymlinks(shellModules); err == nil {
		shellModules = real
	}
	return api.Plugin{Name: "docsd-node-packages", Setup: func(b api.PluginBuild) {
		type resolving struct{}
		// esbuild's Resolve makes a new resolver for every call, which reads every folder from the
		// importer's up to / and the whole of node_modules again: 86 calls read node_modules 88
		// times, a fifth of a cold bundle's CPU. One build asks the same question from many files
		// of one folder, and its answer cannot change while the build runs (esbuild reads each
		// folder once per build too), so answers are kept for the build.
		// A question is the import, the folder it is resolved from and its kind (the importer
		// only when there is no folder).
		type question struct {
			path, namespace, dir, importer string
			kind                           api.ResolveKind
		}
		var answers sync.Map // question -> api.OnResolveResult
		b.OnStart(func() (api.OnStartResult, error) {
			answers.Clear()
			return api.OnStartResult{}, nil
		})
		b.OnResolve(api.OnResolveOptions{Filter: `^[^./]`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if _, again := a.PluginData.(resolving); again {
				return api.OnResolveResult{}, nil
			}
			q := question{path: a.Path, namespace: a.Namespace, dir: a.ResolveDir, kind: a.Kind}
			if a.ResolveDir == "" {
				q.importer = a.Importer // no folder to resolve from: the importer decides
			}
			if r, ok := answers.Load(q); ok {
				return r.(api.OnResolveResult), nil
			}
			r := resolvePackage(b, a, siteDir, shellModules, production, resolving{})
			if len(r.Errors) == 0 {
				answers.Store(q, r)
			}
			return r, nil
		})
	}}
}

// resolvePackage is nodePackages' answer for one import: esbuild's resolution, left to Node
// (external, by absolute path) when it lands in the shell's node_modules.
func resolvePackage(b api.PluginBuild, a api.OnResolveArgs, siteDir, shellModules string, production bool, again any) api.OnResolveResult {
	path := a.Path
	if path == "react-router-dom" {
		// The same exports as react-router's (plus the browser's routers, which the server
		// does not use), in a CommonJS file that would keep all of react-router.
		path = "react-router"
	}
	r := b.Resolve(path, api.ResolveOptions{Importer: a.Importer, Namespace: a.Namespace, ResolveDir: a.ResolveDir,
		Kind: a.Kind, PluginData: again})
	if len(r.Errors) > 0 {
		return api.OnResolveResult{Errors: r.Errors}
	}
	if r.External || r.Namespace != "file" {
		return api.OnResolveResult{Path: r.Path, External: r.External, Namespace: r.Namespace}
	}
	if rel, err := filepath.Rel(shellModules, r.Path); err != nil || strings.HasPrefix(rel, "..") || bundledForNode(rel) {
		if p := productionFile(r.Path); production && p != "" {
			return api.OnResolveResult{Path: p} // as the browser's bundle has it (prodbuild.go)
		}
		return api.OnResolveResult{Path: r.Path}
	}
	if a.Path == "react-dom/server" && strings.HasPrefix(a.Importer, siteDir+string(filepath.Separator)) {
		if legacy := legacyServer(r.Path); legacy != "" {
			return api.OnResolveResult{Path: legacy, External: true}
		}
	}
	return api.OnResolveResult{Path: r.Path, External: true}
}

// legacyServer is the file of react-dom/server that holds renderToString, beside server (the
// package's server.node.js), or "" when there is none. server.node.js loads it and also React's
// streaming renderer (300 KB), which the shell does not use (it calls renderToString alone): a
// renderer's start loaded both, 19 ms of CPU against 9 ms for React and the legacy file alone.
// The renderers run with NODE_ENV=production (pkg/ssr), so server.node.js would load this file.
func legacyServer(server string) string {
	if filepath.Base(server) != "server.node.js" {
		return ""
	}
	legacy := filepath.Join(filepath.Dir(server), "cjs", "react-dom-server-legacy.node.production.js")
	if _, err := os.Stat(legacy); err != nil {
		return ""
	}
	return legacy
}

// bundledForNode says whether a file of the shell's node_modules (rel) is bundled into the server
// bundle after all: Node loads react-router's ES modules through require(esm), running its
// CommonJS lexer over React's files, and whole (350 KB) where the shell uses a few of its
// functions; esbuild tree-shakes them.
func bundledForNode(rel string) bool {
	return strings.HasPrefix(filepath.ToSlash(rel), "react-router/")
}

// contexts creates the esbuild contexts if they do not exist.
func (b *Bundler) contexts() error {
	if b.client != nil {
		return nil
	}
	cc, cerr := api.Context(b.clientOpts)
	if cerr != nil {
		return fmt.Errorf("preparing the browser bundle: %v", cerr.Errors)
	}
	sc, serr := api.Context(b.serverOpts)
	if serr != nil {
		cc.Dispose()
		return fmt.Errorf("preparing the server bundle: %v", serr.Errors)
	}
	b.client, b.server = cc, sc
	return nil
}

// Release disposes of the esbuild contexts and the parsed modules they keep (tens of megabytes,
// most of it React); the next Build starts cold. docsd watch rebuilds the shell rarely and runs
// all day, so it trades that one slower build for memory. The MDX pages' hook and modules go too
// (SetMDX gives them again before the next Build or Update): the hook reads the site model of the
// build that set it, which kept the first build's model, with the first version of every page
// edited since, reachable all day.
func (b *Bundler) Release() {
	b.dispose()
	b.mdx, b.compiled = MDX{}, nil
}

// dispose drops the esbuild contexts alone: the MDX pages stay (a build whose shell is made
// before its pages, early.go, makes new contexts for the registry's entry).
func (b *Bundler) dispose() {
	if b.client != nil {
		b.client.Dispose()
		b.server.Dispose()
		b.client, b.server = nil, nil
	}
}

// Close releases the esbuild contexts.
func (b *Bundler) Close() { b.Release() }

// startBuild starts the caches a Build, BuildEarly or Update keeps for its own length: what it
// compiled, resolved and searched for credentials.
func (b *Bundler) startBuild() {
	b.compiled, b.projectResolved, b.themesAsked, b.browserMaps = &sync.Map{}, &sync.Map{}, &sync.Map{}, &sync.Map{}
	b.sassDone, b.flowDone, b.scanned = &sync.Map{}, &sync.Map{}, &sync.Map{}
}

// Build builds every MDX page, then the shell's bundles with the modules the pages share.
func (b *Bundler) Build() (*Output, error) {
	b.startBuild()
	b.resolved.Clear() // a whole build follows a change of the shell or of the installed packages
	ids := b.mdxIDs()
	var err error
	if b.provider, err = b.buildProvider(); err != nil {
		return nil, err
	}
	pages, err := b.buildPages(ids)
	if err != nil {
		return nil, err
	}
	b.sharedKeys = sharedKeysOf(pages, b.provider)
	main, err := b.buildMain()
	if err != nil {
		return nil, err
	}
	out := b.assemble(main, pages, b.provider, b.sharedKeys)
	out.Built, out.MainBuilt = ids, true
	return out, nil
}

// buildMain rebuilds both of the shell's bundles.
func (b *Bundler) buildMain() (*Output, error) {
	// The registry of the modules MDX pages share is an entry of the browser bundle when they
	// share any: a new entry point needs new esbuild contexts.
	entries := []string{b.entryPoint}
	if len(b.sharedKeys) > 0 {
		entries = append(entries, "docsd:mdx-shared")
	}
	if strings.Join(entries, ",") != strings.Join(b.clientOpts.EntryPoints, ",") {
		b.dispose()
		b.clientOpts.EntryPoints = entries
	}
	if err := b.contexts(); err != nil {
		return nil, err
	}
	// Both at once: each bundle's linking and printing runs mostly on one core.
	var sr api.BuildResult
	serverDone := make(chan struct{})
	go func() {
		defer close(serverDone)
		sr = b.server.Rebuild()
	}()
	cr := b.client.Rebuild()
	<-serverDone
	if err := b.secretsOfErrors(append(cr.Errors, sr.Errors...)); err != nil {
		return nil, err
	}
	if len(cr.Errors) > 0 {
		if errs := b.mdxSourceErrors(cr.Errors); errs != nil {
			return nil, errs
		}
		return nil, fmt.Errorf("bundling the browser shell: %s", formatMessages(cr.Errors))
	}
	if len(sr.Errors) > 0 {
		return nil, fmt.Errorf("bundling the server shell: %s", formatMessages(sr.Errors))
	}
	meta, err := parseMeta(cr.Metafile)
	if err != nil {
		return nil, fmt.Errorf("bundling the browser shell: %w", err)
	}
	smeta, err := parseMeta(sr.Metafile)
	if err != nil {
		return nil, fmt.Errorf("bundling the server shell: %w", err)
	}
	if err := b.secretsIn(meta, smeta); err != nil {
		return nil, err
	}
	out := &Output{Files: map[string][]byte{}}
	outDir := filepath.Join(b.siteDir, "out")
	for _, f := range cr.OutputFiles {
		rel, _ := filepath.Rel(outDir, f.Path)
		rel = filepath.ToSlash(rel)
		out.Files[rel] = f.Contents
		out.ClientLen += len(f.Contents)
	}
	for _, f := range sr.OutputFiles {
		if strings.HasSuffix(f.Path, ".cjs") {
			out.ServerJS = f.Contents
		}
	}
	if err := b.entryInfo(meta, out); err != nil {
		return nil, err
	}
	out.CustomDeps = b.customDeps(meta)
	return out, nil
}

func formatMessages(msgs []api.Message) string {
	var parts []string
	for _, m := range msgs {
		if m.Location != nil {
			parts = append(parts, fmt.Sprintf("%s:%d:%d: %s", m.Location.File, m.Location.Line, m.Location.Column+1, m.Text))
		} else {
			parts = append(parts, m.Text)
		}
	}
	return secrets.Mask(strings.Join(parts, "\n"))
}

func (b *Bundler) entryInfo(meta *metafile, out *Output) error {
	url := func(p string) string {
		rel, _ := filepath.Rel(filepath.Join(b.siteDir, "out"), filepath.Join(b.siteDir, p))
		return b.basePath + filepath.ToSlash(rel)
	}
	// Code splitting gives every dynamic import() its own output with an entryPoint too; only the
	// shell's entry is loaded by every page, so only its static imports (transitively) are preloaded.
	var entry string
	for name, o := range meta.Outputs {
		if o.EntryPoint == b.entryPoint && strings.HasSuffix(name, ".js") {
			entry = name
		}
	}
	if entry == "" {
		return fmt.Errorf("bundling the browser shell: no output for %s in the metafile", b.entryPoint)
	}
	out.EntryJS = url(entry)
	if css := meta.Outputs[entry].CSSBundle; css != "" {
		out.EntryCSS = append(out.EntryCSS, url(css))
	}
	seen := map[string]bool{entry: true}
	queue := []string{entry}
	for len(queue) > 0 {
		o := meta.Outputs[queue[0]]
		queue = queue[1:]
		for _, imp := range o.Imports {
			if imp.Kind != "import-statement" || imp.External || seen[imp.Path] {
				continue
			}
			seen[imp.Path] = true
			queue = append(queue, imp.Path)
			out.Preload = append(out.Preload, url(imp.Path))
		}
	}
	if out.EntryJS == "" {
		return fmt.Errorf("bundling the browser shell: no entry script in the output")
	}
	out.sharedJS, out.sharedCSS = sharedEntry(meta, url)
	return nil
}
