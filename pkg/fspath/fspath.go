// Package fspath answers one question that docsd asks wherever it must not reach outside a folder
// (the project, the output, node_modules, a registry folder): does a path lie in a folder? Each
// package had its own copy of the answer; a copy that differs in one case (a file named "..x", a
// relative result on another volume) is a hole, so there is one.
package fspath

import (
	"path/filepath"
	"strings"
)

// Within reports whether path is dir or below it. Both must be clean absolute paths, resolved of
// symbolic links by the caller where links matter: this compares names, it reads nothing.
func Within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && !filepath.IsAbs(rel) && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Below reports whether path lies strictly inside dir (dir itself is not below dir).
func Below(dir, path string) bool {
	return Within(dir, path) && filepath.Clean(dir) != filepath.Clean(path)
}
