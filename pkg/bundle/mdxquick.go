package bundle

// Most MDX pages import only the shell's modules (the theme components), which the registry
// provides (mdxpages.go): such a page needs no bundler. Its module's imports become registry
// lookups and esbuild's transform minifies it, for the browser and, as CommonJS, the renderers:
// a page's build then costs a fraction of esbuild's fixed cost per bundle. Any other page (one
// that imports a partial, a site component, a package or a stylesheet) is bundled (buildPage).

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/mdx"
)

// importLine is one import of a compiled MDX module (the compiler prints each on a line):
// default, named list and namespace clauses, then the specifier.
var importLine = regexp.MustCompile(`^import\s+(?:([A-Za-z_$][\w$]*)\s*(?:,\s*)?)?(?:\{([^{}]*)\}\s*|\*\s*as\s+([A-Za-z_$][\w$]*)\s*)?from\s*["']([^"']+)["'];?\s*$`)

// namedImport is one name of an import's `{…}` list.
var namedImport = regexp.MustCompile(`^\s*([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*$`)

// quickPage builds page id without the bundler when its module imports only the shell's modules;
// ok is false when it imports anything else.
func (b *Bundler) quickPage(id string) (p *mdxPage, ok bool, err error) {
	file := b.mdx.Pages[id]
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, false, fmt.Errorf("bundling the MDX page %s: %w", id, err)
	}
	compiled, err := b.compile(file, raw, true)
	if err != nil {
		return nil, false, err
	}
	// The runs' functions (pkg/mdx: the page's Markdown as elements, most of its bytes) are
	// JavaScript docsd wrote, as compact as esbuild would print it, and they name nothing of the
	// module's: esbuild minifies the module without them, and they are put back in front.
	module, runs := mdx.CutRuns(compiled)
	runs, serverRuns, markup := mdx.CutServerRuns(runs)
	js := b.nativeImports(nil, module)
	if hasRequireCall(js) {
		return nil, false, nil // require() of an asset: the bundler resolves it (requiredAssets)
	}
	frame, _ := b.sharedKey(filepath.Join(b.siteDir, "src", "mdx", "MdxContent.jsx"))
	used := map[string]bool{frame: true}
	lookup := func(key string) string {
		k, _ := json.Marshal(key)
		used[key] = true
		return "globalThis." + sharedGlobal + "(" + string(k) + ")"
	}
	lines := strings.Split(js, "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, "import") {
			continue
		}
		m := importLine.FindStringSubmatch(line)
		if m == nil || m[1] == "" && m[2] == "" && m[3] == "" {
			return nil, false, nil // a form left to the bundler (a side-effect import, …)
		}
		if m[4] == providerSpec && b.provider != nil {
			// The site's MDXComponents: the provider chunk, which the browser loads by URL.
			lines[i] = strings.Replace(line, m[4], b.provider.url, 1)
			continue
		}
		key, shared := b.importKey(m[4])
		if !shared || !b.sharedGives(key, m[1] != "", m[2]) {
			// The bundler's build fails a name the module does not give, at its import.
			return nil, false, nil
		}
		var stmts []string
		if m[1] != "" {
			stmts = append(stmts, fmt.Sprintf("const %s = %s.default;", m[1], lookup(key)))
		}
		if m[2] != "" {
			var fields []string
			for _, n := range strings.Split(m[2], ",") {
				if strings.TrimSpace(n) == "" {
					continue
				}
				nm := namedImport.FindStringSubmatch(n)
				if nm == nil {
					return nil, false, nil
				}
				if nm[2] != "" {
					fields = append(fields, nm[1]+": "+nm[2])
				} else {
					fields = append(fields, nm[1])
				}
			}
			stmts = append(stmts, fmt.Sprintf("const {%s} = %s;", strings.Join(fields, ", "), lookup(key)))
		}
		if m[3] != "" {
			stmts = append(stmts, fmt.Sprintf("const %s = %s;", m[3], lookup(key)))
		}
		lines[i] = strings.Join(stmts, " ")
	}
	idJSON, _ := json.Marshal(id)
	src := strings.Join(lines, "\n") + "\nexport const id = " + string(idJSON) + ";\nexport const Frame = " + lookup(frame) + ".default;\n"
	o := b.clientOpts
	out := api.Transform(src, api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatESModule, Platform: api.PlatformBrowser,
		Target: o.Target, Define: definesIn(o.Define, src), MinifyWhitespace: o.MinifyWhitespace, MinifyIdentifiers: o.MinifyIdentifiers,
		MinifySyntax: o.MinifySyntax, LegalComments: api.LegalCommentsNone, Sourcefile: file, LogLevel: api.LogLevelSilent})
	if len(out.Errors) > 0 {
		return nil, false, fmt.Errorf("bundling the MDX page %s: %s", id, formatMessages(out.Errors))
	}
	code := append([]byte(runs), out.Code...)
	// Named as esbuild names a bundled page's chunk: by its content.
	sum := sha256.Sum256(code)
	rel := "assets/mdx-" + base32.StdEncoding.EncodeToString(sum[:])[:8] + ".js"
	p = &mdxPage{file: file, files: map[string][]byte{rel: code}, chunk: MDXChunk{JS: b.basePath + rel}}
	b.noteProvider(p)
	if real, err := b.realFile(file); err == nil {
		p.deps = b.withProviderDeps([]string{real})
	}
	if p.server, err = b.serverModule(id, runs, serverRuns, markup, out.Code); err != nil {
		return nil, false, err
	}
	for k := range used {
		p.shared = append(p.shared, k)
	}
	sort.Strings(p.shared)
	return p, true, nil
}

