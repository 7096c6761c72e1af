// Command mdcost measures how the CPU time and memory of one Markdown page grow with pathological
// input: deep nesting of lists, block quotes, emphasis and link brackets, long lines, many link
// reference definitions, many headings with one id, huge tables, many code fences, nested
// admonitions. Each case is generated at growing sizes and parsed, rendered and split into search
// sections by pkg/markdown, in a child process per size (so one runaway size is killed at -limit
// and the next sizes of that case are skipped). It prints the user+sys CPU and the peak resident
// memory of each child, the page's size, and the CPU ratio to the previous size: the same ratio as
// the page's size is linear. A size whose page would exceed -maxmb is skipped (some cases grow as
// the square of n: each of n lines is indented n deep).
//
//	go run ./bench/mdcost [-sizes 1000,3000,10000,30000,100000] [-limit 60s] [-maxmb 64] [-cases a,b]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"docsd/pkg/markdown"
)

// cases makes each pathological page of size n (n is the count of its repeated unit).
var cases = []struct {
	name string
	gen  func(n int) string
	// square is true for a page of about n*n/2 bytes or more (n lines, the i-th i deep), whose size
	// is checked before it is made.
	square bool
}{
	{"list-line", func(n int) string { return strings.Repeat("- ", n) + "x\n" }, false},
	{"list-indent", func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat("  ", i) + "- item\n")
		}
		return b.String()
	}, true},
	{"ordered-line", func(n int) string { return strings.Repeat("1. ", n) + "x\n" }, false},
	{"quote-line", func(n int) string { return strings.Repeat(">", n) + " x\n" }, false},
	{"quote-lines", func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString(strings.Repeat(">", i) + " x\n")
		}
		return b.String()
	}, true},
	{"list-quote", func(n int) string { return strings.Repeat("- > ", n) + "x\n" }, false},
	{"emphasis-nested", func(n int) string { return strings.Repeat("*", n) + "x" + strings.Repeat("*", n) + "\n" }, false},
	{"emphasis-open", func(n int) string { return strings.Repeat("*a ", n) + "\n" }, false},
	{"emphasis-mixed", func(n int) string { return strings.Repeat("*a _", n) + "\n" }, false},
	{"brackets-open", func(n int) string { return strings.Repeat("[", n) + "a\n" }, false},
	{"brackets-nested", func(n int) string { return strings.Repeat("[", n) + "a" + strings.Repeat("](/x)", n) + "\n" }, false},
	{"brackets-close", func(n int) string { return strings.Repeat("[a]", n) + "\n" }, false},
	{"images-open", func(n int) string { return strings.Repeat("![", n) + "a\n" }, false},
	{"link-dest-parens", func(n int) string { return "[a](" + strings.Repeat("(", n) + "\n" }, false},
	{"backticks", func(n int) string {
		var b strings.Builder
		for i := 1; i <= n && b.Len() < 40*n; i++ {
			b.WriteString(strings.Repeat("`", i) + "a")
		}
		return b.String() + "\n"
	}, false},
	{"long-line", func(n int) string { return strings.Repeat("word ", 100*n) + "\n" }, false},
	{"ref-defs", func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "[r%d]: /p%d\n", i, i)
		}
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "[x][r%d] ", i)
		}
		return b.String() + "\n"
	}, false},
	{"ref-undefined", func(n int) string { return strings.Repeat("[x][nope] ", n) + "\n" }, false},
	{"same-headings", func(n int) string { return strings.Repeat("## Same\n\n", n) }, false},
	{"table-rows", func(n int) string {
		return "| a | b | c | d |\n|---|---|---|---|\n" + strings.Repeat("| `x` | y | z | w |\n", n)
	}, false},
	{"table-cols", func(n int) string {
		return strings.Repeat("| a ", n) + "|\n" + strings.Repeat("|---", n) + "|\n" + strings.Repeat("| x ", n) + "|\n"
	}, false},
	{"fences-unclosed", func(n int) string { return strings.Repeat("````\n```\n", n) }, false},
	{"fences-many", func(n int) string { return strings.Repeat("```go\nx := 1\n```\n", n) }, false},
	{"admonition-nested", func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat(":", 3+n-i) + "note\n")
		}
		return b.String() + "x\n"
	}, true},
	{"admonition-unclosed", func(n int) string { return strings.Repeat(":::note\n", n) + "x\n" }, false},
	{"html-divs", func(n int) string { return strings.Repeat("<div>", n) + "\n" }, false},
	{"strike", func(n int) string { return strings.Repeat("~~a ", n) + "\n" }, false},
	{"autolinks", func(n int) string { return strings.Repeat("www.a.com/(", n) + "\n" }, false},
	{"linkify-run", func(n int) string { return " " + strings.Repeat("a_", n) + "\n" }, false},
	{"linkify-dots", func(n int) string { return strings.Repeat("a.", n) + "\n" }, false},
	{"linkify-www", func(n int) string { return strings.Repeat("www.", n) + "\n" }, false},
	{"entities", func(n int) string { return strings.Repeat("&amp;&#123;", n) + "\n" }, false},
}

