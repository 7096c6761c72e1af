// This file is the fetch's redirect policy. It exists because Go's http.Client forwards the
// Authorization header on a redirect to the same host name on any port and scheme, and to its
// subdomains (net/http shouldCopyHeaderOnRedirect, Go 1.26): the token must reach only the API
// that was configured, so the fetch decides itself, whatever client it was given.

package registry

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects bounds a redirect chain; GitHub answers a renamed repository with one 301.
const maxRedirects = 5

// redirectPolicy returns the CheckRedirect of a fetch from the API at api: at most maxRedirects
// redirects, never from https to http, and the Authorization header only while every hop so far
// is on the API's exact origin (scheme, host and port). Once the chain has left the origin, a hop
// back to it goes without the token too: its path was chosen by a server we do not trust.
func redirectPolicy(api *url.URL) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		if via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
			return errors.New("refused a redirect from https to http")
		}
		keep := sameOrigin(req.URL, api)
		for _, r := range via {
			keep = keep && sameOrigin(r.URL, api)
		}
		if !keep {
			// Go copies the first request's headers into every hop, so this runs on each one.
			req.Header.Del("Authorization")
		}
		return nil
	}
}

// sameOrigin reports whether a and b have the same scheme, host name and port, an absent port
// standing for the scheme's default one (https 443, http 80).
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) &&
		strings.EqualFold(a.Hostname(), b.Hostname()) &&
		port(a) == port(b)
}

func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}
