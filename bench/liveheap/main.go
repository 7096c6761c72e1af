// Command liveheap says what a cold build keeps live (issue #17: "nothing in memory grows with the
// page count except indexes that must"): it runs build.Once in this process, with docsd build
// --once's collector settings (internal/oncegc, given here as flags), and writes heap profiles
// into -dir: each time the live heap (as of the last collection) reaches a new high by 5 %, and
// every -every. Read them with `go tool pprof -sample_index=inuse_space -top <file>`. It prints
// one line per profile: its file, the time since the start and the live heap.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"sort"
	"time"

	"docsd/internal/oncegc"
	"docsd/pkg/build"
)

func main() {
	root := flag.String("root", ".", "the project to build")
	out := flag.String("out", "", "the output folder (default .bench/liveheap/out)")
	dir := flag.String("dir", ".bench/liveheap", "folder for the heap profiles")
	every := flag.Duration("every", 5*time.Second, "a profile this often besides the new highs")
	gogc := flag.Int("gogc", oncegc.GCPercent, "GOGC (internal/oncegc)")
	perSource := flag.Int64("per-source", oncegc.PerSource, "bytes of memory limit per source (internal/oncegc)")
	floor := flag.Int64("floor", oncegc.MemoryFloor, "smallest memory limit (internal/oncegc)")
	ceiling := flag.Int64("ceiling", oncegc.MemoryCeiling, "largest memory limit (internal/oncegc)")
	cpu := flag.String("cpuprofile", "", "also write a CPU profile of the build here (the collector's share: gcBgMarkWorker, gcAssistAlloc, bgsweep)")
	flag.Parse()
	if *out == "" {
		*out = filepath.Join(*dir, "out")
	}
	if *cpu != "" {
		f, err := os.Create(*cpu)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench/liveheap: cpu profile:", err)
			os.Exit(1)
		}
		defer f.Close()
		defer pprof.StopCPUProfile()
	}
	if err := run(*root, *out, *dir, *every, *gogc, *perSource, *floor, *ceiling); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "bench/liveheap:", err)
		os.Exit(1)
	}
}

func run(root, out, dir string, every time.Duration, gogc int, perSource, floor, ceiling int64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("profiles folder: %w", err)
	}
	debug.SetGCPercent(gogc)
	sized := func(sources int, mdxBytes int64) {
		debug.SetMemoryLimit(min(ceiling, max(floor, int64(sources)*perSource+mdxBytes*oncegc.PerMDXByte)))
	}
	start := time.Now()
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- watch(dir, start, every, stop) }()
	res, err := build.Once(build.Options{Root: root, Out: out, Production: true, Sized: sized})
	close(stop)
	if werr := <-done; err == nil {
		err = werr
	}
	if err != nil {
		return err
	}
	// The steps' ends, to place the profiles: which were taken while pages were written.
	fmt.Printf("build %.1f s; steps:", time.Since(start).Seconds())
	var names []string
	for name := range res.Timings {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Printf(" %s %.1f s", name, res.Timings[name].Seconds())
	}
	fmt.Println()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("collections %d, GC CPU fraction %.3f\n", ms.NumGC, ms.GCCPUFraction)
	return nil
}

// watch samples the live heap every 100 ms and writes a profile at each new high and every
// `every`, until stop.
func watch(dir string, start time.Time, every time.Duration, stop <-chan struct{}) error {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var high uint64
	last := start
	n := 0
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return nil
		case <-tick.C:
		}
		metrics.Read(sample)
		live := sample[0].Value.Uint64()
		newHigh := live > high+high/20
		if !newHigh && time.Since(last) < every {
			continue
		}
		if newHigh {
			high = live
		}
		last = time.Now()
		n++
		name := filepath.Join(dir, fmt.Sprintf("heap-%03d.pb.gz", n))
		if err := writeProfile(name); err != nil {
			return err
		}
		fmt.Printf("%s %6.1f s live %4d MB high=%v\n", name, time.Since(start).Seconds(), live>>20, newHigh)
	}
}

func writeProfile(name string) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("heap profile %s: %w", name, err)
	}
	return f.Close()
}
