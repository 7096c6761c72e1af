package build

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"docsd/pkg/mdx"
)

// compilerProcesses are the MDX compiler's Node processes this test process started (Linux's
// /proc; the renderers are Node processes too, of another script).
func compilerProcesses(t *testing.T) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc to find the compiler's processes in: %v", err)
	}
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The parent's pid is the fourth field, after the command in parentheses.
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) < 2 || fields[1] != strconv.Itoa(os.Getpid()) {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if strings.Contains(string(cmdline), "mdx-compiler") {
			out = append(out, pid)
		}
	}
	return out
}

// docsd watch outlives a compiler process that stops (killed for memory, or crashed): the next
// build starts another. One process that stopped failed every MDX page and Sass stylesheet of
// every later build ("the MDX compiler stopped: signal: killed") until docsd was restarted.
func TestMDXCompilerThatStoppedIsReplacedByTheNextBuild(t *testing.T) {
	root, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	procs := compilerProcesses(t)
	if len(procs) == 0 {
		t.Fatal("no compiler process found after a build of MDX pages")
	}
	for _, pid := range procs {
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
	}
	// The compiler has seen them go once a request fails: it answers only after their reader
	// has marked them stopped (nothing here waits for a time).
	if _, err := b.mdxc.Compile([]byte("# Probe\n"), mdx.Options{File: "probe.mdx"}); err == nil || !strings.Contains(err.Error(), "the MDX compiler stopped") {
		t.Fatalf("a compile after the processes were killed: %v, want the compiler stopped", err)
	}
	f := "content/docs/guide/install.mdx"
	write(t, root, f, read(t, root, f)+"\nAdded after the compiler stopped.\n")
	res, err := b.Rebuild([]string{filepath.Join(root, f)})
	if err != nil {
		t.Fatalf("the build after a compiler process stopped: %v", err)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/install")]); !strings.Contains(html, "Added after the compiler stopped.") {
		t.Error("the edited page does not show the edit")
	}
}
