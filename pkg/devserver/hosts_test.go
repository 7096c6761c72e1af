package devserver

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

func TestHostsAllows(t *testing.T) {
	h, err := NewHosts("myhost.lan:3000", []string{"docs.lan", "Proxy.Example.TEST:8443", ".team.test"})
	if err != nil {
		t.Fatal(err)
	}
	// An address cannot be rebound: IP addresses are how a browser on the network opens --addr
	// 0.0.0.0. myhost.lan is the host of --addr.
	allowed := []string{"localhost", "localhost:3000", "LOCALHOST.:3000", "app.localhost:3000",
		"127.0.0.1:3000", "127.3.4.5", "[::1]:3000", "::1", "192.168.1.20:3000", "[fe80::1]:3000",
		"myhost.lan:3000", "docs.lan", "proxy.example.test", "team.test", "a.b.team.test:80"}
	refused := []string{"", "evil.example", "evil.example:3000", "localhost.evil.example",
		"evil.localhost.example", "docs.lan.evil.example", "eviltEAM.test", "example.test"}
	for _, host := range allowed {
		if !h.Allows(host) {
			t.Errorf("Allows(%q) = false, want true", host)
		}
	}
	for _, host := range refused {
		if h.Allows(host) {
			t.Errorf("Allows(%q) = true, want false", host)
		}
	}
	// Listening on every interface names no host: only localhost, addresses and listed names.
	for _, addr := range []string{"0.0.0.0:3000", "[::]:3000", ":3000"} {
		h, err := NewHosts(addr, nil)
		if err != nil {
			t.Fatal(err)
		}
		if h.Allows("anything.example") || !h.Allows("10.0.0.7:3000") {
			t.Errorf("--addr %s: wrong hosts", addr)
		}
	}
	for _, bad := range []string{"http://docs.lan", "docs.lan/x", "*", "a b", ""} {
		if _, err := NewHosts("127.0.0.1:3000", []string{bad}); err == nil || !strings.Contains(err.Error(), "host name") {
			t.Errorf("allowed host %q: err %v, want an error saying it is not a host name", bad, err)
		}
	}
}

// DNS rebinding (issue #15): a page at evil.example resolving to 127.0.0.1 must get neither the
// pages nor the websocket; loopback names, the listed hosts and same-origin pages get both.
func TestOnlyAllowedHostsAndOriginsAreAnswered(t *testing.T) {
	_, s := project(t)
	hosts, err := NewHosts("127.0.0.1:3000", []string{"docs.lan"})
	if err != nil {
		t.Fatal(err)
	}
	s.Hosts = hosts
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))

	get := func(host string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+"/docs/guide/intro", nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	for _, host := range []string{"localhost:3000", "127.0.0.1:3000", "[::1]:3000", "docs.lan:3000", "docs.localhost"} {
		if code, _ := get(host); code != 200 {
			t.Errorf("Host %s: %d, want 200", host, code)
		}
	}
	code, body := get("evil.example:" + port)
	if code != http.StatusForbidden || !strings.Contains(body, "--allowed-hosts evil.example") || strings.Contains(body, "<html") {
		t.Errorf("Host evil.example: %d %.300q, want 403 saying how to allow the host", code, body)
	}

	wsURL := "ws" + strings.TrimPrefix(srv.URL, "http") + "/docs/__docsd/ws"
	dial := func(host, origin string) (int, error) {
		t.Helper()
		h := http.Header{"Host": {host}}
		if origin != "" {
			h.Set("Origin", origin)
		}
		c, res, err := websocket.DefaultDialer.Dial(wsURL, h)
		if err == nil {
			c.Close()
			return 101, nil
		}
		if res == nil {
			t.Fatalf("Host %s, Origin %s: %v", host, origin, err)
		}
		return res.StatusCode, err
	}
	for _, c := range []struct{ host, origin string }{
		{"127.0.0.1:" + port, "http://127.0.0.1:" + port},
		{"localhost:" + port, "http://localhost:" + port},
		{"[::1]:" + port, "http://[::1]:" + port},
		{"docs.lan:" + port, "https://docs.lan:" + port},
		{"127.0.0.1:" + port, "https://docs.lan"}, // a listed host behind a proxy that rewrites Host
	} {
		if code, err := dial(c.host, c.origin); code != 101 {
			t.Errorf("Host %s, Origin %s: refused (%d %v)", c.host, c.origin, code, err)
		}
	}
	for _, c := range []struct{ host, origin string }{
		{"evil.example:" + port, "http://evil.example:" + port}, // the rebinding case
		{"evil.example", "http://evil.example"},
		{"127.0.0.1:" + port, "http://evil.example"},
		{"localhost:" + port, "http://localhost:5173"}, // another local server's page
		{"localhost:" + port, "null"},
		{"localhost:" + port, "file:///tmp/x.html"},
		{"localhost:" + port, ""},
	} {
		if code, _ := dial(c.host, c.origin); code != http.StatusForbidden {
			t.Errorf("Host %s, Origin %q: %d, want 403", c.host, c.origin, code)
		}
	}
}
