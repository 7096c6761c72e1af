package emit

// The spill store keeps docsd watch's served pages off the Go heap. A build held in memory all day
// (the dev server's) kept its pages and page data flate-compressed on the heap: 125 MB at 10,000
// pages, plus the garbage the collector let grow beside it. With a Spill, those files are appended
// to a file in the project's cache folder (.docsd/spill/) and read back with ReadAt when a request
// asks for one; the heap keeps only where each file is. Read pages come from the system's page
// cache, which is not the daemon's resident memory.
//
// The file is unlinked as soon as it is open (where the system allows it): nothing is left behind
// however the process ends, and a second docsd watch on the same project has its own file, so
// neither can corrupt the other's. Where an open file cannot be removed, it keeps its name under an
// flock (lock_flock.go) and is removed at Close, or by the next start once its lock is free.
//
// A rewritten file appends; what it replaced is garbage. Compact copies a build's files into a
// fresh file when the garbage exceeds what the build uses. A build still holding places in the old
// file (the one being served while the next renders) keeps reading it: the old file is closed only
// when no build refers to it any more (runtime.AddCleanup).

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// SpillDir is the store's folder inside a project.
func SpillDir(root string) string { return filepath.Join(root, ".docsd", "spill") }

const spillPrefix = "spill-"

// Spill is a store of file contents on disk. It is safe for concurrent use.
type Spill struct {
	dir        string
	mu         sync.Mutex
	cur        *segment // where new files are appended
	compacting bool
	closed     bool
	// compacted is a test's hook: Compact has moved the files of a build into a fresh file.
	compacted func()
	// packers are the idle compressors of the builds that spill here (emit.go).
	packers packers
}

// segment is one file of the store.
type segment struct {
	f      *os.File
	mu     sync.Mutex // guards size
	size   int64      // bytes appended (or reserved)
	path   string     // the file's name, when the system kept it (it could not be unlinked)
	unlock func()
}

// spilled is where one file's contents are: n bytes at off in seg, with their checksum.
type spilled struct {
	seg    *segment
	off    int64
	n      uint32
	sum    uint32
	size   uint32 // the file's size, unpacked
	packed bool   // flate-compressed
}

// OpenSpill opens a store in dir (made if missing), first removing the files that earlier
// processes left there and no longer hold.
func OpenSpill(dir string) (*Spill, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating the spill folder: %w", err)
	}
	removeStaleSpills(dir)
	s := &Spill{dir: dir}
	seg, err := s.newSegment()
	if err != nil {
		return nil, err
	}
	s.cur = seg
	return s, nil
}

// removeStaleSpills removes the store files in dir whose lock is free: a process that ended
// without removing its file (killed, on a system that cannot unlink an open file). A file that is
// truncated or corrupt is never read again: every process starts its own.
func removeStaleSpills(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), spillPrefix) || e.IsDir() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if unlock, ok := tryLock(p); ok {
			os.Remove(p)
			unlock()
		}
	}
}

func (s *Spill) newSegment() (*segment, error) {
	f, err := os.CreateTemp(s.dir, spillPrefix+"*")
	if err != nil {
		return nil, fmt.Errorf("creating a spill file in %s: %w", s.dir, err)
	}
	seg := &segment{f: f, path: f.Name(), unlock: func() {}}
	// Locked before anything else can see it unlocked and take it for a leftover.
	unlock, _ := tryLock(seg.path)
	if os.Remove(seg.path) == nil {
		unlock() // nobody can open it any more: no lock needed
		seg.path = ""
	} else {
		seg.unlock = unlock
	}
	// Closed (and, if it still has a name, removed) once no build refers to it.
	runtime.AddCleanup(seg, func(c segmentCloser) { c.close() }, segmentCloser{f, seg.path, seg.unlock})
	return seg, nil
}

// segmentCloser is what closing a segment needs, without the segment (a cleanup must not refer to
// what it cleans up).
type segmentCloser struct {
	f      *os.File
	path   string
	unlock func()
}

func (c segmentCloser) close() {
	c.f.Close()
	if c.path != "" {
		os.Remove(c.path)
	}
	c.unlock()
}

// put appends data to the current file; size is the file's, data is packed.
func (s *Spill) put(data []byte, size int, packed bool) (spilled, error) {
	s.mu.Lock()
	seg, closed := s.cur, s.closed
	s.mu.Unlock()
	if closed {
		return spilled{}, errors.New("the spill store is closed")
	}
	return seg.put(data, size, packed)
}

