package main

// The measurement of one size: docsd and Hugo builds, timed, then sampled for memory, and what their
// outputs weigh.

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"docsd/bench/internal/benchenv"
	"docsd/bench/scale/gen"
)

type measurer struct {
	bench, docsd, hugo string
	outDir             string // where builds write their output (the -out flag; .bench/ by default)
	timeout            time.Duration
	runs, memRuns      int
	warmup             bool // an untimed build of each tool first
}

// toolResult is what one tool did at one size.
type toolResult struct {
	times     []time.Duration // sorted
	cpu       []time.Duration // sorted; user + system time of the process and the children it waited for
	peakKB    []int64         // sorted
	pages     int             // pages the tool reports (docsd) or HTML files written (Hugo)
	outBytes  int64           // every file of the output
	htmlBytes int64           // the HTML files of the output
	medianOut string          // docsd: the standard output of the median build (its step times)
}

type result struct {
	label        string
	products     int
	docs         int
	linkWarnings string
	docsd, hugo  toolResult
	ratios       []float64 // docsd / Hugo wall time, build pair by build pair, sorted
}

var (
	builtRe    = regexp.MustCompile(`built (\d+) pages`)
	warningsRe = regexp.MustCompile(`(\d+) link warnings?`)
)

func (m *measurer) measure(ctx context.Context, label string, site gen.Site) (result, error) {
	r := result{label: label, products: site.Products, docs: site.Docs}
	out := filepath.Join(m.outDir, "scale-"+label+"-out")
	defer os.RemoveAll(out)
	docsdCmd := func() *exec.Cmd {
		return exec.Command(m.docsd, "build", "--once", "--root", site.Dir, "--out", filepath.Join(out, "docsd"))
	}
	hugoSrc := site.Dir + "-hugo"
	hugoCmd := func() *exec.Cmd {
		c := exec.Command(m.hugo, "--quiet", "--noBuildLock", "--source", hugoSrc, "--destination", filepath.Join(out, "hugo"))
		// Hugo's file cache stays in the benchmark's folder, not in the user's cache.
		c.Env = append(os.Environ(), "HUGO_CACHEDIR="+filepath.Join(m.bench, "hugo-cache"))
		return c
	}
	if m.hugo != "" {
		if _, err := gen.GenerateHugo(site.Dir, hugoSrc); err != nil {
			return r, err
		}
	}
	// The first build of each tool (untimed with -warmup) tells the page count and link warnings
	// and is weighed.
	inspectDocsd := func(d buildRun) error {
		n := builtRe.FindStringSubmatch(d.stdout)
		if n == nil {
			return fmt.Errorf("docsd printed no page count: %q", d.stdout)
		}
		r.docsd.pages, _ = strconv.Atoi(n[1])
		if w := warningsRe.FindStringSubmatch(d.stdout + d.stderr); w != nil {
			r.linkWarnings = w[1]
		}
		r.docsd.outBytes, r.docsd.htmlBytes, _ = weigh(filepath.Join(out, "docsd"))
		return nil
	}
	inspectHugo := func() {
		r.hugo.outBytes, r.hugo.htmlBytes, r.hugo.pages = weigh(filepath.Join(out, "hugo"))
	}
	if m.warmup {
		d, err := m.build(ctx, docsdCmd(), filepath.Join(out, "docsd"), false)
		if err != nil {
			return r, fmt.Errorf("docsd: %w", err)
		}
		if err := inspectDocsd(d); err != nil {
			return r, err
		}
		if m.hugo != "" {
			if _, err := m.build(ctx, hugoCmd(), filepath.Join(out, "hugo"), false); err != nil {
				return r, fmt.Errorf("hugo: %w", err)
			}
			inspectHugo()
		}
	}
	// Timed builds, docsd and Hugo alternating (and which goes first alternating too), so that a
	// change in the machine's load falls on both.
	var docsdRuns []buildRun
	for i := 0; i < m.runs; i++ {
		var d, h buildRun
		var err error
		order := []bool{true, false}
		if i%2 == 1 {
			order = []bool{false, true}
		}
		for _, isDocsd := range order {
			switch {
			case isDocsd:
				if d, err = m.build(ctx, docsdCmd(), filepath.Join(out, "docsd"), m.memRuns == 0); err != nil {
					return r, fmt.Errorf("docsd: %w", err)
				}
				r.docsd.times = append(r.docsd.times, d.wall)
				if m.memRuns == 0 {
					r.docsd.peakKB = append(r.docsd.peakKB, d.peakKB)
				}
				r.docsd.cpu = append(r.docsd.cpu, d.cpu)
				if i == 0 && !m.warmup {
					if err := inspectDocsd(d); err != nil {
						return r, err
					}
				}
			case m.hugo != "":
				if h, err = m.build(ctx, hugoCmd(), filepath.Join(out, "hugo"), m.memRuns == 0); err != nil {
					return r, fmt.Errorf("hugo: %w", err)
				}
				r.hugo.times = append(r.hugo.times, h.wall)
				if m.memRuns == 0 {
					r.hugo.peakKB = append(r.hugo.peakKB, h.peakKB)
				}
				r.hugo.cpu = append(r.hugo.cpu, h.cpu)
				if i == 0 && !m.warmup {
					inspectHugo()
				}
			}
		}
		if m.hugo != "" {
			r.ratios = append(r.ratios, d.wall.Seconds()/h.wall.Seconds())
		}
		fmt.Fprintf(os.Stderr, "bench/scale: %s run %d: docsd %s, hugo %s\n", label, i+1, d.wall.Round(time.Millisecond), h.wall.Round(time.Millisecond))
		docsdRuns = append(docsdRuns, d)
	}
	// The step times reported are those of the median build.
	sort.Slice(docsdRuns, func(i, j int) bool { return docsdRuns[i].wall < docsdRuns[j].wall })
	if len(docsdRuns) > 0 {
		r.docsd.medianOut = docsdRuns[len(docsdRuns)/2].stdout
	}
	for i := 0; i < m.memRuns; i++ {
		d, err := m.build(ctx, docsdCmd(), filepath.Join(out, "docsd"), true)
		if err != nil {
			return r, fmt.Errorf("docsd: %w", err)
		}
		r.docsd.peakKB = append(r.docsd.peakKB, d.peakKB)
		if m.hugo != "" {
			h, err := m.build(ctx, hugoCmd(), filepath.Join(out, "hugo"), true)
			if err != nil {
				return r, fmt.Errorf("hugo: %w", err)
			}
			r.hugo.peakKB = append(r.hugo.peakKB, h.peakKB)
		}
	}
	for _, t := range []*toolResult{&r.docsd, &r.hugo} {
		sort.Slice(t.times, func(i, j int) bool { return t.times[i] < t.times[j] })
		sort.Slice(t.cpu, func(i, j int) bool { return t.cpu[i] < t.cpu[j] })
		sort.Slice(t.peakKB, func(i, j int) bool { return t.peakKB[i] < t.peakKB[j] })
	}
	sort.Float64s(r.ratios)
	return r, nil
}

