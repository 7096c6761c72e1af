package bundle

// MDX pages are bundled with the shell, one entry point each, so esbuild's code splitting shares
// React and the theme components between the shell and the pages: a page's own chunk holds only
// its content. The server bundle imports every page statically (renderToString cannot wait for a
// chunk). This file holds the resolution rules MDX imports follow: `@site/` (the project folder),
// `@theme/` (the project's src/theme first, then ours in site/src/mdx/theme), the few
// `@docusaurus/` modules pages use, and .md/.mdx partials compiled like pages.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/content"
	"docsd/pkg/markdown"
)

// MDX is what the bundler needs to know of a site's MDX pages.
type MDX struct {
	// Pages maps each MDX page's id (its content path) to its file.
	Pages map[string]string
	// Root is the project folder `@site/` stands for.
	Root string
	// Compile turns an MDX or Markdown file imported as a module (a page or a partial) into
	// JavaScript; page is true for the files of Pages.
	Compile func(abs string, raw []byte, page bool) (string, error)
}

// MDXChunk is what the browser loads for one MDX page.
type MDXChunk struct {
	JS  string   `json:"js"`
	CSS []string `json:"css,omitempty"`
}

const mdxEntryPrefix = "docsd-mdx-entry:"

// SiteDir is the shell's folder (absolute, links resolved).
func (b *Bundler) SiteDir() string { return b.siteDir }

// SetMDX tells the bundler the site's MDX pages. A new set of pages means new entry points: the
// esbuild contexts are made again on the next Build.
func (b *Bundler) SetMDX(m MDX) {
	same := b.mdx.Root == m.Root && len(b.mdx.Pages) == len(m.Pages)
	for id, p := range m.Pages {
		if b.mdx.Pages[id] != p {
			same = false
		}
	}
	b.mdx = m
	if same {
		return
	}
	b.Release()
	entries := []string{b.entryPoint}
	for _, id := range b.mdxIDs() {
		entries = append(entries, mdxEntryPrefix+id)
	}
	b.clientOpts.EntryPoints = entries
}

func (b *Bundler) mdxIDs() []string {
	ids := make([]string, 0, len(b.mdx.Pages))
	for id := range b.mdx.Pages {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

var themeSources = []string{".jsx", ".js", ".tsx", ".ts", "/index.jsx", "/index.js", "/index.tsx", "/index.ts"}

// firstExisting is the first of base+suffix that is a file.
func firstExisting(base string, suffixes []string) string {
	for _, s := range suffixes {
		if st, err := os.Stat(base + s); err == nil && st.Mode().IsRegular() {
			return base + s
		}
	}
	return ""
}

// docusaurusModules are the @docusaurus/ imports docsd provides, by name.
var docusaurusModules = map[string]string{"Link": "Link.jsx", "useBaseUrl": "useBaseUrl.js", "BrowserOnly": "BrowserOnly.jsx"}

var mdxFile = regexp.MustCompile(`\.mdx?$`)

// mdxPlugin resolves and loads what MDX pages import; server says which bundle it serves.
func (b *Bundler) mdxPlugin(server bool) api.Plugin {
	return api.Plugin{Name: "docsd-mdx", Setup: func(pb api.PluginBuild) {
		ours := filepath.Join(b.siteDir, "src", "mdx")
		file := func(p string) (api.OnResolveResult, error) { return api.OnResolveResult{Path: p}, nil }
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:mdx-components$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return file(filepath.Join(ours, "components.jsx"))
		})
		// The admonition kinds, styles and titles are Markdown's (pkg/markdown), so that an MDX
		// page's <Admonition> looks as a Markdown page's `:::kind` does.
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:admonitions$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: "admonitions", Namespace: "docsd-admonitions"}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd-admonitions"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src := admonitionTable()
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJSON}, nil
		})
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:mdx-pages$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: "pages", Namespace: "docsd-mdx"}, nil
		})
		pb.OnResolve(api.OnResolveOptions{Filter: `^` + mdxEntryPrefix}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: strings.TrimPrefix(a.Path, mdxEntryPrefix), Namespace: "docsd-mdx-entry"}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd-mdx"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			// The server bundle holds every page; the browser's has none (each page is a chunk).
			src := "export default null;\n"
			if server {
				var imports, entries strings.Builder
				for i, id := range b.mdxIDs() {
					spec, _ := json.Marshal(b.mdx.Pages[id])
					key, _ := json.Marshal(id)
					fmt.Fprintf(&imports, "import p%d from %s;\n", i, spec)
					fmt.Fprintf(&entries, "  %s: { default: p%d, Frame },\n", key, i)
				}
				src = "import Frame from './src/mdx/MdxContent.jsx';\n" + imports.String() + "export default {\n" + entries.String() + "};\n"
			}
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: b.siteDir}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd-mdx-entry"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			spec, _ := json.Marshal(b.mdx.Pages[a.Path])
			id, _ := json.Marshal(a.Path)
			// The id makes two pages with the same content two chunks of different names.
			src := fmt.Sprintf("export { default } from %s;\nexport { default as Frame } from './src/mdx/MdxContent.jsx';\nexport const id = %s;\n", spec, id)
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: b.siteDir}, nil
		})
		pb.OnResolve(api.OnResolveOptions{Filter: `^@theme/`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if p := b.aliasPath(pb, a.Path, a.Kind); p != "" {
				return file(p)
			}
			name := strings.TrimPrefix(a.Path, "@theme/")
			return api.OnResolveResult{}, fmt.Errorf("docsd has no \"%s\": write it in src/theme/%s.jsx", a.Path, name)
		})
		pb.OnResolve(api.OnResolveOptions{Filter: `^@docusaurus/`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if p := b.aliasPath(pb, a.Path, a.Kind); p != "" {
				return file(p)
			}
			return api.OnResolveResult{}, fmt.Errorf("docsd does not provide \"%s\" (it provides @docusaurus/Link, useBaseUrl and BrowserOnly)", a.Path)
		})
		pb.OnResolve(api.OnResolveOptions{Filter: `^@site/`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if b.mdx.Root == "" {
				return api.OnResolveResult{}, fmt.Errorf("%s: no project folder for @site/", a.Path)
			}
			r := pb.Resolve("./"+strings.TrimPrefix(a.Path, "@site/"), api.ResolveOptions{ResolveDir: b.mdx.Root, Kind: a.Kind, Importer: a.Importer})
			if len(r.Errors) > 0 {
				return api.OnResolveResult{}, fmt.Errorf("\"%s\" is not in the project folder", a.Path)
			}
			return api.OnResolveResult{Path: r.Path, External: r.External, Namespace: r.Namespace}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `\.mdx?$`}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			raw, err := os.ReadFile(a.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			page := false
			for _, p := range b.mdx.Pages {
				if p == a.Path {
					page = true
				}
			}
			if b.mdx.Compile == nil {
				return api.OnLoadResult{}, fmt.Errorf("%s: MDX is not set up", a.Path)
			}
			js, err := b.mdx.Compile(a.Path, raw, page)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			js = b.nativeImports(pb, js)
			return api.OnLoadResult{Contents: &js, Loader: api.LoaderJSX, ResolveDir: filepath.Dir(a.Path)}, nil
		})
	}}
}

