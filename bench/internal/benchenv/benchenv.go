// Package benchenv holds what every benchmark program of bench/ needs from the machine and from
// BENCHMARKS.md: the resident memory of a process tree, the machine and its load, and the -record
// step that writes a section. One copy, so that every benchmark reads memory the same way.
package benchenv

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// SamplePeak follows the resident memory of a process and its descendants until it exits, and
// sends the peak (KB).
func SamplePeak(pid int, out chan<- int64) {
	var peak int64
	for {
		total, alive := TreeRSS(pid)
		if !alive {
			out <- peak
			return
		}
		peak = max(peak, total)
		time.Sleep(10 * time.Millisecond)
	}
}

// TreeRSS is the resident memory of a process and its descendants (KB); false once it has exited.
func TreeRSS(pid int) (int64, bool) {
	return treeRSS(0, pid)
}

// treeRSS is TreeRSS for a process started by parent (0 for the root).
func treeRSS(parent, pid int) (int64, bool) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil || bytes.Contains(status, []byte("State:\tZ")) {
		return 0, false
	}
	var total int64
	// Go starts a program (node, git) by a vfork: until the child calls exec it shares its
	// parent's memory, and its VmRSS is the parent's. A 10 ms sampler caught one at a
	// 50,000-page build's peak and counted docsd's 1.55 GB twice.
	if parent == 0 || !sharesMemory(parent, pid) {
		total = Status(status, "VmRSS")
	}
	// Children are listed per thread that started them: Go starts the renderers from any thread.
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, task := range tasks {
		children, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", pid, task.Name()))
		for _, c := range strings.Fields(string(children)) {
			if cp, err := strconv.Atoi(c); err == nil {
				t, _ := treeRSS(pid, cp)
				total += t
			}
		}
	}
	return total, true
}

// ProcStatus is a "Name: N kB" field of one process's /proc/PID/status (VmRSS, VmHWM), in KB.
func ProcStatus(pid int, field string) int64 {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	return Status(data, field)
}

// Status is a "Name: N kB" field of a /proc/PID/status text (VmRSS, VmHWM), in KB; 0 if absent.
func Status(status []byte, field string) int64 {
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(field) + `:\s+(\d+) kB`).FindSubmatch(status)
	if m == nil {
		return 0
	}
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return n
}

// Machine names the cores and the processor, for the sentence above a recorded table.
func Machine() string {
	cpu, _ := os.ReadFile("/proc/cpuinfo")
	m := regexp.MustCompile(`model name\s*:\s*(.+)`).FindSubmatch(cpu)
	name := "unknown CPU"
	if m != nil {
		name = string(m[1])
	}
	return fmt.Sprintf("%d cores, %s", bytes.Count(cpu, []byte("processor\t:")), name)
}

// LoadAverage is the one-minute load average, as /proc/loadavg gives it.
func LoadAverage() string {
	data, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); len(f) > 0 {
		return f[0]
	}
	return "unknown"
}

// RecordSection replaces the section between <!-- bench:NAME --> markers in file, or appends it
// under "## heading".
func RecordSection(file, name, heading, body string) error {
	start, end := "<!-- bench:"+name+" -->", "<!-- /bench:"+name+" -->"
	old, _ := os.ReadFile(file)
	text := string(old)
	block := start + "\n" + body + end
	if i, j := strings.Index(text, start), strings.Index(text, end); i >= 0 && j > i {
		text = text[:i] + block + text[j+len(end):]
	} else {
		if text == "" {
			text = "# Benchmarks\n\nFigures measured on this repository's machine; each section says the command that produced it.\n"
		}
		text = strings.TrimRight(text, "\n") + "\n\n## " + heading + "\n\n" + block + "\n"
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return fmt.Errorf("recording into %s: %w", file, err)
	}
	return nil
}
