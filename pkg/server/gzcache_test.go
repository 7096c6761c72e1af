package server

import (
	"bytes"
	"sync"
	"testing"
	"testing/synctest"
)

// TestGzipCacheBoundedLRU: the cache never holds more bytes than its bound, drops the least
// recently used body first, and does not keep a body larger than the whole cache.
func TestGzipCacheBoundedLRU(t *testing.T) {
	c := newGzipCache(100)
	body := func(n int) func() ([]byte, error) {
		return func() ([]byte, error) { return bytes.Repeat([]byte("x"), n), nil }
	}
	key := func(name string) gzKey { return gzKey{path: name, size: 1, mtime: 1} }
	c.get(key("a"), body(40))
	c.get(key("b"), body(40))
	c.get(key("a"), body(40)) // a is now the most recently used
	c.get(key("c"), body(40)) // over the bound: b goes
	if _, ok := c.entries[key("b")]; ok {
		t.Error("b, the least recently used, is still cached")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.entries[key(k)]; !ok {
			t.Errorf("%s was dropped", k)
		}
	}
	if got, _ := c.get(key("huge"), body(200)); len(got) != 200 {
		t.Errorf("huge: %d bytes", len(got))
	}
	if _, ok := c.entries[key("huge")]; ok || c.used > c.max {
		t.Errorf("huge kept (%v) or %d bytes used of %d", ok, c.used, c.max)
	}
	if c.compressions != 4 {
		t.Errorf("%d compressions, want 4 (a, b, c, huge)", c.compressions)
	}
}

// TestGzipCacheOneCompressionForConcurrentRequests: requests that arrive while a page is being
// compressed wait for that compression and get its body. In a synctest bubble, synctest.Wait
// returns once all 20 requests are blocked, so all of them have asked while the first compression
// is held, whatever the goroutines' order: one compression, however the machine schedules them.
func TestGzipCacheOneCompressionForConcurrentRequests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := newGzipCache(1 << 20)
		release := make(chan struct{})
		var wg sync.WaitGroup
		bodies := make([][]byte, 20)
		for i := range bodies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				bodies[i], _ = c.get(gzKey{path: "page", size: 1, mtime: 1}, func() ([]byte, error) {
					<-release
					return []byte("body"), nil
				})
			}()
		}
		synctest.Wait()
		close(release)
		wg.Wait()
		for i, b := range bodies {
			if string(b) != "body" {
				t.Errorf("request %d got %q", i, b)
			}
		}
		if c.compressions != 1 {
			t.Errorf("%d compressions for 20 concurrent requests, want 1", c.compressions)
		}
	})
}
