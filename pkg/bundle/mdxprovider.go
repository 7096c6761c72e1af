package bundle

// A Docusaurus site gives components to every MDX page, without an import, through its own
// src/theme/MDXComponents, whose default export is an object of components (usually docsd's own
// map, imported as @theme-original/MDXComponents, spread, and the site's components added). When
// the project has one, it is built once per Build or Update into a chunk of its own (the
// "provider chunk": a module giving that object on top of docsd's map), and every page's provider
// (docsd:mdx-components, the providerImportSource of its compiled module) is that chunk: the
// browser imports it by URL, once for every page; a page's module for the renderers carries its
// CommonJS form, evaluated once per renderer. Bundled into each page instead, as before, it made
// every page of such a site go through esbuild (no page could take mdxquick.go's path) and put a
// copy of the site's components in every page's chunk. A page's own imports still win: MDX looks
// a component up in the provider only when the page does not define it. The compiler learns the
// object's names beforehand (pkg/mdx ProvidedBy), so that a component nothing gives is still an
// error at file:line:col.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
)

const (
	providerNamespace = "docsd-mdx-provider"
	providerEntry     = "docsd-mdx-provider-entry"
	providerSpec      = "docsd:mdx-components"
	// providerSlot is the renderers' global holding the provider chunk's module (one at a time:
	// a new chunk, after an edit, replaces the last).
	providerSlot = "__docsdMdxProvider"
)

// providerChunk is what the build of a project's MDXComponents made.
type providerChunk struct {
	source string            // the project's MDXComponents file it was built from
	url    string            // its module's URL, which each page's chunk imports
	css    []string          // its stylesheets' URLs
	files  map[string][]byte // its browser files, relative to the build folder
	server string            // its module for the renderers (CommonJS)
	deps   []string          // the project's files it read (absolute, real paths)
	shared []string          // the shared keys it imports
}

// siteProvider resolves docsd:mdx-components, in a page's build, to the provider chunk (external:
// the browser loads it by URL; serverModule gives it to the renderers); without one, the import
// is left to aliasPath (docsd's components.jsx, shared).
func (b *Bundler) siteProvider(pb api.PluginBuild) {
	pb.OnResolve(api.OnResolveOptions{Filter: `^` + providerSpec + `$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if b.provider == nil {
			return api.OnResolveResult{}, nil
		}
		return api.OnResolveResult{Path: b.provider.url, External: true}, nil
	})
}

// providerEntryPlugin gives the provider chunk's build its entry: providerModule.
func (b *Bundler) providerEntryPlugin() api.Plugin {
	return api.Plugin{Name: "docsd-mdx-provider", Setup: func(pb api.PluginBuild) {
		pb.OnResolve(api.OnResolveOptions{Filter: `^` + providerEntry + `$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: b.mdx.provider, Namespace: providerNamespace}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: providerNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src := providerModule(filepath.Join(b.siteDir, "src", "mdx", "components.jsx"), a.Path)
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: filepath.Dir(a.Path)}, nil
		})
	}}
}

// providerModule is the provider of a project with its own MDXComponents (site). docsd's map comes
// first, so that a site's map that does not spread it still has <Admonition> (`:::` blocks are
// Admonitions); the components docsd's compiler writes into every module (code blocks, the
// truncate marker) come last, as no site may replace them.
func providerModule(ours, site string) string {
	o, _ := json.Marshal(ours)
	s, _ := json.Marshal(site)
	return fmt.Sprintf(`import { components as docsd } from %s;
import site from %s;
const components = { ...docsd, ...site, DocsdAdmonitionTitle: docsd.DocsdAdmonitionTitle, DocsdHTML: docsd.DocsdHTML, DocsdTruncate: docsd.DocsdTruncate };
export function useMDXComponents() {
  return components;
}
`, o, s)
}

// buildProvider builds the project's MDXComponents as the provider chunk, as a page is built
// (the shell's modules through the registry, CSS modules' class names readable); nil without one.
func (b *Bundler) buildProvider() (*providerChunk, error) {
	if b.mdx.provider == "" {
		return nil, nil
	}
	used := &sync.Map{}
	o := b.clientOpts
	o.Splitting = false
	o.EntryNames = "mdx-components-[hash]"
	o.EntryPoints = []string{providerEntry}
	o.Plugins = []api.Plugin{b.providerEntryPlugin(), b.pagePlugin(used)}
	o.MinifyIdentifiers = false // for the CSS modules' sake, as pageOptions; minifyPage after
	r := api.Build(o)
	if len(r.Errors) > 0 {
		if err := b.secretsOfErrors(r.Errors); err != nil {
			return nil, err
		}
		if errs := b.providerErrors(r.Errors); errs != nil {
			return nil, errs
		}
		return nil, fmt.Errorf("bundling the site's MDXComponents: %s", formatMessages(r.Errors))
	}
	meta, err := parseMeta(r.Metafile)
	if err != nil {
		return nil, fmt.Errorf("bundling the site's MDXComponents: %w", err)
	}
	if err := b.secretsIn(meta); err != nil {
		return nil, err
	}
	p := &providerChunk{source: b.mdx.provider, files: map[string][]byte{}}
	outDir := filepath.Join(b.siteDir, "out")
	var js []byte
	for _, f := range r.OutputFiles {
		rel, _ := filepath.Rel(outDir, f.Path)
		rel = filepath.ToSlash(rel)
		p.files[rel] = f.Contents
		switch {
		case strings.HasSuffix(rel, ".js"):
			min, err := b.minifyPage("src/theme/MDXComponents", f.Contents)
			if err != nil {
				return nil, err
			}
			p.url, js, p.files[rel] = b.basePath+rel, min, min
		case strings.HasSuffix(rel, ".css"):
			p.css = append(p.css, b.basePath+rel)
		}
	}
	if p.url == "" {
		return nil, fmt.Errorf("bundling the site's MDXComponents: esbuild wrote no module")
	}
	sr := api.Transform(string(js), api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatCommonJS, Platform: api.PlatformNode,
		Target: api.ES2020, LogLevel: api.LogLevelSilent})
	if len(sr.Errors) > 0 {
		return nil, fmt.Errorf("making the server module of the site's MDXComponents: %s", formatMessages(sr.Errors))
	}
	p.server = string(sr.Code)
	p.deps = b.pageDeps(meta)
	used.Range(func(k, _ any) bool {
		p.shared = append(p.shared, k.(string))
		return true
	})
	sort.Strings(p.shared)
	return p, nil
}

