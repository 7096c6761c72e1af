package main

// Go's collector settings: for docsd build --once here, for docsd watch below.
//
// Go's collector for docsd build --once: one build that exits. With the default (GOGC=100) the
// collector ran every time the heap doubled, which at the start of a build (a small live heap, many
// short-lived allocations) is very often: 35-40% of docsd's CPU at 10,000 pages. A build now lets the
// heap grow to five times what is live (GOGC=400), and bounds it instead by a memory limit sized for
// the site, past which the collector runs as often as it must. On the Vela site that took 15% off
// docsd's user time (1.15-1.19 s -> 0.98-1.02 s); at 10,000 pages it lowered the peak RSS of docsd
// and its renderer from 773-818 MB to 702-713 MB for about the same CPU (BENCHMARKS.md, Session 8).
// GOGC and GOMEMLIMIT in the environment still win.

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

const (
	// onceGCPercent is GOGC for a build: the heap may grow to five times what is live.
	onceGCPercent = 400
	// onceMemoryFloor is the smallest memory limit; perSource what a source adds to it: about
	// twice what a build keeps live per page at 10,000 pages (search shards, headings and links,
	// the graph: 34 KB), so a large site is never held at a limit below what it must keep, and a
	// small one does not grow to the large one's limit (a 600 MiB floor took a 1,000-page build
	// from 289 to 472 MB).
	onceMemoryFloor = 256 << 20
	perSource       = 60 << 10
)

// onceGC sets the collector for a build, unless the environment does.
func onceGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(onceGCPercent)
	}
}

// onceMemoryLimit is build.Options.Sized for a build: the memory limit for its number of sources.
func onceMemoryLimit(sources int) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	debug.SetMemoryLimit(max(onceMemoryFloor, int64(sources)*perSource))
}

// Go's collector for docsd watch, a process that runs all day. With the default alone, the heap
// grows to twice what is live before a collection: at 10,000 pages, a hundred megabytes of garbage
// that stays in the daemon's resident memory. After each rebuild, the memory limit is set to
// watchHeadroom percent of the heap the last collection found live (never below watchFloor), so
// the collector runs once garbage reaches half of what is live. Measured from the live heap, not
// guessed from the number of pages, so a site of large pages is never held below what it keeps.
// The first build runs without it (its peak is the build's, not the daemon's). GOMEMLIMIT in the
// environment wins.
const (
	watchHeadroom = 150
	watchFloor    = 128 << 20
)

// watchLimit is the memory limit for a daemon whose last collection found live bytes in use.
func watchLimit(live uint64) int64 {
	return max(watchFloor, int64(live)*watchHeadroom/100)
}

// watchMemoryLimit sets the limit from the live heap the runtime reports, unless the environment
// sets one.
func watchMemoryLimit() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 || sample[0].Value.Uint64() == 0 {
		return
	}
	debug.SetMemoryLimit(watchLimit(sample[0].Value.Uint64()))
}