func main() {
	sizes := flag.String("sizes", "1000,3000,10000,30000,100000", "sizes, comma-separated")
	limit := flag.Duration("limit", 60*time.Second, "wall time after which a size is killed")
	only := flag.String("cases", "", "cases to run, comma-separated (default all)")
	maxMB := flag.Int("maxmb", 64, "largest page, in MB")
	child := flag.String("child", "", "internal: run one case")
	n := flag.Int("n", 0, "internal: the size of -child")
	flag.Parse()
	if *child != "" {
		runChild(*child, *n, *maxMB)
		return
	}
	var ns []int
	for _, s := range strings.Split(*sizes, ",") {
		v, err := strconv.Atoi(s)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench/mdcost: -sizes:", err)
			os.Exit(2)
		}
		ns = append(ns, v)
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/mdcost:", err)
		os.Exit(1)
	}
	for _, c := range cases {
		if *only != "" && !strings.Contains(","+*only+",", ","+c.name+",") {
			continue
		}
		fmt.Printf("%-20s", c.name)
		prev := 0.0
		for _, size := range ns {
			cpu, rss, page, err := measure(self, c.name, size, *limit, *maxMB)
			if err != nil {
				fmt.Printf("  n=%d: %v", size, err)
				break
			}
			ratio := ""
			if prev > 0.005 {
				ratio = fmt.Sprintf(" x%.1f", cpu/prev)
			}
			fmt.Printf("  n=%d (%s) %.3fs %dMB%s", size, pageSize(page), cpu, rss>>10, ratio)
			prev = cpu
		}
		fmt.Println()
	}
}

// measure runs one case at one size in a child and gives its CPU seconds, its peak RSS in kB and
// the page's size. The page is made in the child only: the parent's heap would count in the
// child's peak (a fork starts with the parent's pages).
func measure(self, name string, n int, limit time.Duration, maxMB int) (cpu float64, rss int64, page int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, "-child", name, "-n", strconv.Itoa(n), "-maxmb", strconv.Itoa(maxMB))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return 0, 0, 0, fmt.Errorf("over %s", limit)
	}
	if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() == tooLarge {
		return 0, 0, 0, fmt.Errorf("page over %d MB", maxMB)
	}
	if err != nil {
		return 0, 0, 0, fmt.Errorf("child: %w", err)
	}
	if page, err = strconv.Atoi(strings.TrimSpace(string(out))); err != nil {
		return 0, 0, 0, fmt.Errorf("child's page size %q: %w", out, err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds(), ru.Maxrss, page, nil
}

// tooLarge is the exit status of a child whose page would be over -maxmb.
const tooLarge = 3

// pageSize is a page's size for people.
func pageSize(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1fMB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%dkB", (n+1023)>>10)
}

func runChild(name string, n, maxMB int) {
	for _, c := range cases {
		if c.name != name {
			continue
		}
		if c.square && n*n/2 > maxMB<<20 {
			os.Exit(tooLarge)
		}
		src := []byte(c.gen(n))
		if len(src) > maxMB<<20 {
			os.Exit(tooLarge)
		}
		doc := markdown.New().Parse(src, 1)
		if _, err := doc.Render(func(d string, _ bool) string { return d }); err != nil {
			fmt.Fprintln(os.Stderr, "render:", err)
			os.Exit(1)
		}
		_ = doc.Sections()
		fmt.Println(len(src))
		return
	}
	fmt.Fprintln(os.Stderr, "unknown case", name)
	os.Exit(2)
}
