// Package oncegc sets Go's collector for docsd build --once: one build that exits. It is one place
// for docsd and the benchmarks that build in process (bench/buildprof, bench/liveheap), so that they
// measure what docsd runs.
// With the default (GOGC=100) the
// collector ran every time the heap doubled, which at the start of a build (a small live heap, many
// short-lived allocations) is very often: 35-40% of docsd's CPU at 10,000 pages. A build now lets the
// heap grow to five times what is live (GOGC=400), and bounds it instead by a memory limit sized for
// the site, past which the collector runs as often as it must. On the Vela site that took 15% off
// docsd's user time (1.15-1.19 s -> 0.98-1.02 s); at 10,000 pages it lowered the peak RSS of docsd
// and its renderer from 773-818 MB to 702-713 MB for about the same CPU (BENCHMARKS.md, Session 8).
// GOGC and GOMEMLIMIT in the environment still win.
package oncegc

import (
	"os"
	"runtime/debug"
)

const (
	// GCPercent is GOGC for a build: the heap may grow to five times what is live.
	GCPercent = 400
	// MemoryFloor is the smallest memory limit; PerSource what a source adds to it: about
	// twice what a build keeps live per page at 10,000 pages (search shards, headings and links,
	// the graph: 34 KB), so a large site is never held at a limit below what it must keep, and a
	// small one does not grow to the large one's limit (a 600 MiB floor took a 1,000-page build
	// from 289 to 472 MB).
	MemoryFloor = 256 << 20
	PerSource   = 60 << 10
	// PerMDXByte is what a byte of an .mdx source adds: a page the MDX compiler compiles keeps
	// its tree, its module and the compiler's answer until it renders, 43-58 bytes live per byte
	// of source (200 pages of 11.6-24.5 KB: 136-210 MB), where a Markdown page keeps about 7.
	// Without it such a site sat at the floor and the collector took 13.5 % (11.6 KB pages) to
	// 38 % (24.5 KB) of docsd's CPU (BENCHMARKS.md, Session 21: mdx21).
	PerMDXByte = 96
	// MemoryCeiling caps the limit: past 26,000 sources, 60 KiB each let the heap grow to
	// 2.9 GB at 50,000 pages (issue #17: 2 GB with the renderers). What such a build keeps live
	// is 730 MB at its highest, once every page is processed (the sources until each page
	// renders, then the search shards, headings and links, the model: BENCHMARKS.md, Session 16),
	// so the collector has at least 800 MB to fill between cycles; docsd's RSS stays at the
	// limit, and a higher one would leave the renderers too little of the 2 GB.
	MemoryCeiling = 1536 << 20
)

// SetGC sets the collector for a build, unless the environment does.
func SetGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(GCPercent)
	}
}

// SetLimit is build.Options.Sized for a build: the memory limit for its number of sources and the
// bytes of its MDX sources (the .mdx files at the scan, then again with the .md pages that turn out
// to be MDX once read), unless the environment sets one.
func SetLimit(sources int, mdxBytes int64) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	debug.SetMemoryLimit(Limit(sources, mdxBytes))
}

// Limit is the memory limit of a build of that many sources, mdxBytes of them compiled as MDX.
func Limit(sources int, mdxBytes int64) int64 {
	return min(MemoryCeiling, max(MemoryFloor, int64(sources)*PerSource+mdxBytes*PerMDXByte))
}
