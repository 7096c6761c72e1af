package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"docsd/internal/testfs"
)

// A page far larger than any real one warns like a broken link, once, at file:line, with its
// size and what makes it large (issue 17); the build still succeeds.
func TestBuildWarnsAboutHugePage(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	shell, err := filepath.Abs("../../site")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(shell, filepath.Join(root, "site")); err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	md.WriteString("---\ntitle: Huge\n---\n\nEvery key.\n\n| Key | Type | Meaning |\n|---|---|---|\n")
	for i := 0; i < 25000; i++ {
		fmt.Fprintf(&md, "| `KEY_%d` | string | the value of key %d |\n", i, i)
	}
	md.WriteString("\n```yaml\n")
	for i := 0; i < 12000; i++ {
		fmt.Fprintf(&md, "key_%d: value\n", i)
	}
	md.WriteString("```\n")
	if err := os.WriteFile(filepath.Join(root, "content/docs/guide/huge.md"), []byte(md.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--root", root, "--out", filepath.Join(t.TempDir(), "build")}, &stdout, &stderr); code != 0 {
		t.Fatalf("a huge page must only warn: exit %d\n%s", code, stderr.String())
	}
	want := regexp.MustCompile(`(?m)^warning: content/docs/guide/huge\.md:7:1: page is \d+\.\d MB of HTML from 1\.\d MB of Markdown: ` +
		`8\d% a table of 25,001 rows, 1\d% a code block of 12,000 lines; consider splitting it$`)
	if n := len(want.FindAllString(stderr.String(), -1)); n != 1 {
		t.Errorf("want the warning once (the French page is built from the same file), got %d times:\n%s", n, stderr.String())
	}
	if strings.Contains(stderr.String(), "intro.md: page is") {
		t.Errorf("a small page warns:\n%s", stderr.String())
	}
}
