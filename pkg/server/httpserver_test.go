package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// failAfter bounds a wait only when a test is failing: every wait is for an event (a connection
// state, an answer) that comes however busy the machine is.
const failAfter = 2 * time.Minute

// startLimited runs NewHTTPServer on a loopback port with a limit of max connections; states
// receives every connection state change, after the server's own bookkeeping.
func startLimited(t *testing.T, h http.Handler, max int) (addr string, states <-chan http.ConnState) {
	t.Helper()
	srv := NewHTTPServer(h, max)
	ch := make(chan http.ConnState, 1000)
	own := srv.ConnState
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		own(c, s)
		ch <- s
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), ch
}

// waitState waits for a connection to reach state (the deadline only bounds a failure).
func waitState(t *testing.T, states <-chan http.ConnState, want http.ConnState) {
	t.Helper()
	deadline := time.After(failAfter)
	for {
		select {
		case s := <-states:
			if s == want {
				return
			}
		case <-deadline:
			t.Fatalf("no connection reached %v", want)
		}
	}
}

// keepAliveGet sends a keep-alive GET on c and reads the answer, leaving the connection open.
func keepAliveGet(t *testing.T, c net.Conn, r *bufio.Reader, path string) int {
	t.Helper()
	c.SetDeadline(time.Now().Add(failAfter)) // bounds a failure only
	if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: docs.test\r\n\r\n", path); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// TestIdleConnectionsMakeRoom: with the limit reached by idle keep-alive connections, a new client
// is served, and the connection idle the longest is the one closed for it.
func TestIdleConnectionsMakeRoom(t *testing.T) {
	const limit = 3
	addr, states := startLimited(t, New(site(), "/docs/"), limit)
	var idle []net.Conn
	for i := range limit + 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if code := keepAliveGet(t, c, bufio.NewReader(c), "/docs/"); code != 200 {
			t.Fatalf("client %d: %d, want 200", i+1, code)
		}
		waitState(t, states, http.StateIdle)
		idle = append(idle, c)
	}
	// The first two clients were closed to make room for the last two; the others are still open.
	for i, c := range idle {
		c.SetReadDeadline(time.Now().Add(failAfter))
		if i < 2 {
			if n, err := c.Read(make([]byte, 1)); err != io.EOF {
				t.Errorf("client %d: read %d, %v; want the server to have closed it", i+1, n, err)
			}
		}
	}
	last := idle[len(idle)-1]
	if code := keepAliveGet(t, last, bufio.NewReader(last), "/docs/usage/tour"); code != 200 {
		t.Errorf("the last client again on its connection: %d", code)
	}
}

// TestBusyLimitWaits: when every connection is busy, a new client waits for one to finish instead
// of being refused, and is then served.
func TestBusyLimitWaits(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan string, 10)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered <- r.URL.Path
		if r.URL.Path == "/slow" {
			<-release
		}
		io.WriteString(w, "ok")
	})
	addr, _ := startLimited(t, h, 1)
	busy, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	fmt.Fprintf(busy, "GET /slow HTTP/1.1\r\nHost: docs.test\r\n\r\n")
	if p := <-entered; p != "/slow" {
		t.Fatalf("first request: %s", p)
	}
	done := make(chan int)
	go func() {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			done <- -1
			return
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(failAfter))
		fmt.Fprintf(c, "GET /new HTTP/1.1\r\nHost: docs.test\r\nConnection: close\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			done <- -1
			return
		}
		done <- resp.StatusCode
	}()
	close(release)
	if code := <-done; code != 200 {
		t.Errorf("the waiting client: %d, want 200", code)
	}
}
