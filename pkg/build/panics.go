package build

// A bug in docsd that panics while it builds must not stop docsd watch: the writer's daemon keeps
// serving the last good site, the build fails with an error that names the page's file when the
// panic was a page's, and the next build starts from empty, since a step stopped half way may have
// left the builder's state half changed (when unsure, rebuild more). A panic in a goroutine that
// is not the build's own or a page worker's (esbuild's, the watcher's) still stops the process.

import (
	"bytes"
	"fmt"
	"runtime/debug"

	"docsd/pkg/content"
	"docsd/pkg/site"
)

// pagePanic recovers a panic of the goroutine building route r's page into *err, an error naming
// r's file, and has the next build start from empty. Deferred by the page workers.
func (st *state) pagePanic(r *site.Route, err *error) {
	if p := recover(); p != nil {
		st.b.panicked.Store(true)
		*err = &content.Error{File: r.File, Msg: fmt.Sprintf("docsd failed on this page: %v (a bug in docsd; please report it with this file)\n%s", p, panicStack())}
	}
}

// buildPanic recovers a panic of the build's own goroutine into *err. Deferred by run.
func (b *Builder) buildPanic(err *error) {
	if p := recover(); p != nil {
		b.panicked.Store(true)
		*err = fmt.Errorf("docsd failed during the build: %v (a bug in docsd; please report it)\n%s", p, panicStack())
	}
}

// panicStack is the stack of the panicking goroutine from the frame that panicked on, at most 12
// frames: enough to report, short enough to read in a terminal or the watch overlay.
func panicStack() []byte {
	lines := bytes.Split(debug.Stack(), []byte("\n"))
	// The goroutine line, then two lines per frame; the first frames are debug.Stack, panicStack,
	// the recovering function and the runtime's panic.
	for i := 1; i+1 < len(lines); i += 2 {
		if bytes.HasPrefix(lines[i], []byte("panic(")) {
			lines = lines[i+2:]
			break
		}
	}
	if len(lines) > 24 {
		lines = lines[:24]
	}
	return bytes.TrimSpace(bytes.Join(lines, []byte("\n")))
}
