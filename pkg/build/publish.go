// This file lets a dev-server rebuild give up on its search publish without waiting for it. A
// publish at 10,000 pages takes ~200 ms and checks for newer edits only between its parts; a body
// edit saved while the last one's publish ran waited for it before its own page could render (the
// median edit reached the browser in 124 ms, though the page renders in 22). Given up, the publish
// finishes in the background, and the next rebuild waits for it only when it reaches its own
// search step, after the pages on screen went out.

package build

import "docsd/pkg/search"

// published is one locale's search files.
type published struct {
	docs, index []byte
	files       search.Published // the chunks the two entry files point to
	err         error
}

// waitPublish waits for a publish a rebuild gave up on, before anything reads or changes the
// search indexes again.
func (b *Builder) waitPublish() {
	if b.publishing != nil {
		<-b.publishing
		b.publishing = nil
	}
}

// publish publishes idx. A rebuild whose site-wide step may be left to the next (interruptible)
// returns errInterrupted as soon as newer edits wait, and leaves the publish running.
func (st *state) publish(idx *search.Index) (published, error) {
	run := func() published {
		var stop func() bool
		if st.interruptible {
			stop = st.req.interrupted
		}
		docs, index, err := idx.PublishUnless(stop)
		return published{docs: docs, index: index, files: idx.Last(), err: err}
	}
	var newer <-chan struct{}
	if st.req.ctx != nil {
		newer = st.req.ctx.Done()
	}
	if !st.interruptible || newer == nil {
		// Not to be given up, or a context that cannot say so at once (tests ask theirs at fixed
		// points, PublishUnless's).
		p := run()
		return p, p.err
	}
	done := make(chan published, 1)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		if st.b.beforePublish != nil {
			st.b.beforePublish()
		}
		done <- run()
	}()
	select {
	case p := <-done:
		return p, p.err
	case <-newer:
		st.b.publishing = finished
		return published{}, errInterrupted
	}
}
