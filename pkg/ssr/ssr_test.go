package ssr

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// The renderer keeps one version of each site and sidebar record: in docsd watch a writer who edits
// a title 500 times makes 500 versions of a sidebar, and neither side may keep them all.
func TestRememberKeepsOneKeyPerName(t *testing.T) {
	r := &Renderer{sent: map[string]bool{}}
	for _, step := range []struct {
		key string
		new bool
	}{
		{"site:en-aaa", true},
		{"sidebar:current-en-usage-111", true},
		{"sidebar:current-en-usage-extra-222", true}, // another sidebar whose name extends the first's
		{"sidebar:current-en-usage-111", false},
		{"sidebar:current-en-usage-333", true}, // a new version of the usage sidebar
		{"sidebar:current-en-usage-111", true}, // back to the old content: sent again
		{"site:fr-bbb", true},
	} {
		if got := r.remember(step.key); got != step.new {
			t.Fatalf("remember(%q) = %v, want %v", step.key, got, step.new)
		}
	}
	var keys []string
	for k := range r.sent {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"sidebar:current-en-usage-111", "sidebar:current-en-usage-extra-222", "site:en-aaa", "site:fr-bbb"}
	if !reflect.DeepEqual(keys, want) {
		t.Fatalf("the renderer holds %v, want %v", keys, want)
	}
}

// Requests are one JSON line with the page's JSON as it is; answers are framed by their length, so
// HTML with newlines and any bytes comes through whole, and errors are told apart.
func TestRequestAndAnswerFraming(t *testing.T) {
	line, err := encodeRequest(7, Request{URL: "/docs/a\"b", SiteKey: "en-1", Page: json.RawMessage(`{"title":"A \"quoted\" page"}`),
		SidebarKey: "current-en-usage-2", Sidebar: json.RawMessage(`[]`)})
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(line, &got); err != nil || !bytes.HasSuffix(line, []byte("}\n")) || bytes.Count(line, []byte("\n")) != 1 {
		t.Fatalf("request %q is not one line of JSON: %v", line, err)
	}
	if got["id"] != 7.0 || got["url"] != `/docs/a"b` || got["page"].(map[string]any)["title"] != `A "quoted" page` || got["site"] != nil {
		t.Errorf("request decoded as %v", got)
	}
	if _, err := encodeRequest(8, Request{URL: "/x", Page: json.RawMessage("{\n}")}); err == nil {
		t.Error("page data over two lines was sent")
	}
	// An MDX page's module follows its line as it is, mdxBytes long.
	module := "var p={__html:\"<p>a &amp; b</p>\"};\nexports.default=\"\u2028\\\"</script>\";\n"
	frame, err := encodeRequest(9, Request{URL: "/m", SiteKey: "en-1", Page: json.RawMessage(`{}`), MDXKey: "docs/m.mdx-1", MDX: module})
	if err != nil {
		t.Fatal(err)
	}
	line, rest, _ := bytes.Cut(frame, []byte("\n"))
	got = nil
	if err := json.Unmarshal(line, &got); err != nil {
		t.Fatalf("request %q is not one line of JSON: %v", line, err)
	}
	if got["mdxBytes"] != float64(len(module)) || got["mdxKey"] != "docs/m.mdx-1" || got["mdx"] != nil || string(rest) != module {
		t.Errorf("request %v followed by %q, want mdxBytes %d followed by %q", got, rest, len(module), module)
	}
	html := "<p>one\ntwo é</p>"
	in := bufio.NewReader(strings.NewReader(fmt.Sprintf("3 %d\n%s9 E 4\nboom", len(html), html)))
	a, err := readAnswer(in)
	if err != nil || a.ID != 3 || a.HTML != html || a.Error != "" {
		t.Fatalf("answer %+v, %v", a, err)
	}
	a, err = readAnswer(in)
	if err != nil || a.ID != 9 || a.Error != "boom" {
		t.Fatalf("error answer %+v, %v", a, err)
	}
	if _, err := readAnswer(bufio.NewReader(strings.NewReader("garbage\n"))); err == nil {
		t.Error("a malformed header was accepted")
	}
}