// buildRun is one build.
type buildRun struct {
	wall, cpu      time.Duration
	peakKB         int64
	stdout, stderr string
}

// build runs one cold build: the previous output deleted and the file system flushed first, so that
// the build pays neither for that deletion nor for the previous build's write-back.
func (m *measurer) build(ctx context.Context, cmd *exec.Cmd, out string, sample bool) (buildRun, error) {
	var r buildRun
	if err := os.RemoveAll(out); err != nil {
		return r, err
	}
	syscall.Sync()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	// A build that hangs ends the benchmark instead of stalling it.
	timer := time.AfterFunc(m.timeout, func() { cmd.Process.Kill() })
	defer timer.Stop()
	peak := make(chan int64, 1)
	if sample {
		go benchenv.SamplePeak(cmd.Process.Pid, peak)
	}
	err := cmd.Wait()
	r.wall = time.Since(start)
	if sample {
		r.peakKB = <-peak
	}
	r.stdout, r.stderr = stdout.String(), stderr.String()
	if err != nil {
		return r, fmt.Errorf("%s: %v (after %s): %s", strings.Join(cmd.Args, " "), err, r.wall.Round(time.Millisecond), tail(r.stderr))
	}
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return r, ctx.Err()
}

func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

// weigh sums the bytes of every file and of the HTML files under dir, and counts the HTML files.
func weigh(dir string) (all, html int64, pages int) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		all += info.Size()
		if strings.HasSuffix(p, ".html") {
			html += info.Size()
			pages++
		}
		return nil
	})
	return all, html, pages
}

func median[T cmp.Ordered](s []T) T {
	c := slices.Clone(s)
	slices.Sort(c)
	return c[len(c)/2]
}

func hugoVersion(bin string) string {
	if bin == "" {
		return "(no Hugo)"
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		return "Hugo"
	}
	f := strings.Fields(string(out))
	if len(f) >= 2 {
		return "Hugo " + strings.TrimPrefix(strings.SplitN(f[1], "-", 2)[0], "v")
	}
	return "Hugo"
}
