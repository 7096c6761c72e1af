// Command timeline shows where one `docsd build --once` spends its wall time on the machine's cores
// (issue #17: at 306 pages a build's fixed costs decide its ratio to Hugo): it runs the binary,
// reads the CPU time of docsd and of its Node renderers from /proc every few milliseconds, and
// prints, per slice of wall time, the CPU each used and what the build left of the cores (idle, on
// a quiet machine), beside the steps the build reports. A step that leaves a core idle can start
// earlier or run beside another; a build whose cores are always busy gets faster only with less
// CPU. Linux only (/proc); the kernel counts CPU in ticks of 10 ms (USER_HZ 100), so each slice is
// exact to about a tick. The steps are placed from docsd's own start, a few ms after the process's.
//
//	go build -o bin/docsd ./cmd/docsd && go run ./bench/timeline -slice 50ms
//
// Run it on a quiet machine: other processes take the cores this one would show as idle.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// tick is one USER_HZ tick, the unit of /proc/<pid>/stat's CPU times.
const tick = 10 * time.Millisecond

func main() {
	bin := flag.String("docsd", "bin/docsd", "the docsd binary")
	root := flag.String("root", ".", "the project to build")
	out := flag.String("out", filepath.Join(os.TempDir(), "docsd-timeline"), "the output folder (replaced)")
	slice := flag.Duration("slice", 50*time.Millisecond, "the wall time of one row")
	every := flag.Duration("every", 5*time.Millisecond, "how often /proc is read")
	flag.Parse()
	if err := run(*bin, *root, *out, *slice, *every); err != nil {
		fmt.Fprintln(os.Stderr, "timeline:", err)
		os.Exit(1)
	}
}

// sample is the CPU used so far by docsd and by its children, at a moment of the build.
type sample struct {
	at          time.Duration
	docsd, node time.Duration
}

func run(bin, root, out string, slice, every time.Duration) error {
	if err := os.RemoveAll(out); err != nil {
		return fmt.Errorf("removing the last output: %w", err)
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	var stderr bytes.Buffer // its output and its messages: the steps are in the last line
	cmd := exec.Command(bin, "build", "--once", "--root", root, "--out", abs)
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", bin, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	pid := strconv.Itoa(cmd.Process.Pid)
	// A renderer's CPU is read while it runs; one that has exited keeps its last reading.
	children := map[string]time.Duration{}
	samples := []sample{{}}
	for {
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("%s build --once: %w\n%s", bin, err, stderr.String())
			}
			wall := time.Since(start)
			last := samples[len(samples)-1]
			// docsd's own total, from the kernel's account of the finished process.
			total := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			samples = append(samples, sample{at: wall, docsd: max(last.docsd, total-last.node), node: last.node})
			print(samples, slice, wall, steps(stderr.String()))
			return nil
		case <-time.After(every):
		}
		self, err := cpu(pid)
		if err != nil {
			continue // exiting
		}
		for _, c := range childrenOf(pid) {
			if t, err := cpu(c); err == nil {
				children[c] = t
			}
		}
		var node time.Duration
		for _, t := range children {
			node += t
		}
		samples = append(samples, sample{at: time.Since(start), docsd: self, node: node})
	}
}

// cpu is the user + system time of process pid so far.
func cpu(pid string) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, err
	}
	// The command's name is in parentheses and may hold spaces: the fields start after it.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%s/stat: too few fields", pid)
	}
	user, err1 := strconv.ParseInt(f[11], 10, 64)
	sys, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%s/stat: CPU times unreadable", pid)
	}
	return time.Duration(user+sys) * tick, nil
}

// childrenOf lists the processes pid started (docsd's Node renderers and compilers).
func childrenOf(pid string) []string {
	tasks, _ := os.ReadDir("/proc/" + pid + "/task")
	var out []string
	for _, t := range tasks {
		b, _ := os.ReadFile("/proc/" + pid + "/task/" + t.Name() + "/children")
		out = append(out, strings.Fields(string(b))...)
	}
	return out
}

// step is one step of the build as docsd build --once reports it, placed on the wall clock.
type step struct {
	name       string
	start, end time.Duration
}

var stepsLine = regexp.MustCompile(`\(process ([^)]*)\)`)

// steps reads the steps' durations from docsd's last line ("built N pages ... (process 90ms,
// assemble 2ms, ...)"); they run one after the other from the build's start.
func steps(stderr string) []step {
	m := stepsLine.FindStringSubmatch(stderr)
	if m == nil {
		return nil
	}
	var out []step
	var at time.Duration
	for _, part := range strings.Split("process "+m[1], ", ") {
		name, value, ok := strings.Cut(part, " ")
		d, err := time.ParseDuration(value)
		if !ok || err != nil {
			continue
		}
		out = append(out, step{name, at, at + d})
		at += d
	}
	return out
}

func print(samples []sample, slice, wall time.Duration, steps []step) {
	cores := time.Duration(runtime.NumCPU())
	fmt.Printf("wall %v; steps (from docsd's report, after its own start):", wall.Round(time.Millisecond))
	for _, s := range steps {
		fmt.Printf(" %s %v–%v", s.name, s.start.Round(time.Millisecond), s.end.Round(time.Millisecond))
	}
	fmt.Printf("\n\n| wall | docsd CPU | Node CPU | not used by the build, of %d cores | step |\n|---|---|---|---|---|\n", cores)
	prev := samples[0]
	var used time.Duration
	for from := time.Duration(0); from < wall; from += slice {
		to := min(from+slice, wall)
		last := prev
		for _, s := range samples {
			if s.at <= to {
				last = s
			}
		}
		d, n := last.docsd-prev.docsd, last.node-prev.node
		idle := max(0, cores*(to-from)-d-n)
		used += d + n
		fmt.Printf("| %d–%d ms | %d ms | %d ms | %d ms | %s |\n", from.Milliseconds(), to.Milliseconds(),
			d.Milliseconds(), n.Milliseconds(), idle.Milliseconds(), stepAt(steps, from+slice/2))
		prev = last
	}
	end := samples[len(samples)-1]
	fmt.Printf("\nCPU: docsd %v, Node %v; %.2f of %d cores busy on average\n", end.docsd, end.node,
		float64(used)/float64(wall), cores)
}

// stepAt names the step running at t.
func stepAt(steps []step, t time.Duration) string {
	for _, s := range steps {
		if t >= s.start && t < s.end {
			return s.name
		}
	}
	return ""
}
