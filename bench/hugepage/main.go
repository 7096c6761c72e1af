// Command hugepage measures docsd build --once on a site with one unreasonably large page (issue
// 17: "pages that are unreasonably large get a warning naming the file, and the build stays within
// its memory goal"): testdata/sites/multi (two locales) copied into .bench/hugepage/ with a
// generated content/docs/guide/huge.md of -mb megabytes (sections of 20 paragraphs of 60 words with
// inline code and a link, a 100-row table and a 150-line YAML fence, repeated; seeded, so the same
// size gives the same file). It prints the wall and CPU time, the peak resident memory of docsd and
// its renderers summed (sampled every 10 ms), the warning and the files of 1 MB or more it wrote.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"docsd/bench/internal/benchenv"
)

func main() {
	mb := flag.Float64("mb", 20, "size of the generated page, in MB")
	bin := flag.String("docsd", "bin/docsd", "the docsd binary")
	out := flag.String("out", "", "output folder (default .bench/hugepage/out; /dev/shm keeps disk writes out of the time)")
	runs := flag.Int("runs", 1, "builds")
	flag.Parse()
	if err := run(*mb, *bin, *out, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "bench/hugepage:", err)
		os.Exit(1)
	}
}

func run(mb float64, bin, out string, runs int) error {
	dir, err := filepath.Abs(filepath.Join(".bench", "hugepage"))
	if err != nil {
		return err
	}
	site := filepath.Join(dir, "site")
	if out == "" {
		out = filepath.Join(dir, "out")
	}
	if err := os.RemoveAll(site); err != nil {
		return err
	}
	if err := os.CopyFS(site, os.DirFS("testdata/sites/multi")); err != nil {
		return fmt.Errorf("copying testdata/sites/multi: %w", err)
	}
	page := hugeMarkdown(int(mb * (1 << 20)))
	if err := os.WriteFile(filepath.Join(site, "content/docs/guide/huge.md"), page, 0o644); err != nil {
		return err
	}
	fmt.Printf("page: %.1f MB of Markdown, %d lines; load average %s\n", float64(len(page))/(1<<20), bytes.Count(page, []byte("\n")), benchenv.LoadAverage())
	for i := 0; i < runs; i++ {
		if err := os.RemoveAll(out); err != nil {
			return err
		}
		cmd := exec.Command(bin, "build", "--once", "--root", site, "--out", out)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		if err := cmd.Start(); err != nil {
			return err
		}
		peak := make(chan int64, 1)
		go benchenv.SamplePeak(cmd.Process.Pid, peak)
		err := cmd.Wait()
		wall := time.Since(start)
		peakKB := <-peak
		if err != nil {
			return fmt.Errorf("%v: %s", err, stderr.String())
		}
		cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		fmt.Printf("build %d: wall %.1f s, CPU %.1f s, peak RSS docsd + renderers %d MB, largest process %d MB; load average %s\n",
			i+1, wall.Seconds(), cpu.Seconds(), peakKB>>10, maxRSSKB(cmd)>>10, benchenv.LoadAverage())
		for _, l := range strings.Split(stdout.String()+stderr.String(), "\n") {
			if strings.Contains(l, "huge.md") {
				fmt.Println("  " + l)
			}
		}
	}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() >= 1<<20 {
			rel, _ := filepath.Rel(out, p)
			fmt.Printf("  %s: %.1f MB\n", rel, float64(info.Size())/(1<<20))
		}
		return nil
	})
	return nil
}

// maxRSSKB is the largest resident set of docsd or of one of the children it waited for
// (what /usr/bin/time -v prints), 0 where the system does not say.
func maxRSSKB(cmd *exec.Cmd) int64 {
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return 0
}

var words = strings.Fields(`the build reads every page once and writes its output as it goes while the
renderer turns each route into markup that the browser hydrates later with the same data so a reader
who follows a link sees the next page at once without a full load of the shell or its scripts`)

// hugeMarkdown writes sections until size bytes.
func hugeMarkdown(size int) []byte {
	r := rand.New(rand.NewSource(1))
	var b bytes.Buffer
	b.WriteString("---\ntitle: A huge page\n---\n\n# A huge page\n\n")
	for s := 0; b.Len() < size; s++ {
		fmt.Fprintf(&b, "## Section %d\n\n", s)
		for p := 0; p < 20; p++ {
			for w := 0; w < 60; w++ {
				switch {
				case w == 17:
					fmt.Fprintf(&b, "`%s_%d` ", words[r.Intn(len(words))], r.Intn(1000))
				case w == 41:
					fmt.Fprintf(&b, "[%s](./intro.md) ", words[r.Intn(len(words))])
				default:
					b.WriteString(words[r.Intn(len(words))] + " ")
				}
			}
			b.WriteString("\n\n")
		}
		b.WriteString("| key | value | note |\n|---|---|---|\n")
		for row := 0; row < 100; row++ {
			fmt.Fprintf(&b, "| k%d | %d | %s %s |\n", row, r.Intn(100000), words[r.Intn(len(words))], words[r.Intn(len(words))])
		}
		b.WriteString("\n```yaml\n")
		for l := 0; l < 150; l++ {
			fmt.Fprintf(&b, "%skey_%d: %s\n", strings.Repeat("  ", l%4), l, words[r.Intn(len(words))])
		}
		b.WriteString("```\n\n")
	}
	return b.Bytes()
}
