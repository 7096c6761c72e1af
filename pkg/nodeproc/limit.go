package nodeproc

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultLimit is how long a Node process may work on one request (an MDX or Sass compile, a
// page's render) before docsd stops it. A normal request takes milliseconds and a huge page
// under load seconds; a loop that never ends (a Sass @while, a component that never returns)
// holds the process's only thread for good, hanging a build or the daemon with no word of which
// file.
const DefaultLimit = 90 * time.Second

// LimitEnv is the variable that changes DefaultLimit: seconds ("120") or a Go duration ("2m").
const LimitEnv = "DOCSD_NODE_TIMEOUT"

// Limit is the time limit getenv's LimitEnv sets, or DefaultLimit when unset.
func Limit(getenv func(string) string) (time.Duration, error) {
	v := strings.TrimSpace(getenv(LimitEnv))
	if v == "" {
		return DefaultLimit, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		secs, serr := strconv.ParseFloat(v, 64)
		if serr != nil {
			return 0, fmt.Errorf("%s=%q: want seconds or a duration such as 2m: %w", LimitEnv, v, err)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d <= 0 {
		return 0, fmt.Errorf("%s=%q: the limit must be more than zero", LimitEnv, v)
	}
	return d, nil
}

// LimitOrDefault is Limit, DefaultLimit when the variable cannot be read (a constructor with no
// error to return; docsd's commands check it first with Limit).
func LimitOrDefault(getenv func(string) string) time.Duration {
	d, err := Limit(getenv)
	if err != nil {
		return DefaultLimit
	}
	return d
}

// Watchdog calls stalled (with the limit that passed) when a process that answers its requests one at a time has had
// requests waiting and answered none for the limit: the request it works on is the oldest
// waiting. A process with a long queue is not stalled while it keeps answering, however long
// the queue takes.
type Watchdog struct {
	limit   time.Duration
	stalled func(time.Duration)
	mu      sync.Mutex
	timer   *time.Timer
	gen     uint64 // which Busy the running timer belongs to: a timer stopped too late does nothing
}

// NewWatchdog makes a watchdog; stalled runs on its own goroutine.
func NewWatchdog(limit time.Duration, stalled func(limit time.Duration)) *Watchdog {
	return &Watchdog{limit: limit, stalled: stalled}
}

// SetLimit changes the limit from the next Busy on.
func (w *Watchdog) SetLimit(d time.Duration) {
	w.mu.Lock()
	w.limit = d
	w.mu.Unlock()
}

// Limit is the limit the next Busy starts.
func (w *Watchdog) Limit() time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.limit
}

// Busy starts the limit again: the process was sent a request while idle, or answered one and
// has more waiting.
func (w *Watchdog) Busy() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopLocked()
	gen, limit := w.gen, w.limit
	w.timer = time.AfterFunc(limit, func() {
		w.mu.Lock()
		current := w.gen == gen
		w.timer = nil
		w.mu.Unlock()
		if current {
			w.stalled(limit)
		}
	})
}

// Answered is Busy or Idle after the process answered one request, waiting being how many
// requests still wait on it.
func (w *Watchdog) Answered(waiting int) {
	if waiting == 0 {
		w.Idle()
	} else {
		w.Busy()
	}
}

// Oldest is the smallest id among waiting's, 0 when none waits: the request a process that answers
// in order was working on when it stopped.
func Oldest[V any](waiting map[int64]V) int64 {
	var oldest int64
	for id := range waiting {
		if oldest == 0 || id < oldest {
			oldest = id
		}
	}
	return oldest
}

// Idle stops the limit: nothing waits.
func (w *Watchdog) Idle() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopLocked()
}

func (w *Watchdog) stopLocked() {
	w.gen++
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
}

// Hung says what a request that passed the limit did, for the error at its file: what is
// "compiling" or "rendering /docs/a/".
func Hung(what string, limit time.Duration) string {
	return fmt.Sprintf("%s took more than %s, so docsd stopped it: a loop that never ends in the file or in "+
		"what it imports or renders? (%s sets the limit)", what, limit, LimitEnv)
}
