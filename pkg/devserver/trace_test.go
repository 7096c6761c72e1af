package devserver

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/build"
)

var traceLine = regexp.MustCompile(`trace: start=([0-9.]+) early=([0-9.]+|-) done=([0-9.]+) paths=1 rendered=([0-9]+) (ok|no-link-check|failed) \|.*\| .*\| gc [0-9]+ cycles`)

// With Trace, each rebuild logs one line: when it started, when the page on screen went out and
// when it ended (in that order), its steps and the collector's work; without, nothing.
func TestTraceLogsOneLinePerRebuild(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	shell, _ := filepath.Abs("../../site")
	var log bytes.Buffer // Rebuild logs on the test's goroutine
	s, err := New(build.Options{Root: root, SiteDir: shell, Production: true}, &log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := openPage(t, srv.URL, "/docs/guide/setup")
	readHello(t, c)

	f := filepath.Join(root, "content/docs/guide/setup.md")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(f, append(data, "\nUntraced.\n"...), 0o644)
	s.Rebuild([]string{f})
	if strings.Contains(log.String(), "trace:") {
		t.Fatalf("a rebuild without Trace logged a trace:\n%s", log.String())
	}

	s.Trace = true
	log.Reset()
	os.WriteFile(f, []byte(strings.Replace(string(data), "title: ", "title: Traced ", 1)), 0o644)
	s.Rebuild([]string{f})
	got := traceLine.FindAllStringSubmatch(log.String(), -1)
	if len(got) != 1 {
		t.Fatalf("want one trace line, got %d:\n%s", len(got), log.String())
	}
	start, _ := strconv.ParseFloat(got[0][1], 64)
	done, _ := strconv.ParseFloat(got[0][3], 64)
	early, err := strconv.ParseFloat(got[0][2], 64)
	if err != nil {
		t.Fatalf("the page on screen went out early, but the trace says early=%s:\n%s", got[0][2], log.String())
	}
	if !(start <= early && early <= done) {
		t.Errorf("want start ≤ early ≤ done, got %s", got[0][0])
	}
	if n, _ := strconv.Atoi(got[0][4]); n < 2 || got[0][5] == "failed" {
		t.Errorf("a title edit renders its sidebar's pages; the trace says %s", got[0][0])
	}
	if !strings.Contains(log.String(), "assemble ") {
		t.Errorf("the trace lacks the steps' times:\n%s", log.String())
	}

	log.Reset()
	os.WriteFile(f, []byte("---\ntitle: [x\n---\n"), 0o644)
	s.Rebuild([]string{f})
	if got := traceLine.FindAllStringSubmatch(log.String(), -1); len(got) != 1 || got[0][5] != "failed" || got[0][2] != "-" {
		t.Errorf("a failed rebuild: want one trace line saying failed, with nothing early; got\n%s", log.String())
	}
}
