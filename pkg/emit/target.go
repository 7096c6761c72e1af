// This file decides which folders a build may replace. A build deletes whatever was at its output
// path, so docsd only replaces a folder that is absent, empty, or marked as one of its own builds,
// and never one that is, holds, or lies inside the project's own folders.

package emit

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"docsd/pkg/fspath"
)

// Marker is the file every build output holds at its top. docsd replaces a non-empty folder only
// when it carries one: it was made by docsd, and nobody's files are in it.
const Marker = ".docsd-build"

// markerText says what the marker is to whoever finds it (it is published with the site; it holds
// nothing else).
const markerText = "This folder is a site built by docsd; docsd build replaces it whole.\n"

// RefusedError is an output folder docsd will not write to. Commands exit with the usage status.
type RefusedError struct {
	Out    string // the folder as the user named it
	Reason string
}

func (e *RefusedError) Error() string { return e.Out + ": " + e.Reason }

// Project names the folders an output must stay clear of.
type Project struct {
	// Root is the project folder: the output may be inside it (build/), never it or above it.
	Root string
	// Sources are folders the output may neither be, hold, nor lie inside: content/, site/, .git.
	Sources []string
}

// Target resolves out (relative to the current folder; symbolic links in the part that exists are
// followed, so ./content/../content or a link to content/ are seen for what they are) and checks
// that a build may replace it. It returns the resolved folder, which the build should use.
func Target(out string, p Project) (string, error) {
	refuse := func(format string, args ...any) error {
		return &RefusedError{Out: out, Reason: fmt.Sprintf(format, args...)}
	}
	dir, err := resolve(out)
	if err != nil {
		return "", refuse("cannot resolve the folder: %v", err)
	}
	root, err := resolve(p.Root)
	if err != nil {
		return "", refuse("cannot resolve the project folder %s: %v", p.Root, err)
	}
	// name shows a folder of the project as the user knows it: content/, not where a link leads.
	absRoot, _ := filepath.Abs(p.Root)
	name := func(src, resolved string) string {
		abs, _ := filepath.Abs(src)
		if rel, err := filepath.Rel(absRoot, abs); err == nil && fspath.Below(absRoot, abs) {
			return filepath.ToSlash(rel) + "/"
		}
		return resolved
	}
	switch {
	case dir == root:
		return "", refuse("refusing to write the site into the project folder itself (it holds docsd.toml, content/ and site/; use a folder inside it, such as build)")
	case fspath.Below(dir, root):
		return "", refuse("refusing to replace a folder that holds the project folder %s", root)
	}
	for _, src := range p.Sources {
		s, err := resolve(src)
		if err != nil {
			return "", refuse("cannot resolve %s: %v", src, err)
		}
		switch {
		case fspath.Within(s, dir):
			return "", refuse("refusing to write the site into %s, which holds sources docsd reads (use a folder such as build)", name(src, s))
		case fspath.Below(dir, s):
			return "", refuse("refusing to replace a folder that holds %s, where docsd reads sources", name(src, s))
		}
	}
	if err := replaceable(dir); err != nil {
		return "", &RefusedError{Out: out, Reason: err.Error()}
	}
	return dir, nil
}

// replaceable says why a build may not replace dir, if it may not (a reason, without the path):
// dir must be absent, an empty folder, or a folder carrying the Marker.
func replaceable(dir string) error {
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("refusing to write the site there: %w", err)
	case st.Mode()&fs.ModeSymlink != 0:
		return errors.New("refusing to replace a symbolic link with the site")
	case !st.IsDir():
		return errors.New("refusing to replace a file with the site (name a folder)")
	}
	if marked(dir) {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("refusing to replace a folder that cannot be read: %w", err)
	}
	defer f.Close()
	if _, err := f.Readdirnames(1); err == io.EOF {
		return nil
	}
	return fmt.Errorf("refusing to replace a folder that is not empty and has no %s file, the mark of a folder docsd built "+
		"(docsd wrote none before: if this is an older build, delete it once)", Marker)
}

// marked reports whether dir is a folder (not a link to one) carrying the Marker.
func marked(dir string) bool {
	st, err := os.Lstat(dir)
	if err != nil || !st.IsDir() {
		return false
	}
	m, err := os.Lstat(filepath.Join(dir, Marker))
	return err == nil && m.Mode().IsRegular()
}

// resolve makes path absolute and follows the symbolic links of its longest existing part; the
// rest is joined on as it is.
func resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	existing, rest := abs, ""
	for {
		_, err := os.Lstat(existing)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			break
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = parent
	}
	real, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return "", err
	}
	return filepath.Join(real, rest), nil
}
