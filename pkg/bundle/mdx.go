package bundle

// MDX pages are built one by one (mdxpages.go), each sharing the shell's modules through a
// registry the shell's bundles hold. This file holds the resolution rules MDX imports follow:
// `@site/` (the project folder), `@theme/` (the project's src/theme first, then ours in
// site/src/mdx/theme), the few `@docusaurus/` modules pages use, and .md/.mdx partials compiled
// like pages.

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/content"
	"docsd/pkg/fspath"
	"docsd/pkg/markdown"
	"docsd/pkg/mdx"
	"docsd/pkg/secrets"
)

// MDX is what the bundler needs to know of a site's MDX pages.
type MDX struct {
	// Pages maps each MDX page's id (its content path) to its file.
	Pages map[string]string
	// Root is the project folder: no import leaves it, and files are named relative to it.
	Root string
	// Site is the folder `@site/` stands for and src/theme is in: the Docusaurus site's, Root
	// or a folder inside it (website/); Root when empty.
	Site string
	// Compile turns an MDX or Markdown file imported as a module (a page or a partial) into
	// JavaScript; page is true for the files of Pages.
	Compile func(abs string, raw []byte, page bool) (string, error)
	// CustomFields is docsd.toml's [docusaurus.custom_fields] as JSON ("{}" when empty), the
	// module docsd:custom-fields that useDocusaurusContext() gives as siteConfig.customFields.
	CustomFields []byte
	// StaticDirs are the site's static folders (absolute), where an import written from the
	// site's root ("/img/logo.svg") is looked for first, as Docusaurus's webpack does.
	StaticDirs []string
	// Sass compiles a Sass stylesheet a site's component imports (the MDX compiler's Sass;
	// sass.go).
	Sass func(mdx.SassRequest) (mdx.SassResult, error)
	// StripFlow takes the Flow types out of a site's component (the MDX compiler's StripFlow;
	// flow.go); FlowAll says every JavaScript file of the site is Flow (docsd.toml's
	// [docusaurus] flow), else only one whose first comment says @flow.
	StripFlow func(mdx.FlowRequest) (string, error)
	FlowAll   bool
	// CustomCSS are the site's own stylesheets (absolute), on every page after docsd's
	// (customcss.go).
	CustomCSS []string

	provider   string      // the project's src/theme/MDXComponents, or "" (SetMDX; mdxprovider.go)
	workspaces *workspaces // the monorepo's own packages, by name (workspaces.go)
	// realRoot is Root with its symbolic links resolved (SetMDX): esbuild resolves a file to its
	// real path, so a project reached through a link (a linked home, macOS's /tmp) is both.
	realRoot string
}

// MDXChunk is what the browser loads for one MDX page.
type MDXChunk struct {
	JS  string   `json:"js"`
	CSS []string `json:"css,omitempty"`
	// Shared is the registry of the shell's modules the page's chunk uses (mdxpages.go).
	Shared string `json:"shared,omitempty"`
}

const mdxEntryPrefix = "docsd-mdx-entry:"

// SiteDir is the shell's folder (absolute, links resolved).
func (b *Bundler) SiteDir() string { return b.siteDir }

// SetMDX tells the bundler the site's MDX pages. Each page is a build of its own
// (mdxpages.go), so a new set of pages leaves the shell's esbuild contexts as they are.
func (b *Bundler) SetMDX(m MDX) {
	if m.Site == "" {
		m.Site = m.Root
	}
	m.provider = ThemeFile(m.Site, "MDXComponents")
	m.workspaces = &workspaces{root: m.Root}
	m.realRoot = m.Root
	if real, err := filepath.EvalSymlinks(m.Root); err == nil {
		m.realRoot = real
	}
	b.mdx = m
}