// aliasPath is the file an import of an MDX page names by one of docsd's aliases (`@theme/`,
// `@docusaurus/`, `@site/`, docsd:mdx-components), or "" when there is none.
func (b *Bundler) aliasPath(pb api.PluginBuild, spec string, kind api.ResolveKind) string {
	ours := filepath.Join(b.siteDir, "src", "mdx")
	switch {
	case spec == "docsd:mdx-components":
		return filepath.Join(ours, "components.jsx")
	case strings.HasPrefix(spec, "@theme/"):
		name := filepath.FromSlash(strings.TrimPrefix(spec, "@theme/"))
		if b.mdx.Root != "" {
			if p := firstExisting(filepath.Join(b.mdx.Root, "src", "theme", name), themeSources); p != "" {
				return p
			}
		}
		return firstExisting(filepath.Join(ours, "theme", name), themeSources)
	case strings.HasPrefix(spec, "@docusaurus/"):
		if f, ok := docusaurusModules[strings.TrimPrefix(spec, "@docusaurus/")]; ok {
			return filepath.Join(ours, "docusaurus", f)
		}
	case strings.HasPrefix(spec, "@site/") && b.mdx.Root != "":
		r := pb.Resolve("./"+strings.TrimPrefix(spec, "@site/"), api.ResolveOptions{ResolveDir: b.mdx.Root, Kind: kind})
		if len(r.Errors) == 0 && r.Namespace == "file" && !r.External {
			return r.Path
		}
	}
	return ""
}

// aliasImport matches an import of a compiled MDX module that names an alias (the compiler
// prints one import per line; the writer's keep their quotes).
var aliasImport = regexp.MustCompile(`(?m)^(import\b[^\n]*?)["']((?:@theme|@docusaurus|@site)/[^"'\n]+|docsd:mdx-components)["']`)

