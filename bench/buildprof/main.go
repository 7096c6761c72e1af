// Command buildprof writes a Go CPU profile of cold builds of a site, made in this process the way
// docsd build --once makes them (build.Once, with its collector settings), so that `go tool pprof`
// shows where docsd's own CPU goes: Markdown, esbuild, search, the collector. The Node renderers
// are other processes and not in the profile. Each build starts from nothing but this process's
// package init and chroma's compiled lexers, which the first build pays for alone.
//
//	go run ./bench/buildprof -n 8 -cpuprofile /dev/shm/build.cpu
//	go tool pprof -top -cum /dev/shm/build.cpu
//
// -memprofile writes what the builds allocated: `go tool pprof -sample_index=alloc_space -top`.
//
// -trace writes a Go execution trace of the builds as well: `go tool trace -pprof=sync` (or net,
// syscall, sched) shows where docsd's goroutines wait, e.g. on the renderers' answers.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"time"

	"docsd/internal/oncegc"
	"docsd/pkg/build"
)

func main() {
	root := flag.String("root", ".", "project folder holding docsd.toml, content/ and site/")
	out := flag.String("out", "/dev/shm/buildprof", "folder the builds write into (replaced by each build)")
	profile := flag.String("cpuprofile", "build.cpu", "where to write the CPU profile")
	traceOut := flag.String("trace", "", "where to write a Go execution trace of the builds (none if empty)")
	memOut := flag.String("memprofile", "", "where to write the profile of what the builds allocated (none if empty)")
	n := flag.Int("n", 5, "number of builds")
	flag.Parse()
	if err := run(*root, *out, *profile, *traceOut, *memOut, *n); err != nil {
		fmt.Fprintln(os.Stderr, "buildprof:", err)
		os.Exit(1)
	}
}

func run(root, out, profile, traceOut, memOut string, n int) error {
	// The collector as docsd build --once sets it.
	oncegc.SetGC()
	sized := oncegc.SetLimit
	f, err := os.Create(profile)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	defer pprof.StopCPUProfile()
	if traceOut != "" {
		t, err := os.Create(traceOut)
		if err != nil {
			return err
		}
		defer t.Close()
		if err := trace.Start(t); err != nil {
			return fmt.Errorf("starting the trace: %w", err)
		}
		defer trace.Stop()
	}
	for i := 0; i < n; i++ {
		if err := os.RemoveAll(out); err != nil {
			return err
		}
		start := time.Now()
		res, err := build.Once(build.Options{Root: root, Out: out, Production: true, Sized: sized})
		if err != nil {
			return fmt.Errorf("build %d: %w", i+1, err)
		}
		fmt.Printf("build %d: %d pages in %s\n", i+1, res.Site.Routes.Len(), time.Since(start).Round(time.Millisecond))
	}
	if memOut != "" {
		m, err := os.Create(memOut)
		if err != nil {
			return err
		}
		defer m.Close()
		if err := pprof.Lookup("allocs").WriteTo(m, 0); err != nil {
			return fmt.Errorf("writing the allocation profile: %w", err)
		}
	}
	return nil
}
