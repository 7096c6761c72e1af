// Package watch turns file-system events under the project into batches of changed paths: a burst
// of saves is one batch, a batch goes out only once its files stand still (stable.go: a save that
// truncates and then writes is not read half-way), editors' temporary and swap files are ignored,
// new folders are watched as they appear, a watched folder that is deleted and made again (rm -rf
// content; git checkout) is watched again, and while the consumer is busy the changes pile up into
// one next batch rather than a queue of stale rebuilds. A node_modules folder is watched at its top
// only: an install adds its package folders there and rewrites the package manager's state file
// there (.package-lock.json, .modules.yaml, .yarn-integrity), and its tens of thousands of folders
// below are not worth an inotify watch each.
package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"docsd/pkg/content"
	"docsd/pkg/fspath"
)

// Watcher watches folders recursively and single files (through their folder, so that editors that
// replace a file by renaming keep being seen).
type Watcher struct {
	fs    *fsnotify.Watcher
	files map[string]bool // single files of interest, absolute
	dirs  map[string]bool // folders watched recursively, absolute, whether they exist now or not
	// shallow are the node_modules folders given to New, watched at their top only, absolute,
	// whether they exist now or not.
	shallow map[string]bool
	quiet   time.Duration
	// confirm is the second quiet period, after which a batch's files must be as the first's end
	// found them (stable.go).
	confirm time.Duration
	// after starts the quiet period that ends a burst (time.After). Tests end it themselves, and
	// took tells them which events Run has handled, so no test depends on the machine's speed.
	after func(time.Duration) <-chan time.Time
	took  func(fsnotify.Event)
	// hold is how many more quiet periods a batch waits while one of its files is empty (stable.go).
	hold    int
	Batches chan Batch
	Errors  chan error
	adds    chan addRequest
	stopped chan struct{} // closed when Run returns
	// settled are the paths given to New or Add whose watch is in place (add).
	settled map[string]bool
}

// Batch is one burst of changes. Newer is closed once changes the consumer has not taken wait (a
// save during the rebuild of this batch): the rebuild is out of date and may stop early. It travels
// with its batch, so a consumer never gets the signal of another batch.
type Batch struct {
	Paths []string
	Newer <-chan struct{}
}

// Options are a watcher's test hooks; the zero value is the real clock.
type Options struct {
	// After starts a quiet period (time.After when nil): a test ends it itself, so that no test
	// depends on how fast the machine is.
	After func(time.Duration) <-chan time.Time
	// Took, when set, is told of every event Run has handled.
	Took func(fsnotify.Event)
}

// New watches the given paths: folders recursively, files individually.
func New(paths ...string) (*Watcher, error) { return NewWith(Options{}, paths...) }

// NewWith is New with test hooks.
func NewWith(opts Options, paths ...string) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{fs: fw, files: map[string]bool{}, dirs: map[string]bool{}, shallow: map[string]bool{}, quiet: 5 * time.Millisecond,
		confirm: time.Millisecond, after: time.After, took: opts.Took, hold: emptyHold, Batches: make(chan Batch), Errors: make(chan error, 8),
		adds: make(chan addRequest), stopped: make(chan struct{}), settled: map[string]bool{}}
	if opts.After != nil {
		w.after = opts.After
	}
	if err := w.add(paths); err != nil {
		fw.Close()
		return nil, err
	}
	return w, nil
}

