package devserver

import (
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
				// Some leave at once, some read what a rebuild sends them first.
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
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if err := c.ReadJSON(&m); err != nil || m.Type != "status" {
		t.Fatalf("after the storm, hello: %+v %v", m, err)
	}
	os.WriteFile(f, append(original, "\nThe last save.\n"...), 0o644)
	s.Rebuild([]string{f})
	for m.Type != "update" {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		if err := c.ReadJSON(&m); err != nil {
			t.Fatalf("after the storm, waiting for the update: %v", err)
		}
	}
	if !strings.Contains(string(m.Page), "The last save.") {
		t.Errorf("the update after the storm does not carry the edit: %.200s", m.Page)
	}
}
