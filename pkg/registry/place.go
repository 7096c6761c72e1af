// This file keeps the fetch inside the project. The registry folder is named in docsd.toml and
// the pages are files in a working copy: a symbolic link in either place would make the fetch
// read and write outside the project, so the folder is resolved and checked before anything is
// requested, and a page that is itself a link is refused.

package registry

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"docsd/pkg/fspath"
)

// registryFolder returns folder with every symbolic link resolved, or an error naming it (as a
// path from root) when it cannot be resolved or its real path lies outside root's.
func registryFolder(root, folder string) (string, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("cannot resolve the project folder: %w", err)
	}
	absFolder, err := filepath.Abs(folder)
	if err != nil {
		return "", fmt.Errorf("cannot resolve the registry folder: %w", err)
	}
	name := absFolder
	if rel, err := filepath.Rel(absRoot, absFolder); err == nil {
		name = filepath.ToSlash(rel)
	}
	realRoot, err := filepath.EvalSymlinks(absRoot)
	if err != nil {
		return "", fmt.Errorf("cannot resolve the project folder: %w", err)
	}
	real, err := filepath.EvalSymlinks(absFolder)
	if err != nil {
		return "", fmt.Errorf("the registry folder %s cannot be read: %w", name, err)
	}
	if !fspath.Within(realRoot, real) {
		return "", fmt.Errorf("the registry folder %s leads through a symbolic link to %s, outside the project, where docsd writes nothing", name, real)
	}
	return real, nil
}

// readCommitted reads the committed page and its permissions. A page that is a symbolic link is
// refused rather than read: its target may be anywhere, and replacing the link by the fetched
// page would not be what its author meant either. The open file is checked to be the file that
// was looked at, so a link swapped in between is not followed.
func readCommitted(page string) ([]byte, fs.FileMode, error) {
	base := filepath.Base(page)
	fi, err := os.Lstat(page)
	if err != nil {
		return nil, 0, fmt.Errorf("reading the committed page: %w", err)
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, 0, fmt.Errorf("%s is a symbolic link, and the fetch never reads or writes through one", base)
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s is not a regular file", base)
	}
	file, err := os.Open(page)
	if err != nil {
		return nil, 0, fmt.Errorf("reading the committed page: %w", err)
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return nil, 0, fmt.Errorf("reading the committed page: %w", err)
	}
	if !os.SameFile(fi, st) {
		return nil, 0, fmt.Errorf("%s was replaced while it was read", base)
	}
	data, err := io.ReadAll(file)
	if err != nil {
		return nil, 0, fmt.Errorf("reading the committed page: %w", err)
	}
	return data, st.Mode().Perm(), nil
}
