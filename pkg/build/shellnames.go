// This file lets a build from empty render its pages before the shell's browser bundle is built.
// The renderers need the server bundle alone, and of the browser bundle a page's HTML holds only
// the names of its files (entry script, stylesheets, preloads): a page rendered before they are
// known is written once they are (bundle.EarlyServer). The pages waited for both bundles before,
// and the browser bundle, built second, is the larger.

package build

import (
	"errors"
	"sync"

	"docsd/pkg/render"
	"docsd/pkg/site"
)

// shellNames are the browser bundle's names of a build whose pages render while it is built.
type shellNames struct {
	mu     sync.Mutex
	known  bool          // set once assets is, or the bundle failed
	failed bool          // the browser bundle failed: nothing more is written
	ready  chan struct{} // closed once known
	// waiting are the documents rendered before the names were known, in the order rendered.
	waiting []func() error
	// held counts the documents that waited: a test's check that pages rendered before the
	// browser bundle was done.
	held int
}

// errShellPending stops a page that waits for the browser bundle when that failed: the build
// reports the bundle's error.
var errShellPending = errors.New("the shell's browser bundle did not build")

// awaitNames makes the build's documents wait for the browser bundle's names (setNames).
func (st *state) awaitNames() *shellNames {
	st.names = &shellNames{ready: make(chan struct{})}
	return st.names
}

// later keeps write for when the names are known and reports true, or reports false when they are
// known (write now); once the bundle failed, write is dropped.
func (n *shellNames) later(write func() error) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.known && !n.failed {
		return false
	}
	if !n.failed {
		n.waiting = append(n.waiting, write)
		n.held++
	}
	return true
}

// wait blocks until the names are known; false when the bundle failed.
func (n *shellNames) wait() bool {
	<-n.ready
	return !n.failed
}

// setNames gives the build the browser bundle's names and writes the documents that waited for
// them; it returns the first error of those writes.
func (st *state) setNames(a render.Assets) error {
	n := st.names
	n.mu.Lock()
	st.assets = a
	// The page workers that find the names known read st.assets after taking the lock.
	n.known = true
	waiting := n.waiting
	n.waiting = nil
	close(n.ready)
	n.mu.Unlock()
	for _, write := range waiting {
		if err := write(); err != nil {
			return err
		}
	}
	return nil
}

// namesFailed drops the documents that wait: the browser bundle failed, and so does the build.
func (n *shellNames) namesFailed() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.known, n.failed, n.waiting = true, true, nil
	close(n.ready)
}

// writeDocument writes a route's HTML document with the browser bundle's names, now or, when they
// are not known yet, once they are. A page of more than a megabyte of Markdown (c.done set) waits
// for them instead: one such page at a time is held (renderMarkdown).
func (st *state) writeDocument(r *site.Route, doc *render.Document, c pageContent) error {
	n := st.names
	write := func() error {
		doc.Assets = st.assets
		return st.writeHTML(r, doc)
	}
	if n == nil {
		return write()
	}
	if c.done != nil {
		if !n.wait() {
			return errShellPending
		}
		return write()
	}
	if n.later(write) {
		if st.b.onHeld != nil {
			st.b.onHeld(r.Path)
		}
		return nil
	}
	return write()
}
