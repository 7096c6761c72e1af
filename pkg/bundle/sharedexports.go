package bundle

// A page reaches a module of the shell (a theme component, @docusaurus/theme-common) through the
// registry (mdxpages.go), behind a facade. Written `export * from …`, the facade let a page import
// any name: esbuild cannot check a name against it, so an import of one the shell does not give
// (`useColorModeX`, or a hook of Docusaurus's that docsd lacks) built, and the page failed only
// when it rendered, with "c is not a function" and no line. With the module's names known, the
// facade lists them, and esbuild fails the page at its import as it does for the project's own
// modules (mdxSourceErrors gives the error its line).

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/content"
)

// moduleExports is what one file of the shell exports (names holds "default" when it has one).
type moduleExports struct {
	size, modTime int64
	names         []string
	known         bool     // false: CommonJS, or a star re-export of a package
	stars         []string // the files its `export * from './…'` name, absolute
}

// exportsCache holds moduleExports by absolute path, for the Bundler's life: an entry is used
// while its file's size and time are the same.
type exportsCache struct{ files sync.Map }

var starExport = regexp.MustCompile(`(?m)^export \* from "([^"]+)";$`)

// sharedExports is the names the shared module key exports ("default" among them when it has a
// default export), and whether they are known: a CommonJS module, or one that re-exports a
// package with `export *`, has names only Node sees when it loads it.
func (b *Bundler) sharedExports(key string) ([]string, bool) {
	if !strings.HasPrefix(key, sharedSiteKey) {
		return nil, false // a package: mostly CommonJS, and never the theme's names
	}
	seen := map[string]bool{}
	var names []string
	var walk func(path string) bool
	walk = func(path string) bool {
		if seen[path] {
			return true
		}
		seen[path] = true
		m := b.exportsOf(path)
		if !m.known {
			return false
		}
		names = append(names, m.names...)
		for _, s := range m.stars {
			if !walk(s) {
				return false
			}
		}
		return true
	}
	if !walk(b.sharedPath(key)) {
		return nil, false
	}
	slices.Sort(names)
	return slices.Compact(names), true
}

// exportsOf reads one file's exports with esbuild (not bundled: its own statements only).
func (b *Bundler) exportsOf(path string) moduleExports {
	st, err := os.Stat(path)
	if err != nil {
		return moduleExports{}
	}
	if v, ok := b.exports.files.Load(path); ok {
		if m := v.(moduleExports); m.size == st.Size() && m.modTime == st.ModTime().UnixNano() {
			return m
		}
	}
	m := moduleExports{size: st.Size(), modTime: st.ModTime().UnixNano()}
	r := api.Build(api.BuildOptions{EntryPoints: []string{path}, Outfile: "exports.js", Write: false, Metafile: true,
		Format: api.FormatESModule, JSX: api.JSXAutomatic, Loader: b.clientOpts.Loader, LogLevel: api.LogLevelSilent})
	var meta struct {
		Inputs  map[string]struct{ Format string }
		Outputs map[string]struct{ Exports []string }
	}
	if len(r.Errors) == 0 && len(r.OutputFiles) == 1 && json.Unmarshal([]byte(r.Metafile), &meta) == nil {
		m.known = len(meta.Inputs) == 1
		for _, in := range meta.Inputs {
			m.known = m.known && in.Format == "esm"
		}
		for _, out := range meta.Outputs {
			m.names = out.Exports
		}
		for _, s := range starExport.FindAllStringSubmatch(string(r.OutputFiles[0].Contents), -1) {
			file := ""
			if strings.HasPrefix(s[1], "./") || strings.HasPrefix(s[1], "../") {
				file = firstExisting(filepath.Join(filepath.Dir(path), filepath.FromSlash(s[1])), append([]string{""}, themeSources...))
			}
			if file == "" {
				m.known = false // a package's names, or a file we cannot find: Node's to know
				break
			}
			m.stars = append(m.stars, file)
		}
	}
	b.exports.files.Store(path, m)
	return m
}