// A process that cannot read a request answers with an error for no request (id -1); the page that
// sent it must fail with that error instead of waiting forever.
func TestUnreadableRequestFailsInsteadOfHanging(t *testing.T) {
	r, err := Start([]byte(`process.stdin.on('data', () => process.stdout.write('-1 E 4\nboom'));`))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	done := make(chan error, 1)
	go func() {
		_, err := r.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "could not read a request: boom") {
			t.Fatalf("got %v, want the renderer's error", err)
		}
	case <-time.After(2 * time.Minute): // bounds a failure only: Node may start slowly on a loaded machine
		t.Fatal("the page still waits for an answer")
	}
}

// A renderer that stops without a word on stderr (killed for memory, or exiting on its own) fails
// its pages with how it stopped, not with an empty reason, each error naming its page.
func TestRendererStoppedSilentlySaysHow(t *testing.T) {
	r, err := Start([]byte(`process.exit(3);`))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i := 0; i < 2; i++ { // before and after the process is known to have stopped
		_, err := r.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)})
		if err == nil || !strings.Contains(err.Error(), "rendering /docs/a: the server renderer stopped") || !strings.Contains(err.Error(), "exit status 3") {
			t.Fatalf("render %d: %v, want the page and how the renderer stopped", i, err)
		}
	}
}

// A process that closes its input but keeps running would leave a page waiting forever for it to
// exit after the write to it failed; it is stopped instead, and the page says so. The script answers
// the first request only after closing its input, so the second write fails for certain.
func TestRendererThatClosesItsInputIsStopped(t *testing.T) {
	r, err := Start([]byte(`require('fs').closeSync(0); process.stdout.write('1 5\nhello'); setInterval(() => {}, 1e6);`))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	req := Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)}
	if html, err := r.Render(req); err != nil || html != "hello" {
		t.Fatalf("first render: %q, %v", html, err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := r.Render(req)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "rendering /docs/a: the server renderer stopped: it closed its input but kept running") {
			t.Fatalf("got %v, want the page and why its renderer was stopped", err)
		}
	case <-time.After(2 * time.Minute): // bounds a failure only
		t.Fatal("the page still waits for a renderer that no longer reads")
	}
}

// Stop stops a renderer that is running without waiting for it (a build --once stops its renderers
// after its last page, and their exit runs beside the rest of the build); Close then waits for the
// exit, and a page sent after Stop fails instead of waiting for an answer.
func TestStopThenClose(t *testing.T) {
	p, err := StartPool([]byte(`process.stdin.on('data', () => {}); setInterval(() => {}, 1e6);`), 2)
	if err != nil {
		t.Fatal(err)
	}
	if p.Stopped() {
		t.Fatal("a pool just started reports it was stopped")
	}
	p.Stop()
	if !p.Stopped() {
		t.Fatal("the pool does not report Stop")
	}
	p.Close() // returns once both processes have exited
	for _, r := range p.renderers {
		select {
		case <-r.exited:
		default:
			t.Fatal("Close returned before a stopped process exited")
		}
	}
	if _, err := p.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)}); err == nil || !strings.Contains(err.Error(), "rendering /docs/a: the server renderer stopped") {
		t.Fatalf("a page sent after Stop: %v, want the renderer stopped", err)
	}
}

// A renderer's temporary folder (its loader and server bundle) is removed once Node answers, having
// loaded them: a docsd killed after that (a build stopped with Ctrl-C never reaches Close) leaves
// nothing behind in the system's temporary folder.
func TestRendererFolderGoesOnceNodeAnswers(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	r, err := Start([]byte(`let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  for (let i; (i = buf.indexOf('\n')) >= 0; ) {
    const req = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    const html = '<p>' + req.url + '</p>';
    process.stdout.write(req.id + ' ' + Buffer.byteLength(html) + '\n' + html);
  }
});
`))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := os.Stat(filepath.Join(r.dir, "ssr.cjs")); err != nil {
		t.Fatalf("the renderer's bundle is not in its folder before it answers: %v", err)
	}
	html, err := r.Render(Request{URL: "/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)})
	if err != nil || html != "<p>/a</p>" {
		t.Fatalf("Render = %q, %v", html, err)
	}
	if _, err := os.Stat(r.dir); !os.IsNotExist(err) {
		t.Errorf("the renderer's folder %s is still there after its first answer (%v)", r.dir, err)
	}
	// It renders on without the folder.
	if html, err := r.Render(Request{URL: "/b", SiteKey: "en-1", Page: json.RawMessage(`{}`)}); err != nil || html != "<p>/b</p>" {
		t.Errorf("second Render = %q, %v", html, err)
	}
}
