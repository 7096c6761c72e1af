package build

// The packages a project installs (node_modules, and the files that say how imports resolve) are
// inputs of the shell's bundle and of every MDX page's: docsd watch watches them (WatchPaths) and
// treats a change there as a change of the shell (Builder.inputs), so that `npm install` of a
// package a page imports is seen without a restart.

import (
	"path/filepath"
	"strings"

	"docsd/pkg/bundle"
)

// isPackagePath reports whether rel (slash-separated, from the project at root) is a file that
// decides where imports land, or inside a node_modules (bundle.ChangesResolution): a change there
// may change any import of the shell or of a page.
func isPackagePath(root, rel string) bool {
	return !strings.HasPrefix(rel, "../") && bundle.ChangesResolution(filepath.Join(root, filepath.FromSlash(rel)))
}
