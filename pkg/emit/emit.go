// Package emit writes a finished build to disk atomically: everything goes to a fresh folder beside
// the target, which replaces the target only when it is complete. A build that fails before that
// leaves the previous site untouched.
package emit

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
)

// Files is a build in memory: file contents by slash-separated path, plus files copied from disk.
type Files struct {
	mu     sync.Mutex
	Data   map[string][]byte
	Copies map[string]string // output path → source file
}

// NewFiles returns an empty build.
func NewFiles() *Files { return &Files{Data: map[string][]byte{}, Copies: map[string]string{}} }

// Add puts a file into the build. It is safe for concurrent use.
func (f *Files) Add(path string, data []byte) {
	f.mu.Lock()
	f.Data[path] = data
	f.mu.Unlock()
}

// Get returns a file's contents, or the source path of a copied file. It is safe for concurrent use
// with Add (the dev server serves a build while the rest of it renders).
func (f *Files) Get(path string) (data []byte, copyOf string, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if d, found := f.Data[path]; found {
		return d, "", true
	}
	if src, found := f.Copies[path]; found {
		return nil, src, true
	}
	return nil, "", false
}

// Copy schedules a file on disk to be copied into the build.
func (f *Files) Copy(path, src string) {
	f.mu.Lock()
	f.Copies[path] = src
	f.mu.Unlock()
}

// Paths lists every output path, sorted.
func (f *Files) Paths() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, 0, len(f.Data)+len(f.Copies))
	for p := range f.Data {
		out = append(out, p)
	}
	for p := range f.Copies {
		if _, dup := f.Data[p]; !dup {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// WriteAtomic writes the build into dir, replacing what was there only once everything is written.
func WriteAtomic(dir string, f *Files) error {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", parent, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return fmt.Errorf("creating a temporary build folder: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := writeAll(tmp, f); err != nil {
		return err
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = filepath.Join(parent, "."+filepath.Base(dir)+".old-"+strconv.Itoa(os.Getpid()))
		os.RemoveAll(old)
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("moving the previous build aside: %w", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		return fmt.Errorf("putting the new build in place: %w", err)
	}
	ok = true
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}

// Update brings dir from the build prev to the build next, file by file (docsd build without
// --once): changed files are replaced atomically through a temporary file and a rename, files that
// are gone are removed, unchanged files are not touched.
func Update(dir string, prev, next *Files) error {
	for p, data := range next.Data {
		if old, ok := prev.Data[p]; ok && bytes.Equal(old, data) {
			continue
		}
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(p)), data); err != nil {
			return err
		}
	}
	for p, src := range next.Copies {
		if prev.Copies[p] == src && !newer(src, filepath.Join(dir, filepath.FromSlash(p))) {
			continue
		}
		if err := copyFile(filepath.Join(dir, filepath.FromSlash(p)), src); err != nil {
			return err
		}
	}
	for p := range prev.Data {
		_, stillData := next.Data[p]
		_, stillCopy := next.Copies[p]
		if !stillData && !stillCopy {
			os.Remove(filepath.Join(dir, filepath.FromSlash(p)))
		}
	}
	for p := range prev.Copies {
		_, stillData := next.Data[p]
		_, stillCopy := next.Copies[p]
		if !stillData && !stillCopy {
			os.Remove(filepath.Join(dir, filepath.FromSlash(p)))
		}
	}
	return nil
}

func writeAll(root string, f *Files) error {
	for p, data := range f.Data {
		if err := writeFile(filepath.Join(root, filepath.FromSlash(p)), data); err != nil {
			return err
		}
	}
	for p, src := range f.Copies {
		if _, dup := f.Data[p]; dup {
			continue
		}
		if err := copyFile(filepath.Join(root, filepath.FromSlash(p)), src); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".docsd-tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// newer reports whether src was modified after dst (or dst is missing).
func newer(src, dst string) bool {
	s, err := os.Stat(src)
	if err != nil {
		return true
	}
	d, err := os.Stat(dst)
	return err != nil || s.ModTime().After(d.ModTime())
}