// nativeImports replaces the aliases a compiled MDX module imports by the files they name, so that
// esbuild resolves those itself. A file a plugin resolves has no module type, while one esbuild
// resolves takes "type": "module" from package.json, and esbuild's CommonJS interop
// (__toESM(x, 1) or __toESM(x)) in a file follows the type of whichever import reached it first:
// the bundle's bytes then depended on the order esbuild visited the files, and a rebuild's could
// differ from a fresh build's. An alias that names nothing is left for the plugin to report.
func (b *Bundler) nativeImports(pb api.PluginBuild, js string) string {
	return aliasImport.ReplaceAllStringFunc(js, func(m string) string {
		sub := aliasImport.FindStringSubmatch(m)
		p := b.aliasPath(pb, sub[2], api.ResolveJSImportStatement)
		if p == "" {
			return m
		}
		quoted, _ := json.Marshal(p)
		return sub[1] + string(quoted)
	})
}

// admonitionTable is the JSON module docsd:admonitions: each kind's style and default title.
func admonitionTable() string {
	type look struct {
		Style string `json:"style"`
		Title string `json:"title"`
	}
	table := map[string]look{}
	for kind := range markdown.AdmonitionKinds {
		style, title := markdown.AdmonitionLook(kind)
		table[kind] = look{style, title}
	}
	out, _ := json.Marshal(table) // map keys are sorted: the same bytes on every build
	return string(out)
}

// mdxInfo finds each MDX page's chunk (and stylesheet) in the browser bundle's metafile.
func (b *Bundler) mdxInfo(meta *metafile, out *Output, url func(string) string) {
	if len(b.mdx.Pages) == 0 {
		return
	}
	out.MDX = map[string]MDXChunk{}
	for name, o := range meta.Outputs {
		id, ok := strings.CutPrefix(o.EntryPoint, "docsd-mdx-entry:")
		if !ok || !strings.HasSuffix(name, ".js") {
			continue
		}
		c := MDXChunk{JS: url(name)}
		if o.CSSBundle != "" {
			c.CSS = append(c.CSS, url(o.CSSBundle))
		}
		out.MDX[id] = c
	}
	// What each page reads: every file its entry reaches, but the shell's own (a change there
	// rebuilds everything anyway) and packages.
	out.MDXDeps = map[string][]string{}
	for _, id := range b.mdxIDs() {
		seen := map[string]bool{}
		queue := []string{mdxEntryPrefix + id}
		var deps []string
		for len(queue) > 0 {
			in := queue[0]
			queue = queue[1:]
			for _, imp := range meta.Inputs[in].Imports {
				if imp.External || seen[imp.Path] {
					continue
				}
				seen[imp.Path] = true
				queue = append(queue, imp.Path)
				if strings.Contains(imp.Path, ":") || strings.Contains(imp.Path, "node_modules") {
					continue
				}
				abs := filepath.Join(b.siteDir, filepath.FromSlash(imp.Path))
				if strings.HasPrefix(abs, b.siteDir+string(filepath.Separator)) {
					continue
				}
				deps = append(deps, abs)
			}
		}
		sort.Strings(deps)
		out.MDXDeps[id] = deps
	}
}

// SourceErrors are mistakes in a site's MDX files found while bundling (an import that resolves to
// nothing), each at the file, line and column the writer wrote it.
type SourceErrors []*content.Error

func (e SourceErrors) Error() string {
	parts := make([]string, len(e))
	for i, err := range e {
		parts[i] = err.Error()
	}
	return strings.Join(parts, "\n")
}

var quoted = regexp.MustCompile(`"([^"]+)"`)

// mdxSourceErrors turns esbuild's errors inside compiled MDX modules (whose lines are the
// JavaScript's, not the writer's) into errors at the import in the MDX file; nil when an error is
// elsewhere.
func (b *Bundler) mdxSourceErrors(msgs []api.Message) SourceErrors {
	var out SourceErrors
	for _, m := range msgs {
		if m.Location == nil || !mdxFile.MatchString(m.Location.File) || strings.Contains(m.Location.File, ":") {
			return nil
		}
		abs := m.Location.File
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(b.siteDir, filepath.FromSlash(abs))
		}
		name := abs
		if b.mdx.Root != "" {
			if rel, err := filepath.Rel(b.mdx.Root, abs); err == nil && !strings.HasPrefix(rel, "..") {
				name = filepath.ToSlash(rel)
			}
		}
		e := &content.Error{File: name, Msg: m.Text}
		if spec := quoted.FindStringSubmatch(m.Text); spec != nil {
			if raw, err := os.ReadFile(abs); err == nil {
				e.Line, e.Column = findImport(string(raw), spec[1])
			}
		}
		if e.Line == 0 {
			e.Line, e.Column = 1, 1
		}
		out = append(out, e)
	}
	return out
}

// findImport is the line and column (1-based) of the quoted specifier spec in an MDX file.
func findImport(src, spec string) (int, int) {
	for _, q := range []string{`'`, `"`} {
		if i := strings.Index(src, q+spec+q); i >= 0 {
			line := strings.Count(src[:i], "\n") + 1
			col := i - strings.LastIndex(src[:i], "\n")
			return line, col
		}
	}
	return 0, 0
}
