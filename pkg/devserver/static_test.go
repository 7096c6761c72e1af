package devserver

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docsd/pkg/emit"
	"docsd/pkg/secrets"
	"docsd/pkg/server"
)

// request asks for url by method with the headers hdr (name, value, ...), and returns the
// response and its body.
func request(t *testing.T, method, url string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	// A transport of its own, which neither asks for gzip nor decodes it behind the test's back.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

// A static file is sent as the server sends any file on disk: its type (by extension, else
// sniffed), Last-Modified and an ETag of its version, 304 to a client that has it, ranges (also
// past the 64 KB of a binary file that are searched), HEAD, and gzip for text.
func TestStaticFileServedAsBefore(t *testing.T) {
	dir := t.TempDir()
	text := strings.Repeat("Install the CLI, then run vela deploy.\n", 100)
	binary := "\x89PNG\r\n\x1a\n\x00\x00" + strings.Repeat("0123456789abcdef", 6000)
	files := emit.NewFiles()
	for name, data := range map[string]string{"notes.txt": text, "logo.png": binary, "LICENSE": text} {
		src := filepath.Join(dir, name)
		if err := os.WriteFile(src, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		mod := time.Date(2026, 11, 29, 12, 0, 0, 123456789, time.UTC)
		if err := os.Chtimes(src, mod, mod); err != nil {
			t.Fatal(err)
		}
		files.Copy(name, src)
	}
	srv := httptest.NewServer(server.New(memFS{files: files}, "/docs/"))
	defer srv.Close()
	mod := time.Date(2026, 11, 29, 12, 0, 0, 123456789, time.UTC)
	for _, c := range []struct{ name, data, ctype string }{
		{"notes.txt", text, "text/plain; charset=utf-8"},
		{"logo.png", binary, "image/png"},
		{"LICENSE", text, "text/plain; charset=utf-8"},
	} {
		url := srv.URL + "/docs/" + c.name
		res, body := request(t, "GET", url)
		etag := fmt.Sprintf(`"%x-%x"`, mod.UnixNano(), len(c.data))
		if res.StatusCode != 200 || string(body) != c.data {
			t.Errorf("%s: status %d, %d bytes of %d, equal %v", c.name, res.StatusCode, len(body), len(c.data), string(body) == c.data)
		}
		if got := res.Header.Get("Content-Type"); got != c.ctype {
			t.Errorf("%s: Content-Type %q, want %q", c.name, got, c.ctype)
		}
		if got := res.Header.Get("Last-Modified"); got != mod.Format(http.TimeFormat) {
			t.Errorf("%s: Last-Modified %q", c.name, got)
		}
		if got := res.Header.Get("ETag"); got != etag {
			t.Errorf("%s: ETag %q, want %q", c.name, got, etag)
		}
		if res, _ := request(t, "GET", url, "If-None-Match", etag); res.StatusCode != 304 {
			t.Errorf("%s: status %d to If-None-Match of its ETag, want 304", c.name, res.StatusCode)
		}
		if res, _ := request(t, "GET", url, "If-Modified-Since", mod.Add(time.Second).Format(http.TimeFormat)); res.StatusCode != 304 {
			t.Errorf("%s: status %d to If-Modified-Since, want 304", c.name, res.StatusCode)
		}
		for _, r := range [][2]int{{10, 19}, {len(c.data) - 5, len(c.data) - 1}, {70000, 70009}} {
			if r[1] >= len(c.data) {
				continue
			}
			res, body := request(t, "GET", url, "Range", fmt.Sprintf("bytes=%d-%d", r[0], r[1]))
			if res.StatusCode != 206 || string(body) != c.data[r[0]:r[1]+1] ||
				res.Header.Get("Content-Range") != fmt.Sprintf("bytes %d-%d/%d", r[0], r[1], len(c.data)) {
				t.Errorf("%s: range %v: status %d, %q, Content-Range %q", c.name, r, res.StatusCode, body, res.Header.Get("Content-Range"))
			}
		}
		res, body = request(t, "HEAD", url)
		if res.StatusCode != 200 || len(body) != 0 || res.ContentLength != int64(len(c.data)) || res.Header.Get("ETag") != etag {
			t.Errorf("%s: HEAD: status %d, %d bytes, Content-Length %d, ETag %q", c.name, res.StatusCode, len(body), res.ContentLength, res.Header.Get("ETag"))
		}
	}
	res, body := request(t, "GET", srv.URL+"/docs/notes.txt", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("notes.txt with gzip accepted: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := io.ReadAll(zr); err != nil || string(plain) != text {
		t.Errorf("notes.txt gzipped: %d bytes, %v", len(plain), err)
	}
}

// rewritten is a static file saved again right after its search read it: read in order (Read),
// it gives before; read again (ReadAt, or Read after a Seek, as a file sent after its search
// would be), after. Stat gives before's size and mod, or later when touched.
type rewritten struct {
	before, after []byte
	off           int
	again         bool
	mod           time.Time
	stats         int
	touched       bool
}

func (f *rewritten) Read(p []byte) (int, error) {
	data := f.before
	if f.again {
		data = f.after
	}
	if f.off >= len(data) {
		return 0, io.EOF
	}
	n := copy(p, data[f.off:])
	f.off += n
	return n, nil
}

func (f *rewritten) Seek(off int64, whence int) (int64, error) {
	f.again = true
	switch whence {
	case io.SeekCurrent:
		off += int64(f.off)
	case io.SeekEnd:
		off += int64(len(f.after))
	}
	f.off = int(off)
	return off, nil
}

func (f *rewritten) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(f.after)) {
		return 0, io.EOF
	}
	n := copy(p, f.after[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (f *rewritten) Stat() (fs.FileInfo, error) {
	f.stats++
	mod := f.mod
	if f.touched && f.stats > 1 {
		mod = mod.Add(time.Second)
	}
	return &memFile{name: "f", size: int64(len(f.before)), mod: mod}, nil
}

func (f *rewritten) Close() error { return nil }

// fsFunc is an fs.FS of one function.
type fsFunc func(name string) (fs.File, error)

func (o fsFunc) Open(name string) (fs.File, error) { return o(name) }

// The bytes served are the bytes the search read, not the file read again after it: a file saved
// with a token between its search and its send (rewritten) is sent as searched, whole or in a
// range; of a binary file, whose head alone is searched, the head is. A file that changed while
// it was read is sent without Last-Modified or an ETag, which would name a version it is not.
func TestStaticFileServedAsSearched(t *testing.T) {
	const body = "Hq3Zr8TnW2cVx7LpK4mYd9BsJ6gFe1"
	token := "gho_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	if _, ok := secrets.Find([]byte(token)); !ok {
		t.Fatal("the test's token is not one")
	}
	mod := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	pad := strings.Repeat("z", 100<<10)
	text := func() *rewritten {
		return &rewritten{before: []byte("GH_TOKEN=gho_<your token here>...........\n"), after: []byte("GH_TOKEN=" + token + "\n"), mod: mod}
	}
	binary := func() *rewritten {
		return &rewritten{before: []byte("\x89PNG\x00" + pad), after: []byte(token + "\n" + pad), mod: mod}
	}
	files := map[string]func() *rewritten{
		"notes.txt": text,
		"logo.png":  binary,
		"touched.txt": func() *rewritten {
			f := text()
			f.touched = true
			return f
		},
	}
	srv := httptest.NewServer(server.New(fsFunc(func(name string) (fs.File, error) {
		if open, ok := files[name]; ok {
			return searched(open(), name, nil)
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}), "/docs/"))
	defer srv.Close()

	for _, name := range []string{"notes.txt", "touched.txt"} {
		want := string(text().before)
		res, got := request(t, "GET", srv.URL+"/docs/"+name)
		if res.StatusCode != 200 || string(got) != want {
			t.Errorf("%s: status %d, %q; want the bytes searched, %q", name, res.StatusCode, got, want)
		}
		if res, got := request(t, "GET", srv.URL+"/docs/"+name, "Range", "bytes=9-20"); res.StatusCode != 206 || string(got) != want[9:21] {
			t.Errorf("%s: range: status %d, %q; want %q", name, res.StatusCode, got, want[9:21])
		}
		validators := res.Header.Get("ETag") != "" || res.Header.Get("Last-Modified") != ""
		if validators != (name == "notes.txt") {
			t.Errorf("%s: ETag %q, Last-Modified %q", name, res.Header.Get("ETag"), res.Header.Get("Last-Modified"))
		}
	}
	res, got := request(t, "GET", srv.URL+"/docs/logo.png")
	if b := binary(); res.StatusCode != 200 || len(got) != len(b.before) || !bytes.HasPrefix(got, b.before[:1024]) || bytes.Contains(got, []byte(body)) {
		t.Errorf("logo.png: status %d, %d bytes, starting %q", res.StatusCode, len(got), got[:min(len(got), 16)])
	}
	// The file as it now is holds a token: searched, it is not served.
	files["notes.txt"] = func() *rewritten {
		f := text()
		f.before = f.after
		return f
	}
	if res, got := request(t, "GET", srv.URL+"/docs/notes.txt"); res.StatusCode != 404 || bytes.Contains(got, []byte(body)) {
		t.Errorf("notes.txt holding a token: status %d", res.StatusCode)
	}
}
