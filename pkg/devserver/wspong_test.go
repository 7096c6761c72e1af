package devserver

import (
	"net"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// deadlines counts the read deadlines set ahead on the connections a listener accepts (not a zero
// time, "no deadline", nor one past, with which net/http ends its background read at the upgrade).
type deadlines struct {
	net.Listener
	set *atomic.Int64
}

func (l deadlines) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return deadlineConn{c, l.set}, nil
}

type deadlineConn struct {
	net.Conn
	set *atomic.Int64
}

func (c deadlineConn) SetReadDeadline(t time.Time) error {
	if t.After(time.Now()) {
		c.set.Add(1)
	}
	return c.Conn.SetReadDeadline(t)
}

// Each pong a browser answers gives its connection pongWait more: the reader's deadline is moved
// once when it joins and once per pong. Without that every browser, however alive, was dropped
// pongWait after it joined (and its page reloaded when it came back), which no timed wait in a
// test could see without racing the machine's load: here the deadlines are counted, not awaited.
func TestWebsocketPongsMoveTheReadDeadline(t *testing.T) {
	s, _, origin, stop := wsServer(t, 10*time.Millisecond, time.Hour)
	stop() // the test's own server, whose connections count their deadlines, serves instead
	defer s.Close()
	var set atomic.Int64
	srv := httptest.NewUnstartedServer(s.Handler())
	srv.Listener = deadlines{srv.Listener, &set}
	srv.Start()
	defer srv.Close()
	origin.Set("Origin", srv.URL)
	c := dial(t, "ws"+strings.TrimPrefix(srv.URL, "http")+"/docs/__docsd/ws", origin)
	defer c.Close()
	var answered atomic.Int64
	c.SetPingHandler(func(data string) error {
		err := c.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(time.Minute))
		answered.Add(1)
		return err
	})
	go func() {
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				return
			}
		}
	}()
	// The deadline bounds a hang; it measures nothing.
	deadline := time.Now().Add(time.Minute)
	for answered.Load() < 3 || set.Load() < 4 {
		if time.Now().After(deadline) {
			t.Fatalf("%d pings answered, %d read deadlines set: want the one at joining and one per pong", answered.Load(), set.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
}
