package devserver

// The websocket hub: the browsers connected to the dev server and what is queued for each. A
// browser that stops reading or goes away is dropped; it never holds up the rebuild that
// broadcasts, and nothing ever sends on a channel that was closed: a client's send channel is never
// closed, its done channel is, once, by drop, under the hub's lock, and every send happens under the
// same lock after checking the client is still there.

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

const (
	// sendQueue is how many messages may wait for a browser. A rebuild sends each browser one to
	// three, so a full queue means a browser that has stopped reading: it is dropped, and when it
	// comes back it reconnects and refreshes (site/src/dev/client.js).
	sendQueue = 32
	// writeWait bounds one write to a browser.
	writeWait = 5 * time.Second
	// maxClients is how many browsers may be connected at once. Each costs two goroutines, a queue
	// and, when it shows a page of its own, that page's render on every rebuild; a page whose script
	// reconnects in a loop, or a tool opening sockets, stops here instead of exhausting the daemon.
	// A writer's tabs are a handful.
	maxClients = 64
	// A browser whose network went away (a laptop shut, a phone off the LAN) sends no close and no
	// FIN: only pings find it. Browsers answer them without any script, even in background tabs.
	pingPeriod = 30 * time.Second
	pongWait   = 75 * time.Second
)

type client struct {
	conn *websocket.Conn
	send chan any      // never closed: see done
	done chan struct{} // closed by drop; the writer stops
	// route is the page the browser shows (guarded by the hub's mu).
	route string
	// alive moves the connection's read deadline pongWait ahead (the reading goroutine's).
	alive func()
}

type hub struct {
	mu      sync.Mutex
	clients map[*client]struct{}
	// admitted counts the connections admit let in that have not left (upgrading or joined), at
	// most max; full is whether the last admit was refused, so that a spell of refusals is logged
	// once.
	max, admitted int
	full          bool
	// pingPeriod is how often a browser is pinged, pongWait how long its silence may last.
	pingPeriod, pongWait time.Duration
	// closed: the server is closing; a connection that joins now is dropped at once.
	closed bool
}

func newHub() *hub {
	return &hub{clients: map[*client]struct{}{}, max: maxClients, pingPeriod: pingPeriod, pongWait: pongWait}
}

// closeAll drops every client, and any that joins later: their handlers return and give back
// their places.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for c := range h.clients {
		h.dropLocked(c)
	}
}

// admit takes a place for one more browser, unless max are connected; first is true for the
// first refusal since a place was last given.
func (h *hub) admit() (ok, first bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.admitted >= h.max {
		first, h.full = !h.full, true
		return false, first
	}
	h.admitted++
	h.full = false
	return true, false
}

// leave gives back the place admit took.
func (h *hub) leave() {
	h.mu.Lock()
	h.admitted--
	h.mu.Unlock()
}

// join registers a connection and starts its writer; the writer has returned when written is closed.
// The connection's reads fail once the browser has been silent for pongWait: each pong, or message,
// it reads gives it pongWait more (alive).
func (h *hub) join(conn *websocket.Conn) (c *client, written <-chan struct{}) {
	c = &client{conn: conn, send: make(chan any, sendQueue), done: make(chan struct{})}
	h.mu.Lock()
	ping, wait := h.pingPeriod, h.pongWait
	h.clients[c] = struct{}{}
	if h.closed {
		h.dropLocked(c)
	}
	h.mu.Unlock()
	c.alive = func() { conn.SetReadDeadline(time.Now().Add(wait)) }
	c.alive()
	conn.SetPongHandler(func(string) error { c.alive(); return nil })
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		h.write(c, ping)
	}()
	return c, finished
}

// write sends the client its queued messages, one at a time, and a ping every period, until it is
// dropped.
func (h *hub) write(c *client, period time.Duration) {
	ping := time.NewTicker(period)
	defer ping.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-ping.C:
			if err := c.conn.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait)); err != nil {
				h.drop(c)
				return
			}
		case m := <-c.send:
			data, err := json.Marshal(m)
			if err != nil {
				continue // cannot happen: messages are plain structs
			}
			c.conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := c.conn.WriteMessage(websocket.TextMessage, data); err != nil {
				h.drop(c)
				return
			}
		}
	}
}

// drop forgets a client and closes its connection; dropping it again does nothing.
func (h *hub) drop(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.dropLocked(c)
}

func (h *hub) dropLocked(c *client) {
	if _, ok := h.clients[c]; !ok {
		return
	}
	delete(h.clients, c)
	close(c.done)
	// Closing the connection ends the reader (ReadMessage fails) and a write in progress.
	c.conn.Close()
}

// queueLocked queues m for c without waiting; a client whose queue is full is dropped.
func (h *hub) queueLocked(c *client, m any) {
	if _, ok := h.clients[c]; !ok {
		return
	}
	select {
	case c.send <- m:
	default:
		h.dropLocked(c)
	}
}

// send queues one message for c (if it is still connected).
func (h *hub) send(c *client, m any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.queueLocked(c, m)
}

// broadcast queues for every client the message msg makes for it; it never waits for a browser.
func (h *hub) broadcast(msg func(*client) any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		h.queueLocked(c, msg(c))
	}
}

// setRoute records the page a client shows.
func (h *hub) setRoute(c *client, route string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c.route = route
}

// routes are the pages the connected browsers show.
func (h *hub) routes() map[string]bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	viewed := map[string]bool{}
	for c := range h.clients {
		viewed[c.route] = true
	}
	return viewed
}
