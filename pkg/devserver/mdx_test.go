package devserver

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An MDX syntax error reaches the overlay at its file, line and column, and the page's last good
// version is still served (issue #21).
func TestMDXErrorInTheOverlayLastGoodPageStays(t *testing.T) {
	root, s := fixtureProject(t, "mdx")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := openPage(t, srv.URL, "/docs/guide/install")
	f := filepath.Join(root, "content/docs/guide/install.mdx")
	good, _ := os.ReadFile(f)
	broken := strings.Replace(string(good), "## Shared step", "## Shared step\n\n<Badge tone=\"x\"", 1)
	os.WriteFile(f, []byte(broken), 0o644)
	s.Rebuild([]string{f})
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	for m.Errors == nil {
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
	}
	e := m.Errors[0]
	if e.File != "content/docs/guide/install.mdx" || e.Line != 42 || e.Column != 1 || !strings.Contains(e.Message, "MDX:") {
		t.Errorf("overlay error %+v, want content/docs/guide/install.mdx:42:1, where the unclosed tag meets the next one", e)
	}
	status, body := fetch(t, srv.URL+"/docs/guide/install")
	if status != 200 || !strings.Contains(string(body), `role="tablist"`) {
		t.Error("the last good MDX page is not served after a failed rebuild")
	}
}

// A component that throws while the page renders on the server is an error of the page, in the
// overlay at the page's file with the thrown message; the last good page stays, and the next good
// save clears the error (React alone would have served the page with its content empty).
func TestMDXRenderErrorInTheOverlayLastGoodPageStays(t *testing.T) {
	root, s := fixtureProject(t, "mdx")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := openPage(t, srv.URL, "/docs/guide/install")
	f := filepath.Join(root, "content/docs/guide/install.mdx")
	good, _ := os.ReadFile(f)
	throws := strings.Replace(string(good), "## Shared step",
		"export function Boom() {\n  throw new Error('the widget is gone');\n}\n\n<Boom />\n\n## Shared step", 1)
	os.WriteFile(f, []byte(throws), 0o644)
	s.Rebuild([]string{f})
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	for m.Errors == nil {
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
	}
	e := m.Errors[0]
	if e.File != "content/docs/guide/install.mdx" || !strings.Contains(e.Message, "the widget is gone (in a component of the page's module, inside <MdxContent>") {
		t.Errorf("overlay error %+v, want the thrown message at content/docs/guide/install.mdx", e)
	}
	status, body := fetch(t, srv.URL+"/docs/guide/install")
	if status != 200 || !strings.Contains(string(body), `role="tablist"`) {
		t.Error("the last good MDX page is not served after a failed render")
	}
	// The good bytes render the last good page again: no update, a status without errors.
	os.WriteFile(f, good, 0o644)
	s.Rebuild([]string{f})
	for {
		m = message{}
		if err := c.ReadJSON(&m); err != nil {
			t.Fatalf("no message without errors after the good save: %v", err)
		}
		if (m.Type == "status" || m.Type == "update") && len(m.Errors) == 0 {
			break
		}
	}
}

// Two pages whose server renders throw, saved together, are both in the overlay, each at its file.
func TestMDXRenderErrorsOfTwoPagesInTheOverlay(t *testing.T) {
	root, s := fixtureProject(t, "mdx")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := openPage(t, srv.URL, "/docs/guide/install")
	boom := func(what string) string {
		return "export function Boom() {\n  throw new Error('the " + what + " is gone');\n}\n\n<Boom />\n\n"
	}
	install := filepath.Join(root, "content/docs/guide/install.mdx")
	good, _ := os.ReadFile(install)
	os.WriteFile(install, []byte(strings.Replace(string(good), "## Shared step", boom("widget")+"## Shared step", 1)), 0o644)
	intro := filepath.Join(root, "content/docs/guide/intro.md")
	text, _ := os.ReadFile(intro)
	os.WriteFile(intro, append(text, "\n"+boom("gadget")...), 0o644) // MDX now: it exports
	s.Rebuild([]string{install, intro})
	var m message
	c.SetReadDeadline(time.Now().Add(failAfter))
	for m.Errors == nil {
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
	}
	if len(m.Errors) != 2 || m.Errors[0].File != "content/docs/guide/install.mdx" || !strings.Contains(m.Errors[0].Message, "the widget is gone") ||
		m.Errors[1].File != "content/docs/guide/intro.md" || !strings.Contains(m.Errors[1].Message, "the gadget is gone") {
		t.Errorf("overlay errors %+v, want the widget at install.mdx and the gadget at intro.md", m.Errors)
	}
}
