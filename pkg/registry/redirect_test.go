package registry

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a loopback server that notes the Authorization header of every request and answers
// with a file, so a fetch that reaches it succeeds and the test sees what it was sent.
type recorder struct {
	*httptest.Server
	mu    sync.Mutex
	auths []string
}

func newRecorder(t *testing.T, tlsServer bool, h http.HandlerFunc) *recorder {
	t.Helper()
	r := &recorder{}
	handler := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.auths = append(r.auths, req.Header.Get("Authorization"))
		r.mu.Unlock()
		h(w, req)
	})
	if tlsServer {
		r.Server = httptest.NewTLSServer(handler)
	} else {
		r.Server = httptest.NewServer(handler)
	}
	t.Cleanup(r.Close)
	return r
}

func (r *recorder) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.auths...)
}

// routedClient dials each "host:port" of routes at the loopback server it names, so the tests can
// use host names and ports of their choosing without DNS. Its transport trusts httptest's TLS
// certificate, which is valid for example.com and *.example.com.
func routedClient(t *testing.T, tlsSrv *httptest.Server, routes map[string]*httptest.Server) *http.Client {
	t.Helper()
	tr := &http.Transport{}
	if tlsSrv != nil {
		tr = tlsSrv.Client().Transport.(*http.Transport).Clone()
	}
	var d net.Dialer
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		srv, ok := routes[strings.ToLower(addr)]
		if !ok {
			return nil, fmt.Errorf("test has no route to %s", addr)
		}
		return d.DialContext(ctx, network, srv.Listener.Addr().String())
	}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// TestTokenIsSentOnlyToTheAPIOrigin redirects the API's answer elsewhere and checks what the
// redirect target was sent. Go itself keeps the header for the same host name on another port or
// scheme and for a subdomain, so those rows fail without the fetch's own policy; the other host
// and the explicit default port are controls.
func TestTokenIsSentOnlyToTheAPIOrigin(t *testing.T) {
	const path = "/repos/go-vela/vela-kaniko/contents/DOCS.md"
	file := serve(200, contents("Upstream words.\n"))
	cases := []struct {
		name, api, to string
		tls           bool
		wantToken     bool
		wantWarning   string // when the redirect is refused
	}{
		{name: "same host, other port", api: "http://api.example.com", to: "http://api.example.com:8080/elsewhere"},
		{name: "subdomain", api: "http://api.example.com", to: "http://evil.api.example.com/elsewhere"},
		{name: "other host", api: "http://api.example.com", to: "http://other.example.net/elsewhere"},
		{name: "https to http on the same host", api: "https://api.example.com", to: "http://api.example.com/elsewhere", tls: true,
			wantWarning: "refused a redirect from https to http"},
		{name: "http to https on the same host", api: "http://api.example.com", to: "https://api.example.com/elsewhere"},
		{name: "same origin, default port spelled out", api: "http://api.example.com", to: "http://api.example.com:80/moved", wantToken: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			contentDir := project(t, "kaniko")
			api := newRecorder(t, c.tls, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == path {
					http.Redirect(w, r, c.to, http.StatusFound)
					return
				}
				file(w, r)
			})
			to, err := url.Parse(c.to)
			if err != nil {
				t.Fatal(err)
			}
			apiURL, _ := url.Parse(c.api)
			toTLS := to.Scheme == "https"
			target := api
			if !sameOrigin(to, apiURL) {
				target = newRecorder(t, toTLS, file)
			}
			var tlsSrv *httptest.Server // any TLS server: they share httptest's certificate
			if c.tls {
				tlsSrv = api.Server
			} else if toTLS {
				tlsSrv = target.Server
			}
			routes := map[string]*httptest.Server{
				strings.ToLower(apiURL.Hostname()) + ":" + port(apiURL): api.Server,
				strings.ToLower(to.Hostname()) + ":" + port(to):         target.Server,
			}
			f := &Fetcher{Client: routedClient(t, tlsSrv, routes), LookupEnv: withToken(),
				Now: func() time.Time { return clock }, RequestTimeout: time.Minute, Timeout: 2 * time.Minute}
			rep := f.Run(context.Background(), registryFor(c.api, plugin("kaniko")), contentDir)

			if c.wantWarning != "" {
				oneWarning(t, rep, "kaniko", c.wantWarning)
				if n := len(target.seen()); n != 0 {
					t.Errorf("the redirect target got %d requests", n)
				}
				assertUntouched(t, contentDir, "kaniko")
				return
			}
			if len(rep.Written) != 1 {
				t.Fatalf("the fetch did not follow the redirect: %+v", rep)
			}
			seen := target.seen()
			last := seen[len(seen)-1] // the API recorder saw the first request too
			if c.wantToken && last != "Bearer "+testToken {
				t.Errorf("the API's own origin got Authorization %q, want the token", last)
			}
			if !c.wantToken && last != "" {
				t.Errorf("the redirect target %s got Authorization %q", c.to, last)
			}
		})
	}
}

// TestTokenStaysOffAfterLeavingTheOrigin follows API → other host → API: the last hop goes back to
// the API on a path the other host chose, so it goes without the token.
func TestTokenStaysOffAfterLeavingTheOrigin(t *testing.T) {
	api, _ := url.Parse("http://api.example.com")
	other := &http.Request{URL: &url.URL{Scheme: "http", Host: "other.example.net", Path: "/x"}}
	first := &http.Request{URL: &url.URL{Scheme: "http", Host: "api.example.com", Path: "/repos"}}
	back := &http.Request{URL: &url.URL{Scheme: "http", Host: "api.example.com", Path: "/chosen"},
		Header: http.Header{"Authorization": {"Bearer " + testToken}}}
	if err := redirectPolicy(api)(back, []*http.Request{first, other}); err != nil {
		t.Fatal(err)
	}
	if back.Header.Get("Authorization") != "" {
		t.Error("the token went back to the API after the chain left it")
	}
}
