package ssr

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// echoBundle answers every request with "<url> react:<whether react-dom/server's legacy file, the
// one the server bundle requires, was loaded before the bundle ran, and React's streaming renderer,
// which the shell does not use, was not>", in the framing pkg/ssr reads.
const echoBundle = `
const loaded = Object.keys(require.cache);
const early = loaded.some((k) => k.endsWith('react-dom-server-legacy.node.production.js')) &&
  !loaded.some((k) => k.endsWith('react-dom-server.node.production.js'));
let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('utf8');
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const req = JSON.parse(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
    const html = req.url + ' react:' + early;
    process.stdout.write(req.id + ' ' + Buffer.byteLength(html) + '\n' + html);
  }
});
`

// A renderer started early loads React from the shell's folder before its bundle comes, then runs
// the bundle on the requests that follow, as one started on the bundle does. A folder where React
// cannot be found only loses the head start.
func TestEarlyRendererLoadsReactThenTheBundle(t *testing.T) {
	for _, c := range []struct {
		shell string
		react bool
	}{{"../../site", true}, {t.TempDir(), false}} {
		e, err := StartEarly(c.shell, 2)
		if err != nil {
			t.Fatal(err)
		}
		p, err := e.Load([]byte(echoBundle))
		if err != nil {
			t.Fatal(err)
		}
		for _, url := range []string{"/docs/a", "/docs/b", "/docs/c"} {
			html, err := p.Render(Request{URL: url, SiteKey: "en-1", Page: json.RawMessage(`{}`)})
			if want := url + " react:" + map[bool]string{true: "true", false: "false"}[c.react]; err != nil || html != want {
				t.Errorf("shell %s: rendered %q, %v; want %q", c.shell, html, err, want)
			}
		}
		p.Close()
		e.Close() // used up by Load: nothing left to stop
	}
}

// The requests that arrive in the same read as the bundle's path reach the bundle.
func TestLoaderHandsOnWhatFollowsTheBundlePath(t *testing.T) {
	dir := t.TempDir()
	loader, bundle := filepath.Join(dir, "loader.cjs"), filepath.Join(dir, "ssr.cjs")
	if err := os.WriteFile(loader, loaderJS, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bundle, []byte(echoBundle), 0o644); err != nil {
		t.Fatal(err)
	}
	path, _ := json.Marshal(bundle)
	cmd := exec.Command("node", loader, dir)
	cmd.Stdin = strings.NewReader(string(path) + "\n" + `{"id":1,"url":"/one"}` + "\n" + `{"id":2,"url":"/two"}` + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "1 16\n/one react:false2 16\n/two react:false"; string(out) != want {
		t.Errorf("the bundle answered %q, want %q", out, want)
	}
}

// A bundle that fails to load in a renderer started early fails its pages with what Node said.
func TestEarlyRendererReportsABundleThatFails(t *testing.T) {
	e, err := StartEarly(t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := e.Load([]byte(`throw new Error('the bundle is broken at load');`))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for i := 0; i < 2; i++ { // before and after the process is known to have stopped
		_, err = p.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)})
		if err == nil || !strings.Contains(err.Error(), "the bundle is broken at load") {
			t.Fatalf("render %d: %v, want the bundle's error", i, err)
		}
	}
}

// Without Node on the PATH, starting early fails and says why.
func TestEarlyRendererWithoutNode(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := StartEarly(t.TempDir(), 1); err == nil || !strings.Contains(err.Error(), "needs Node.js") {
		t.Fatalf("got %v, want an error naming Node.js", err)
	}
}

// A renderer of one build runs with OneBuildFlag: Node accepts it (an unknown flag stops Node
// before the first page) and the process has it.
func TestOneBuildFlagReachesNode(t *testing.T) {
	e, err := StartEarly(t.TempDir(), 1, OneBuildFlag)
	if err != nil {
		t.Fatal(err)
	}
	p, err := e.Load([]byte(`process.stdin.on('data', (chunk) => {
  const req = JSON.parse(chunk.toString('utf8').split('\n')[0]);
  const html = JSON.stringify(process.execArgv);
  process.stdout.write(req.id + ' ' + Buffer.byteLength(html) + '\n' + html);
});`))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	html, err := p.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)})
	var args []string
	if err == nil {
		err = json.Unmarshal([]byte(html), &args)
	}
	if err != nil || !slices.Contains(args, OneBuildFlag) {
		t.Fatalf("Node ran with %q (%v), want %s among its flags", html, err, OneBuildFlag)
	}
}
