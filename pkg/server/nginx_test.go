package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// nginxBinary finds Debian's nginx, installing nginx-light when it is missing and this test may
// (root with apt-get, as on CI; `make test` installs it first anyway). It skips only when nginx
// cannot be had.
func nginxBinary(t *testing.T) string {
	t.Helper()
	find := func() string {
		for _, p := range []string{"/usr/sbin/nginx", "/usr/local/sbin/nginx"} {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
		p, _ := exec.LookPath("nginx")
		return p
	}
	if p := find(); p != "" {
		return p
	}
	if _, err := exec.LookPath("apt-get"); err == nil && os.Geteuid() == 0 {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "sh", "-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("installing nginx-light: %v\n%s", err, out)
		}
		if p := find(); p != "" {
			return p
		}
	}
	t.Skip("nginx is not installed and cannot be installed here (make test installs Debian's nginx-light)")
	return ""
}

// startNginx serves the files of site() under /docs/ with deploy/nginx/docsd.conf on a loopback
// port and returns its address.
func startNginx(t *testing.T) string {
	return startNginxWith(t, writeSite, testConf)
}

// writeSite puts the files of site() under www/docs/.
func writeSite(t *testing.T, www string) {
	for name, f := range site() {
		p := filepath.Join(www, "docs", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// startNginxWith runs nginx on the files populate writes under a site root, with the configuration
// that conf writes for a folder, that root, a loopback address and the absolute path of
// deploy/nginx/docsd.conf.
func startNginxWith(t *testing.T, populate func(t *testing.T, www string), conf func(dir, www, addr, include string) string) string {
	t.Helper()
	bin := nginxBinary(t)
	dir := t.TempDir()
	www := filepath.Join(dir, "www")
	populate(t, www)
	include, err := filepath.Abs("../../deploy/nginx/docsd.conf")
	if err != nil {
		t.Fatal(err)
	}
	// nginx cannot take a listening socket from the test, so it gets a port that was free a moment
	// ago; another process may take it meanwhile: then nginx exits saying so, and another is tried.
	for try := 1; ; try++ {
		addr, exited, stderr := runNginx(t, bin, dir, www, include, conf)
		if addr != "" {
			return addr
		}
		if !strings.Contains(stderr, "Address already in use") || try == 3 {
			t.Fatalf("nginx exited before it listened: %v\n%s", exited, stderr)
		}
	}
}

// runNginx starts nginx on a free loopback port and waits until it listens (addr) or exits (its
// error and what it said). nginx writes its pid file once it has bound its port (and never when it
// could not): the test waits for that file's event, not for a connection to succeed (which another
// process on the port would accept too).
func runNginx(t *testing.T, bin, dir, www, include string, conf func(dir, www, addr, include string) string) (addr string, exited error, stderr string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = ln.Addr().String()
	ln.Close()
	text := conf(dir, www, addr, include)
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-t", "-p", dir, "-c", confPath).CombinedOutput(); err != nil {
		t.Fatalf("nginx rejects the configuration: %v\n%s", err, out)
	}
	pidFile := filepath.Join(dir, "nginx.pid")
	if !strings.Contains(text, "pid "+pidFile+";") {
		t.Fatalf("the test's nginx.conf does not put the pid file at %s", pidFile)
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.Add(dir); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-p", dir, "-c", confPath)
	var errText strings.Builder
	cmd.Stderr = &errText
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting nginx: %v", err)
	}
	done := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(done) }()
	stop := func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			<-done
		}
	}
	bound := time.After(failAfter) // bounds a failure only
	for listening := false; !listening; {
		select {
		case ev := <-w.Events:
			listening = ev.Name == pidFile
		case err := <-w.Errors:
			stop()
			t.Fatalf("watching for nginx's pid file: %v", err)
		case <-done:
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			return "", waitErr, errText.String() + string(log)
		case <-bound:
			stop()
			t.Fatalf("nginx neither listened on %s nor exited\n%s", addr, errText.String())
		}
	}
	t.Cleanup(func() {
		stop()
		if log, err := os.ReadFile(filepath.Join(dir, "error.log")); err == nil && t.Failed() {
			t.Logf("nginx error.log:\n%s", log)
		}
	})
	return addr, nil, ""
}