// sharedFacade is the ES module a page imports for the shared module key: every name the module
// exports, or (names unknown) whatever Node finds.
func (b *Bundler) sharedFacade(key string) string {
	spec, _ := json.Marshal(sharedCJS + ":" + key)
	names, known := b.sharedExports(key)
	if !known {
		return "export * from " + string(spec) + ";\nexport { default } from " + string(spec) + ";\n"
	}
	if len(names) == 0 {
		return "export {};\n"
	}
	return "export { " + strings.Join(names, ", ") + " } from " + string(spec) + ";\n"
}

// sharedGives says whether the shared module key gives what an import line asks of it (a default
// import, and the names in braces, `a, b as c`), as far as its names are known.
func (b *Bundler) sharedGives(key string, asksDefault bool, braces string) bool {
	names, known := b.sharedExports(key)
	if !known {
		return true
	}
	if asksDefault && !slices.Contains(names, "default") {
		return false
	}
	for _, n := range strings.Split(braces, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(n), " ")
		if name != "" && !slices.Contains(names, name) {
			return false
		}
	}
	return true
}

var (
	noExport = regexp.MustCompile(`^No matching export in "([^"]+)" for import "([^"]+)"$`)
	// An import statement of an MDX file: its default binding, its braces, its specifier.
	importStatement = regexp.MustCompile(`(?m)^import[ \t]+(?:([\w$]+)[ \t]*,?[ \t]*)?(?:\{([^}]*)\}[ \t]*)?from[ \t]*['"]([^'"]+)['"]`)
)

// missingExport is the line, column and message of esbuild's "No matching export in <module> for
// import <name>" in an MDX file's source src: the import that asks for the name, said with the
// module as the page writes it (esbuild names a shared module by its registry key and a
// project's by its path from the shell's folder), and, for a module of docsd's, what it does give.
// It is "" for the message when no import of src asks for the name.
func (b *Bundler) missingExport(src, module, name string) (line, col int, msg string) {
	for _, m := range importStatement.FindAllStringSubmatchIndex(src, -1) {
		at, spec := -1, src[m[6]:m[7]]
		if name == "default" && m[2] >= 0 {
			at = m[2]
		}
		if name != "default" && m[4] >= 0 {
			offset := m[4]
			for _, entry := range strings.Split(src[m[4]:m[5]], ",") {
				trimmed := strings.TrimLeft(entry, " \t\r\n")
				if first, _, _ := strings.Cut(strings.TrimSpace(trimmed), " "); first == name {
					at = offset + len(entry) - len(trimmed)
					break
				}
				offset += len(entry) + 1
			}
		}
		if at < 0 {
			continue
		}
		line = strings.Count(src[:at], "\n") + 1
		col = at - strings.LastIndex(src[:at], "\n")
		what := fmt.Sprintf("%q has no export named %s", spec, name)
		if name == "default" {
			what = fmt.Sprintf("%q has no default export", spec)
		}
		if key, ok := strings.CutPrefix(module, sharedNamespace+":"); ok {
			if names, known := b.sharedExports(key); known {
				what += fmt.Sprintf("; docsd's gives %s", strings.Join(names, ", "))
			}
		}
		return line, col, what
	}
	return 0, 0, ""
}

// projectFileError is esbuild's error m in a JavaScript file of the project (abs, called name),
// at its line: a name the file imports that its module lacks is said with the module as the file
// names it.
func (b *Bundler) projectFileError(abs, name string, m api.Message) *content.Error {
	e := &content.Error{File: name, Line: m.Location.Line, Column: m.Location.Column + 1, Msg: explain(m.Text)}
	if miss := noExport.FindStringSubmatch(m.Text); miss != nil {
		if raw, err := os.ReadFile(abs); err == nil {
			if _, _, msg := b.missingExport(string(raw), miss[1], miss[2]); msg != "" {
				e.Msg = msg
			}
		}
	}
	return e
}
