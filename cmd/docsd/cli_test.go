package main

import (
	"bytes"
	"net"
	"strconv"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{arg}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d\n%s", arg, code, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "docsd ") || !strings.Contains(stdout.String(), " go1.") {
			t.Errorf("%s printed %q", arg, stdout.String())
		}
	}
}

// Every command's --help goes to stdout with status 0 and spells its flags --flag.
func TestHelpIsOnStdout(t *testing.T) {
	for _, cmd := range []string{"build", "watch", "serve", "links"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{cmd, "--help"}, &stdout, &stderr); code != 0 {
			t.Errorf("%s --help: exit %d", cmd, code)
		}
		if stderr.Len() != 0 {
			t.Errorf("%s --help wrote to stderr: %s", cmd, stderr.String())
		}
		if !strings.Contains(stdout.String(), "Usage: docsd "+cmd) || !strings.Contains(stdout.String(), "\n  --") {
			t.Errorf("%s --help printed:\n%s", cmd, stdout.String())
		}
		if strings.Contains(stdout.String(), "\n  -"+"o") || strings.Contains(stdout.String(), "\n  -r") || strings.Contains(stdout.String(), "\n  -a") {
			t.Errorf("%s --help spells a flag with one dash:\n%s", cmd, stdout.String())
		}
	}
}

func TestOutsideAProjectSuggestsRoot(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"build", "--once", "--root", dir}, {"watch", "--root", dir}, {"serve", "--root", dir}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 1 {
			t.Errorf("%v: exit %d", args, code)
		}
		want := "docsd: no docsd.toml in " + dir + "; run docsd in a project folder or pass --root\n"
		if stderr.String() != want {
			t.Errorf("%v: stderr %q, want %q", args, stderr.String(), want)
		}
	}
}

func TestAddressInUseSuggestsAddr(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().(*net.TCPAddr)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"watch", "--root", fixtureRoot(t), "--addr", addr.String()}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	want := "docsd: " + addr.String() + " is already in use (another docsd?); stop it or pass another address, e.g. --addr 127.0.0.1:" + itoa(addr.Port+1) + "\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

func TestPlural(t *testing.T) {
	if got := plural(1, "page"); got != "1 page" {
		t.Errorf("plural(1) = %q", got)
	}
	if got := plural(0, "page") + "," + plural(2, "page"); got != "0 pages,2 pages" {
		t.Errorf("plural(0), plural(2) = %q", got)
	}
}
func itoa(n int) string { return strconv.Itoa(n) }
