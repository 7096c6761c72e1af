package benchenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestRecordSectionReplacesOrAppends(t *testing.T) {
	file := filepath.Join(t.TempDir(), "BENCHMARKS.md")
	if err := RecordSection(file, "x", "X", "one\n"); err != nil {
		t.Fatal(err)
	}
	if err := RecordSection(file, "x", "X", "two\n"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	text := string(data)
	if strings.Contains(text, "one") || strings.Count(text, "two") != 1 || strings.Count(text, "## X") != 1 {
		t.Errorf("the section was not replaced in place:\n%s", text)
	}
}

func TestStatusAndOwnRSS(t *testing.T) {
	if got := Status([]byte("Name:\tx\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\n"), "VmRSS"); got != 1024 {
		t.Errorf("VmRSS = %d, want 1024", got)
	}
	if kb, alive := TreeRSS(os.Getpid()); !alive || kb <= 0 {
		t.Errorf("TreeRSS of this process = %d, %v", kb, alive)
	}
}

// A process shares its own address space and not its child's: a child that has called exec
// (here sleep) is counted, while one between vfork and exec would not be.
func TestSharesMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("kcmp(2) is Linux's")
	}
	child := exec.Command("sleep", "60")
	if err := child.Start(); err != nil {
		t.Skip("no sleep:", err)
	}
	defer child.Process.Kill()
	self := os.Getpid()
	if !sharesMemory(self, self) {
		t.Error("a process does not share its own memory: kcmp is not asked the right question")
	}
	if sharesMemory(self, child.Process.Pid) {
		t.Error("a child that ran exec shares its parent's memory")
	}
}
