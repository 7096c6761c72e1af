package devserver

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"docsd/internal/testfs"
	"docsd/pkg/build"
)

// failAfter bounds a wait only when a test is failing: what the tests wait for (a rebuild's
// message, a page) comes by an event, however busy the machine, and a loaded CI runner with -race
// may take many seconds over one rebuild.
const failAfter = 2 * time.Minute

// project is a dev server of a copy of testdata/sites/multi.
func project(t *testing.T) (string, *Server) {
	t.Helper()
	return fixtureProject(t, "multi")
}

// fixtureProject is a dev server of a copy of testdata/sites/<name>, closed at the test's end.
func fixtureProject(t *testing.T, name string) (string, *Server) {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/"+name, root)
	site, _ := filepath.Abs("../../site")
	s, err := New(build.Options{Root: root, SiteDir: site, Production: true}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return root, s
}

// startWatching runs s.Watch until the test ends and returns once it watches: saves made before
// would be missed. Set the server's hooks first.
func startWatching(t *testing.T, s *Server) {
	t.Helper()
	watching := make(chan struct{})
	s.OnWatch = func() { close(watching) }
	ctx, cancel := context.WithCancel(context.Background())
	watchErr := make(chan error, 1)
	go func() { watchErr <- s.Watch(ctx) }()
	t.Cleanup(func() { cancel(); <-watchErr })
	select {
	case <-watching:
	case err := <-watchErr:
		t.Fatalf("Watch returned before watching: %v", err)
	case <-time.After(failAfter):
		t.Fatal("Watch never said it watches")
	}
}

func TestWebsocketChecksOrigin(t *testing.T) {
	_, s := project(t)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	for _, origin := range []string{"http://evil.example", "", "null"} {
		h := http.Header{}
		if origin != "" {
			h.Set("Origin", origin)
		}
		if c, _, err := websocket.DefaultDialer.Dial(url, h); err == nil {
			c.Close()
			t.Errorf("origin %q was accepted", origin)
		}
	}
	h := http.Header{"Origin": {srv.URL}}
	c, _, err := websocket.DefaultDialer.Dial(url, h)
	if err != nil {
		t.Fatalf("same origin refused: %v", err)
	}
	c.Close()
}

func TestEditIsPushedToTheBrowserShowingThePage(t *testing.T) {
	root, s := project(t)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	dial := func(route string) *websocket.Conn {
		c, _, err := websocket.DefaultDialer.Dial(url, http.Header{"Origin": {srv.URL}})
		if err != nil {
			t.Fatal(err)
		}
		c.WriteJSON(map[string]string{"type": "route", "route": route})
		readHello(t, c)
		return c
	}
	setup, intro := dial("/docs/guide/setup"), dial("/docs/guide/intro")
	defer setup.Close()
	defer intro.Close()
	f := filepath.Join(root, "content/docs/guide/setup.md")
	data, _ := os.ReadFile(f)
	os.WriteFile(f, append(data, "\nNew text.\n"...), 0o644)
	s.Rebuild([]string{f})
	m := message{}
	setup.SetReadDeadline(time.Now().Add(failAfter))
	if err := setup.ReadJSON(&m); err != nil || m.Type != "update" {
		t.Fatalf("the browser showing the edited page got %+v, %v; want update", m, err)
	}
	if !strings.Contains(string(m.Page), "New text.") || !strings.Contains(string(m.Sidebar), `"label"`) {
		t.Errorf("the update does not carry the page's new data and its sidebar: page %.200s, sidebar %.200s", m.Page, m.Sidebar)
	}
	m = message{}
	intro.SetReadDeadline(time.Now().Add(failAfter))
	if err := intro.ReadJSON(&m); err != nil || m.Type != "status" {
		t.Fatalf("a browser showing another page got %+v, %v; want status only", m, err)
	}
	// Once the search files are re-indexed, every browser hears it; the edited page's browser is
	// not told to update twice.
	for _, c := range []*websocket.Conn{setup, intro} {
		for m = (message{}); !m.Search; {
			c.SetReadDeadline(time.Now().Add(failAfter))
			if err := c.ReadJSON(&m); err != nil || m.Type != "status" {
				t.Fatalf("after the page: got %+v, %v; want a status saying the search files changed", m, err)
			}
		}
	}
	res, err := http.Get(srv.URL + "/docs/guide/setup")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "New text.") {
		t.Error("the server does not serve the new page")
	}
	// A broken file: an error for every browser, the last good page still served.
	m = message{}
	os.WriteFile(f, []byte("---\ntitle: [x\n---\n"), 0o644)
	s.Rebuild([]string{f})
	intro.SetReadDeadline(time.Now().Add(failAfter))
	for m.Errors == nil { // earlier status messages may still be queued
		if err := intro.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(m.Errors[0].File, "setup.md") || m.Errors[0].Line != 2 {
		t.Fatalf("want an error naming setup.md line 2, got %+v", m)
	}
	res, _ = http.Get(srv.URL + "/docs/guide/setup")
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "New text.") {
		t.Error("the last good page is not served after a failed rebuild")
	}
}

