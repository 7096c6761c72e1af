package devserver

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"docsd/internal/testfs"
	"docsd/pkg/build"

	"github.com/gorilla/websocket"
)

// lockedLog is a log the server writes from its handlers' goroutines and the test reads.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Past the limit of browsers, one more socket is refused with 503 before it is upgraded (the
// terminal says so once); once a browser leaves, the next one gets in and hears its page's status.
func TestWebsocketClientsAreLimited(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	site, _ := filepath.Abs("../../site")
	var logs lockedLog
	s, err := New(build.Options{Root: root, SiteDir: site, Production: true}, &logs)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	s.hub.max = 2
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	origin := http.Header{"Origin": {srv.URL}}

	var conns []*websocket.Conn
	for i := 0; i < 2; i++ {
		c, _, err := websocket.DefaultDialer.Dial(url, origin)
		if err != nil {
			t.Fatalf("browser %d: %v", i, err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	for i := 0; i < 3; i++ {
		_, resp, err := websocket.DefaultDialer.Dial(url, origin)
		if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("browser past the limit: %v, %v; want 503", err, resp)
		}
	}
	if n := strings.Count(logs.String(), "browsers are connected, the most"); n != 1 {
		t.Errorf("the refusals were logged %d times, want once:\n%s", n, logs.String())
	}

	conns[0].Close()
	// The server sees the browser leave when its read fails; a place is free once it has.
	deadline := time.Now().Add(time.Minute) // a bound on a hang, not a measure: the wait ends at once
	for {
		s.hub.mu.Lock()
		admitted := s.hub.admitted
		s.hub.mu.Unlock()
		if admitted < 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the browser that left still holds its place")
		}
		time.Sleep(5 * time.Millisecond)
	}
	c, _, err := websocket.DefaultDialer.Dial(url, origin)
	if err != nil {
		t.Fatalf("a browser after one left: %v", err)
	}
	defer c.Close()
	if err := c.WriteJSON(map[string]string{"type": "route", "route": "/docs/guide/setup"}); err != nil {
		t.Fatal(err)
	}
	var msg map[string]any
	if err := c.ReadJSON(&msg); err != nil {
		t.Fatalf("the browser let in hears nothing: %v", err)
	}
	if msg["type"] == nil {
		t.Errorf("status %v has no type", msg)
	}
}
