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
)

type client struct {
	conn *websocket.Conn
	send chan any      // never closed: see done
	done chan struct{} // closed by drop; the writer stops
	// route is the page the browser shows (guarded by the hub's mu).
	route string
}

type hub struct {
	mu      sync.Mutex
	clients map[*client]struct{}
	// admitted counts the connections admit let in that have not left (upgrading or joined), at
	// most max; full is whether the last admit was refused, so that a spell of refusals is logged
	// once.
	max, admitted int
	full          bool
}

func newHub() *hub { return &hub{clients: map[*client]struct{}{}, max: maxClients} }

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
func (h *hub) join(conn *websocket.Conn) (c *client, written <-chan struct{}) {
	c = &client{conn: conn, send: make(chan any, sendQueue), done: make(chan struct{})}
	h.mu.Lock()
	h.clients[c] = struct{}{}
	h.mu.Unlock()
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		h.write(c)
	}()
	return c, finished
}

// write sends the client its queued messages, one at a time, until it is dropped.
func (h *hub) write(c *client) {
	for {
		select {
		case <-c.done:
			return
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
