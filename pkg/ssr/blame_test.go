//go:build unix

package ssr

// A page that loops for ever, rendered right after a page whose answer is larger than the pipe
// between Node and docsd holds (64 KiB), is the only page blamed: the page before it renders.
// Through process.stdout, the part of an answer the pipe had no room for waited in Node's memory
// for the event loop, which the looping page never let run, so the page before it looked
// unanswered and was blamed (hang22 saw it in about 1 build of 3 with a looping page).
//
// The test runs the shell's real server bundle and makes the order certain with two named pipes
// (FIFOs) that the pages' modules read as they are evaluated, each blocking Node until the test
// closes its end: the first page holds Node while the large page and the looping one are written,
// so that Node reads both in one piece and renders the looping page straight after the large one,
// without its event loop running between them; the large page holds Node until the test has set
// the small limit, so that the limit counts only the looping page's render. The loop never ends
// however fast the machine is; everything else runs under the default limit.

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"docsd/pkg/bundle"
	"docsd/pkg/nodeproc"
)

// countedInput is a renderer's stdin that reports each request written whole into the pipe.
type countedInput struct {
	io.WriteCloser
	written chan struct{}
}

func (c *countedInput) Write(b []byte) (int, error) {
	n, err := c.WriteCloser.Write(b)
	if err == nil {
		for range strings.Count(string(b), "\n") {
			c.written <- struct{}{}
		}
	}
	return n, err
}

type rendered struct {
	html string
	err  error
}

func TestHungRenderAfterALargeAnswerBlamesOnlyItsPage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	b, err := bundle.New("../../site", "/", "", true)
	if err != nil {
		t.Fatal(err)
	}
	out, err := b.Build()
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	fifo := func(name string) string {
		path := filepath.Join(dir, name)
		if err := syscall.Mkfifo(path, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	holdFirst, holdLarge := fifo("first"), fifo("large")

	p, err := StartPool(out.ServerJS, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r := p.list()[0]
	in := &countedInput{WriteCloser: r.stdin, written: make(chan struct{}, 8)}
	r.stdin = in // before the first request, so every one goes through it

	const large = 300_000 // characters of the large page: answers beyond the pipe's 64 KiB
	site := json.RawMessage(`{"title":"Hang","basePath":"/","navbar":{"title":"Hang","items":[]},"footer":{"copyright":"Hang"}}`)
	// page is a doc whose content is its MDX module, named id; module is that module's source:
	// it first reads the FIFO hold (when hold is set), then renders text.
	page := func(id string) json.RawMessage {
		return json.RawMessage(`{"route":"/` + id + `","kind":"doc","title":"` + id + `","locale":"en","mdx":{"id":"` + id + `"}}`)
	}
	module := func(hold, text string) string {
		src := ""
		if hold != "" {
			path, _ := json.Marshal(hold)
			src = "require('fs').readFileSync(" + string(path) + ");\n"
		}
		return src + "exports.default = () => null;\nexports.Frame = () => " + text + ";\n"
	}
	render := func(id, mdx string) <-chan rendered {
		done := make(chan rendered, 1)
		go func() {
			html, err := p.Render(Request{URL: "/" + id, SiteKey: "hang-1", Site: site, Page: page(id), MDXKey: id + "-1", MDX: mdx})
			done <- rendered{html, err}
		}()
		return done
	}
	// hold opens the FIFO path for writing, which returns once Node has opened it to read, that
	// is once Node is evaluating the module that reads it; Node then waits until it is closed.
	hold := func(path string, page <-chan rendered) *os.File {
		opened := make(chan *os.File, 1)
		go func() {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
			}
			opened <- f
		}()
		select {
		case f := <-opened:
			if f == nil {
				t.FailNow()
			}
			return f
		case res := <-page:
			t.Fatalf("the page that reads %s ended before it read it: %q, %v", path, res.html, res.err)
		}
		return nil
	}

	first := render("first", module(holdFirst, `'first page'`))
	<-in.written
	held := hold(holdFirst, first)
	largePage := render("large", module(holdLarge, `'x'.repeat(`+strconv.Itoa(large)+`)`))
	<-in.written
	loop := render("loop", "for (;;) {}\n")
	<-in.written
	if err := held.Close(); err != nil {
		t.Fatal(err)
	}
	if res := <-first; res.err != nil || !strings.Contains(res.html, "first page") {
		t.Fatalf("the first page: %.200q, %v", res.html, res.err)
	}
	// The first page's answer has been read, and with it the limit started again (the default
	// one) for the large page; the small limit starts once the large page is answered.
	held = hold(holdLarge, largePage)
	p.SetLimit(time.Second)
	if err := held.Close(); err != nil {
		t.Fatal(err)
	}
	res := <-largePage
	if res.err != nil || !strings.Contains(res.html, strings.Repeat("x", large)) {
		t.Errorf("the large page before the looping one: %d bytes, %v; want it rendered whole", len(res.html), res.err)
	}
	res = <-loop
	var pe *PageError
	if !errors.As(res.err, &pe) || pe.URL != "/loop" || !strings.Contains(pe.Message, "the render took more than 1s") ||
		!strings.Contains(pe.Message, nodeproc.LimitEnv) {
		t.Fatalf("the looping page: %v, want a PageError saying its render took more than 1s", res.err)
	}
}
