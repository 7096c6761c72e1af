package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"docsd/internal/testfs"
)

// fixtureRoot copies testdata/sites/broken into a temporary project whose site/ is the shell of
// this repository (a symbolic link), so that docsd build runs on it as on a real project.
func fixtureRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/broken", root)
	shell, err := filepath.Abs("../../site")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(shell, filepath.Join(root, "site")); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestBuildLinkReportFlags(t *testing.T) {
	root := fixtureRoot(t)
	dir := t.TempDir()
	report := filepath.Join(dir, "reports", "links.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"build", "--once", "--root", root, "--out", filepath.Join(dir, "build"),
		"--links-report", report, "--links-format", "json"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("broken links must only warn: exit %d\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "warning: content/docs/guide/intro.md:27:39: link to setpu.md: no such page (did you mean ./setup.md?)") {
		t.Errorf("stderr lacks the warning:\n%s", stderr.String())
	}
	if !strings.Contains(stdout.String(), "29 link warnings") {
		t.Errorf("stdout: %s", stdout.String())
	}
	// The build reports its steps' times in the order they run (pages stream through Markdown and
	// the server renderer: one step).
	if !regexp.MustCompile(`\(process \S+, assemble \S+, bundle \S+, pages \S+, site-wide \S+, emit \S+\)`).MatchString(stdout.String()) {
		t.Errorf("the step times are not in build order: %s", stdout.String())
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var parsed struct {
		Summary struct{ Problems, External, Orphans int }
	}
	if err := json.Unmarshal(data, &parsed); err != nil || parsed.Summary.Problems != 29 || parsed.Summary.External != 6 || parsed.Summary.Orphans != 2 {
		t.Errorf("report summary %+v (%v)", parsed.Summary, err)
	}

	// docsd links turns the report into the other formats; --diff keeps the changed lines.
	stdout.Reset()
	if code := run([]string{"links", "--in", report, "--format", "github"}, &stdout, &stderr); code != 0 {
		t.Fatalf("docsd links: exit %d\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 31 || !strings.HasPrefix(lines[0], "::warning file=content/blog/2025-01-01-post.md,line=3,col=17,") {
		t.Errorf("github annotations:\n%s", stdout.String())
	}
	diff := filepath.Join(dir, "changes.diff")
	os.WriteFile(diff, []byte("--- a/docsd.toml\n+++ b/docsd.toml\n@@ -24 +24 @@\n-to = \"/blog\"\n+to = \"/blgo\"\n"), 0o644)
	stdout.Reset()
	run([]string{"links", "--in", report, "--format", "github", "--diff", diff}, &stdout, &stderr)
	if got := strings.TrimSpace(stdout.String()); got != "::warning file=docsd.toml,line=24,col=7,title=Broken link::link to /blgo: no such page (did you mean /docs/blog?)" {
		t.Errorf("changed-line annotations: %q", got)
	}
	md := filepath.Join(dir, "summary.md")
	if code := run([]string{"links", "--in", report, "--format", "markdown", "--out", md}, &stdout, &stderr); code != 0 {
		t.Fatal("docsd links --format markdown failed")
	}
	if data, _ := os.ReadFile(md); !bytes.Contains(data, []byte("**29 broken links** to fix.")) {
		t.Errorf("summary:\n%s", data)
	}

	// --fail-on-broken-links: the site is written, and the exit status says there are broken links.
	stderr.Reset()
	code = run([]string{"build", "--once", "--root", root, "--out", filepath.Join(dir, "build2"), "--fail-on-broken-links"}, &stdout, &stderr)
	if code != exitBrokenLinks || !strings.Contains(stderr.String(), "29 broken links, and --fail-on-broken-links is set") {
		t.Errorf("--fail-on-broken-links: exit %d\n%s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "build2", "guide", "intro.html")); err != nil {
		t.Errorf("the site is not written: %v", err)
	}
}

func TestLinkFlagsRefuseUnknownFormats(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--links-format", "xml"}, &stdout, &stderr); code != 2 {
		t.Errorf("build --links-format xml: exit %d", code)
	}
	if code := run([]string{"build", "--fail-on-broken-links"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "need --once") {
		t.Errorf("build --fail-on-broken-links without --once: exit %d\n%s", code, stderr.String())
	}
	if code := run([]string{"links", "--in", "x.json", "--format", "xml"}, &stdout, &stderr); code != 2 {
		t.Errorf("links --format xml: exit %d", code)
	}
}