// providerErrors are esbuild's errors in the project's own files (the MDXComponents file or a
// component it imports) at the writer's file, line and column; nil when one is elsewhere.
func (b *Bundler) providerErrors(msgs []api.Message) SourceErrors {
	var out SourceErrors
	for _, m := range msgs {
		if m.Location == nil || m.Location.File == "" || strings.Contains(m.Location.File, ":") {
			return nil
		}
		abs := m.Location.File
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(b.siteDir, filepath.FromSlash(abs))
		}
		name := abs
		if rel, err := filepath.Rel(b.mdx.Root, abs); err == nil && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		} else {
			return nil // the shell's own files: not the writer's mistake
		}
		out = append(out, b.projectFileError(abs, name, m))
	}
	return out
}

// withProvider gives a page's module for the renderers the provider chunk it imports: the
// transform made the import a require of the chunk's URL, which becomes the chunk's CommonJS
// module, evaluated once per renderer (and again after an edit makes a new chunk).
func withProvider(code string, p *providerChunk) string {
	if p == nil {
		return code
	}
	url, _ := json.Marshal(p.url)
	call := "require(" + string(url) + ")"
	if !strings.Contains(code, call) {
		return code // the page uses no component it does not import
	}
	prelude := fmt.Sprintf("var __docsdProvider = () => {\n  const slot = globalThis.%[1]s;\n  if (slot && slot.url === %[2]s) return slot.exports;\n"+
		"  const module = { exports: {} };\n  (function (module, exports) {\n%[3]s\n  })(module, module.exports);\n"+
		"  globalThis.%[1]s = { url: %[2]s, exports: module.exports };\n  return module.exports;\n};\n", providerSlot, url, p.server)
	return prelude + strings.ReplaceAll(code, call, "__docsdProvider()")
}

// noteProvider records on a page being built the provider it is built against.
func (b *Bundler) noteProvider(p *mdxPage) {
	p.provider = b.mdx.provider
	if b.provider != nil {
		p.providerURL = b.provider.url
	}
}

// withProviderDeps adds the provider chunk's files to a page's: the page renders what they give,
// so the graph renders it again when one changes.
func (b *Bundler) withProviderDeps(deps []string) []string {
	if b.provider == nil {
		return deps
	}
	out := append(append([]string(nil), deps...), b.provider.deps...)
	sort.Strings(out)
	return out
}

// serverModule is the renderers' module of a page: its browser module as CommonJS, so both sides
// run the same code, with the provider chunk it imports. runs are the page's runs' functions
// (quickPage), which go in front of the module as they are: plain var statements; serverRuns,
// when the page has them, are the renderer's own (mdx.CutServerRuns), which take their place,
// and markup what their placeholders stand for.
func (b *Bundler) serverModule(id, runs, serverRuns string, markup []string, browser []byte) (MDXServer, error) {
	code, ok := commonJSOf(browser)
	if !ok {
		sr := api.Transform(string(browser), api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatCommonJS, Platform: api.PlatformNode,
			Target: api.ES2020, LogLevel: api.LogLevelSilent})
		if len(sr.Errors) > 0 {
			return MDXServer{}, fmt.Errorf("making the server module of the MDX page %s: %s", id, formatMessages(sr.Errors))
		}
		code = withProvider(string(sr.Code), b.provider)
	}
	if serverRuns != "" {
		// The renderer's runs (mdx.CutServerRuns) go after the module: they set its exports' docsdRuns.
		code += "\n" + serverRuns
	} else {
		code = runs + code
	}
	sum := sha256.New()
	sum.Write([]byte(code))
	for _, m := range markup {
		sum.Write([]byte{0})
		sum.Write([]byte(m))
	}
	return MDXServer{Key: id + "-" + hex.EncodeToString(sum.Sum(nil)[:8]), JS: code, Markup: markup}, nil
}
