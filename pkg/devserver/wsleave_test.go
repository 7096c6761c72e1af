package devserver

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/internal/testfs"
	"docsd/pkg/build"

	"github.com/gorilla/websocket"
)

// admittedFalls waits until the hub holds at most n places; the deadline bounds a hang, it
// measures nothing.
func admittedFalls(t *testing.T, h *hub, n int, what string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		h.mu.Lock()
		admitted, joined := h.admitted, len(h.clients)
		h.mu.Unlock()
		if admitted <= n && joined <= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d places and %d clients still held, want at most %d", what, admitted, joined, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// wsServer is a dev server of testdata/sites/multi with its websocket URL; the test closes it.
func wsServer(t *testing.T, ping, pong time.Duration) (*Server, string, http.Header, func()) {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	site, _ := filepath.Abs("../../site")
	s, err := New(build.Options{Root: root, SiteDir: site, Production: true}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	s.hub.pingPeriod, s.hub.pongWait = ping, pong
	srv := httptest.NewServer(s.Handler())
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	return s, url, http.Header{"Origin": {srv.URL}}, srv.Close
}

func dial(t *testing.T, url string, origin http.Header) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.DefaultDialer.Dial(url, origin)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Every way a browser's connection ends gives its place back: a close, a connection cut without
// one, and a browser that went silent (a laptop closed, a network gone: no FIN ever comes), which
// only the server's pings find. Without them the silent one held its place until the next rebuild
// wrote to it and the kernel gave up, minutes later, or for ever when nothing was saved.
func TestWebsocketPlacesAreGivenBack(t *testing.T) {
	s, url, origin, stop := wsServer(t, 20*time.Millisecond, 200*time.Millisecond)
	defer stop()
	defer s.Close()

	closed := dial(t, url, origin)
	cut := dial(t, url, origin)
	silent := dial(t, url, origin) // never reads, so it never answers a ping
	defer silent.Close()

	closed.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, ""))
	closed.Close()
	cut.UnderlyingConn().Close()
	admittedFalls(t, s.hub, 1, "two browsers gone")
	admittedFalls(t, s.hub, 0, "a silent browser")
}

// A browser that reads answers the server's pings, and keeps its place while it does.
func TestWebsocketPingsAreAnswered(t *testing.T) {
	// A minute's wait: a late pong is not what this test could see.
	s, url, origin, stop := wsServer(t, 10*time.Millisecond, time.Minute)
	defer stop()
	defer s.Close()

	c := dial(t, url, origin)
	defer c.Close()
	pings := make(chan struct{}, 16)
	c.SetPingHandler(func(data string) error {
		select {
		case pings <- struct{}{}:
		default:
		}
		return c.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(time.Minute))
	})
	go func() {
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				return
			}
		}
	}()
	for i := 0; i < 3; i++ {
		select {
		case <-pings:
		case <-time.After(time.Minute): // a bound on a hang
			t.Fatalf("ping %d never came", i+1)
		}
	}
	s.hub.mu.Lock()
	n := len(s.hub.clients)
	s.hub.mu.Unlock()
	if n != 1 {
		t.Errorf("%d clients after three pings answered, want 1", n)
	}
}

// Closing the server ends its browsers' connections: each handler returns and gives its place back.
func TestWebsocketsEndWithTheServer(t *testing.T) {
	s, url, origin, stop := wsServer(t, pingPeriod, pongWait)
	defer stop()
	a, b := dial(t, url, origin), dial(t, url, origin)
	defer a.Close()
	defer b.Close()
	s.Close()
	admittedFalls(t, s.hub, 0, "the server closed")
	a.SetReadDeadline(time.Now().Add(time.Minute))
	if _, _, err := a.ReadMessage(); err == nil {
		t.Error("a browser still reads from a closed server")
	}
}
