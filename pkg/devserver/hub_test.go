package devserver

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Browsers that connect, reload and leave while a page is saved again and again must never bring
// the daemon down (issue #15: a send on a closed channel killed it). Run it with -race.
func TestClientsComeAndGoDuringRebuildStorms(t *testing.T) {
	root, s := project(t)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	origin := http.Header{"Origin": {srv.URL}}
	routes := []string{"/docs/guide/setup", "/docs/guide/intro", "/docs/"}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				c, _, err := websocket.DefaultDialer.Dial(url, origin)
				if err != nil {
					t.Errorf("client %d, connection %d: %v", i, n, err)
					return
				}
				c.WriteJSON(map[string]string{"type": "route", "route": routes[(i+n)%len(routes)]})
				// Some leave at once, some read what a rebuild sends them first. The deadline decides
				// nothing: once the storm is over no message comes, and the client just leaves.
				for k := 0; k < n%3; k++ {
					c.SetReadDeadline(time.Now().Add(10 * time.Second))
					if _, _, err := c.ReadMessage(); err != nil {
						break
					}
				}
				c.Close()
			}
		}(i)
	}
	f := filepath.Join(root, "content/docs/guide/setup.md")
	original, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ {
		text := append(append([]byte{}, original...), []byte("\nSave number "+strings.Repeat("x", i%7)+".\n")...)
		if err := os.WriteFile(f, text, 0o644); err != nil {
			t.Fatal(err)
		}
		s.Rebuild([]string{f})
	}
	close(stop)
	wg.Wait()

	// The daemon still serves pages and tells a new browser about the next edit.
	c, _, err := websocket.DefaultDialer.Dial(url, origin)
	if err != nil {
		t.Fatalf("after the storm: %v", err)
	}
	defer c.Close()
	c.WriteJSON(map[string]string{"type": "route", "route": "/docs/guide/setup"})
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	if err := c.ReadJSON(&m); err != nil || m.Type != "status" {
		t.Fatalf("after the storm, hello: %+v %v", m, err)
	}
	os.WriteFile(f, append(original, "\nThe last save.\n"...), 0o644)
	s.Rebuild([]string{f})
	for m.Type != "update" {
		c.SetReadDeadline(time.Now().Add(failAfter))
		if err := c.ReadJSON(&m); err != nil {
			t.Fatalf("after the storm, waiting for the update: %v", err)
		}
	}
	if !strings.Contains(string(m.Page), "The last save.") {
		t.Errorf("the update after the storm does not carry the edit: %.200s", m.Page)
	}
}

// A browser that stops reading is dropped, and its connection closed, once its queue is full; the
// broadcast never waits for it, and the other browsers keep hearing every message.
func TestABrowserThatStopsReadingIsDropped(t *testing.T) {
	h := newHub()
	type joined struct {
		c    *client
		left chan struct{} // closed when its handler has returned
	}
	joins := make(chan joined, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
		if err != nil {
			return
		}
		c, written := h.join(conn)
		j := joined{c, make(chan struct{})}
		defer close(j.left)
		joins <- j
		for {
			if _, _, err := conn.ReadMessage(); err != nil {
				break
			}
		}
		h.drop(c)
		<-written
	}))
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http")
	stuckConn, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stuckConn.Close() // never read
	stuck := <-joins
	readerConn, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer readerConn.Close()
	reader := <-joins
	heard := make(chan string)
	go func() {
		defer close(heard)
		for {
			var m message
			if err := readerConn.ReadJSON(&m); err != nil {
				return
			}
			heard <- m.Route
		}
	}()

	big := strings.Repeat("x", 1<<20) // the stuck browser's socket buffers fill after a few
	deadline := time.Now().Add(failAfter)
	for i := 0; ; i++ {
		select {
		case <-stuck.c.done:
		default:
			if time.Now().After(deadline) {
				t.Fatalf("after %d messages the browser that does not read is still connected", i)
			}
			h.broadcast(func(c *client) any {
				if c == stuck.c {
					return message{Type: "status", Route: big}
				}
				return message{Type: "status", Route: fmt.Sprint(i)}
			})
			if got := <-heard; got != fmt.Sprint(i) {
				t.Fatalf("the reading browser heard %q, want message %d", got, i)
			}
			continue
		}
		break
	}
	select {
	case <-stuck.left:
	case <-time.After(failAfter):
		t.Fatal("the dropped browser's connection was not closed")
	}
	select {
	case <-reader.c.done:
		t.Fatal("the browser that reads was dropped")
	default:
	}
}
