package bundle

// A page's build lists the files it read (its deps), and Update builds it again when one of them
// changes. A file *added* beside one of them can change what an import resolves to without
// changing any file the page read: `@site/src/components/Foo` names Foo.js until Foo.tsx appears
// (esbuild tries .tsx, .ts, .jsx, .js in that order), Foo/index.js until Foo.js appears (a file
// before a folder), and a package.json or tsconfig.json above a file changes how the files under
// it resolve and compile. This file says when a touched path may be such a file. A removed file
// that no page read changes no answer (it was not the one chosen); one a page read is in its
// deps. The test is by name, not by the resolver's exact order: when unsure, build the page again.

import (
	"path/filepath"
	"sort"
	"strings"

	"docsd/pkg/fspath"
)

// resolutionFiles are the files whose content changes how the files of their folder, and below,
// resolve their imports and compile (esbuild reads them; no metafile lists them).
var resolutionFiles = map[string]bool{"package.json": true, "tsconfig.json": true, "jsconfig.json": true}

// ResolutionPaths are the paths of dir that decide where its imports, and those below it, land:
// its node_modules and its resolution files (what docsd watch watches for npm install).
func ResolutionPaths(dir string) []string {
	out := []string{filepath.Join(dir, "node_modules")}
	for name := range resolutionFiles {
		out = append(out, filepath.Join(dir, name))
	}
	sort.Strings(out)
	return out
}

// ChangesResolution reports whether a change of the absolute path p may change where an import
// lands: p is a resolution file, a node_modules folder or inside one.
func ChangesResolution(p string) bool {
	return resolutionFiles[filepath.Base(p)] || isNodeModules(p)
}

// stem is a file's name without its last extension.
func stem(name string) string { return strings.TrimSuffix(name, filepath.Ext(name)) }

// touchedPath is a touched path with what anyTouched and shadows compare of it, computed once per
// Update (for each of thousands of pages, anyTouched ranged over the map and joined the separator
// again: 12.6 ms of an MDX page's body edit at 10,000 pages, 0.65 ms now; BenchmarkUpdateCheck).
type touchedPath struct {
	path, dir string
	folder    string // path and a separator: what a file inside it starts with
	// near is a prefix (of the string: Foo/index.tsx's folder D/Foo is one of D/Foo.js) of every
	// file t may shadow: its folder, or the folder holding its node_modules. Most of a page's
	// files are told apart by it alone.
	near string
}

// touchedPaths are the touched paths of an Update, for anyTouched and reresolved.
func touchedPaths(touched map[string]bool) []touchedPath {
	out := make([]touchedPath, 0, len(touched))
	for t := range touched {
		tp := touchedPath{path: t, dir: filepath.Dir(t), folder: t + string(filepath.Separator)}
		tp.near = tp.dir
		if isNodeModules(t) {
			tp.near = nodeModulesParent(t)
		}
		out = append(out, tp)
	}
	return out
}

// reresolved reports whether a touched path may change what an import that resolved to one of
// files resolves to now.
func reresolved(files []string, touched []touchedPath) bool {
	for _, t := range touched {
		for _, f := range files {
			if strings.HasPrefix(f, t.near) && shadows(t, f) {
				return true
			}
		}
	}
	return false
}

// shadows reports whether path t, added or removed, may take the place of file f as the answer of
// an import that resolved to f, or change how f's folder resolves.
func shadows(t touchedPath, f string) bool {
	dir := filepath.Dir(f)
	if resolutionFiles[filepath.Base(t.path)] && fspath.Within(t.dir, dir) {
		return true // a package.json or tsconfig.json of f's folder or one above it
	}
	if isNodeModules(t.path) && fspath.Within(t.near, dir) {
		return true // a package installed where f's bare imports look first
	}
	if sameName(t, dir, stem(filepath.Base(f))) {
		return true
	}
	// An import of a folder (`./Foo`) resolved to its index file: a file Foo.* beside the folder
	// comes first.
	return stem(filepath.Base(f)) == "index" && sameName(t, filepath.Dir(dir), filepath.Base(dir))
}

// sameName reports whether t may be what an import of dir/name finds: dir/name with any
// extension (or none), a folder dir/name, or that folder's index file or package.json.
func sameName(t touchedPath, dir, name string) bool {
	base := filepath.Base(t.path)
	switch t.dir {
	case dir:
		return base == name || stem(base) == name
	case filepath.Join(dir, name):
		return stem(base) == "index" || base == "package.json"
	}
	return false
}

// isNodeModules reports whether p is a node_modules folder or inside one.
func isNodeModules(p string) bool {
	return filepath.Base(p) == "node_modules" || strings.Contains(p, string(filepath.Separator)+"node_modules"+string(filepath.Separator))
}

// nodeModulesParent is the folder that holds the first node_modules of p.
func nodeModulesParent(p string) string {
	sep := string(filepath.Separator)
	if i := strings.Index(p+sep, sep+"node_modules"+sep); i >= 0 {
		return p[:i]
	}
	return filepath.Dir(p)
}

// forgetResolved drops the shell's packages resolved for pages (Bundler.resolved, kept while docsd
// runs) when a touched path may change where a bare import lands: a package.json, tsconfig.json
// or node_modules of the project's.
func (b *Bundler) forgetResolved(touched []touchedPath) {
	for _, t := range touched {
		if ChangesResolution(t.path) {
			b.resolved.Clear()
			return
		}
	}
}
