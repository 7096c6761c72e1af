// Package emit writes a finished build to disk atomically: everything goes to a fresh folder beside
// the target, which replaces the target only when it is complete. A build that fails before that
// leaves the previous site untouched. Only folders that are absent, empty or marked as docsd's own
// builds are replaced (target.go).
package emit

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"docsd/pkg/fspath"
)

// Files is a build in memory: file contents by slash-separated path, plus files copied from disk.
type Files struct {
	mu     sync.Mutex
	Data   map[string][]byte
	Copies map[string]string // output path → source file
	// Packed holds the files that a packing build (NewPackedFiles) compressed, instead of Data.
	Packed map[string][]byte
	pack   bool
	// spill, when set, holds the files a packing build would pack, on disk (spill.go); spilled says
	// where each is.
	spill   *Spill
	spilled map[string]spilled
	stage   *Stage // where added files are written at once (StreamTo), if anywhere
	// release drops each streamed file's contents once handed to the stage (ReleaseTo): a build
	// that nothing rebuilds holds none of its pages, only their paths in written.
	release bool
	written map[string]bool
	// packers are idle compressors for Add (see packers).
	packers *packers
}

// packers are idle compressors: a flate writer allocates about a megabyte of tables, and docsd
// watch packs two files per page (20,000 writers for the first build of a 10,000-page site, garbage
// the collector then had to sweep). They are shared by the builds of one spill store, and never
// part of a Files: the runtime refers to a sync.Pool that was used until a second collection after,
// and a pool inside Files kept every replaced build (its maps of paths, 5 MB at 30,000 pages) and
// its compressors alive through the collection after it: 270 MB after a run of edits at 30,000
// pages, past the dev server's tidy-up (BENCHMARKS.md, session 11).
type packers struct{ pool sync.Pool }

// get is an idle compressor writing to w.
func (p *packers) get(w io.Writer) *flate.Writer {
	if zw, ok := p.pool.Get().(*flate.Writer); ok {
		zw.Reset(w)
		return zw
	}
	zw, _ := flate.NewWriter(w, flate.BestSpeed)
	return zw
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
	f.pack, f.packers = true, &packers{}
	return f
}

// NewSpilledFiles returns a packing build that keeps its pages and page data files in spill, on
// disk, instead of on the heap (spill.go): the dev server's, which holds them all day.
func NewSpilledFiles(spill *Spill) *Files {
	f := NewPackedFiles()
	f.spill, f.spilled, f.packers = spill, map[string]spilled{}, &spill.packers
	return f
}

// packMin is the smallest file a packing build compresses.
const packMin = 4 << 10

// Add puts a file into the build. It is safe for concurrent use.
func (f *Files) Add(path string, data []byte) {
	page := strings.HasSuffix(path, ".html") || strings.HasPrefix(path, "__data/")
	if f.spill != nil && page && f.addSpilled(path, data) {
		return
	}
	if f.pack && len(data) >= packMin && page {
		z := f.compress(data)
		f.mu.Lock()
		delete(f.Data, path)
		delete(f.spilled, path)
		f.Packed[path] = bytes.Clone(z.Bytes())
		f.mu.Unlock()
		return
	}
	f.mu.Lock()
	delete(f.Packed, path)
	delete(f.spilled, path)
	stage := f.stage
	if stage != nil && f.release {
		delete(f.Data, path)
		f.written[path] = true
	} else {
		f.Data[path] = data
	}
	f.mu.Unlock()
	if stage != nil {
		stage.enqueue(path, data, f.release)
	}
}

// compress returns data flate-compressed.
func (f *Files) compress(data []byte) *bytes.Buffer {
	var b bytes.Buffer
	zw := f.packers.get(&b)
	zw.Write(data)
	zw.Close()
	f.packers.pool.Put(zw)
	return &b
}

// addSpilled puts a page into the spill store, compressed when it is large enough to gain from it.
// False when the store could not take it (closed, or the disk is full): the page stays on the heap.
func (f *Files) addSpilled(path string, data []byte) bool {
	stored, packed := data, false
	if len(data) >= packMin {
		stored, packed = f.compress(data).Bytes(), true
	}
	r, err := f.spill.put(stored, len(data), packed)
	if err != nil {
		return false
	}
	f.mu.Lock()
	delete(f.Data, path)
	delete(f.Packed, path)
	f.spilled[path] = r
	f.mu.Unlock()
	return true
}