// inProject says whether abs lies in the project folder, which no import may leave.
func (b *Bundler) inProject(abs string) bool {
	return fspath.Within(b.mdx.Root, abs) || fspath.Within(b.mdx.realRoot, abs)
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

// ThemeFile is the project's own src/theme/<name> (a file of themeSources), or "" when it has none.
func ThemeFile(root, name string) string {
	if root == "" {
		return ""
	}
	return firstExisting(filepath.Join(root, "src", "theme", filepath.FromSlash(name)), themeSources)
}

// docusaurusModules are the @docusaurus/ imports docsd provides, by name. The docs plugin's client
// hooks are in theme-common too, where Docusaurus 2 had useCurrentSidebarCategory.
// Some sites import the hook by its file in @docusaurus/core, as Docusaurus 2's docs showed.
var docusaurusModules = map[string]string{"Link": "Link.jsx", "useBaseUrl": "useBaseUrl.js", "useIsBrowser": "useIsBrowser.js", "BrowserOnly": "BrowserOnly.jsx",
	"router": "router.js", "plugin-content-docs/client": "docsClient.js", "theme-common": "themeCommon.js", "Translate": "Translate.jsx",
	"useDocusaurusContext": "useDocusaurusContext.js", "core/lib/client/exports/useDocusaurusContext": "useDocusaurusContext.js",
	"useBrokenLinks": "useBrokenLinks.js", "Head": "Head.jsx", "ExecutionEnvironment": "ExecutionEnvironment.js"}

// docusaurusProvided names docusaurusModules for an error about another one.
const docusaurusProvided = "@docusaurus/Link, Head, ExecutionEnvironment, useBaseUrl, useIsBrowser, BrowserOnly, Translate, useDocusaurusContext, useBrokenLinks, router (useLocation, useHistory), " +
	"and plugin-content-docs/client and theme-common (useCurrentSidebarCategory, useDocsSidebar, useColorMode)"

var mdxFile = regexp.MustCompile(`\.mdx?$`)

// mdxPlugin gives the shell's bundles the modules MDX pages need from them: docsd:mdx-runtime
// (load.js: whether this is the server, which also holds the registry of shared modules,
// mdxpages.go), docsd:mdx-shared (that registry, an entry of the browser bundle), the admonition
// table and the components every page may use; server says which bundle it serves.
func (b *Bundler) mdxPlugin(server bool) api.Plugin {
	return api.Plugin{Name: "docsd-mdx", Setup: func(pb api.PluginBuild) {
		ours := filepath.Join(b.siteDir, "src", "mdx")
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:mdx-components$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: filepath.Join(ours, "components.jsx")}, nil
		})
		admonitions(pb)
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:custom-fields$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: "custom-fields", Namespace: "docsd-mdx"}, nil
		})
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:mdx-(runtime|shared)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: strings.TrimPrefix(a.Path, "docsd:mdx-"), Namespace: "docsd-mdx"}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd-mdx"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			var src string
			switch {
			case a.Path == "custom-fields":
				fields := b.mdx.CustomFields
				if len(fields) == 0 {
					fields = []byte("{}")
				}
				src = "export default " + string(fields) + ";\n"
			case a.Path == "shared":
				src = b.sharedRegistry(b.sharedKeys)
			case server && len(b.sharedKeys) > 0:
				src = "import 'docsd:mdx-shared';\nexport const server = true;\n"
			default:
				// The browser loads the registry as an entry of its own (MDXChunk.Shared): as a
				// dynamic import, its stylesheet would be in the shell's, on every page.
				src = fmt.Sprintf("export const server = %v;\n", server)
			}
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: b.siteDir}, nil
		})
		// The registry's modules, by key; the server leaves packages to Node by absolute path, as
		// the shell's own imports of them are (nodePackages), so both are the same instance.
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd-shared-file:`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			key := strings.TrimPrefix(a.Path, "docsd-shared-file:")
			return api.OnResolveResult{Path: b.sharedPath(key), External: server && strings.HasPrefix(key, sharedPkgKey)}, nil
		})
	}}
}

// admonitions serves docsd:admonitions. The admonition kinds, styles and titles are Markdown's
// (pkg/markdown), so that an MDX page's <Admonition> looks as a Markdown page's `:::kind` does.
func admonitions(pb api.PluginBuild) {
	pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:admonitions$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		return api.OnResolveResult{Path: "admonitions", Namespace: "docsd-admonitions"}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd-admonitions"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		src := admonitionTable()
		return api.OnLoadResult{Contents: &src, Loader: api.LoaderJSON}, nil
	})
}

// compiled is one file's module, shared by the builds of one Build or Update (loadMDX).
type compiled struct {
	done chan struct{}
	js   string
	err  error
}

// loadMDX compiles an MDX or Markdown file a page imports (the page itself, or a partial).
func (b *Bundler) loadMDX(pb api.PluginBuild) func(api.OnLoadArgs) (api.OnLoadResult, error) {
	return func(a api.OnLoadArgs) (api.OnLoadResult, error) {
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
		js, err := b.compile(a.Path, raw, page)
		if err != nil {
			return api.OnLoadResult{}, err
		}
		js = b.nativeImports(&pb, mdx.WithoutServerRuns(js))
		return api.OnLoadResult{Contents: &js, Loader: api.LoaderJSX, ResolveDir: filepath.Dir(a.Path)}, nil
	}
}

// compile is the module the MDX compiler makes of a file. A page's builds load the same files: one
// compiles, the others wait for its module. Only within one Build or Update: a page's links
// resolve against the site, which may change between builds.
func (b *Bundler) compile(abs string, raw []byte, page bool) (string, error) {
	if b.mdx.Compile == nil {
		return "", fmt.Errorf("%s: MDX is not set up", abs)
	}
	sum := sha256.Sum256(raw)
	c, loaded := b.compiled.LoadOrStore(fmt.Sprintf("%s\x00%v\x00%x", abs, page, sum), &compiled{done: make(chan struct{})})
	m := c.(*compiled)
	if !loaded {
		m.js, m.err = b.mdx.Compile(abs, raw, page)
		close(m.done)
	}
	<-m.done
	return m.js, m.err
}

// aliasPath is the file an import of an MDX page names by one of docsd's aliases (`@theme/`,
// `@theme-original/`, `@docusaurus/`, `@site/`, docsd:mdx-components), or "" when there is none
// (or, without pb to resolve it with, for `@site/`; or for docsd:mdx-components when the project
// has its own MDXComponents, which the page's build wraps: siteProvider).
func (b *Bundler) aliasPath(pb *api.PluginBuild, spec string, kind api.ResolveKind) string {
	ours := filepath.Join(b.siteDir, "src", "mdx")
	switch {
	case spec == "docsd:mdx-components":
		if b.mdx.provider != "" {
			return ""
		}
		return filepath.Join(ours, "components.jsx")
	case strings.HasPrefix(spec, "@theme/"):
		name := strings.TrimPrefix(spec, "@theme/")
		if b.themesAsked != nil {
			b.themesAsked.Store(name, true) // a project's src/theme/<name> added later changes this answer (Update)
		}
		if p := ThemeFile(b.mdx.Site, name); p != "" {
			return p
		}
		return firstExisting(filepath.Join(ours, "theme", filepath.FromSlash(name)), themeSources)
	case strings.HasPrefix(spec, "@theme-original/"):
		// What a project's own src/theme/<Name> wraps: always ours.
		return firstExisting(filepath.Join(ours, "theme", filepath.FromSlash(strings.TrimPrefix(spec, "@theme-original/"))), themeSources)
	case strings.HasPrefix(spec, "@docusaurus/"):
		if f, ok := docusaurusModules[strings.TrimPrefix(spec, "@docusaurus/")]; ok {
			return filepath.Join(ours, "docusaurus", f)
		}
	case strings.HasPrefix(spec, "@site/") && b.mdx.Root != "" && pb != nil:
		r := pb.Resolve("./"+strings.TrimPrefix(spec, "@site/"), api.ResolveOptions{ResolveDir: b.mdx.Site, Kind: kind})
		if len(r.Errors) == 0 && r.Namespace == "file" && !r.External && b.inProject(r.Path) {
			return r.Path
		}
	}
	return ""
}

// aliasImport matches an import of a compiled MDX module that names an alias, on one line (the
// compiler prints one import per line; the writer's keep their quotes).
var aliasImport = regexp.MustCompile(`^(import\b[^\n]*?)["']((?:@theme|@theme-original|@docusaurus|@site)/[^"'\n]+|docsd:mdx-components)["']`)

// nativeImports replaces the aliases a compiled MDX module imports by the files they name, so that
// esbuild resolves those itself. A file a plugin resolves has no module type, while one esbuild
// resolves takes "type": "module" from package.json, and esbuild's CommonJS interop
// (__toESM(x, 1) or __toESM(x)) in a file follows the type of whichever import reached it first:
// the bundle's bytes then depended on the order esbuild visited the files, and a rebuild's could
// differ from a fresh build's. An alias that names nothing is left for the plugin to report.
// Only lines that start with "import" are matched: running the pattern over the whole module
// (mostly highlighted code) was a tenth of docsd's own CPU for an MDX page.
func (b *Bundler) nativeImports(pb *api.PluginBuild, js string) string {
	var out strings.Builder
	done := 0 // js[:done] is in out
	for start := 0; start < len(js); {
		end := strings.IndexByte(js[start:], '\n')
		if end < 0 {
			end = len(js)
		} else {
			end += start
		}
		if line := js[start:end]; strings.HasPrefix(line, "import") {
			if m := aliasImport.FindStringSubmatchIndex(line); m != nil {
				if p := b.importAlias(pb, line[m[4]:m[5]]); p != "" {
					quoted, _ := json.Marshal(p)
					out.WriteString(js[done : start+m[3]])
					out.Write(quoted)
					done = start + m[1]
				}
			}
		}
		start = end + 1
	}
	if done == 0 {
		return js
	}
	out.WriteString(js[done:])
	return out.String()
}

// importAlias is aliasPath for an import statement. Without pb (a page read line by line:
// quickPage, predictPage) the answer is kept for the current Build or Update, whose project files
// do not move: every page imports the same few theme components, and each lookup of one stats
// each of its candidate files in the project's src/theme first (8 failed stats for
// @theme/Admonition, twice a page).
func (b *Bundler) importAlias(pb *api.PluginBuild, spec string) string {
	if pb != nil || b.projectResolved == nil {
		return b.aliasPath(pb, spec, api.ResolveJSImportStatement)
	}
	key := "\x02alias\x00" + spec
	if p, ok := b.projectResolved.Load(key); ok {
		return p.(string)
	}
	p := b.aliasPath(nil, spec, api.ResolveJSImportStatement)
	b.projectResolved.Store(key, p)
	return p
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

// sharedEntry is the registry's script and stylesheet (the theme components' CSS) in the
// browser bundle, which every MDX page loads before its own.
func sharedEntry(meta *metafile, url func(string) string) (string, []string) {
	for name, o := range meta.Outputs {
		if o.EntryPoint == "docsd-mdx:shared" && strings.HasSuffix(name, ".js") {
			if o.CSSBundle != "" {
				return url(name), []string{url(o.CSSBundle)}
			}
			return url(name), nil
		}
	}
	return "", nil
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

// unique is e without repeats, in order: a Sass partial with a mistake is reported by every
// stylesheet that loads it, in every page's build.
func (e SourceErrors) unique() SourceErrors {
	seen := map[string]bool{}
	out := e[:0:0]
	for _, err := range e {
		if s := err.Error(); !seen[s] {
			seen[s] = true
			out = append(out, err)
		}
	}
	return out
}

var quoted = regexp.MustCompile(`"([^"]+)"`)

