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
	"docsd/pkg/mdx"
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

var (
	starExport = regexp.MustCompile(`(?m)^export \* from "([^"]+)";$`)
	// identifier is a name the facade can list bare (not `export { x as "a-b" }`'s).
	identifier = regexp.MustCompile(`^[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\x{200C}\x{200D}]*$`)
)

// sharedExports is the names the shared module key exports ("default" among them when it has a
// default export), and whether they are known: a CommonJS module, or one that re-exports a
// package with `export *`, has names only Node sees when it loads it.
func (b *Bundler) sharedExports(key string) ([]string, bool) {
	if !strings.HasPrefix(key, sharedSiteKey) {
		return nil, false // a package: mostly CommonJS, and never the theme's names
	}
	seen := map[string]bool{}
	var names []string
	var walk func(path string, top bool) bool
	walk = func(path string, top bool) bool {
		if seen[path] {
			return true
		}
		seen[path] = true
		m := b.exportsOf(path)
		if !m.known {
			return false
		}
		for _, n := range m.names {
			if top || n != "default" { // `export * from` passes on no default
				names = append(names, n)
			}
		}
		for _, s := range m.stars {
			if !walk(s, false) {
				return false
			}
		}
		return true
	}
	if !walk(b.sharedPath(key), true) {
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
		for _, n := range m.names {
			m.known = m.known && identifier.MatchString(n) // `export { x as "a-b" }`: none the facade can list
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
	// An import statement, or a re-export (export { x } from), of a page or a component: its
	// default binding, its braces, its specifier; a namespace (* as ns) binds no name to miss.
	importStatement = regexp.MustCompile(`(?m)^(?:import|export)[ \t]+(?:([\w$]+)[ \t]*,?[ \t]*)?(?:\{([^}]*)\}[ \t]*|\*[ \t]+as[ \t]+[\w$]+[ \t]*)?from[ \t]*['"]([^'"]+)['"]`)
)

// missingExport is the line, column and message of esbuild's "No matching export in <module> for
// import <name>" in a file's source src: the import that asks for the name, said with the module
// as the file writes it (esbuild names a shared module by its registry key and a project's by its
// path from the shell's folder), and, for a module of docsd's, what it does give. stmt is the line
// esbuild quotes, the import as the compiled page has it (its module resolved): the local name it
// binds the import to is bound once in a module, so it tells the page's import apart from another
// of the same name. atLine, when not 0, is the line esbuild found the name on (a component's own
// source). An import in fenced code (an MDX page's example) comes after one outside. It is "" for
// the message when no import of src asks for the name.
func (b *Bundler) missingExport(src, stmt, module, name string, atLine int) (line, col int, msg string) {
	local := ""
	if m := importStatement.FindStringSubmatchIndex(stmt); m != nil {
		local, _ = importBinding(stmt, m, name, "")
	}
	code := mdx.FencedRanges(src)
	best, spec := -1, ""
	for _, m := range importStatement.FindAllStringSubmatchIndex(src, -1) {
		_, at := importBinding(src, m, name, local)
		if at < 0 || atLine > 0 && strings.Count(src[:at], "\n")+1 != atLine {
			continue
		}
		if best < 0 || inRanges(code, best) && !inRanges(code, at) {
			best, spec = at, src[m[6]:m[7]]
		}
	}
	if best < 0 {
		return 0, 0, ""
	}
	line = strings.Count(src[:best], "\n") + 1
	col = best - strings.LastIndex(src[:best], "\n")
	msg = fmt.Sprintf("%q has no export named %s", spec, name)
	if name == "default" {
		msg = fmt.Sprintf("%q has no default export", spec)
	}
	if key, ok := strings.CutPrefix(module, sharedNamespace+":"); ok {
		if names, known := b.sharedExports(key); known {
			msg += fmt.Sprintf("; docsd's gives %s", strings.Join(names, ", "))
		}
	}
	return line, col, msg
}

// importBinding reads the import statement at m (importStatement's match in src) for the import
// of name: the local name it is bound to and the offset of the binding, or "" and -1 when the
// statement does not import name (bound to local, when local is not ""). `import type { … }`
// imports no value.
func importBinding(src string, m []int, name, local string) (string, int) {
	if m[2] >= 0 && src[m[2]:m[3]] == "type" {
		return "", -1
	}
	if name == "default" && m[2] >= 0 && (local == "" || src[m[2]:m[3]] == local) {
		return src[m[2]:m[3]], m[2]
	}
	if m[4] < 0 {
		return "", -1
	}
	offset := m[4]
	for _, entry := range strings.Split(src[m[4]:m[5]], ",") {
		trimmed := strings.TrimLeft(entry, " \t\r\n")
		fields := strings.Fields(trimmed)
		if len(fields) > 0 && fields[0] == name {
			bound := name
			if len(fields) == 3 && fields[1] == "as" {
				bound = fields[2]
			}
			if local == "" || bound == local {
				return bound, offset + len(entry) - len(trimmed)
			}
		}
		offset += len(entry) + 1
	}
	return "", -1
}

// inRanges says whether at is in one of rs.
func inRanges(rs [][2]int, at int) bool {
	for _, r := range rs {
		if r[0] <= at && at < r[1] {
			return true
		}
	}
	return false
}

// projectFileError is esbuild's error m in a JavaScript file of the project (abs, called name),
// at its line: a name the file imports that its module lacks is said with the module as the file
// names it.
func (b *Bundler) projectFileError(abs, name string, m api.Message) *content.Error {
	e := &content.Error{File: name, Line: m.Location.Line, Column: m.Location.Column + 1, Msg: explain(m.Text)}
	if miss := noExport.FindStringSubmatch(m.Text); miss != nil {
		if raw, err := os.ReadFile(abs); err == nil {
			if _, _, msg := b.missingExport(string(raw), "", miss[1], miss[2], m.Location.Line); msg != "" {
				e.Msg = msg
			}
		}
	}
	return e
}
