package mdx

// idlecores.go answers the pool's question whether the machine has a core for one more compiler
// process (pool.go) from how idle its cores are now: Linux's /proc/stat, read twice, a short
// window apart. It replaced the 1-minute load average, which lags a minute behind: on a machine
// whose last minute was quiet it said yes while the build itself kept both cores busy, and the
// second process then cost its start (about 60 ms of CPU) and its own JIT warm-up without
// finishing the build sooner (2 cores, 200 MDX pages: one process 0.23 s of CPU at 0.43 s wall,
// two 0.30 s at 0.41 s). A build whose other work waits on the compiler leaves a core idle, and
// that is when a second process pays.

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"time"
)

// cpuTimes are the machine's CPU clock ticks so far: idle (idle and iowait) and in all, over
// cores CPUs.
type cpuTimes struct {
	idle, total uint64
	cores       int
}

// readCPUTimes reads /proc/stat; ok is false where there is none (not Linux) or it reads oddly.
func readCPUTimes() (t cpuTimes, ok bool) {
	raw, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}, false
	}
	return parseCPUTimes(raw)
}

// parseCPUTimes reads the text of /proc/stat: its "cpu" line (user nice system idle iowait irq
// softirq steal, in ticks; guest and guest_nice, which follow, are counted in user and nice
// already) and how many "cpuN" lines follow.
func parseCPUTimes(raw []byte) (t cpuTimes, ok bool) {
	lines := bufio.NewScanner(bytes.NewReader(raw))
	for lines.Scan() {
		line := lines.Bytes()
		if !bytes.HasPrefix(line, []byte("cpu")) {
			break
		}
		fields := bytes.Fields(line)
		if string(fields[0]) != "cpu" {
			t.cores++
			continue
		}
		if len(fields) < 6 {
			return cpuTimes{}, false
		}
		for i, f := range fields[1:min(len(fields), 9)] {
			n, err := strconv.ParseUint(string(f), 10, 64)
			if err != nil {
				return cpuTimes{}, false
			}
			t.total += n
			if i == 3 || i == 4 { // idle, iowait
				t.idle += n
			}
		}
		ok = true
	}
	return t, ok && t.cores > 0
}

// How long the window between two readings is: long enough for the ticks (a hundredth of a
// second per core) to say something, short enough to be about now. A reading older than
// staleAfter (docsd watch, quiet between edits) starts a new window instead.
const (
	idleWindow = 100 * time.Millisecond
	staleAfter = time.Second
)

// idleCores answers whether at least one core was idle over the last window. Not safe for
// concurrent use: the pool calls it with c.mu held.
type idleCores struct {
	read func() (cpuTimes, bool)
	now  func() time.Time
	at   time.Time // of the last reading
	last cpuTimes
	was  bool // the last answer
}

func newIdleCores() *idleCores {
	return &idleCores{read: readCPUTimes, now: time.Now}
}

// spare reports whether a core was idle over the window that ended at the last reading. Until a
// window has passed since the first reading (or since one gone stale) it says no: the pool then
// keeps to the processes it has, for a tenth of a second. Where the times cannot be read it says
// yes, as the pool did before it asked.
func (s *idleCores) spare() bool {
	t := s.now()
	if !s.at.IsZero() && t.Sub(s.at) < idleWindow {
		return s.was
	}
	cur, ok := s.read()
	if !ok {
		return true
	}
	if s.at.IsZero() || t.Sub(s.at) > staleAfter || cur.total <= s.last.total || cur.idle < s.last.idle {
		s.at, s.last, s.was = t, cur, false
		return false
	}
	idle := float64(cur.idle-s.last.idle) / float64(cur.total-s.last.total) * float64(cur.cores)
	s.at, s.last, s.was = t, cur, idle >= 1
	return s.was
}
