package devserver

import (
	"bytes"
	"io"
	"io/fs"
	"time"

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
		return &memFile{ReadSeeker: bytes.NewReader(data), name: name, size: int64(len(data))}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// memFile is a file of the build, or a static file as it was searched (static.go).
type memFile struct {
	io.ReadSeeker
	name string
	size int64
	mod  time.Time    // zero for the build's files, which have none (and get no ETag)
	done func() error // closes what the file is read from, if anything
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Size() int64                { return f.size }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return f.mod }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }

func (f *memFile) Close() error {
	if f.done == nil {
		return nil
	}
	return f.done()
}
