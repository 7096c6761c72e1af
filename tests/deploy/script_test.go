package deploy

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckScriptOnAPullRequest runs scripts/ci-links.sh check as the workflow does on a pull
// request, on a copy of testdata/sites/broken whose last commit adds one more broken link: the
// build still succeeds, the step fails with status 3, only the changed line is annotated, and the
// job summary and the reports hold every problem.
func TestCheckScriptOnAPullRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("../../testdata/sites/broken")); err != nil {
		t.Fatal(err)
	}
	shell, _ := filepath.Abs("../../site")
	if err := os.Symlink(shell, filepath.Join(root, "site")); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@example.test"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	page := filepath.Join(root, "content/docs/extra/start.md")
	if err := os.WriteFile(page, []byte("# Extra start\n\nThe extra sidebar, and [a new broken link](./nowhere-new.md).\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-q", "-am", "pull request")

	dir := t.TempDir()
	summary := filepath.Join(dir, "summary.md")
	cmd := exec.Command("bash", "../../scripts/ci-links.sh", "check")
	cmd.Env = append(os.Environ(), "CI_LINKS_ROOT="+root, "CI_LINKS_BASE=HEAD~1", "CI_LINKS_OUT="+filepath.Join(dir, "out"),
		"GITHUB_STEP_SUMMARY="+summary, "DOCSD="+filepath.Join(dir, "docsd"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 3 {
		t.Fatalf("exit %d (%v), want 3 for broken links\nstdout:\n%s\nstderr:\n%s", code, err, stdout.String(), stderr.String())
	}
	var commands []string
	for _, l := range strings.Split(stdout.String(), "\n") {
		if strings.HasPrefix(l, "::") {
			commands = append(commands, l)
		}
	}
	want := "::warning file=content/docs/extra/start.md,line=3,col=24,title=Broken link::link to ./nowhere-new.md: no such page"
	if len(commands) != 1 || commands[0] != want {
		t.Errorf("annotations:\n%s\nwant only:\n%s", strings.Join(commands, "\n"), want)
	}
	sum, err := os.ReadFile(summary)
	if err != nil || !bytes.Contains(sum, []byte("## docsd link check")) || !bytes.Contains(sum, []byte("**30 broken links** to fix.")) {
		t.Errorf("job summary (%v):\n%s", err, sum)
	}
	for _, f := range []string{"links.json", "links.sarif", "links.txt", "summary.md", "changes.diff"} {
		if _, err := os.Stat(filepath.Join(dir, "out", f)); err != nil {
			t.Errorf("the report %s is missing: %v", f, err)
		}
	}
	if !strings.Contains(stderr.String(), "content/docs/extra/start.md:3:24: link to ./nowhere-new.md: no such page") {
		t.Errorf("the log lacks the full list:\n%s", stderr.String())
	}
}
