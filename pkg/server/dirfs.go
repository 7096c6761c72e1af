// Dir is the file system docsd serve reads a build from. os.DirFS follows symbolic links wherever
// they point, so a link in the build folder to /etc/passwd (or to a folder outside) would be served;
// Dir opens every file through os.Root, which refuses any path that resolves outside the folder.
package server

import (
	"io/fs"
	"os"
)

// Dir returns the files of the folder dir. Links that stay inside the folder are followed; links
// that leave it (absolute, or through ..) answer as if the file did not exist.
//
// The folder is looked up again on every Open rather than held open: docsd build --once swaps a new
// build into place by renaming folders, and a held os.Root would keep serving the old one.
func Dir(dir string) fs.FS { return rootFS(dir) }

type rootFS string

func (d rootFS) Open(name string) (fs.File, error) {
	// os.Root accepts paths that fs.FS forbids ("a//b", "a/"); refuse them as os.DirFS does, so
	// that a path answers the same whichever fs.FS serves it.
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := os.OpenInRoot(string(d), name)
	if err != nil {
		return nil, err
	}
	return f, nil
}