// add watches the given paths: folders recursively, files individually. A path whose watch is in
// place already (settled) is left as it is; one whose watch could not be put in place (its parent
// folder missing too) is tried again by the next add. Every path is tried; the errors are joined.
func (w *Watcher) add(paths []string) error {
	var errs []error
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			errs = append(errs, fmt.Errorf("watching %s: %w", p, err))
			continue
		}
		if w.settled[abs] {
			continue
		}
		st, err := os.Stat(abs)
		if filepath.Base(abs) == "node_modules" && (err != nil || st.IsDir()) {
			// Seen through its parent when it is made (npm ci removes it and makes it again).
			w.shallow[abs] = true
			w.settled[abs] = w.fs.Add(filepath.Dir(abs)) == nil
			if err == nil {
				_ = w.fs.Add(abs) // one that cannot be watched only loses installs
			}
			continue
		}
		if err != nil || st.IsDir() {
			// A folder, or a path that does not exist yet (no site/ in a test): watched through its
			// parent too, so that it is seen when it is made, or made again after a deletion.
			w.dirs[abs] = true
			parent := w.fs.Add(filepath.Dir(abs))
			if err == nil {
				if err := w.addTree(abs); err != nil {
					errs = append(errs, fmt.Errorf("watching %s: %w", p, err))
					continue
				}
			}
			// A folder that is not there is seen when it is made only if its parent is watched.
			w.settled[abs] = err == nil || parent == nil
		} else {
			w.files[abs] = true
			if err := w.fs.Add(filepath.Dir(abs)); err != nil {
				errs = append(errs, fmt.Errorf("watching %s: %w", p, err))
				continue
			}
			w.settled[abs] = true
		}
	}
	return errors.Join(errs...)
}

// Add watches more paths, as New does, once Run has taken them: a change saved after Add returns
// is reported. docsd.toml can name folders (a version, a docs set, a static folder) that the
// watcher did not know of when it started. Paths watched already are left as they are; a folder
// whose parent was missing too when it was given is tried again.
func (w *Watcher) Add(paths ...string) error {
	req := addRequest{paths: paths, done: make(chan error, 1)}
	select {
	case w.adds <- req:
		return <-req.done
	case <-w.stopped:
		return nil // nothing is watched any more: nothing to add
	}
}

// addRequest is one Add, handed to Run: Run alone reads and writes the watched sets.
type addRequest struct {
	paths []string
	done  chan error
}

// Close stops watching.
func (w *Watcher) Close() error { return w.fs.Close() }

func skipDir(name string) bool {
	return name == "node_modules" || name == "out" || strings.HasPrefix(name, ".")
}

// addTree watches dir and the folders below it. Like content.Scan, it follows a symlink to a folder
// inside the project (the folder holding the watched root) but not hidden; unlike it, only when
// the target is not watched anyway, since one folder watched under two names reports its events
// under one of them only.
func (w *Watcher) addTree(dir string) error {
	root := dir
	for d := range w.dirs {
		if dir == d || strings.HasPrefix(dir, d+string(filepath.Separator)) {
			root = d
		}
	}
	t := &tree{project: realPath(filepath.Dir(root)), seen: map[string]bool{}}
	for d := range w.dirs {
		if r := realPath(d); r != "" {
			t.roots = append(t.roots, r)
		}
	}
	if st, err := os.Lstat(dir); err == nil && dir != root && st.Mode()&fs.ModeSymlink != 0 && !t.followable(dir) {
		return nil
	}
	return w.walk(t, dir)
}

// tree is what one addTree knows: the project's real path, the real paths of the watched roots,
// and the real paths of the folders it watched, so that a symlink loop ends.
type tree struct {
	project string
	roots   []string
	seen    map[string]bool
}

func (w *Watcher) walk(t *tree, dir string) error {
	real := realPath(dir)
	if real == "" || t.seen[real] {
		return nil
	}
	t.seen[real] = true
	// Watch first, then list: a folder made meanwhile is seen by one or the other.
	if err := w.fs.Add(dir); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // gone already: its parent's event says so
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if skipDir(e.Name()) || !e.IsDir() && (e.Type()&fs.ModeSymlink == 0 || !t.followable(p)) {
			continue
		}
		if err := w.walk(t, p); err != nil {
			return err
		}
	}
	return nil
}

// followable reports whether the symlink p leads to a folder to watch through it.
func (t *tree) followable(p string) bool {
	target := realPath(p)
	if target == "" || !fspath.Within(t.project, target) {
		return false
	}
	if st, err := os.Stat(target); err != nil || !st.IsDir() {
		return false
	}
	rel, _ := filepath.Rel(t.project, target)
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		if strings.HasPrefix(part, ".") && part != "." {
			return false
		}
	}
	for _, r := range t.roots {
		if fspath.Within(r, target) {
			return false
		}
	}
	return true
}

