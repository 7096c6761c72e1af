//go:build unix

package content

import (
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO named like a page once hung the build forever: Scan must list it as a warning without
// opening it, and ReadFile must fail on one instead of waiting for a writer.
func TestScanSkipsFIFOsSocketsAndLinksToThem(t *testing.T) {
	root, _ := project(t)
	content := filepath.Join(root, "content")
	if err := syscall.Mkfifo(filepath.Join(content, "docs/x.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "common/pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	link(t, "../../common/pipe", filepath.Join(content, "docs/piped.md"))
	// A socket path must be short: listen from inside the folder.
	l, err := net.Listen("unix", filepath.Join(content, "static/s.sock"))
	if err != nil {
		t.Skipf("no unix socket here: %v", err)
	}
	defer l.Close()

	sources, warnings, err := Scan(content, testLayout)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(paths(sources)); got != "[docs/intro.md]" {
		t.Errorf("sources %s, want only docs/intro.md", got)
	}
	want := []string{
		"content/docs/piped.md: not a regular file (a named pipe); skipped",
		"content/docs/x.md: not a regular file (a named pipe); skipped",
		"content/static/s.sock: not a regular file (a socket); skipped",
	}
	if got := messages(warnings); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// A file that became a FIFO after the scan: ReadFile fails at once.
	_, err = ReadFile(Source{Path: "docs/x.md", Abs: filepath.Join(content, "docs/x.md")})
	if err == nil || err.Error() != "content/docs/x.md: not a regular file (a named pipe)" {
		t.Errorf("ReadFile of a FIFO: %v", err)
	}
}
