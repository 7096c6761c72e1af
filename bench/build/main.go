// Command build measures docsd build --once on the whole site, as a benchmark (not a test): the
// median wall time of several cold runs (a new process each time), the peak resident memory of docsd
// and its server-rendering child, and the JS and CSS a reader downloads for a doc page, raw and gzip.
// It prints a Markdown table and, with -record, writes it into BENCHMARKS.md.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"

	"docsd/bench/internal/benchenv"
)

func main() {
	runs := flag.Int("runs", 5, "number of cold builds")
	bin := flag.String("docsd", "bin/docsd", "the docsd binary")
	record := flag.Bool("record", false, "write the table into BENCHMARKS.md")
	flag.Parse()
	// The builds go inside the repository's .bench/ (ignored by git), where a CI job builds, not to
	// /tmp: on this machine creating files there is several times slower (see bench/docusaurus/run.sh).
	if err := os.MkdirAll(".bench", 0o755); err != nil {
		fail(err)
	}
	out, err := os.MkdirTemp(".bench", "build-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(out)
	build := filepath.Join(out, "build")
	var times []time.Duration
	var peaks []int64
	pages := ""
	// The timed builds run alone; memory is sampled in builds of its own, since reading /proc
	// every few milliseconds takes CPU from the build on a 2-core machine.
	for i := 0; i < *runs+3; i++ {
		sample := i >= *runs
		// Each build is cold and starts on a settled disk: the previous output is deleted and the
		// file system flushed, so the build does not pay for that deletion or the last write-back.
		if err := os.RemoveAll(build); err != nil {
			fail(err)
		}
		syscall.Sync()
		cmd := exec.Command(*bin, "build", "--once", "--out", build)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		if err := cmd.Start(); err != nil {
			fail(err)
		}
		peak := make(chan int64, 1)
		if sample {
			go benchenv.SamplePeak(cmd.Process.Pid, peak)
		}
		if err := cmd.Wait(); err != nil {
			fail(fmt.Errorf("%v: %s", err, stderr.String()))
		}
		if sample {
			peaks = append(peaks, <-peak)
		} else {
			times = append(times, time.Since(start))
		}
		pages = stdout.String()
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	sort.Slice(peaks, func(i, j int) bool { return peaks[i] < peaks[j] })
	n := regexp.MustCompile(`built (\d+) pages`).FindStringSubmatch(pages)
	js, css := firstLoad(build, "usage/quickstart.html")
	allJS, allCSS := assetTotals(build)
	var b strings.Builder
	fmt.Fprintf(&b, "| measure | value | target |\n|---|---|---|\n")
	fmt.Fprintf(&b, "| pages built | %s | |\n", n[1])
	fmt.Fprintf(&b, "| cold `docsd build --once`, median of %d | %s (min %s, max %s) | ≤ 2 s |\n", *runs,
		times[len(times)/2].Round(time.Millisecond), times[0].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	fmt.Fprintf(&b, "| peak RSS of docsd + its Node renderers, median of 3 | %.0f MB | ≤ 300 MB |\n", float64(peaks[len(peaks)/2])/1024)
	fmt.Fprintf(&b, "| first-load JS of a doc page (quickstart) | %s raw, %s gzip | ≤ 100 KB gzip |\n", kb(js.raw), kb(js.gz))
	fmt.Fprintf(&b, "| first-load CSS of a doc page | %s raw, %s gzip | |\n", kb(css.raw), kb(css.gz))
	fmt.Fprintf(&b, "| all JS / all CSS in the build | %s / %s raw | |\n", kb(allJS), kb(allCSS))
	table := b.String()
	fmt.Print(table)
	if *record {
		section := fmt.Sprintf("Measured %s on this machine (%s) with `make bench-build` (`go run ./bench/build -record`). Each build is cold: a new process, the previous output deleted and the file system flushed (sync) first.\n\n%s",
			time.Now().UTC().Format("2006-01-02"), benchenv.Machine(), table)
		if err := benchenv.RecordSection("BENCHMARKS.md", "build", "Build", section); err != nil {
			fail(err)
		}
	}
}

type size struct{ raw, gz int }

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

// firstLoad sums the stylesheets an HTML page links and the scripts it loads before it runs: the
// boot script's entry module (data-src) and the chunks it preloads with it (data-preload).
func firstLoad(dir, page string) (js, css size) {
	html, err := os.ReadFile(filepath.Join(dir, page))
	if err != nil {
		fail(err)
	}
	var files []string
	for _, m := range regexp.MustCompile(`<link rel="stylesheet" href="/docs/([^"]+)"`).FindAllSubmatch(html, -1) {
		files = append(files, string(m[1]))
	}
	boot := regexp.MustCompile(`<script id="__docsd_boot" data-src="([^"]+)"(?: data-preload="([^"]+)")?`).FindSubmatch(html)
	if boot == nil {
		fail(fmt.Errorf("%s has no boot script", page))
	}
	for _, u := range strings.Fields(string(boot[1]) + " " + string(boot[2])) {
		files = append(files, strings.TrimPrefix(u, "/docs/"))
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			fail(err)
		}
		s := size{len(data), gz(data)}
		if strings.HasSuffix(f, ".css") {
			css.raw += s.raw
			css.gz += s.gz
		} else {
			js.raw += s.raw
			js.gz += s.gz
		}
	}
	return js, css
}

func assetTotals(dir string) (js, css int) {
	filepath.Walk(filepath.Join(dir, "assets"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			switch filepath.Ext(p) {
			case ".js":
				js += int(info.Size())
			case ".css":
				css += int(info.Size())
			}
		}
		return nil
	})
	return js, css
}

func gz(data []byte) int {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Len()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
