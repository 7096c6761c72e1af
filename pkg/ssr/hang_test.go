package ssr

// A page whose render never ends (a component that loops holds the renderer's only thread) fails
// as a PageError once the renderer has answered nothing for the limit; the renderer is replaced,
// and the pages that waited behind the looping one are rendered by the replacement. The looping
// render never ends however fast the machine is, so the small limit decides nothing else: the
// replacement, which renders the pages that must succeed, runs with the default limit.

import (
	"errors"
	"strings"
	"testing"
	"time"

	"docsd/pkg/nodeproc"
)

// loopingBundle is a server bundle that speaks the renderer's protocol, loops for ever on the URL
// /loop/ and renders any other page as its URL and process id.
const loopingBundle = `let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
    const req = JSON.parse(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
    if (req.url === '/loop/') for (;;) {}
    const html = Buffer.from(req.url + ' ' + process.pid);
    process.stdout.write(req.id + ' ' + html.length + '\n');
    process.stdout.write(html);
  }
});
`

func TestHungRenderFailsItsPageAndTheOthersRenderOnAFreshProcess(t *testing.T) {
	p, err := StartPool([]byte(loopingBundle), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	first, err := p.Render(Request{URL: "/warm/", SiteKey: "en-1", Page: []byte(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	old := p.list()[0]
	p.SetLimit(time.Second)
	looped := make(chan error, 1)
	go func() {
		_, err := p.Render(Request{URL: "/loop/", SiteKey: "en-1", Page: []byte(`{}`)})
		looped <- err
	}()
	for waiting := 0; waiting == 0; { // the looping page is sent before the next
		old.mu.Lock()
		waiting = len(old.waiting)
		old.mu.Unlock()
		if waiting == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	p.SetLimit(nodeproc.DefaultLimit) // for the renderer that replaces the stopped one
	answered := make(chan string, 1)
	go func() {
		html, err := p.Render(Request{URL: "/fine/", SiteKey: "en-1", Page: []byte(`{}`)})
		if err != nil {
			t.Errorf("the page waiting behind the looping one failed: %v", err)
		}
		answered <- html
	}()
	err = <-looped
	var pe *PageError
	if !errors.As(err, &pe) || pe.URL != "/loop/" || !strings.Contains(pe.Message, "the render took more than 1s") ||
		!strings.Contains(pe.Message, nodeproc.LimitEnv) {
		t.Fatalf("the looping page failed with %v, want a PageError saying its render took more than 1s", err)
	}
	html := <-answered
	oldPID := strings.Fields(first)[1]
	if !strings.HasPrefix(html, "/fine/ ") || strings.HasSuffix(html, " "+oldPID) {
		t.Fatalf("the page waiting behind the looping one rendered as %q, want it from a fresh process (not %s)", html, oldPID)
	}
	// A later page (docsd watch's next build) renders too.
	if html, err := p.Render(Request{URL: "/later/", SiteKey: "en-1", Page: []byte(`{}`)}); err != nil || !strings.HasPrefix(html, "/later/ ") {
		t.Fatalf("a page rendered after the hang: %q, %v", html, err)
	}
}
