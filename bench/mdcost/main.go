// Command mdcost measures how the CPU time and memory of one Markdown page grow with pathological
// input: deep nesting of lists, block quotes, emphasis and link brackets, long lines, many link
// reference definitions, many headings with one id, huge tables, many code fences, nested
// admonitions. Each case is generated at growing sizes and parsed, rendered and split into search
// sections by pkg/markdown, in a child process per size (so one runaway size is killed at -limit
// and the next sizes of that case are skipped). It prints the user+sys CPU and the peak resident
// memory of each child, and the ratio to the previous size: about 3.2 per size step is linear.
//
//	go run ./bench/mdcost [-sizes 1000,3000,10000,30000,100000] [-limit 60s] [-cases a,b]
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
}{
	{"list-line", func(n int) string { return strings.Repeat("- ", n) + "x\n" }},
	{"list-indent", func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat("  ", i) + "- item\n")
		}
		return b.String()
	}},
	{"ordered-line", func(n int) string { return strings.Repeat("1. ", n) + "x\n" }},
	{"quote-line", func(n int) string { return strings.Repeat(">", n) + " x\n" }},
	{"quote-lines", func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString(strings.Repeat(">", i) + " x\n")
		}
		return b.String()
	}},
	{"list-quote", func(n int) string { return strings.Repeat("- > ", n) + "x\n" }},
	{"emphasis-nested", func(n int) string { return strings.Repeat("*", n) + "x" + strings.Repeat("*", n) + "\n" }},
	{"emphasis-open", func(n int) string { return strings.Repeat("*a ", n) + "\n" }},
	{"emphasis-mixed", func(n int) string { return strings.Repeat("*a _", n) + "\n" }},
	{"brackets-open", func(n int) string { return strings.Repeat("[", n) + "a\n" }},
	{"brackets-nested", func(n int) string { return strings.Repeat("[", n) + "a" + strings.Repeat("](/x)", n) + "\n" }},
	{"brackets-close", func(n int) string { return strings.Repeat("[a]", n) + "\n" }},
	{"images-open", func(n int) string { return strings.Repeat("![", n) + "a\n" }},
	{"link-dest-parens", func(n int) string { return "[a](" + strings.Repeat("(", n) + "\n" }},
	{"backticks", func(n int) string {
		var b strings.Builder
		for i := 1; i <= n && b.Len() < 40*n; i++ {
			b.WriteString(strings.Repeat("`", i) + "a")
		}
		return b.String() + "\n"
	}},
	{"long-line", func(n int) string { return strings.Repeat("word ", 100*n) + "\n" }},
	{"ref-defs", func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "[r%d]: /p%d\n", i, i)
		}
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "[x][r%d] ", i)
		}
		return b.String() + "\n"
	}},
	{"ref-undefined", func(n int) string { return strings.Repeat("[x][nope] ", n) + "\n" }},
	{"same-headings", func(n int) string { return strings.Repeat("## Same\n\n", n) }},
	{"table-rows", func(n int) string {
		return "| a | b | c | d |\n|---|---|---|---|\n" + strings.Repeat("| `x` | y | z | w |\n", n)
	}},
	{"table-cols", func(n int) string {
		return strings.Repeat("| a ", n) + "|\n" + strings.Repeat("|---", n) + "|\n" + strings.Repeat("| x ", n) + "|\n"
	}},
	{"fences-unclosed", func(n int) string { return strings.Repeat("````\n```\n", n) }},
	{"fences-many", func(n int) string { return strings.Repeat("```go\nx := 1\n```\n", n) }},
	{"admonition-nested", func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat(":", 3+n-i) + "note\n")
		}
		return b.String() + "x\n"
	}},
	{"admonition-unclosed", func(n int) string { return strings.Repeat(":::note\n", n) + "x\n" }},
	{"html-divs", func(n int) string { return strings.Repeat("<div>", n) + "\n" }},
	{"strike", func(n int) string { return strings.Repeat("~~a ", n) + "\n" }},
	{"autolinks", func(n int) string { return strings.Repeat("www.a.com/(", n) + "\n" }},
	{"entities", func(n int) string { return strings.Repeat("&amp;&#123;", n) + "\n" }},
}

func main() {
	sizes := flag.String("sizes", "1000,3000,10000,30000,100000", "sizes, comma-separated")
	limit := flag.Duration("limit", 60*time.Second, "wall time after which a size is killed")
	only := flag.String("cases", "", "cases to run, comma-separated (default all)")
	child := flag.String("child", "", "internal: run one case")
	n := flag.Int("n", 0, "internal: the size of -child")
	flag.Parse()
	if *child != "" {
		runChild(*child, *n)
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
			cpu, rss, err := measure(self, c.name, size, *limit)
			if err != nil {
				fmt.Printf("  n=%d: %v", size, err)
				break
			}
			ratio := ""
			if prev > 0.005 {
				ratio = fmt.Sprintf(" x%.1f", cpu/prev)
			}
			fmt.Printf("  n=%d %.3fs %dMB%s", size, cpu, rss>>10, ratio)
			prev = cpu
		}
		fmt.Println()
	}
}

// measure runs one case at one size in a child and gives its CPU seconds and peak RSS in kB.
func measure(self, name string, n int, limit time.Duration) (float64, int64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, "-child", name, "-n", strconv.Itoa(n))
	cmd.Stderr = os.Stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return 0, 0, fmt.Errorf("over %s", limit)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("child: %w", err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return cpu.Seconds(), ru.Maxrss, nil
}

func runChild(name string, n int) {
	for _, c := range cases {
		if c.name != name {
			continue
		}
		src := []byte(c.gen(n))
		doc := markdown.New().Parse(src, 1)
		if _, err := doc.Render(func(d string, _ bool) string { return d }); err != nil {
			fmt.Fprintln(os.Stderr, "render:", err)
			os.Exit(1)
		}
		_ = doc.Sections()
		return
	}
	fmt.Fprintln(os.Stderr, "unknown case", name)
	os.Exit(2)
}
