package ssr

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// Close lets a renderer end by itself when its input closes, so what Node does at exit is done:
// a renderer started with --cpu-prof writes its profile (where a build's renderer spends its time
// is seen that way). A renderer that does not end when its input closes is still stopped.
func TestCloseLetsNodeExit(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	dir := t.TempDir()
	r, err := Start([]byte("process.stdin.resume();\n"), "--cpu-prof", "--cpu-prof-dir="+dir)
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	profiles, err := filepath.Glob(filepath.Join(dir, "*.cpuprofile"))
	if err != nil || len(profiles) != 1 {
		t.Fatalf("after Close the renderer wrote %d CPU profiles, want 1 (%v)", len(profiles), err)
	}

	// Input ignored and a timer that keeps Node running: Close must still return, the process
	// stopped.
	r, err = Start([]byte("setInterval(() => {}, 1000);\n"))
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	if r.cmd.ProcessState == nil {
		t.Fatal("Close returned before the renderer that ignores its input had exited")
	}
}
