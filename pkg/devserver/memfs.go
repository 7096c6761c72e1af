package devserver

import (
	"bytes"
	"io/fs"
	"os"
	"time"

	"docsd/pkg/emit"
)

// memFS serves a build held in memory; static files are read from their source on disk.
type memFS struct{ files *emit.Files }

func (m memFS) Open(name string) (fs.File, error) {
	data, src, ok := m.files.Get(name)
	switch {
	case ok && src != "":
		return os.Open(src)
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