func (seg *segment) put(data []byte, size int, packed bool) (spilled, error) {
	if int64(len(data)) > 1<<32-1 || int64(size) > 1<<32-1 {
		return spilled{}, fmt.Errorf("a file of %d bytes is too large to spill", size)
	}
	// The place is reserved under the lock and written outside it: writers do not wait for each
	// other's writes.
	seg.mu.Lock()
	off := seg.size
	seg.size += int64(len(data))
	seg.mu.Unlock()
	if _, err := seg.f.WriteAt(data, off); err != nil {
		return spilled{}, fmt.Errorf("writing to the spill file: %w", err)
	}
	return spilled{seg: seg, off: off, n: uint32(len(data)), sum: crc32.ChecksumIEEE(data), size: uint32(size), packed: packed}, nil
}

// raw reads back the bytes as stored (compressed or not), checked against their checksum.
func (r spilled) raw() ([]byte, error) {
	buf := make([]byte, r.n)
	if _, err := r.seg.f.ReadAt(buf, r.off); err != nil {
		return nil, fmt.Errorf("reading the spill file at %d: %w", r.off, err)
	}
	if crc32.ChecksumIEEE(buf) != r.sum {
		return nil, fmt.Errorf("the spill file changed at %d (%d bytes): checksum mismatch", r.off, r.n)
	}
	return buf, nil
}

// read returns the file's contents.
func (r spilled) read() ([]byte, error) {
	buf, err := r.raw()
	if err != nil || !r.packed {
		return buf, err
	}
	data := make([]byte, r.size)
	if _, err := io.ReadFull(flate.NewReader(bytes.NewReader(buf)), data); err != nil {
		return nil, fmt.Errorf("unpacking a spilled file: %w", err)
	}
	return data, nil
}

// Compact moves f's spilled files into a fresh file when the current one holds more garbage
// (files rewritten since, builds that were interrupted) than f uses, and moves those f still has in
// older files into the current one. f should be the newest build: what other builds hold stays
// where it is, readable, until they are gone. Requests and the next build may use f meanwhile.
func (s *Spill) Compact(f *Files) error {
	s.mu.Lock()
	if s.compacting || s.closed {
		s.mu.Unlock()
		return nil
	}
	cur := s.cur
	f.mu.Lock()
	var live int64
	move := map[string]spilled{}
	for p, r := range f.spilled {
		if r.seg == cur {
			live += int64(r.n)
		} else {
			move[p] = r
		}
	}
	all := len(f.spilled)
	f.mu.Unlock()
	cur.mu.Lock()
	garbage := cur.size - live
	cur.mu.Unlock()
	if garbage > live {
		seg, err := s.newSegment()
		if err != nil {
			s.mu.Unlock()
			return err
		}
		s.cur = seg
		// Everything f holds moves: snapshot again, now that new files go to seg.
		f.mu.Lock()
		move = make(map[string]spilled, all)
		for p, r := range f.spilled {
			if r.seg != seg {
				move[p] = r
			}
		}
		f.mu.Unlock()
	}
	if len(move) == 0 {
		s.mu.Unlock()
		return nil
	}
	s.compacting = true
	target := s.cur
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.compacting = false
		s.mu.Unlock()
	}()
	moved := make(map[string]spilled, len(move))
	for p, r := range move {
		buf, err := r.raw()
		if err != nil {
			return fmt.Errorf("compacting %s: %w", p, err)
		}
		nr, err := target.put(buf, int(r.size), r.packed)
		if err != nil {
			return fmt.Errorf("compacting %s: %w", p, err)
		}
		moved[p] = nr
	}
	// A file rewritten while it was copied keeps its new place.
	f.mu.Lock()
	for p, nr := range moved {
		if f.spilled[p] == move[p] {
			f.spilled[p] = nr
		}
	}
	f.mu.Unlock()
	if s.compacted != nil {
		s.compacted()
	}
	return nil
}

// Size is how many bytes the current file holds, live or garbage.
func (s *Spill) Size() int64 {
	s.mu.Lock()
	cur := s.cur
	s.mu.Unlock()
	cur.mu.Lock()
	defer cur.mu.Unlock()
	return cur.size
}

// Close stops the store: nothing more is written. Builds still holding places keep reading them
// until they are gone (their files close with them).
func (s *Spill) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
}
