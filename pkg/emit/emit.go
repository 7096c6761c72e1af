// Package emit writes a finished build to disk atomically: everything goes to a fresh folder beside
// the target, which replaces the target only when it is complete. A build that fails before that
// leaves the previous site untouched.
package emit

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Files is a build in memory: file contents by slash-separated path, plus files copied from disk.
type Files struct {
	mu     sync.Mutex
	Data   map[string][]byte
	Copies map[string]string // output path → source file
	// Packed holds the files that a packing build (NewPackedFiles) compressed, instead of Data.
	Packed map[string][]byte
	pack   bool
}

// NewFiles returns an empty build.
func NewFiles() *Files {
	return &Files{Data: map[string][]byte{}, Copies: map[string]string{}, Packed: map[string][]byte{}}
}

// NewPackedFiles returns an empty build that keeps its larger pages and page data files (__data/)
// compressed, a fifth of their size: docsd watch holds the whole site in memory all day, and
// rewrites a few of them per edit. Get unpacks them.
func NewPackedFiles() *Files {
	f := NewFiles()
	f.pack = true
	return f
}

// packMin is the smallest file a packing build compresses.
const packMin = 4 << 10

// Add puts a file into the build. It is safe for concurrent use.
func (f *Files) Add(path string, data []byte) {
	if f.pack && len(data) >= packMin && (strings.HasSuffix(path, ".html") || strings.HasPrefix(path, "__data/")) {
		var b bytes.Buffer
		zw, _ := flate.NewWriter(&b, flate.BestSpeed)
		zw.Write(data)
		zw.Close()
		f.mu.Lock()
		delete(f.Data, path)
		f.Packed[path] = bytes.Clone(b.Bytes())
		f.mu.Unlock()
		return
	}
	f.mu.Lock()
	delete(f.Packed, path)
	f.Data[path] = data
	f.mu.Unlock()
}

// Get returns a file's contents, or the source path of a copied file. It is safe for concurrent use
// with Add (the dev server serves a build while the rest of it renders).
func (f *Files) Get(path string) (data []byte, copyOf string, ok bool) {
	f.mu.Lock()
	d, found := f.Data[path]
	z, packed := f.Packed[path]
	src, copied := f.Copies[path]
	f.mu.Unlock()
	switch {
	case found:
		return d, "", true
	case packed:
		data, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
		return data, "", err == nil
	case copied:
		return nil, src, true
	}
	return nil, "", false
}

// Has reports whether the build has a file at path.
func (f *Files) Has(path string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, found := f.Data[path]
	_, packed := f.Packed[path]
	_, copied := f.Copies[path]
	return found || packed || copied
}

// AddMissing puts every file of from that f does not have into f, as it is (packed or not).
func (f *Files) AddMissing(from *Files) {
	from.mu.Lock()
	defer from.mu.Unlock()
	f.mu.Lock()
	defer f.mu.Unlock()
	for p, d := range from.Data {
		if _, ok := f.Data[p]; !ok && f.Packed[p] == nil {
			f.Data[p] = d
		}
	}
	for p, z := range from.Packed {
		if _, ok := f.Data[p]; !ok && f.Packed[p] == nil {
			f.Packed[p] = z
		}
	}
}

// Contents lists every file with contents (not copies), packed ones unpacked.
func (f *Files) Contents() map[string][]byte {
	if len(f.Packed) == 0 {
		return f.Data
	}
	out := make(map[string][]byte, len(f.Data)+len(f.Packed))
	for p, d := range f.Data {
		out[p] = d
	}
	for p := range f.Packed {
		out[p], _, _ = f.Get(p)
	}
	return out
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
	for p := range f.Packed {
		out = append(out, p)
	}
	for p := range f.Copies {
		if _, dup := f.Data[p]; !dup && f.Packed[p] == nil {
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
	prevData, nextData := prev.Contents(), next.Contents()
	for p, data := range nextData {
		if old, ok := prevData[p]; ok && bytes.Equal(old, data) {
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
	for p := range prevData {
		_, stillData := nextData[p]
		_, stillCopy := next.Copies[p]
		if !stillData && !stillCopy {
			os.Remove(filepath.Join(dir, filepath.FromSlash(p)))
		}
	}
	for p := range prev.Copies {
		_, stillData := nextData[p]
		_, stillCopy := next.Copies[p]
		if !stillData && !stillCopy {
			os.Remove(filepath.Join(dir, filepath.FromSlash(p)))
		}
	}
	return nil
}

// writeAll writes a build into a fresh folder. Nothing reads the folder until it is complete, so
// files are written in place (no temporary file and rename each), folders are made once, and
// several files are written at a time.
func writeAll(root string, f *Files) error {
	data := f.Contents()
	type job struct {
		path, src string // src: a file to copy instead of data
		data      []byte
	}
	var jobs []job
	dirs := map[string]bool{}
	for p, d := range data {
		dst := filepath.Join(root, filepath.FromSlash(p))
		dirs[filepath.Dir(dst)] = true
		jobs = append(jobs, job{path: dst, data: d})
	}
	for p, src := range f.Copies {
		if _, dup := data[p]; dup {
			continue
		}
		dst := filepath.Join(root, filepath.FromSlash(p))
		dirs[filepath.Dir(dst)] = true
		jobs = append(jobs, job{path: dst, src: src})
	}
	for d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	work := make(chan job)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				var err error
				if j.src != "" {
					err = copyFile(j.path, j.src)
				} else if err = os.WriteFile(j.path, j.data, 0o644); err != nil {
					err = fmt.Errorf("writing %s: %w", j.path, err)
				}
				if err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
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
