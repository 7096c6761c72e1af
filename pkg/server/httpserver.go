// The HTTP server of docsd serve: time-outs, so that no client holds a connection for ever, and a
// connection limit that degrades gracefully. Without them 246 idle keep-alive connections used up
// the open-file limit of the process and every new client was locked out. At the limit the oldest
// idle keep-alive connection is closed to make room for the new client (as nginx does when it runs
// out of worker_connections); when none is idle, the new client waits until one is.
package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Time-outs of docsd serve. WriteTimeout bounds the time to send one answer, so it is generous
// enough for a 100 MB file over a slow link; IdleTimeout closes keep-alive connections nobody uses.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 5 * time.Minute
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 64 << 10
)

// HTTPServer is an http.Server whose Serve limits the open connections to MaxConns.
type HTTPServer struct {
	*http.Server
	limit *connLimit
}

// NewHTTPServer returns the server of docsd serve for handler, holding at most maxConns
// connections (DefaultMaxConns when maxConns < 1).
func NewHTTPServer(handler http.Handler, maxConns int) *HTTPServer {
	if maxConns < 1 {
		maxConns = DefaultMaxConns()
	}
	l := &connLimit{max: maxConns, idle: map[*limitedConn]uint64{}, changed: make(chan struct{}, 1)}
	return &HTTPServer{
		Server: &http.Server{
			Handler:           handler,
			ReadHeaderTimeout: readHeaderTimeout,
			ReadTimeout:       readTimeout,
			WriteTimeout:      writeTimeout,
			IdleTimeout:       idleTimeout,
			MaxHeaderBytes:    maxHeaderBytes,
			ConnState:         l.connState,
		},
		limit: l,
	}
}

// Serve serves on ln until Shutdown or Close.
func (s *HTTPServer) Serve(ln net.Listener) error {
	return s.Server.Serve(&limitListener{Listener: ln, limit: s.limit, closed: make(chan struct{})})
}

// DefaultMaxConns leaves room in the open-file limit for the file each connection may be sending
// and the descriptors of the process itself, within [8, 4096].
func DefaultMaxConns() int {
	n := (openFileLimit() - 32) / 2
	return min(max(n, 8), 4096)
}

// connLimit counts the open connections and knows which are idle, in the order they became so.
type connLimit struct {
	max     int
	mu      sync.Mutex
	open    int
	idle    map[*limitedConn]uint64 // idle connection → when it became idle (a sequence number)
	seq     uint64
	changed chan struct{} // a connection closed or became idle: a waiting Accept looks again
}

func (l *connLimit) connState(c net.Conn, state http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	if state == http.StateIdle && !lc.closed {
		l.seq++
		l.idle[lc] = l.seq
	} else {
		delete(l.idle, lc)
	}
	l.mu.Unlock()
	if state == http.StateIdle {
		l.signal()
	}
}

func (l *connLimit) signal() {
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

// oldestIdle returns the connection idle the longest, or nil. Called with mu held.
func (l *connLimit) oldestIdle() *limitedConn {
	var oldest *limitedConn
	for c, since := range l.idle {
		if oldest == nil || since < l.idle[oldest] {
			oldest = c
		}
	}
	return oldest
}

type limitListener struct {
	net.Listener
	limit     *connLimit
	closeOnce sync.Once
	closed    chan struct{}
}

// Accept takes the next client, then makes room for it: at the limit it closes the oldest idle
// connection, or waits for a connection to close or become idle.
func (ln *limitListener) Accept() (net.Conn, error) {
	c, err := ln.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l := ln.limit
	for {
		l.mu.Lock()
		if l.open < l.max {
			l.open++
			l.mu.Unlock()
			return &limitedConn{Conn: c, limit: l}, nil
		}
		victim := l.oldestIdle()
		l.mu.Unlock()
		if victim != nil {
			// A client that sends a request on it just now sees the connection close, and
			// retries it on a new one, as browsers and HTTP clients do for idempotent requests.
			victim.Close()
			continue
		}
		select {
		case <-l.changed:
		case <-ln.closed:
			c.Close()
			return nil, net.ErrClosed
		}
	}
}

func (ln *limitListener) Close() error {
	ln.closeOnce.Do(func() { close(ln.closed) })
	return ln.Listener.Close()
}

// limitedConn gives its place back when closed, by the server or to make room.
type limitedConn struct {
	net.Conn
	limit  *connLimit
	closed bool // under limit.mu
}

func (c *limitedConn) Close() error {
	l := c.limit
	l.mu.Lock()
	if !c.closed {
		c.closed = true
		l.open--
		delete(l.idle, c)
	}
	l.mu.Unlock()
	l.signal()
	return c.Conn.Close()
}
