// Scanning is where docsd decides which files of content/ it reads at all. Every later step (parse,
// copy of static files, incremental rebuilds) only touches what Scan listed, so the rules that keep
// a build inside the project live here: symlinks may point anywhere inside the project but never out
// of it, and only regular files are read, so a FIFO or /dev/zero can neither hang nor flood a build.
package content

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"docsd/pkg/fspath"
)

// Scan lists the source files below root, the content folder; the folder holding it is the project,
// which no symlink may leave. Editors' temporary files and hidden files are skipped. Files that are
// not read (symlinks out of the project or into a loop, broken symlinks, FIFOs, sockets, devices)
// come back as warnings naming them; the error is for a content folder that cannot be read.
func Scan(root string, layout Layout) ([]Source, []*Error, error) {
	// Real paths are absolute so that a relative root (--root .) compares with any link's target.
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the content folder: %w", err)
	}
	projectDir := filepath.Dir(abs)
	if layout.Project != "" {
		if projectDir, err = filepath.Abs(layout.Project); err != nil {
			return nil, nil, fmt.Errorf("reading the project folder: %w", err)
		}
	}
	project, err := filepath.EvalSymlinks(projectDir)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the project folder: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the content folder: %w", err)
	}
	if !fspath.Within(project, real) {
		return nil, nil, &Error{File: "content", Msg: "symlink to a folder outside the project; docsd does not follow it"}
	}
	sc := &scanner{project: project, layout: layout, open: map[string]bool{}}
	if err := sc.dir(root, real, ""); err != nil {
		return nil, nil, err
	}
	sort.Slice(sc.out, func(i, j int) bool { return sc.out[i].Path < sc.out[j].Path })
	sort.Slice(sc.warnings, func(i, j int) bool { return sc.warnings[i].File < sc.warnings[j].File })
	return sc.out, sc.warnings, nil
}

type scanner struct {
	project  string // real path
	layout   Layout
	open     map[string]bool // resolved folders being walked: a symlink back to one is a loop
	out      []Source
	warnings []*Error
}

func (sc *scanner) warn(rel, msg string) {
	sc.warnings = append(sc.warnings, &Error{File: Source{Path: rel, Folder: sc.layout.Folder}.File(), Msg: msg})
}

// dir walks the folder abs (as reached through content/, maybe via symlinks), whose real path is
// real and whose path in content/ is rel.
func (sc *scanner) dir(abs, real, rel string) error {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return fmt.Errorf("reading %s: %w", Source{Path: rel, Folder: sc.layout.Folder}.File(), err)
	}
	sc.open[real] = true
	defer delete(sc.open, real)
	for _, e := range entries {
		name := e.Name()
		if skippedName(name) {
			continue
		}
		p, r, target := filepath.Join(abs, name), path.Join(rel, name), filepath.Join(real, name)
		mode := e.Type()
		if mode&fs.ModeSymlink != 0 {
			var ok bool
			if target, mode, ok = sc.follow(p, r); !ok {
				continue
			}
		}
		switch {
		case mode.IsDir():
			if !sc.layout.Wants(r) {
				continue
			}
			if sc.open[target] {
				sc.warn(r, "symlink to a folder that contains it (a loop); skipped")
				continue
			}
			if err := sc.dir(p, target, r); err != nil {
				return err
			}
		case mode.IsRegular():
			if s, ok := Classify(r, sc.layout); ok {
				s.Abs = p
				sc.out = append(sc.out, s)
			}
		default:
			sc.warn(r, fmt.Sprintf("not a regular file (%s); skipped", describe(mode)))
		}
	}
	return nil
}

// follow resolves the symlink p and says whether docsd may read what it points to: a target inside
// the project and not hidden (a link to ../.env is no way around skipping hidden files). The target
// itself is never named in a warning, nor read.
func (sc *scanner) follow(p, rel string) (target string, mode fs.FileMode, ok bool) {
	target, err := filepath.EvalSymlinks(p)
	if err == nil {
		target, err = filepath.Abs(target)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			sc.warn(rel, "broken symlink; skipped")
		} else {
			sc.warn(rel, "symlink that cannot be followed; skipped")
		}
		return "", 0, false
	}
	if !fspath.Within(sc.project, target) {
		sc.warn(rel, "symlink to a target outside the project; skipped")
		return "", 0, false
	}
	if inner, _ := filepath.Rel(sc.project, target); hidden(inner) {
		sc.warn(rel, "symlink to a hidden file or folder; skipped")
		return "", 0, false
	}
	st, err := os.Stat(target)
	if err != nil {
		sc.warn(rel, "symlink that cannot be followed; skipped")
		return "", 0, false
	}
	return target, st.Mode().Type(), true
}

func hidden(rel string) bool {
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.HasPrefix(part, ".") && part != "." {
			return true
		}
	}
	return false
}

func describe(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// skippedName is a file or folder name Scan passes over: hidden, or an editor's temporary file.
func skippedName(name string) bool { return strings.HasPrefix(name, ".") || IsEditorTemp(name) }

// Skips reports whether Scan passes over the path rel (relative to content/): a hidden or
// editor's temporary file, or anything inside such a folder. A rebuild that looks only at the
// reported paths asks it, so that it sees exactly what a full scan sees.
func Skips(rel string) bool {
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		if skippedName(part) {
			return true
		}
	}
	return false
}

// IsEditorTemp reports whether a file name is an editor's swap, backup or temporary file: vim's
// swap files and 4913 probe, emacs' backups and lock files, Chrome's .crswap, GNOME's
// .goutputstream, and JetBrains IDEs' safe-write files (name___jb_tmp___, name___jb_old___).
func IsEditorTemp(name string) bool {
	return strings.HasSuffix(name, "~") || strings.HasSuffix(name, ".swp") || strings.HasSuffix(name, ".swx") ||
		strings.HasSuffix(name, ".swo") || strings.HasSuffix(name, ".tmp") || strings.HasPrefix(name, ".#") ||
		(strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#")) || name == "4913" ||
		strings.HasSuffix(name, ".crswap") || strings.HasPrefix(name, ".goutputstream") ||
		strings.HasSuffix(name, "___jb_tmp___") || strings.HasSuffix(name, "___jb_old___")
}

// ReadFile reads a source file. It reads only a regular file and opens it without blocking, so a
// file that became a FIFO since Scan fails instead of hanging the build.
func ReadFile(s Source) ([]byte, error) {
	f, err := os.OpenFile(s.Abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", s.File(), err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", s.File(), err)
	}
	if !st.Mode().IsRegular() {
		return nil, &Error{File: s.File(), Msg: fmt.Sprintf("not a regular file (%s)", describe(st.Mode()))}
	}
	var buf bytes.Buffer
	buf.Grow(int(st.Size()) + bytes.MinRead)
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, fmt.Errorf("reading %s: %w", s.File(), err)
	}
	return buf.Bytes(), nil
}