// realFile is filepath.EvalSymlinks(file) with the real path of file's folder kept for the
// current Build or Update (whose project files do not move): EvalSymlinks reads each folder of
// the path again for every page, six or more system calls where one Lstat of the file tells that
// it is no link itself.
func (b *Bundler) realFile(file string) (string, error) {
	if b.projectResolved == nil {
		return filepath.EvalSymlinks(file)
	}
	fi, err := os.Lstat(file)
	if err != nil {
		return "", err
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return filepath.EvalSymlinks(file)
	}
	dir := filepath.Dir(file)
	key := "\x03dir\x00" + dir
	if d, ok := b.projectResolved.Load(key); ok {
		return filepath.Join(d.(string), filepath.Base(file)), nil
	}
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	b.projectResolved.Store(key, d)
	return filepath.Join(d, filepath.Base(file)), nil
}

// definesIn is the defines of defines whose global src names: esbuild replaces a define only where
// its first identifier appears, and a transform given any define builds its whole table of known
// globals again (a fifth of a page's transform; without defines esbuild reuses one table). A
// compiled page rarely names process.env.NODE_ENV, but one that does still gets it replaced.
func definesIn(defines map[string]string, src string) map[string]string {
	for key := range defines {
		global, _, _ := strings.Cut(key, ".")
		if strings.Contains(src, global) {
			return defines
		}
	}
	return nil
}

// importKey is the registry key of an import of a compiled page (an absolute path, as
// nativeImports leaves docsd's aliases, or the JSX runtime); shared is false for anything else.
func (b *Bundler) importKey(spec string) (string, bool) {
	if spec == "react/jsx-runtime" {
		key := b.jsxRuntime()
		return key, key != ""
	}
	if !filepath.IsAbs(spec) {
		return "", false
	}
	// Every page imports the same few theme files: their real paths are looked up once per Build
	// or Update (the project's files do not move during one), not once per page and import.
	cacheKey := "\x01import\x00" + spec
	if k, ok := b.projectResolved.Load(cacheKey); ok {
		key := k.(string)
		return key, key != ""
	}
	var key string
	if real, err := filepath.EvalSymlinks(spec); err == nil {
		key, _ = b.sharedKey(real)
	}
	b.projectResolved.Store(cacheKey, key)
	return key, key != ""
}

// jsxRuntime is the registry key of react/jsx-runtime, as esbuild resolves it from the shell
// (once: the shell's packages do not move while docsd runs); "" when it resolves elsewhere.
func (b *Bundler) jsxRuntime() string {
	b.jsxOnce.Do(func() {
		var found string
		probe := api.Plugin{Name: "docsd-probe", Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: `^docsd-probe$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				r := pb.Resolve("react/jsx-runtime", api.ResolveOptions{ResolveDir: b.siteDir, Kind: api.ResolveJSImportStatement})
				if len(r.Errors) == 0 && !r.External && r.Namespace == "file" {
					found = r.Path
				}
				return api.OnResolveResult{Path: "probe", Namespace: "docsd-probe"}, nil
			})
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "docsd-probe"}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
				empty := ""
				return api.OnLoadResult{Contents: &empty}, nil
			})
		}}
		api.Build(api.BuildOptions{EntryPoints: []string{"docsd-probe"}, Bundle: true, Write: false, AbsWorkingDir: b.siteDir,
			NodePaths: b.clientOpts.NodePaths, Plugins: []api.Plugin{probe}, LogLevel: api.LogLevelSilent})
		if key, ok := b.sharedKey(found); ok && found != "" {
			b.jsxKey = key
		}
	})
	return b.jsxKey
}
