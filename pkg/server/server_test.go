package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func site() fstest.MapFS {
	return fstest.MapFS{
		"index.html":              {Data: []byte("landing")},
		"usage/quickstart.html":   {Data: []byte("quickstart")},
		"usage/tour.html":         {Data: []byte("tour")},
		"usage/tour/cloning.html": {Data: []byte("cloning")},
		"404.html":                {Data: []byte("not found page")},
		"assets/entry-ABC.js":     {Data: []byte("js")},
		"sitemap.xml":             {Data: []byte("<urlset/>")},
	}
}

// urlContractCases is the URL contract (DESIGN.md §4) as requests and answers; the nginx
// configuration in deploy/ is held to the same cases (nginx_test.go).
var urlContractCases = []struct {
	path     string
	status   int
	body     string
	location string
}{
	{"/docs/", 200, "landing", ""},
	{"/docs", 301, "", "/docs/"},
	{"/docs/index.html", 301, "", "/docs/"},
	{"/docs/usage/quickstart", 200, "quickstart", ""},
	{"/docs/usage/quickstart/", 301, "", "/docs/usage/quickstart"},
	{"/docs/usage/quickstart.html", 301, "", "/docs/usage/quickstart"},
	{"/docs/usage/tour/index.html", 301, "", "/docs/usage/tour"},
	{"/docs/usage/tour", 200, "tour", ""},
	{"/docs/usage/tour/cloning", 200, "cloning", ""},
	{"/docs/usage/quickstart?x=1", 200, "quickstart", ""},
	{"/docs/usage/quickstart/?x=1", 301, "", "/docs/usage/quickstart?x=1"},
	{"/docs/nope", 404, "not found page", ""},
	{"/docs/assets/entry-ABC.js", 200, "js", ""},
	{"/docs/sitemap.xml", 200, "<urlset/>", ""},
	{"/elsewhere", 404, "not found page", ""},
	{"/docs/../etc/passwd", 400, "not found page", ""},
	{"/docs/%2e%2e/etc/passwd", 400, "not found page", ""},
	{"/docs/usage/%2e%2e/%2e%2e/go.mod", 400, "not found page", ""},
	{"/docs/..%2f..%2fgo.mod", 400, "not found page", ""},
}

func TestURLContract(t *testing.T) {
	h := New(site(), "/docs/")
	for _, c := range urlContractCases {
		req := httptest.NewRequest("GET", "http://x"+c.path, nil)
		req.URL.RawPath = ""
		rec := httptest.NewRecorder()
		// httptest cleans nothing: send the path exactly as a client would.
		req.URL.Path, req.URL.RawQuery, _ = strings.Cut(c.path, "?")
		if strings.Contains(c.path, "%") {
			req.URL.RawPath = strings.SplitN(c.path, "?", 2)[0]
			req.URL.Path = strings.NewReplacer("%2e", ".", "%2f", "/").Replace(req.URL.RawPath)
		}
		h.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.path, rec.Code, c.status)
		}
		if c.body != "" && rec.Body.String() != c.body {
			t.Errorf("%s: body %q, want %q", c.path, rec.Body.String(), c.body)
		}
		if c.location != "" && rec.Header().Get("Location") != c.location {
			t.Errorf("%s: Location %q, want %q", c.path, rec.Header().Get("Location"), c.location)
		}
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	h := New(site(), "/docs/")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/docs/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", rec.Code)
	}
}
