package devserver

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"

	"docsd/pkg/content"
	"docsd/pkg/emit"
	"docsd/pkg/secrets"
)

// memFS serves a build held in memory; static files are read from their source on disk, and
// searched for credentials (allow: the site's allow-list) before they are served.
type memFS struct {
	files *emit.Files
	allow secrets.Allow
}

func (m memFS) Open(name string) (fs.File, error) {
	data, src, ok := m.files.Get(name)
	switch {
	case ok && src != "":
		return m.openStatic(name, src)
	case ok:
		return &memFile{Reader: bytes.NewReader(data), name: name, size: int64(len(data))}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Size() int64                { return f.size }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return time.Time{} }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }

// openStatic opens the static file src, served as name, unless it holds a credential: a save
// that put one in it is served between the write and the rebuild that withholds it (which then
// warns), so each request searches the file as the build does (content.SecretWarning). A file
// written again while it is served may still change after its search; the rebuild follows.
func (m memFS) openStatic(name, src string) (fs.File, error) {
	f, err := os.OpenFile(src, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if w := content.SecretWarningIn(f, name, m.allow); w != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
