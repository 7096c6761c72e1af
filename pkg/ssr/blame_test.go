//go:build unix

package ssr

// Answers larger than the pipe between Node and docsd holds (64 KiB), with the shell's real server
// bundle (entry-server.jsx writes each answer whole before the next page renders).

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"

	"docsd/pkg/bundle"
	"docsd/pkg/nodeproc"
)

// serverBundle is the shell's server bundle, as a production build makes it.
func serverBundle(t *testing.T) []byte {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	b, err := bundle.New("../../site", "/", "", true)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	out, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return out.ServerJS
}

// mdxRequest is the request for a doc page /id whose content is an MDX module of source module
// (see mdxModule), under a small site.
func mdxRequest(id, module string) Request {
	return Request{URL: "/" + id, SiteKey: "hang-1",
		Site:   json.RawMessage(`{"title":"Hang","basePath":"/","navbar":{"title":"Hang","items":[]},"footer":{"copyright":"Hang"}}`),
		Page:   json.RawMessage(`{"route":"/` + id + `","kind":"doc","title":"` + id + `","locale":"en","mdx":{"id":"` + id + `"}}`),
		MDXKey: id + "-1", MDX: module}
}

// mdxModule is a page's module that runs first as it is evaluated, then renders the string the
// JavaScript expression text makes.
func mdxModule(first, text string) string {
	return first + "\nexports.default = () => null;\nexports.Frame = () => " + text + ";\n"
}

// countedInput is a renderer's stdin that reports each request written whole into the pipe.
type countedInput struct {
	io.WriteCloser
	written chan struct{}
}

func (c *countedInput) Write(b []byte) (int, error) {
	n, err := c.WriteCloser.Write(b)
	if err == nil {
		c.written <- struct{}{} // Renderer.write writes each request (its module too) at once
	}
	return n, err
}

type rendered struct {
	html string
	err  error
}

// A page that loops for ever, rendered right after a page whose answer the pipe cannot hold, is
// the only page blamed: the page before it renders. Through process.stdout, the part of an answer
// the pipe had no room for waited in Node's memory for the event loop, which the looping page never
// let run, so the page before it looked unanswered and was blamed (hang22 saw it in about 1 build
// of 3 with a looping page).
//
// Two named pipes (FIFOs), which the pages' modules read as they are evaluated, each block Node
// until the test closes its end, and make the order certain: the first page holds Node while the
// large page and the looping one are written, so that Node reads both in one piece and renders
// the looping page straight after the large one, without its event loop running between them;
// the large page holds Node until the test has set the small limit, so that the limit counts only
// the looping page's render. The loop never ends however fast the machine is; everything else
// runs under the default limit.
func TestHungRenderAfterALargeAnswerBlamesOnlyItsPage(t *testing.T) {
	server := serverBundle(t)
	dir := t.TempDir()
	fifo := func(name string) string {
		path := filepath.Join(dir, name)
		if err := syscall.Mkfifo(path, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	holdFirst, holdLarge := fifo("first"), fifo("large")
	read := func(path string) string {
		quoted, _ := json.Marshal(path)
		return "require('fs').readFileSync(" + string(quoted) + ");"
	}

	p, err := StartPool(server, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r := p.list()[0]
	in := &countedInput{WriteCloser: r.stdin, written: make(chan struct{}, 8)}
	r.stdin = in // before the first request, so every one goes through it

	render := func(req Request) <-chan rendered {
		done := make(chan rendered, 1)
		go func() {
			html, err := p.Render(req)
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

	const large = 300_000 // characters of the large page's answer
	first := render(mdxRequest("first", mdxModule(read(holdFirst), `'first page'`)))
	<-in.written
	held := hold(holdFirst, first)
	largePage := render(mdxRequest("large", mdxModule(read(holdLarge), `'x'.repeat(`+strconv.Itoa(large)+`)`)))
	<-in.written
	loop := render(mdxRequest("loop", "for (;;) {}"))
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

// A page whose code uses process.stdout makes Node's stdout non-blocking (libuv's pipe): a write
// then takes only what the pipe has room for, and the renderer writes the rest as room comes. The
// large answers after it arrive whole, each framed right.
func TestLargeAnswersOnANonBlockingStdoutArriveWhole(t *testing.T) {
	p, err := StartPool(serverBundle(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for i, c := range []struct {
		first string
		text  string
		want  string
	}{
		{"process.stdout;", `'é'.repeat(200000)`, strings.Repeat("é", 200000)}, // 400 KB in UTF-8
		{"", `'y'.repeat(150000)`, strings.Repeat("y", 150000)},
		{"", `'small'`, "small"},
	} {
		id := "page" + strconv.Itoa(i)
		html, err := p.Render(mdxRequest(id, mdxModule(c.first, c.text)))
		if err != nil || !strings.Contains(html, c.want) || !strings.Contains(html, "<h1>"+id+"</h1>") {
			t.Fatalf("%s: %d bytes, %v; want its content whole", id, len(html), err)
		}
	}
}

// An MDX page's module follows its request line as it is (mdxBytes long): modules larger than the
// pipe, with newlines and characters of several bytes, arrive whole in the renderer, in any number
// of reads, and the request lines after each are read as requests again. Pages rendered at once
// share the pipe, so a module's bytes and the next line may come in the same read.
func TestModulesFollowTheirRequestLinesWhole(t *testing.T) {
	p, err := StartPool(serverBundle(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	texts := map[string]string{
		"big":   strings.Repeat("é\n\u2028x", 40000), // 240 KB, newlines in the module's own text
		"small": "one line",
		"next":  strings.Repeat("🙂", 30000),
	}
	results := make(chan error, len(texts)*2)
	for round := range 2 {
		for id, text := range texts {
			go func() {
				literal, _ := json.Marshal(text)
				module := mdxModule("const text = "+string(literal)+";", "text.length + ':' + text.slice(-4)")
				html, err := p.Render(mdxRequest(id+strconv.Itoa(round), module))
				units := utf16.Encode([]rune(text)) // what a JavaScript string counts
				want := strconv.Itoa(len(units)) + ":" + string(utf16.Decode(units[len(units)-4:]))
				if err == nil && !strings.Contains(html, want) {
					err = fmt.Errorf("%s: %d bytes without %q", id, len(html), want)
				}
				results <- err
			}()
		}
	}
	for range len(texts) * 2 {
		if err := <-results; err != nil {
			t.Error(err)
		}
	}
}
