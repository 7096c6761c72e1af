package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestMain lets a test run docsd itself in a child process (with limits of its own) by starting
// this test binary with DOCSD_TEST_MAIN=1 and docsd's arguments.
func TestMain(m *testing.M) {
	if os.Getenv("DOCSD_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestServeIdleConnectionsDoNotLockOut runs docsd serve with 64 open files and holds 80 idle
// keep-alive connections: every new client must still be served. Before the connection limit, the
// idle connections used up the open files and new clients hung.
func TestServeIdleConnectionsDoNotLockOut(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh for ulimit")
	}
	dir := t.TempDir()
	for name, data := range map[string]string{"index.html": "landing", "404.html": "not found page"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, err := filepath.Abs("../../testdata/sites/broken")
	if err != nil {
		t.Fatal(err)
	}
	// ulimit -n sets both the soft and the hard limit, so Go cannot raise it at start.
	cmd := exec.Command("sh", "-c", `ulimit -n 64 && exec "$0" "$@"`, os.Args[0],
		"serve", "--dir", dir, "--root", root, "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "DOCSD_TEST_MAIN=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("docsd serve did not start: %v\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`http://(\S+?)/docs/`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("no address in %q", line)
	}
	addr := m[1]
	for i := range 80 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("client %d: %v", i+1, err)
		}
		defer c.Close()
		// The deadline bounds a failure: a locked-out client would wait for ever.
		c.SetDeadline(time.Now().Add(2 * time.Minute))
		fmt.Fprintf(c, "GET /docs/ HTTP/1.1\r\nHost: docs.test\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("client %d, with %d idle keep-alive connections open: %v\n%s", i+1, i, err, stderr.String())
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("client %d: %s", i+1, resp.Status)
		}
	}
}
