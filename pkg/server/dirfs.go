// Dir is the file system docsd serve reads a build from. os.DirFS follows symbolic links wherever
// they point, so a link in the build folder to /etc/passwd (or to a folder outside) would be served;
// Dir opens every file through os.Root, which refuses any path that resolves outside the folder.
package server

import (
	"io/fs"
	"os"
	"strings"
	"sync"
)

// Dir returns the files of the folder dir. Links that stay inside the folder are followed; links
// that leave it (absolute, or through ..) and hidden files answer as if the file did not exist.
func Dir(dir string) fs.FS { return &rootFS{dir: dir} }

// rootFS holds the folder open as an os.Root. docsd build --once swaps a new build into place by
// renaming folders, and a Root follows the folder it opened, so every Open checks that the path
// still names the same folder (one stat) and opens the new one when it does not.
type rootFS struct {
	dir  string
	mu   sync.RWMutex // held for reading while a file is opened, for writing to change root
	root *os.Root
	info fs.FileInfo // of the folder root opened
}

func (d *rootFS) Open(name string) (fs.File, error) {
	// os.Root accepts paths that fs.FS forbids ("a//b", "a/"); refuse them as os.DirFS does, so
	// that a path answers the same whichever fs.FS serves it.
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if hidden(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	now, err := os.Stat(d.dir)
	if err != nil {
		return nil, err
	}
	d.mu.RLock()
	if d.root == nil || !os.SameFile(now, d.info) {
		d.mu.RUnlock()
		if err := d.reopen(now); err != nil {
			return nil, err
		}
		d.mu.RLock()
	}
	defer d.mu.RUnlock()
	f, err := d.root.Open(name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// hidden says whether a path of the folder names a hidden file or passes through a hidden folder.
// A build has none (docsd skips them in content/ and static folders; its .docsd-build mark is no
// page), so one in the folder was put there by something else: a .env, a .git, an editor's
// .npmrc, which a preview server must not hand to whoever asks.
func hidden(name string) bool {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") && part != "." {
			return true
		}
	}
	return false
}

// reopen opens the folder the path now names, unless another request already did.
func (d *rootFS) reopen(now fs.FileInfo) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.root != nil && os.SameFile(now, d.info) {
		return nil
	}
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return err
	}
	info, err := root.Stat(".")
	if err != nil {
		root.Close()
		return err
	}
	if d.root != nil {
		d.root.Close()
	}
	d.root, d.info = root, info
	return nil
}
