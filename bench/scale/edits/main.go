// Command edits profiles docsd's rebuild of one edit on a large generated site (issue #16), in
// process and without a browser, so a CPU profile shows where an edit's time goes by step: it builds
// the site as docsd watch does (in memory, low memory), then saves one page n times (a body edit or
// a title edit, alternating two texts) and prints the median rebuild time and each step's median.
// bench/scale/watch.mjs measures the same edits end to end in Chromium.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"docsd/pkg/build"
)

func main() {
	root := flag.String("root", ".bench/scale-10k", "the project to build (go run ./bench/scale -gen -pages 10000 writes it)")
	page := flag.String("page", "content/docs/p007/usage/secrets.md", "the page to edit, relative to -root")
	kinds := flag.String("kind", "body,title", "what to edit, in turn: body, title, page (a new page beside it, then its deletion)")
	n := flag.Int("n", 20, "edits to time")
	cpu := flag.String("cpuprofile", "", "write a CPU profile of the edits (not the first build) here")
	mem := flag.String("memprofile", "", "write a profile of the heap after the edits here (what the builder holds)")
	flag.Parse()
	if err := run(*root, *page, strings.Split(*kinds, ","), *n, *cpu, *mem); err != nil {
		fmt.Fprintln(os.Stderr, "bench/scale/edits:", err)
		os.Exit(1)
	}
}

func run(root, page string, kinds []string, n int, cpuProfile, memProfile string) error {
	path, err := filepath.Abs(filepath.Join(root, filepath.FromSlash(page)))
	if err != nil {
		return err
	}
	orig, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	defer os.WriteFile(path, orig, 0o644)
	b := build.New(build.Options{Root: root, Dev: true, LowMemory: true, Renderers: 1})
	defer b.Close()
	start := time.Now()
	res, err := b.Build()
	if err != nil {
		return err
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	fmt.Printf("first build: %d pages in %s, heap after GC %d MB\n", len(res.Site.Order), time.Since(start).Round(time.Millisecond), ms.HeapAlloc>>20)
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	// The edited page is the one on screen: the dev server renders it first and pushes it before
	// the rest of the rebuild (RebuildFirst's early callback), which "early" times.
	first := map[string]bool{}
	for p, r := range res.Site.Routes {
		if r.Source != "" && strings.HasSuffix(page, r.Source) {
			first[p] = true
		}
	}
	for _, kind := range kinds {
		if err := edits(b, path, page, orig, kind, n, first); err != nil {
			return err
		}
	}
	if memProfile != "" {
		f, err := os.Create(memProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		runtime.GC()
		if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
			return err
		}
		runtime.KeepAlive(b)
	}
	return nil
}

// edits saves the page n times with edits of one kind and prints the rebuilds' median times.
func edits(b *build.Builder, path, page string, orig []byte, kind string, n int, first map[string]bool) (err error) {
	var totals, cpus []time.Duration
	steps := map[string][]time.Duration{}
	var rendered []int
	added := filepath.Join(filepath.Dir(path), "zz-edits-page.md")
	defer os.Remove(added)
	for i := 0; i < n; i++ {
		changed := path
		if kind == "page" {
			// A structural edit: a page added to the folder, then deleted, in turn.
			changed = added
			if i%2 == 0 {
				err = os.WriteFile(added, []byte(fmt.Sprintf("---\ntitle: Added %d\n---\n\nA page added by bench/scale/edits.\n", i)), 0o644)
			} else {
				err = os.Remove(added)
			}
		} else {
			var text []byte
			if text, err = edit(orig, kind, i); err == nil {
				err = os.WriteFile(path, text, 0o644)
			}
		}
		if err != nil {
			return err
		}
		t, c := time.Now(), cpuTime()
		var early time.Duration
		res, err := b.RebuildFirst(context.Background(), []string{changed}, first, func(*build.Result) { early = time.Since(t) })
		cpus = append(cpus, cpuTime()-c)
		if early > 0 {
			steps["(early)"] = append(steps["(early)"], early)
		}
		if err != nil {
			return err
		}
		totals = append(totals, time.Since(t))
		rendered = append(rendered, res.Rendered)
		for k, v := range res.Timings {
			steps[k] = append(steps[k], v)
			if kind == "page" {
				// New and deleted pages apart too: the issue asks for each step's curve of both.
				what := map[bool]string{true: "new: ", false: "deleted: "}[i%2 == 0]
				steps[what+k] = append(steps[what+k], v)
			}
		}
		if kind == "page" {
			what := map[bool]string{true: "new: ", false: "deleted: "}[i%2 == 0]
			steps[what+"(total)"] = append(steps[what+"(total)"], time.Since(t))
			steps[what+"(cpu)"] = append(steps[what+"(cpu)"], cpus[len(cpus)-1])
		}
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	fmt.Printf("%d %s edits of %s: median %s (min %s, max %s), CPU median %s (docsd and its Node renderers), %d routes rendered per edit, heap after GC %d MB\n",
		n, kind, page, median(totals), slices.Min(totals).Round(time.Microsecond), slices.Max(totals).Round(time.Microsecond), median(cpus),
		rendered[len(rendered)/2], ms.HeapAlloc>>20)
	names := make([]string, 0, len(steps))
	for k := range steps {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Printf("  %-22s %s\n", k, median(steps[k]))
	}
	return nil
}

// edit changes the page's body (a word in its last line) or its title, differently on odd and even
// edits so every save changes the bytes.
func edit(orig []byte, kind string, i int) ([]byte, error) {
	word := fmt.Sprintf("edit%d", i)
	switch kind {
	case "body":
		return append(bytes.TrimRight(orig, "\n"), []byte("\n\nA line of "+word+".\n")...), nil
	case "title":
		line, _, ok := bytes.Cut(orig[bytes.Index(orig, []byte("title: ")):], []byte("\n"))
		if !ok {
			return nil, fmt.Errorf("no title line")
		}
		return bytes.Replace(orig, line, append(append([]byte(nil), line...), " "+word...), 1), nil
	}
	return nil, fmt.Errorf("-kind %q: body or title", kind)
}

// cpuTime is the CPU time used so far by this process and its children that still run (the Node
// renderers), read from /proc: wall time on a shared machine says more about the other load.
func cpuTime() time.Duration {
	self := os.Getpid()
	var total time.Duration
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// After the command's closing parenthesis: state ppid ... utime (14th field) stime (15th).
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) < 13 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		if pid != self && ppid != self {
			continue
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		total += time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ is 100 on Linux
	}
	return total
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2].Round(time.Microsecond)
}