// ReleaseTo is StreamTo for a build that nothing rebuilds (docsd build --once): each file is
// written and then forgotten, so memory does not grow with the pages written. Has still knows every
// path; Get and Contents no longer return a streamed file.
func (f *Files) ReleaseTo(stage *Stage) {
	f.mu.Lock()
	f.stage, f.release = stage, true
	if f.written == nil {
		f.written = map[string]bool{}
	}
	f.mu.Unlock()
}

// StreamTo writes every file added from now on into stage as it is added, besides keeping it, so
// writing the build overlaps building it; stage.Commit writes whatever is still missing. Files
// already added are left to Commit.
func (f *Files) StreamTo(stage *Stage) {
	f.mu.Lock()
	f.stage = stage
	f.mu.Unlock()
}

// Get returns a file's contents, or the source path of a copied file. It is safe for concurrent use
// with Add (the dev server serves a build while the rest of it renders).
func (f *Files) Get(path string) (data []byte, copyOf string, ok bool) {
	f.mu.Lock()
	d, found := f.Data[path]
	z, packed := f.Packed[path]
	r, spilled := f.spilled[path]
	src, copied := f.Copies[path]
	f.mu.Unlock()
	switch {
	case found:
		return d, "", true
	case spilled:
		data, err := r.read()
		return data, "", err == nil
	case packed:
		data, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
		return data, "", err == nil
	case copied:
		return nil, src, true
	}
	return nil, "", false
}

// Share makes f hold data at path in place of the equal bytes it holds there in another array, and
// reports whether it did; it writes nothing (the file's bytes are the same). False when f holds
// other bytes at path, none, or holds them packed, spilled or streamed. docsd watch's search index
// keeps the chunks it published: a build that kept its own copy of a chunk the index had written
// again with the same bytes held it twice (every search chunk, 71 MB at 30,000 pages).
func (f *Files) Share(path string, data []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	old, ok := f.Data[path]
	if !ok || !bytes.Equal(old, data) {
		return false
	}
	f.Data[path] = data
	return true
}

// Has reports whether the build has a file at path.
func (f *Files) Has(path string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, found := f.Data[path]
	_, packed := f.Packed[path]
	_, spilled := f.spilled[path]
	_, copied := f.Copies[path]
	return found || packed || spilled || copied || f.written[path]
}

// AddMissing puts every file of from that f does not have into f, as it is (packed or not).
// A rebuild carries the last build's whole output this way, so from is the large side: its maps
// are cloned whole (a copy of the map's tables, no hashing) and f's few files put back on top,
// instead of inserting 60,000 files one by one (25 ms of a body edit at 30,000 pages).
func (f *Files) AddMissing(from *Files) {
	from.mu.Lock()
	defer from.mu.Unlock()
	f.mu.Lock()
	defer f.mu.Unlock()
	data, packed, onDisk := maps.Clone(from.Data), maps.Clone(from.Packed), maps.Clone(from.spilled)
	if data == nil {
		data = map[string][]byte{}
	}
	if packed == nil {
		packed = map[string][]byte{}
	}
	if onDisk == nil && (f.spilled != nil || from.spilled != nil) {
		onDisk = map[string]spilled{}
	}
	// f's own files win, in the form f holds them.
	for p, d := range f.Data {
		data[p] = d
		delete(packed, p)
		delete(onDisk, p)
	}
	for p, z := range f.Packed {
		packed[p] = z
		delete(data, p)
		delete(onDisk, p)
	}
	for p, r := range f.spilled {
		onDisk[p] = r
		delete(data, p)
		delete(packed, p)
	}
	f.Data, f.Packed, f.spilled = data, packed, onDisk
}

// HeapBytes is how many bytes of file contents f holds on the heap, packed or not (what a Spill
// keeps off it).
func (f *Files) HeapBytes() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var n int64
	for _, d := range f.Data {
		n += int64(len(d))
	}
	for _, z := range f.Packed {
		n += int64(len(z))
	}
	return n
}

// Compact gives f's spill store the chance to compact its file (Spill.Compact); f should be the
// newest build. Nothing happens for a build without a store.
func (f *Files) Compact() error {
	if f.spill == nil {
		return nil
	}
	return f.spill.Compact(f)
}