func TestShellEditsReloadOrSwapStyles(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	shell := testfs.ShellCopy(t, "../..")
	s, err := New(build.Options{Root: root, SiteDir: shell, Production: true}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := openPage(t, srv.URL, "/docs/guide/intro")
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	c.ReadJSON(&m)

	css := filepath.Join(shell, "src/styles/main.css")
	data, _ := os.ReadFile(css)
	os.WriteFile(css, append(data, "\n.docsd-test-rule { color: red; }\n"...), 0o644)
	s.Rebuild([]string{css})
	m = message{}
	c.SetReadDeadline(time.Now().Add(failAfter))
	if err := c.ReadJSON(&m); err != nil || m.Type != "css" || len(m.CSS) == 0 {
		t.Fatalf("a stylesheet edit sent %+v %v; want a css swap", m, err)
	}

	footer := filepath.Join(shell, "src/components/Footer.jsx")
	data, _ = os.ReadFile(footer)
	os.WriteFile(footer, []byte(strings.Replace(string(data), "footer-copyright", "footer-copyright footer-edited", 1)), 0o644)
	s.Rebuild([]string{footer})
	m = message{}
	c.SetReadDeadline(time.Now().Add(failAfter))
	if err := c.ReadJSON(&m); err != nil || m.Type != "reload" {
		t.Fatalf("a shell code edit sent %+v %v; want reload", m, err)
	}
}

// After a docsd.toml edit the search files take new names (they follow the configuration and the
// shell): open pages must hear the new names, in their locale, or their search breaks with a 404
// (issue #15).
func TestOpenPagesFollowTheSearchFilesAfterAConfigEdit(t *testing.T) {
	root, s := project(t)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	answers := func(path string) bool {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode == 200
	}
	type page struct {
		conn        *websocket.Conn
		docs, index string
	}
	open := func(route, prefix string) page {
		c, _, err := websocket.DefaultDialer.Dial(url, http.Header{"Origin": {srv.URL}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.WriteJSON(map[string]string{"type": "route", "route": route})
		var m message
		c.SetReadDeadline(time.Now().Add(failAfter))
		if err := c.ReadJSON(&m); err != nil || m.Type != "status" {
			t.Fatalf("%s: hello %+v %v", route, m, err)
		}
		if !strings.HasPrefix(m.SearchDocs, prefix+"search-docs-") || !strings.HasPrefix(m.SearchIndex, prefix+"search-index-") ||
			!answers(m.SearchDocs) || !answers(m.SearchIndex) {
			t.Fatalf("%s: the hello names search files %q and %q; want the locale's, served", route, m.SearchDocs, m.SearchIndex)
		}
		return page{c, m.SearchDocs, m.SearchIndex}
	}
	pages := []page{open("/docs/guide/intro", "/docs/"), open("/docs/fr/guide/intro", "/docs/fr/"), open("/docs/no/such/page", "/docs/")}

	toml := filepath.Join(root, "docsd.toml")
	data, _ := os.ReadFile(toml)
	if err := os.WriteFile(toml, append(data, "\n# edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(toml, later, later); err != nil {
		t.Fatal(err)
	}
	s.Rebuild([]string{toml})
	for _, p := range pages {
		var m message
		for !m.Search {
			p.conn.SetReadDeadline(time.Now().Add(failAfter))
			if err := p.conn.ReadJSON(&m); err != nil {
				t.Fatalf("waiting for the message saying search changed: %v", err)
			}
		}
		if m.SearchDocs == p.docs || m.SearchIndex == p.index || !answers(m.SearchDocs) || !answers(m.SearchIndex) {
			t.Errorf("after the edit, a page with %s is told %q and %q: want the new files, served", p.docs, m.SearchDocs, m.SearchIndex)
		}
		if path.Dir(m.SearchDocs) != path.Dir(p.docs) {
			t.Errorf("the new search files %s are not those of the page's locale (%s)", m.SearchDocs, p.docs)
		}
	}
}

// openPage is a browser tab on route: a socket to the dev server at srvURL, from its own origin,
// that has said which page it shows. It closes at the test's end.
func openPage(t *testing.T, srvURL, route string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srvURL, "http")+"/docs/__docsd/ws", http.Header{"Origin": {srvURL}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.WriteJSON(map[string]string{"type": "route", "route": route}); err != nil {
		t.Fatal(err)
	}
	return c
}

// readHello reads the status message the dev server greets a page with.
func readHello(t *testing.T, c *websocket.Conn) message {
	t.Helper()
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	if err := c.ReadJSON(&m); err != nil || m.Type != "status" {
		t.Fatalf("hello: %+v %v", m, err)
	}
	return m
}
