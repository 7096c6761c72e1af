package nodeproc

import (
	"io"
	"strings"
	"testing"
)

// Start runs Node in docsd's environment for it, with the extra variables, its pipes connected;
// without Node on the PATH it says what needed it.
func TestStart(t *testing.T) {
	p, err := Start("a test", "the test's process", []string{"DOCSD_START_TEST=1"}, "-e", "process.stdin.pipe(process.stdout); process.stderr.write(process.env.DOCSD_START_TEST + ' ' + String(process.env.HOME !== undefined))")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(p.Stdin, "echo\n"); err != nil {
		t.Fatal(err)
	}
	p.Stdin.Close()
	out, err := io.ReadAll(p.Stdout)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if string(out) != "echo\n" || p.Stderr.String() != "1 true" {
		t.Errorf("stdout %q, stderr %q", out, p.Stderr.String())
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := Start("a test", "the test's process", nil); err == nil || !strings.HasPrefix(err.Error(), "a test needs Node.js on the PATH") {
		t.Errorf("err = %v", err)
	}
}