// Contents lists every file with contents (not copies), packed ones unpacked.
func (f *Files) Contents() map[string][]byte {
	if len(f.Packed) == 0 && len(f.spilled) == 0 {
		return f.Data
	}
	out := make(map[string][]byte, len(f.Data)+len(f.Packed)+len(f.spilled))
	for p, d := range f.Data {
		out[p] = d
	}
	for p := range f.Packed {
		out[p], _, _ = f.Get(p)
	}
	for p := range f.spilled {
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
	for p := range f.spilled {
		out = append(out, p)
	}
	for p := range f.written {
		out = append(out, p)
	}
	for p := range f.Copies {
		_, spilled := f.spilled[p]
		if _, dup := f.Data[p]; !dup && f.Packed[p] == nil && !spilled && !f.written[p] {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// WriteAtomic writes the build into dir, replacing what was there only once everything is written.
func WriteAtomic(dir string, f *Files) error {
	stage, err := NewStage(dir)
	if err != nil {
		return err
	}
	return stage.Commit(f)
}

// Stage is a build being written: a fresh folder beside the target that files go into while the
// build runs (Files.StreamTo), which replaces the target at Commit. Nothing reads the folder before
// then, so files are written in place (no temporary file and rename each).
//
// Streamed files are written by one goroutine of the stage's own, from a queue: whoever adds a file
// goes on at once. Writing in the adding goroutines (the ones that feed the server renderer) made
// the renderer wait, and cost more than writing the whole build at the end; one writer from a queue
// took the 115 ms write step off the end of a build (1.20 -> 1.00 s).
type Stage struct {
	dir, tmp string
	mu       sync.Mutex
	dirs     map[string]bool   // folders made so far
	written  map[string][]byte // what each path holds on disk
	err      error             // the first failed write
	queueMu  sync.Mutex        // guards queue (not mu: the writer takes mu while a sender waits)
	queue    chan queued       // streamed files, for the writer; nil once drained
	writer   sync.WaitGroup
	unlock   func() // gives back the lock on tmp that tells later builds this one still runs

	exchange func(a, b string) error // swaps two folders atomically, where the system can
	stopAt   func(step string) bool  // a test's hook: true stops Commit at step as a kill would
	wrote    func(path string)       // a test's hook: the writer has written a streamed file
}

// NewStage makes the fresh folder for a build of dir. It refuses (RefusedError) a dir that is not
// absent, empty, or marked as a build (Marker). First it tidies up after killed builds of dir:
// a previous build left aside is put back, their marked folders beside dir are removed.
func NewStage(dir string) (*Stage, error) {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", parent, err)
	}
	if err := recoverAside(dir); err != nil {
		return nil, err
	}
	if reason := replaceable(dir); reason != nil {
		return nil, &RefusedError{Out: dir, Reason: reason.Error()}
	}
	removeLeftovers(dir)
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+newInfix)
	if err != nil {
		return nil, fmt.Errorf("creating a temporary build folder: %w", err)
	}
	// Locked before it is marked: a marked folder whose lock is free is a leftover to remove.
	unlock, _ := tryLock(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		unlock()
		os.RemoveAll(tmp)
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, Marker), []byte(markerText), 0o644); err != nil {
		unlock()
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("marking the build folder: %w", err)
	}
	s := &Stage{dir: dir, tmp: tmp, dirs: map[string]bool{tmp: true}, written: map[string][]byte{}, queue: make(chan queued, queueLen),
		unlock: unlock, exchange: exchange}
	s.writer.Add(1)
	go func(queue <-chan queued) {
		defer s.writer.Done()
		for q := range queue {
			s.write(q.path, q.data)
			if s.wrote != nil {
				s.wrote(q.path)
			}
			if q.forget {
				s.mu.Lock()
				s.written[q.path] = nil
				s.mu.Unlock()
			}
		}
	}(s.queue)
	return s, nil
}

// queueLen bounds the files waiting for the writer. When the disk is slower than rendering (a
// busy machine), the queue stays full: 1,024 files were 100 MB of a 50,000-page build's live
// heap; a few hundred keep the writer as busy.
const queueLen = 256

type queued struct {
	path   string
	data   []byte
	forget bool // the Files released it: the writer keeps no reference either
}

// enqueue hands a streamed file to the writer; once the stage is drained, Commit writes what is
// missing instead.
func (s *Stage) enqueue(path string, data []byte, forget bool) {
	s.queueMu.Lock()
	defer s.queueMu.Unlock()
	if s.queue != nil {
		s.queue <- queued{path, data, forget}
	}
}

// drain waits until the queued files are written and stops the writer.
func (s *Stage) drain() {
	s.queueMu.Lock()
	if s.queue != nil {
		close(s.queue)
		s.queue = nil
	}
	s.queueMu.Unlock()
	s.writer.Wait()
}

// write puts one file into the folder; the first error is kept for Commit.
func (s *Stage) write(path string, data []byte) {
	dst := filepath.Join(s.tmp, filepath.FromSlash(path))
	if err := s.mkdir(filepath.Dir(dst)); err != nil {
		s.fail(err)
		return
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		s.fail(fmt.Errorf("writing %s: %w", path, err))
		return
	}
	s.mu.Lock()
	s.written[path] = data
	s.mu.Unlock()
}

func (s *Stage) mkdir(dir string) error {
	s.mu.Lock()
	done := s.dirs[dir]
	s.mu.Unlock()
	if done {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	s.mu.Lock()
	s.dirs[dir] = true
	s.mu.Unlock()
	return nil
}

func (s *Stage) fail(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
}

func (s *Stage) firstError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Abort removes the folder: the build failed, and the previous one stays.
func (s *Stage) Abort() {
	s.drain()
	os.RemoveAll(s.tmp)
	s.unlock()
}

// Commit writes what f has that the folder does not hold yet (or holds in another version), copies
// f's files from disk, and puts the folder in place of the target. On any error the folder is
// removed and the target is left as it was.
func (s *Stage) Commit(f *Files) (err error) {
	defer func() {
		switch {
		case errors.Is(err, errKilled):
			s.unlock() // as the end of the process would
		case err != nil:
			s.Abort()
		default:
			s.unlock()
		}
	}()
	f.mu.Lock()
	if f.stage == s {
		f.stage = nil
	}
	f.mu.Unlock()
	s.drain()
	if err := s.firstError(); err != nil {
		return err
	}
	if err := s.writeMissing(f); err != nil {
		return err
	}
	return s.swap()
}

// writeMissing writes, several at a time, the files of f that the folder lacks.
func (s *Stage) writeMissing(f *Files) error {
	data := f.Contents()
	type job struct {
		path, src string // src: a file to copy instead of data
		data      []byte
	}
	var jobs []job
	for p, d := range data {
		if on, ok := s.written[p]; ok && sameBytes(on, d) {
			continue
		}
		jobs = append(jobs, job{path: p, data: d})
	}
	for p, src := range f.Copies {
		if _, dup := data[p]; dup {
			continue
		}
		jobs = append(jobs, job{path: p, src: src})
	}
	work := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				if j.src == "" {
					s.write(j.path, j.data)
					continue
				}
				dst := filepath.Join(s.tmp, filepath.FromSlash(j.path))
				if err := s.mkdir(filepath.Dir(dst)); err != nil {
					s.fail(err)
				} else if err := copyFile(dst, j.src); err != nil {
					s.fail(err)
				}
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	return s.firstError()
}

// sameBytes reports whether a and b are the same slice (the usual case: the file written while
// streaming is the one the build kept), or equal.
func sameBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	return bytes.Equal(a, b)
}

// Update brings dir from the build prev to the build next, file by file (docsd build without
// --once): changed files are replaced atomically through a temporary file and a rename, files that
// are gone are removed with the folders they leave empty, unchanged files are not touched.
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
			remove(dir, p)
		}
	}
	for p := range prev.Copies {
		_, stillData := nextData[p]
		_, stillCopy := next.Copies[p]
		if !stillData && !stillCopy {
			remove(dir, p)
		}
	}
	return nil
}

// remove deletes the build's file p from dir, then the folders that leaves empty, up to dir itself
// (which stays, empty or not).
func remove(dir, p string) {
	dir = filepath.Clean(dir)
	path := filepath.Join(dir, filepath.FromSlash(p))
	if !fspath.Below(dir, path) || os.Remove(path) != nil {
		return
	}
	for d := filepath.Dir(path); fspath.Below(dir, d); d = filepath.Dir(d) {
		if os.Remove(d) != nil {
			return // not empty (or not ours to remove): neither is any folder above
		}
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
