package build

// The packages a project installs (node_modules, and the files that say how imports resolve) are
// inputs of the shell's bundle and of every MDX page's: docsd watch watches them (WatchPaths) and
// treats a change there as a change of the shell (Builder.inputs), so that `npm install` of a
// package a page imports is seen without a restart.

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// packageFiles are the files of a folder that decide how the imports below it resolve.
var packageFiles = []string{"node_modules", "package.json", "tsconfig.json", "jsconfig.json"}

func packagePaths(dir string) []string {
	out := make([]string, len(packageFiles))
	for i, name := range packageFiles {
		out[i] = filepath.Join(dir, name)
	}
	return out
}

// isPackagePath reports whether rel (slash-separated, from the project) is one of packagePaths or
// inside a node_modules: a change there may change any import of the shell or of a page.
func isPackagePath(rel string) bool {
	if slices.Contains(strings.Split(rel, "/"), "node_modules") {
		return true
	}
	base := path.Base(rel)
	return base != "node_modules" && slices.Contains(packageFiles, base) && !strings.HasPrefix(rel, "../")
}
