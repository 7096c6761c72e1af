package ssr

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
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

// A renderer with pages still waiting is killed at once, not left to drain them: a rebuild that
// replaces the renderers (docsd watch, a shell edit) would otherwise wait for pages nobody reads.
// The script reads requests and never answers; with its input closed it would end by itself
// (exit status 0), so a kill shows that Close did not wait for it.
func TestCloseKillsARendererWithPagesWaiting(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	r, err := Start([]byte("process.stdin.on('data', () => {});\n"))
	if err != nil {
		t.Fatal(err)
	}
	sent := make(chan struct{})
	go func() {
		go func() {
			for {
				r.mu.Lock()
				n := len(r.waiting)
				r.mu.Unlock()
				if n > 0 {
					close(sent)
					return
				}
				runtime.Gosched()
			}
		}()
		_, _ = r.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)})
	}()
	<-sent
	r.Close()
	if st := r.cmd.ProcessState; st == nil || st.Exited() {
		t.Fatalf("Close with a page waiting: process state %v, want killed", st)
	}
}
