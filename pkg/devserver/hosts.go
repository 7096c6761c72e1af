package devserver

// Which hosts the dev server answers, against DNS rebinding: a page at evil.example whose name the
// attacker re-points to 127.0.0.1 reaches the dev server with "Host: evil.example" and, to the
// browser, is same-origin with it. So a request is answered only when its Host names the machine in
// a way no one else's DNS can: localhost and *.localhost, an IP address (a page at an address is
// served by whoever has that address: rebinding needs a name), the host of --addr, and the hosts
// the user allowed with --allowed-hosts. The websocket also checks the Origin of the page that
// opens it.

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// Hosts is the list of host names the dev server answers besides localhost and IP addresses.
// The zero value (and nil) answers those only.
type Hosts struct {
	names    map[string]bool // exact names, lower case
	suffixes []string        // from ".example.test": that domain and every name under it
}

// NewHosts allows the host of the listening address addr (unless it listens on every interface:
// then names must be listed) and the names in allowed. A name may carry a port, which is ignored;
// one starting with a dot allows that domain and its subdomains, as Vite's allowedHosts does.
func NewHosts(addr string, allowed []string) (*Hosts, error) {
	h := &Hosts{names: map[string]bool{}}
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		if ip, err := netip.ParseAddr(host); err != nil || !ip.IsUnspecified() {
			h.names[hostname(host)] = true
		}
	}
	for _, a := range allowed {
		a = strings.TrimSpace(a)
		if a == "" || strings.ContainsAny(a, "/ \t@*") {
			return nil, fmt.Errorf("%q is not a host name: give a name such as docs.example.test, or .example.test for a domain and its subdomains", a)
		}
		name := hostname(a)
		if strings.HasPrefix(name, ".") {
			h.suffixes = append(h.suffixes, name)
			continue
		}
		h.names[name] = true
	}
	return h, nil
}

// hostname is the lower-case host of a Host header or Origin host, without port, brackets or a
// final dot.
func hostname(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

// Allows reports whether the server answers a request whose Host header is host.
func (h *Hosts) Allows(host string) bool {
	name := hostname(host)
	switch {
	case name == "":
		return false
	case name == "localhost" || strings.HasSuffix(name, ".localhost"):
		return true
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return true
	}
	return h.listed(name)
}

// listed reports whether name was allowed by --addr or --allowed-hosts.
func (h *Hosts) listed(name string) bool {
	if h == nil {
		return false
	}
	if h.names[name] {
		return true
	}
	for _, s := range h.suffixes {
		if name == s[1:] || strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// guard answers 403 to a request for a host the server does not answer.
func (h *Hosts) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.Allows(r.Host) {
			name := hostname(r.Host)
			http.Error(w, fmt.Sprintf("docsd watch does not answer requests for the host %q: it answers localhost, IP addresses and the host of --addr, so that no other site can reach it through its own DNS name.\nTo open it under this name, start it with: docsd watch --allowed-hosts %s", name, name), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// checkOrigin accepts a websocket opened by a page of this server (same origin, on an allowed
// host), or by a page on a host allowed by name (behind a proxy that rewrites Host). Browsers always
// send an Origin with a websocket handshake: one without is not a page, and is refused.
func (h *Hosts) checkOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return h.Allows(r.Host)
	}
	return h.listed(hostname(u.Host))
}
