package devserver

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"

	"docsd/pkg/content"
	"docsd/pkg/secrets"
)

// openStatic opens the static file src, served as name, unless it holds a credential: a save
// that put one in it is served between the write and the rebuild that withholds it (which then
// warns), so each request searches the file as the build does (content.SecretWarning).
func (m memFS) openStatic(name, src string) (fs.File, error) {
	f, err := os.OpenFile(src, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	return searched(f, name, m.allow)
}

// source is what a static file is read from: an *os.File, or a test's.
type source interface {
	io.Reader
	io.ReaderAt
	io.Closer
	Stat() (fs.FileInfo, error)
}

// searched is the file f, served as name, as its search read it (and f is closed), or an error
// when it holds a credential: the bytes served are those searched, never f read again, which a
// save between the search and the send would have changed. A text file is searched, so held,
// whole; a binary one (a NUL in its head) is searched in its head alone, which is held, and the
// rest is read from f as it is sent: the build's search would pass that file whatever its rest.
// Its modification time (for Last-Modified, the ETag and the gzip cache) is dropped when it
// changed while being read: those bytes are no version of the file.
func searched(f source, name string, allow secrets.Allow) (fs.File, error) {
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	read := &recorder{r: f, data: make([]byte, 0, min(st.Size()+1, 1<<20))}
	if w := content.SecretWarningIn(read, name, allow); w != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if read.err != nil && !errors.Is(read.err, io.EOF) {
		f.Close()
		return nil, &fs.PathError{Op: "read", Path: name, Err: read.err}
	}
	mod := st.ModTime()
	if now, err := f.Stat(); err != nil || !now.ModTime().Equal(mod) || now.Size() != st.Size() {
		mod = time.Time{}
	}
	held := int64(len(read.data))
	if read.err != nil { // read to its end: f is done with
		f.Close()
		return &memFile{ReadSeeker: io.NewSectionReader(headFirst{read.data, nil}, 0, held), name: name, size: held, mod: mod}, nil
	}
	size := max(st.Size(), held)
	return &memFile{ReadSeeker: io.NewSectionReader(headFirst{read.data, f}, 0, size), name: name, size: size, mod: mod, done: f.Close}, nil
}

// recorder keeps what is read through it, and the error (io.EOF: the end) that stopped it.
type recorder struct {
	r    io.Reader
	data []byte
	err  error
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.data = append(r.data, p[:n]...)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// headFirst reads a file's first len(head) bytes from head, the rest from rest.
type headFirst struct {
	head []byte
	rest io.ReaderAt
}

func (h headFirst) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	if off < int64(len(h.head)) {
		n = copy(p, h.head[off:])
	}
	if n == len(p) {
		return n, nil
	}
	if h.rest == nil {
		return n, io.EOF
	}
	m, err := h.rest.ReadAt(p[n:], off+int64(n))
	return n + m, err
}
