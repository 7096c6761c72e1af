package mdx

// A request a compiler process never finishes (a loop that never ends holds its only thread) fails
// at its file once the process has answered nothing for the limit; the process is stopped, and
// the requests waiting behind it are answered by a fresh one. The looping request never ends
// however fast the machine is, so a small limit decides nothing else: the requests that must
// succeed go to processes started with the default limit.

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/pkg/content"
	"docsd/pkg/nodeproc"
)

// loopingCompiler writes a fake compiler that loops for ever on a source "loop" and answers any
// other with its process id.
func loopingCompiler(t *testing.T) string {
	script := filepath.Join(t.TempDir(), "compile.mjs")
	src := `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  if (req.source.trim() === 'loop') for (;;) {}
  process.stdout.write(JSON.stringify({ id: req.id, js: String(process.pid) }) + '\n');
});
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return script
}

func TestHungCompileFailsAtItsFileAndTheOthersAreAnsweredAgain(t *testing.T) {
	c := NewCompiler(loopingCompiler(t))
	defer c.Close()
	c.max, c.spare = 1, func() bool { return true } // one process: the second request waits behind the first
	sent := make(chan int, 8)
	c.onSend = func(i int) { sent <- i }
	c.SetLimit(time.Second)
	looped := make(chan error, 1)
	go func() {
		_, err := c.Compile([]byte("loop\n"), Options{File: "content/docs/loop.mdx", Whole: true})
		looped <- err
	}()
	<-sent
	c.SetLimit(nodeproc.DefaultLimit) // for the process that answers the second request again
	answered := make(chan error, 1)
	go func() {
		_, err := c.Compile([]byte("fine\n"), Options{File: "content/docs/fine.mdx", Whole: true})
		answered <- err
	}()
	err := <-looped
	var ce *content.Error
	if !errors.As(err, &ce) || ce.File != "content/docs/loop.mdx" || !strings.Contains(ce.Msg, "compiling took more than 1s") ||
		!strings.Contains(ce.Msg, nodeproc.LimitEnv) {
		t.Fatalf("the looping page failed with %v, want a content.Error at content/docs/loop.mdx saying it took more than 1s", err)
	}
	if err := <-answered; err != nil {
		t.Fatalf("the page waiting behind the looping one failed: %v", err)
	}
	// The next request (a later build's) is compiled too: the stopped process is not asked again.
	if _, err := c.Compile([]byte("fine again\n"), Options{File: "content/docs/fine.mdx", Whole: true}); err != nil {
		t.Fatalf("a compile after the hang failed: %v", err)
	}
}

// A Sass stylesheet whose @while never ends fails at its file, and the next (fixed) stylesheet
// compiles on a fresh process.
func TestHungSassFailsAtItsFile(t *testing.T) {
	c, pkg := sassCompiler(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"src/css/loop.scss":  "$i: 0;\n@while $i < 1 {\n  $j: $i;\n}\n.a { color: red; }\n",
		"src/css/fixed.scss": ".a { color: red; }\n",
	})
	c.SetLimit(time.Second)
	loop := filepath.Join(dir, "src/css/loop.scss")
	_, err := c.Sass(SassRequest{File: loop, Package: pkg, Roots: []string{dir}})
	var se *FileError
	if !errors.As(err, &se) || se.File != loop || !strings.Contains(se.Msg, "compiling took more than 1s") {
		t.Fatalf("the looping stylesheet failed with %v, want a FileError at %s saying it took more than 1s", err, loop)
	}
	c.SetLimit(nodeproc.DefaultLimit)
	res, err := c.Sass(SassRequest{File: filepath.Join(dir, "src/css/fixed.scss"), Package: pkg, Roots: []string{dir}})
	if err != nil || !strings.Contains(res.CSS, "color: red") {
		t.Fatalf("the stylesheet compiled after the hang: %q, %v", res.CSS, err)
	}
}