// testConf is a minimal nginx.conf around deploy/nginx/docsd.conf: one process, everything inside
// the test's folder.
func testConf(dir, www, addr, include string) string {
	mime := "/etc/nginx/mime.types"
	if _, err := os.Stat(mime); err != nil {
		mime = ""
	}
	return fmt.Sprintf(`# written by nginx_test.go: one process, everything inside the test's folder
daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
    %[2]s
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path %[1]s/tmp_body;
    proxy_temp_path %[1]s/tmp_proxy;
    fastcgi_temp_path %[1]s/tmp_fastcgi;
    uwsgi_temp_path %[1]s/tmp_uwsgi;
    scgi_temp_path %[1]s/tmp_scgi;
    server {
        listen %[3]s;
        root %[4]s;
        include %[5]s;
    }
}
`, dir, includeLine(mime), addr, www, include)
}

func includeLine(mime string) string {
	if mime == "" {
		return "types { text/html html; application/javascript js; application/xml xml; }"
	}
	return "include " + mime + ";"
}

// rawGet sends a request line exactly as written (no client-side cleaning of .. or %2e) and reads
// the answer.
func rawGet(t *testing.T, addr, target string) (*http.Response, string) {
	t.Helper()
	return rawGetWith(t, addr, target, "")
}

// rawGetWith is rawGet with extra header lines ("Name: value\r\n" each).
func rawGetWith(t *testing.T, addr, target, headers string) (*http.Response, string) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, failAfter)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(failAfter))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: docs.test\r\nConnection: close\r\n%s\r\n", target, headers)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// TestNginxKeepsTheURLContract runs the shipped nginx configuration in a real nginx with the cases
// docsd serve is held to.
func TestNginxKeepsTheURLContract(t *testing.T) {
	addr := startNginx(t)
	for _, c := range urlContractCases {
		resp, body := rawGet(t, addr, c.path)
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d", c.path, resp.StatusCode, c.status)
		}
		if c.body != "" && body != c.body {
			t.Errorf("%s: body %q, want %q", c.path, body, c.body)
		}
		if c.location != "" && resp.Header.Get("Location") != c.location {
			t.Errorf("%s: Location %q, want %q", c.path, resp.Header.Get("Location"), c.location)
		}
	}
}

func TestNginxCachingAndTypes(t *testing.T) {
	addr := startNginx(t)
	cases := []struct{ path, cache, ctype string }{
		{"/docs/assets/entry-ABC.js", "public, max-age=31536000, immutable", "javascript"},
		{"/docs/usage/quickstart", "no-cache", "text/html"},
		{"/docs/", "no-cache", "text/html"},
		{"/docs/nope", "no-cache", "text/html"},
		{"/docs/sitemap.xml", "no-cache", "xml"},
	}
	for _, c := range cases {
		resp, _ := rawGet(t, addr, c.path)
		if got := resp.Header.Get("Cache-Control"); got != c.cache {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, got, c.cache)
		}
		if got := resp.Header.Get("Content-Type"); !strings.Contains(got, c.ctype) {
			t.Errorf("%s: Content-Type %q, want %s", c.path, got, c.ctype)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", c.path, got)
		}
	}
	// The same paths in docsd serve give the same cache headers.
	h := New(site(), "/docs/")
	for _, c := range cases[:2] {
		rec := httptestGet(h, c.path)
		if got := rec.Header().Get("Cache-Control"); got != c.cache {
			t.Errorf("docsd serve %s: Cache-Control %q, want %q", c.path, got, c.cache)
		}
	}
}

func httptestGet(h http.Handler, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec
}

