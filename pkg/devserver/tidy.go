package devserver

// Giving freed memory back to the system once the writer pauses. debug.FreeOSMemory forces a whole
// collection: at 30,000 pages it marks a 600 MB heap for 1-5 s of CPU, and a rebuild that runs
// meanwhile is slowed several times over. The timer was reset at each rebuild's end only, so a
// rebuild that took over a second (itself slowed by a collection) met the last one's timer and a
// forced collection in its middle, which slowed it past a second again: in a run of 60 title edits
// at 30k, five of nine collections were forced ones in such a chain, and every edit they overlapped
// took 0.5-4 s (BENCHMARKS.md, Session 15). The tidy-up now waits while a rebuild runs.

import (
	"runtime/debug"
	"sync"
	"time"
)

// tidyAfter is how long after the last rebuild freed memory goes back to the system.
const tidyAfter = time.Second

// tidier returns freed memory to the system once no rebuild has run for tidyAfter.
type tidier struct {
	mu    sync.Mutex
	timer *time.Timer
	busy  bool   // a rebuild runs: the timer is stopped, and a firing that raced with its start does nothing
	free  func() // debug.FreeOSMemory; a test counts the calls
	// after is tidyAfter; a test that fires the timer itself sets it far off, so that the real
	// one cannot go off on a busy machine between two of its checks.
	after time.Duration
}

func newTidier() *tidier {
	t := &tidier{free: debug.FreeOSMemory, after: tidyAfter}
	t.timer = time.AfterFunc(time.Hour, t.fire)
	t.timer.Stop()
	return t
}

// begin says a rebuild starts: no tidy-up starts until end.
func (t *tidier) begin() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.busy = true
	t.timer.Stop()
}

// end says the rebuild is over; tidy, when set, asks for a tidy-up once the writer pauses.
func (t *tidier) end(tidy bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.busy = false
	if tidy {
		t.timer.Reset(t.after)
	}
}

// fire is the timer's function: it tidies up unless a rebuild has begun since the timer was set.
func (t *tidier) fire() {
	t.mu.Lock()
	busy := t.busy
	t.mu.Unlock()
	if !busy {
		t.free()
	}
}

// stop stops the timer for good (Close).
func (t *tidier) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.busy = true
	t.timer.Stop()
}
