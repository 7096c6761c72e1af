package ssr

import (
	"encoding/json"
	"errors"
	"testing"
)

// A page the renderer answers with an error (a component threw) is a PageError carrying the page's
// URL and the renderer's message, which pkg/build reports at the page's file; a renderer that
// stopped is not.
func TestPageErrorOnlyForAnAnsweredError(t *testing.T) {
	r, err := Start([]byte(`process.stdin.on('data', () => process.stdout.write('1 E 16\nno widget (in X)'));`))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = r.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)})
	var pe *PageError
	if !errors.As(err, &pe) || pe.URL != "/docs/a" || pe.Message != "no widget (in X)" || err.Error() != "rendering /docs/a: no widget (in X)" {
		t.Fatalf("got %#v (%v), want a PageError of /docs/a with the renderer's message", err, err)
	}

	stopped, err := Start([]byte(`process.exit(3);`))
	if err != nil {
		t.Fatal(err)
	}
	defer stopped.Close()
	if _, err := stopped.Render(Request{URL: "/docs/a", SiteKey: "en-1", Page: json.RawMessage(`{}`)}); err == nil || errors.As(err, &pe) {
		t.Fatalf("a stopped renderer gave %v, want an error that is no PageError", err)
	}
}
