package main

import (
	"bytes"
	"strings"
	"testing"
)

// A malformed --allowed-hosts is refused before anything is built, naming the flag and the value.
func TestWatchRefusesAMalformedAllowedHost(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"watch", "--root", t.TempDir(), "--allowed-hosts", "docs.lan,http://evil.example/"}, &stdout, &stderr); code != 2 {
		t.Fatalf("exit code %d, want 2; stderr: %s", code, stderr.String())
	}
	if msg := stderr.String(); !strings.Contains(msg, "--allowed-hosts") || !strings.Contains(msg, `"http://evil.example/"`) {
		t.Errorf("the error does not name the flag and the value: %s", msg)
	}
}

// docsd watch --help (on standard output) says which hosts it answers and how to allow more.
func TestWatchHelpExplainsAllowedHosts(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"watch", "--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	if msg := stdout.String(); !strings.Contains(msg, "--allowed-hosts") || !strings.Contains(msg, "DNS rebinding") {
		t.Errorf("the help does not explain the host check: %s", msg)
	}
}

// docsd watch --help names --trace, which bench/scale/watch.mjs --trace looks for to decide whether
// the binary logs its rebuilds.
func TestWatchHelpNamesTrace(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"watch", "--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	if msg := stdout.String(); !strings.Contains(msg, "--trace") || !strings.Contains(msg, "collector") {
		t.Errorf("the help does not name --trace: %s", msg)
	}
}
