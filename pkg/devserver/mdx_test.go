package devserver

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// An MDX syntax error reaches the overlay at its file, line and column, and the page's last good
// version is still served (issue #21).
func TestMDXErrorInTheOverlayLastGoodPageStays(t *testing.T) {
	root, s := fixtureProject(t, "mdx")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/docs/__docsd/ws", http.Header{"Origin": {srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.WriteJSON(map[string]string{"type": "route", "route": "/docs/guide/install"})
	f := filepath.Join(root, "content/docs/guide/install.mdx")
	good, _ := os.ReadFile(f)
	broken := strings.Replace(string(good), "## Shared step", "## Shared step\n\n<Badge tone=\"x\"", 1)
	os.WriteFile(f, []byte(broken), 0o644)
	s.Rebuild([]string{f})
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	for m.Errors == nil {
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
	}
	e := m.Errors[0]
	if e.File != "content/docs/guide/install.mdx" || e.Line != 42 || e.Column != 1 || !strings.Contains(e.Message, "MDX:") {
		t.Errorf("overlay error %+v, want content/docs/guide/install.mdx:42:1, where the unclosed tag meets the next one", e)
	}
	res, err := http.Get(srv.URL + "/docs/guide/install")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `role="tablist"`) {
		t.Error("the last good MDX page is not served after a failed rebuild")
	}
}