// realPath is p absolute with every symlink resolved, or "" when that fails.
func realPath(p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return ""
	}
	if r, err = filepath.Abs(r); err != nil {
		return ""
	}
	return r
}

// relevant reports whether an event path is one the build reads.
func (w *Watcher) relevant(p string) bool {
	if content.IsEditorTemp(filepath.Base(p)) || strings.HasSuffix(p, ".docsd-tmp") {
		return false
	}
	if w.files[p] || w.dirs[p] || w.shallow[p] || w.shallow[filepath.Dir(p)] {
		return true
	}
	for d := range w.dirs {
		if strings.HasPrefix(p, d+string(filepath.Separator)) {
			rel := strings.TrimPrefix(p, d+string(filepath.Separator))
			for _, part := range strings.Split(rel, string(filepath.Separator)) {
				if skipDir(part) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// Run delivers batches until ctx ends.
func (w *Watcher) Run(ctx context.Context) {
	defer close(w.stopped)
	pending := map[string]bool{}
	var timer <-chan time.Time
	// checked is what the files of pending looked like when the last quiet period ended (nil while
	// events come): the batch goes out once a second quiet period finds them unchanged.
	var checked *look
	var out chan Batch // nil until a batch is ready: a send only happens when the consumer asks
	var ready []string
	// offered is the Newer of the batch on offer; taken that of the batch the consumer took last,
	// closed (and forgotten) as soon as a change arrives after it.
	var offered, taken chan struct{}
	newer := func() {
		if taken != nil {
			close(taken)
			taken = nil
		}
	}
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			if w.take(ev, pending) {
				timer = w.after(w.quiet)
				checked = nil
				newer()
			}
			if w.took != nil {
				w.took(ev)
			}
		case req := <-w.adds:
			req.done <- w.add(req.paths)
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			select {
			case w.Errors <- err:
			default:
			}
		case <-timer:
			timer = nil
			now := w.look(pending, checked)
			if !now.stable(checked, w.hold) {
				// A second, shorter look confirms files that stand still (every edit waits for it);
				// an empty file waits for its write by whole quiet periods.
				wait := w.confirm
				if now.empty {
					wait = w.quiet
				}
				checked, timer = now, w.after(wait)
				continue
			}
			checked = nil
			for p := range pending {
				ready = append(ready, p)
			}
			pending = map[string]bool{}
			sort.Strings(ready)
			ready = dedupe(ready)
			if out == nil {
				offered = make(chan struct{})
			}
			out = w.Batches
		case out <- Batch{Paths: ready, Newer: offered}:
			ready, out = nil, nil
			taken, offered = offered, nil
			if len(pending) > 0 {
				newer() // changes came while the batch waited to be taken
			}
		}
	}
}

// take adds what an event changed to pending and reports whether it changed anything the build reads.
func (w *Watcher) take(ev fsnotify.Event, pending map[string]bool) bool {
	if !w.relevant(ev.Name) {
		return false
	}
	if ev.Has(fsnotify.Create) {
		if st, err := os.Stat(ev.Name); err == nil && st.IsDir() && w.shallow[ev.Name] {
			_ = w.fs.Add(ev.Name) // node_modules made again: its top only
		} else if err == nil && st.IsDir() && !w.shallow[filepath.Dir(ev.Name)] {
			// A new or moved-in folder, or a watched folder made again: watch it, and everything
			// already inside it changed. Watching starts before the walk reads the folder, so a
			// file made meanwhile is seen by one or the other.
			_ = w.addTree(ev.Name)
			filepath.WalkDir(ev.Name, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && w.relevant(p) {
					pending[p] = true
				}
				return nil
			})
		}
	}
	pending[ev.Name] = true
	return true
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