// mdxSourceErrors turns esbuild's errors inside compiled MDX modules (whose lines are the
// JavaScript's, not the writer's) into errors at the import in the MDX file, and errors in the
// project's own components (a package they import that is not installed) into errors at their
// file:line:col, named from the project (esbuild names them from the shell's folder); nil when an
// error is elsewhere.
func (b *Bundler) mdxSourceErrors(msgs []api.Message) SourceErrors {
	var out SourceErrors
	for _, m := range msgs {
		if m.Location == nil || strings.Contains(m.Location.File, ":") {
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
		if !mdxFile.MatchString(m.Location.File) {
			if name == abs {
				return nil // not the project's
			}
			out = append(out, b.projectFileError(abs, name, m))
			continue
		}
		e := &content.Error{File: name, Msg: explain(m.Text)}
		if miss := noExport.FindStringSubmatch(m.Text); miss != nil {
			if raw, err := os.ReadFile(abs); err == nil {
				e.Line, e.Column, e.Msg = b.missingExport(string(raw), m.Location.LineText, miss[1], miss[2], 0)
			}
		} else if spec := quoted.FindStringSubmatch(m.Text); spec != nil {
			if raw, err := os.ReadFile(abs); err == nil {
				e.Line, e.Column = findImport(string(raw), spec[1])
			}
		}
		if e.Msg == "" {
			e.Msg = explain(m.Text)
		}
		if e.Line == 0 {
			e.Line, e.Column = 1, 1
		}
		out = append(out, e)
	}
	return out.unique()
}

var (
	noLoader   = regexp.MustCompile(`^No loader is configured for "(\.[^"]+)" files`)
	unresolved = regexp.MustCompile(`^Could not resolve "((?:@[^/"]+/)?[^./"@][^/"]*)[^"]*"$`)
	// docsd's aliases are no packages to install.
	docusaurusAlias = regexp.MustCompile(`^@(site|theme|theme-original|theme-init|docusaurus|generated)/`)
)

// explain says what to do about an import esbuild could not bundle, which the writer of a
// Docusaurus site cannot guess from esbuild's words (whose path of the file, relative to the
// shell's folder, named nothing the writer knows: ../../../tmp/…/Accordion.scss).
func explain(msg string) string {
	msg = secrets.Mask(msg) // esbuild quotes the import it stopped at
	if m := noLoader.FindStringSubmatch(msg); m != nil {
		// Sass stylesheets have a loader in a page's build (sass.go).
		return fmt.Sprintf("docsd cannot import a %s file here (no loader for it): import a module, a stylesheet, an image, a video or a download", m[1])
	}
	if m := unresolved.FindStringSubmatch(msg); m != nil && !docusaurusAlias.MatchString(m[1]) {
		return fmt.Sprintf("%s: the package %s is not installed; install it in the project (npm install %s), as the site's own npm install does", msg, m[1], m[1])
	}
	return msg
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
