package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// diskSite writes a small site into a temporary folder: a page large enough to be gzipped.
func diskSite(t *testing.T) (dir string, page []byte) {
	t.Helper()
	dir = t.TempDir()
	page = []byte("<!doctype html><title>quickstart</title>" + strings.Repeat("<p>Vela runs pipelines.</p>\n", 200))
	for name, data := range map[string][]byte{"index.html": []byte("landing"), "404.html": []byte("not found page"), "usage/quickstart.html": page} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, page
}

func get(h http.Handler, path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestConditionalAndRangeRequests: each encoding of a file has its own strong ETag; a client that
// has it gets 304, a range request gets 206 with the bytes of the file.
func TestConditionalAndRangeRequests(t *testing.T) {
	dir, page := diskSite(t)
	h := New(Dir(dir), "/docs/")
	gz := get(h, "/docs/usage/quickstart", "Accept-Encoding", "gzip")
	plain := get(h, "/docs/usage/quickstart")
	if gz.Code != 200 || gz.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, gz.Body.Bytes()), page) {
		t.Fatalf("gzip: %d %q", gz.Code, gz.Header().Get("Content-Encoding"))
	}
	if gz.Header().Get("Content-Length") != itoa(gz.Body.Len()) {
		t.Errorf("gzip: Content-Length %q for %d bytes", gz.Header().Get("Content-Length"), gz.Body.Len())
	}
	if plain.Code != 200 || !bytes.Equal(plain.Body.Bytes(), page) {
		t.Fatalf("identity: %d", plain.Code)
	}
	gzTag, plainTag := gz.Header().Get("ETag"), plain.Header().Get("ETag")
	if gzTag == "" || plainTag == "" || gzTag == plainTag || strings.HasPrefix(gzTag, "W/") {
		t.Fatalf("ETags %q (gzip) and %q (identity): want two different strong ETags", gzTag, plainTag)
	}
	if rec := get(h, "/docs/usage/quickstart", "Accept-Encoding", "gzip", "If-None-Match", gzTag); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the gzip ETag: %d, want 304", rec.Code)
	}
	if rec := get(h, "/docs/usage/quickstart", "If-None-Match", plainTag); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the identity ETag: %d, want 304", rec.Code)
	}
	if rec := get(h, "/docs/usage/quickstart", "If-None-Match", gzTag); rec.Code != 200 {
		t.Errorf("If-None-Match with the gzip ETag, no gzip accepted: %d, want 200", rec.Code)
	}
	rec := get(h, "/docs/usage/quickstart", "Accept-Encoding", "gzip", "Range", "bytes=10-19")
	if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), page[10:20]) || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("Range: %d %q %q, want 206 %q", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.String(), page[10:20])
	}
}

func itoa(n int) string { return fmt.Sprint(n) }

// TestGzipOncePerVersion: a page is compressed once, not on every request, and again when the file
// is replaced by a new version.
func TestGzipOncePerVersion(t *testing.T) {
	dir, page := diskSite(t)
	h := New(Dir(dir), "/docs/")
	for range 3 {
		if rec := get(h, "/docs/usage/quickstart", "Accept-Encoding", "gzip"); !bytes.Equal(gunzip(t, rec.Body.Bytes()), page) {
			t.Fatal("gzipped body differs from the page")
		}
	}
	if n := h.gz.compressions; n != 1 {
		t.Errorf("3 requests compressed the page %d times, want 1", n)
	}
	// A rebuild writes a new file (here of the same size), with a new modification time.
	newPage := bytes.ToUpper(page)
	p := filepath.Join(dir, "usage", "quickstart.html")
	if err := os.WriteFile(p, newPage, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	if rec := get(h, "/docs/usage/quickstart", "Accept-Encoding", "gzip"); !bytes.Equal(gunzip(t, rec.Body.Bytes()), newPage) {
		t.Error("after the file changed, the old gzipped body is still served")
	}
	if n := h.gz.compressions; n != 2 {
		t.Errorf("compressions after the change: %d, want 2", n)
	}
}

// discard is a ResponseWriter that keeps nothing of the body.
type discard struct {
	header http.Header
	code   int
	n      int64
}

func (d *discard) Header() http.Header         { return d.header }
func (d *discard) WriteHeader(code int)        { d.code = code }
func (d *discard) Write(b []byte) (int, error) { d.n += int64(len(b)); return len(b), nil }

// TestBigFilesAreStreamed: a 32 MB page is sent without being read into memory, gzip accepted or not.
func TestBigFilesAreStreamed(t *testing.T) {
	dir, _ := diskSite(t)
	const size = 32 << 20
	big := bytes.Repeat([]byte("<p>a big generated reference page</p>\n"), size/38+1)[:size]
	if err := os.WriteFile(filepath.Join(dir, "big.html"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	h := New(Dir(dir), "/docs/")
	for _, ae := range []string{"", "gzip"} {
		req := httptest.NewRequest("GET", "/docs/big", nil)
		req.Header.Set("Accept-Encoding", ae)
		w := &discard{header: http.Header{}}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		h.ServeHTTP(w, req)
		runtime.ReadMemStats(&after)
		if w.code != 200 || w.n != size {
			t.Fatalf("Accept-Encoding %q: %d, %d bytes, want 200 and %d", ae, w.code, w.n, size)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/8 {
			t.Errorf("Accept-Encoding %q: serving a %d MB file allocated %d MB", ae, size>>20, alloc>>20)
		}
	}
}

// BenchmarkServeGzippedPage: the handler's own cost for a page from disk, gzip accepted.
func BenchmarkServeGzippedPage(b *testing.B) {
	dir := b.TempDir()
	page := []byte(strings.Repeat("<p>Vela runs pipelines.</p>\n", 1000))
	if err := os.MkdirAll(filepath.Join(dir, "usage"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "usage", "quickstart.html"), page, 0o644); err != nil {
		b.Fatal(err)
	}
	h := New(Dir(dir), "/docs/")
	req := httptest.NewRequest("GET", "/docs/usage/quickstart", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	b.ReportAllocs()
	for b.Loop() {
		w := &discard{header: http.Header{}}
		h.ServeHTTP(w, req)
		if w.code != 200 {
			b.Fatal(w.code)
		}
	}
}