// TestNginxContainerConfig runs deploy/nginx/nginx.conf, the configuration of the container
// (deploy/Dockerfile), with its port, root and paths moved into the test's folder.
func TestNginxContainerConfig(t *testing.T) {
	shipped, err := os.ReadFile("../../deploy/nginx/nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	addr := startNginxWith(t, writeSite, func(dir, www, addr, include string) string {
		r := strings.NewReplacer(
			"worker_processes auto;", "daemon off;\nmaster_process off;",
			"pid /tmp/nginx.pid;", "pid "+dir+"/nginx.pid;",
			"error_log /dev/stderr warn;", "error_log "+dir+"/error.log warn;",
			"access_log /dev/stdout;", "access_log off;",
			"listen 8080;", "listen "+addr+";",
			"listen [::]:8080;", "",
			"root /usr/share/nginx/html;", "root "+www+";",
			"include /etc/nginx/docsd.conf;", "include "+include+";",
			"/tmp/", dir+"/tmp_",
		)
		out := r.Replace(string(shipped))
		if _, err := os.Stat("/etc/nginx/mime.types"); err != nil {
			out = strings.Replace(out, "include /etc/nginx/mime.types;", includeLine(""), 1)
		}
		return out
	})
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{{"/docs/", 200, "landing"}, {"/docs/usage/tour", 200, "tour"}, {"/docs/nope", 404, "not found page"}, {"/", 301, ""}} {
		resp, body := rawGet(t, addr, c.path)
		if resp.StatusCode != c.status || (c.body != "" && body != c.body) {
			t.Errorf("%s: %d %q, want %d %q", c.path, resp.StatusCode, body, c.status, c.body)
		}
	}
}

// TestNginxMatchesDocsdServe compares nginx with docsd serve on paths beyond the contract's cases.
func TestNginxMatchesDocsdServe(t *testing.T) {
	addr := startNginx(t)
	h := New(site(), "/docs/")
	for _, p := range []string{"/docs/assets/entry-ABC.js/", "/docs/assets/", "/docs/assets", "/docs/usage/", "/docs/usage/tour/",
		"/docs/usage/tour/cloning/index.html", "/docs/sitemap.xml/", "/docs/usage/quickstart//", "/docs/index.html?x=1", "/docs?x=1",
		"/", "/?a=b", "/docs/404", "/docs/404.html", "/docs/usage/quickstart.html/", "/DOCS/", "/docs/usage/../usage/quickstart",
		"/docs/assets/nope.js"} {
		resp, _ := rawGet(t, addr, p)
		req := httptest.NewRequest("GET", "http://x/", nil)
		req.URL.Path, req.URL.RawQuery, _ = strings.Cut(p, "?")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if resp.StatusCode != rec.Code || resp.Header.Get("Location") != rec.Header().Get("Location") {
			t.Errorf("%s: nginx %d %q, docsd serve %d %q", p, resp.StatusCode, resp.Header.Get("Location"), rec.Code, rec.Header().Get("Location"))
		}
	}
}

// TestNginxOnlyGetAndHead: as docsd serve, nginx answers other methods with 405.
func TestNginxOnlyGetAndHead(t *testing.T) {
	addr := startNginx(t)
	resp, err := rawGetMethod(t, addr, "POST", "/docs/usage/quickstart")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", resp.StatusCode)
	}
	if head, err := rawGetMethod(t, addr, "HEAD", "/docs/usage/quickstart"); err != nil || head.StatusCode != http.StatusOK {
		t.Errorf("HEAD: %v %v, want 200", head, err)
	}
}

// rawGetMethod sends a bodiless request with any method and reads the answer's head.
func rawGetMethod(t *testing.T, addr, method, target string) (*http.Response, error) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, failAfter)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(failAfter))
	fmt.Fprintf(c, "%s %s HTTP/1.1\r\nHost: docs.test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", method, target)
	req, _ := http.NewRequest(method, "http://docs.test"+target, nil)
	return http.ReadResponse(bufio.NewReader(c), req)
}
