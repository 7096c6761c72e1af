// Package gcstat reads what Go's collector has done so far, so that a rebuild can say what the
// collector did while it ran (docsd watch --trace, bench/scale/edits -trace). At 30,000 pages the
// live heap is about 900 MB and one cycle marks it for a second or more of CPU: an edit that falls
// in a cycle is slow for reasons no step of the build shows, and load does not explain away.
package gcstat

import (
	"fmt"
	"runtime/metrics"
)

// Reading is the collector's work until a moment (or, from Since, between two).
type Reading struct {
	// Cycles are the collections finished.
	Cycles uint64
	// CPU is the collector's CPU seconds, all of it (marking and pauses); Assist the part of the
	// marking done by goroutines that allocated during a cycle; Pause the CPU seconds of
	// stop-the-world pauses. The runtime adds these up at each cycle's end, so they count whole
	// cycles.
	CPU, Assist, Pause float64
	// Alloc is the bytes allocated; Heap the bytes of heap objects at the moment (live and not yet
	// swept), Goal the heap size at which the next cycle ends.
	Alloc, Heap, Goal uint64
}

var names = []string{
	"/gc/cycles/total:gc-cycles",
	"/cpu/classes/gc/total:cpu-seconds",
	"/cpu/classes/gc/mark/assist:cpu-seconds",
	"/cpu/classes/gc/pause:cpu-seconds",
	"/gc/heap/allocs:bytes",
	"/memory/classes/heap/objects:bytes",
	"/gc/heap/goal:bytes",
}

// Read reads the collector's figures now.
func Read() Reading {
	s := make([]metrics.Sample, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	metrics.Read(s)
	return Reading{Cycles: s[0].Value.Uint64(), CPU: s[1].Value.Float64(), Assist: s[2].Value.Float64(),
		Pause: s[3].Value.Float64(), Alloc: s[4].Value.Uint64(), Heap: s[5].Value.Uint64(), Goal: s[6].Value.Uint64()}
}

// Since is what the collector did between an earlier reading and r; the heap and goal are r's.
func (r Reading) Since(earlier Reading) Reading {
	return Reading{Cycles: r.Cycles - earlier.Cycles, CPU: r.CPU - earlier.CPU, Assist: r.Assist - earlier.Assist,
		Pause: r.Pause - earlier.Pause, Alloc: r.Alloc - earlier.Alloc, Heap: r.Heap, Goal: r.Goal}
}

// String is the reading as a trace line's part.
func (r Reading) String() string {
	return fmt.Sprintf("gc %d cycles, gc cpu %.0f ms (assist %.0f ms, pause %.1f ms), alloc %d MB, heap %d MB of goal %d MB",
		r.Cycles, r.CPU*1000, r.Assist*1000, r.Pause*1000, r.Alloc>>20, r.Heap>>20, r.Goal>>20)
}
