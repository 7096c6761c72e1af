// The gzip cache: each compressible file is gzipped once per version (path, size and modification
// time) and kept in memory, bounded in bytes, so that serving a page costs a map lookup rather
// than a compression. Requests that arrive while a file is being compressed wait for that one
// compression instead of starting their own.
package server

import (
	"container/list"
	"sync"
)

// gzKey names one version of a file: a rebuild writes a new file, with a new modification time.
type gzKey struct {
	path  string
	size  int64
	mtime int64 // in nanoseconds
}

type gzEntry struct {
	key  gzKey
	done chan struct{} // closed once data and err are set
	data []byte
	err  error
	elem *list.Element // in the LRU list once done and kept; nil while being compressed
}

type gzipCache struct {
	mu           sync.Mutex
	max, used    int64
	lru          *list.List // of *gzEntry, most recently used first
	entries      map[gzKey]*gzEntry
	compressions int // how many times a body was compressed (for the tests)
}

func newGzipCache(maxBytes int64) *gzipCache {
	return &gzipCache{max: maxBytes, lru: list.New(), entries: map[gzKey]*gzEntry{}}
}

// get returns the gzipped body of key, calling compress only when no other request has it or is
// making it. Bodies larger than the whole cache are returned but not kept.
func (c *gzipCache) get(key gzKey, compress func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		if e.elem != nil {
			c.lru.MoveToFront(e.elem)
		}
		c.mu.Unlock()
		<-e.done
		return e.data, e.err
	}
	e := &gzEntry{key: key, done: make(chan struct{})}
	c.entries[key] = e
	c.compressions++
	c.mu.Unlock()

	e.data, e.err = compress()

	c.mu.Lock()
	if e.err != nil || int64(len(e.data)) > c.max {
		delete(c.entries, key)
	} else {
		e.elem = c.lru.PushFront(e)
		c.used += int64(len(e.data))
		for c.used > c.max {
			old := c.lru.Remove(c.lru.Back()).(*gzEntry)
			delete(c.entries, old.key)
			c.used -= int64(len(old.data))
		}
	}
	c.mu.Unlock()
	close(e.done)
	return e.data, e.err
}
