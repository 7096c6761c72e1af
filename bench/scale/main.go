// Command scale measures docsd build --once on large generated sites (issue #17), as a benchmark,
// not a test: for each size, the repository's docs copied as products (bench/scale/gen) into
// .bench/scale-<size>/, the median wall time of several cold builds, time per page and per step,
// peak resident memory of docsd and its Node renderers, bytes written per page, and Hugo's time on
// the same Markdown in the same run, builds of the two interleaved. It prints Markdown tables and,
// with -record, writes them into BENCHMARKS.md. With -gen it only writes the sites (bench/scale/watch.mjs
// uses that).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"docsd/bench/internal/benchenv"
	"docsd/bench/scale/gen"
)

func main() {
	sizes := flag.String("pages", "vela,1000,10000", "comma-separated page counts to generate (rounded up to whole products); vela is the repository's own site")
	runs := flag.Int("runs", 3, "timed cold builds per tool and size")
	memRuns := flag.Int("mem-runs", 1, "builds per tool and size sampled for peak memory, separately since sampling takes CPU; 0 samples the timed builds instead (for large sizes)")
	bin := flag.String("docsd", "bin/docsd", "the docsd binary")
	hugo := flag.String("hugo", ".bench/tools/hugo", "the Hugo binary (GOBIN=$PWD/.bench/tools go install github.com/gohugoio/hugo@v0.160.0); missing: docsd alone")
	timeout := flag.Duration("timeout", 20*time.Minute, "longest a single build may take before the benchmark gives up")
	warmup := flag.Bool("warmup", true, "build once with each tool, untimed, before the timed builds (-warmup=false saves a build of each at large sizes)")
	genOnly := flag.Bool("gen", false, "only generate the sites and print their folders")
	record := flag.Bool("record", false, "write the tables into BENCHMARKS.md")
	outDir := flag.String("out", "", "folder the builds write into (default .bench/): /dev/shm keeps the kernel's file creation on ext4, which is two-moded on this machine (BENCHMARKS Session 13), out of the figures")
	flag.Parse()
	if err := run(*sizes, *runs, *memRuns, *warmup, *bin, *hugo, *outDir, *timeout, *genOnly, *record); err != nil {
		fmt.Fprintln(os.Stderr, "bench/scale:", err)
		os.Exit(1)
	}
}

// size is one requested site: a page count, or 0 for the repository's own site.
type size struct {
	label string
	pages int
}

func parseSizes(s string) ([]size, error) {
	var out []size
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		switch {
		case f == "":
		case f == "vela":
			out = append(out, size{"vela", 0})
		default:
			n, err := strconv.Atoi(strings.TrimSuffix(strings.ToLower(f), "k"))
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("-pages: %q is neither a page count nor vela", f)
			}
			if strings.HasSuffix(strings.ToLower(f), "k") {
				n *= 1000
			}
			label := strconv.Itoa(n)
			if n%1000 == 0 {
				label = strconv.Itoa(n/1000) + "k"
			}
			out = append(out, size{label, n})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-pages names no size")
	}
	return out, nil
}

func run(sizeList string, runs, memRuns int, warmup bool, bin, hugo, outDir string, timeout time.Duration, genOnly, record bool) error {
	sizes, err := parseSizes(sizeList)
	if err != nil {
		return err
	}
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	perProduct, err := gen.DocsPerProduct(repo)
	if err != nil {
		return err
	}
	// Everything goes inside the repository's .bench/ (ignored by git): creating files in /tmp is
	// several times slower on this machine (see bench/docusaurus/run.sh).
	bench := filepath.Join(repo, ".bench")
	if err := os.MkdirAll(bench, 0o755); err != nil {
		return err
	}
	if genOnly {
		for _, s := range sizes {
			site, err := generate(repo, bench, s, perProduct)
			if err != nil {
				return err
			}
			fmt.Printf("%s\t%d products\t%d docs\n", site.Dir, site.Products, site.Docs)
		}
		return nil
	}
	if _, err := os.Stat(hugo); err != nil {
		fmt.Fprintf(os.Stderr, "bench/scale: no Hugo at %s, measuring docsd alone (install: GOBIN=$PWD/.bench/tools go install github.com/gohugoio/hugo@v0.160.0)\n", hugo)
		hugo = ""
	} else if hugo, err = filepath.Abs(hugo); err != nil {
		return err
	}
	bin, err = filepath.Abs(bin)
	if err != nil {
		return err
	}
	if outDir == "" {
		outDir = bench
	} else if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	m := &measurer{bench: bench, outDir: outDir, docsd: bin, hugo: hugo, timeout: timeout, runs: runs, memRuns: memRuns, warmup: warmup}
	loadStart := benchenv.LoadAverage()
	var results []result
	for _, s := range sizes {
		site, err := generate(repo, bench, s, perProduct)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "bench/scale: %s: %d docs in %d products at %s\n", s.label, site.Docs, site.Products, site.Dir)
		r, err := m.measure(context.Background(), s.label, site)
		if err != nil {
			return fmt.Errorf("%s pages: %w", s.label, err)
		}
		results = append(results, r)
		fmt.Print(buildTable(results[len(results)-1:], hugo != ""))
	}
	tables := buildTable(results, hugo != "") + "\n" + stepTable(results)
	fmt.Println()
	fmt.Print(tables)
	if record {
		section := fmt.Sprintf("Measured %s on this machine (%s) with `go run ./bench/scale %s` (`make bench-scale` runs it), load average (1 min) %s at the start and %s at the end. Sites generated by bench/scale/gen: the docs of content/docs copied as products under content/docs/pNNN/, each with its own sidebars, the blog and pages once; every link valid. Each build is cold: a new process, the previous output deleted and the file system flushed (sync) first; docsd and Hugo %s builds alternate. %s\n\n%s",
			time.Now().UTC().Format("2006-01-02 15:04 UTC"), benchenv.Machine(), strings.Join(os.Args[1:], " "), loadStart, benchenv.LoadAverage(), hugoVersion(hugo), memNote(memRuns), tables)
		if err := benchenv.RecordSection(filepath.Join(repo, "BENCHMARKS.md"), "scale-build", "Build at scale", section); err != nil {
			return err
		}
	}
	return nil
}

func generate(repo, bench string, s size, perProduct int) (gen.Site, error) {
	products := 0
	if s.pages > 0 {
		products = gen.Products(s.pages, perProduct)
	}
	return gen.Generate(repo, filepath.Join(bench, "scale-"+s.label), products)
}

func memNote(memRuns int) string {
	if memRuns == 0 {
		return "Peak memory is sampled every 10 ms during the timed builds."
	}
	return fmt.Sprintf("Peak memory is the median of %d builds of its own per tool (sampling every 10 ms takes CPU from a timed build).", memRuns)
}
