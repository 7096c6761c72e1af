package server

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDirRefusesLinksOutside: a symbolic link in the build folder to a file or a folder outside
// it answers 404; a link to a file inside is served.
func TestDirRefusesLinksOutside(t *testing.T) {
	base := t.TempDir()
	site, outside := filepath.Join(base, "build"), filepath.Join(base, "outside")
	files := map[string]string{
		"build/index.html":        "landing",
		"build/404.html":          "not found page",
		"build/usage/inside.html": "inside",
		"outside/secret.html":     "secret",
		"outside/dir/page.html":   "secret page",
	}
	for name, data := range files {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"abs.html":         filepath.Join(outside, "secret.html"), // absolute, outside
		"rel.html":         "../outside/secret.html",              // relative, outside
		"usage/deep.html":  "../../outside/secret.html",
		"ext":              outside,                           // a folder outside
		"extrel":           "../outside/dir",                  // a folder outside, relative
		"usage/alias.html": "inside.html",                     // inside: served
		"usage/up.html":    "../usage/inside.html",            // inside through ..: served
		"usage/self":       ".",                               // a folder inside: served
		"abs-in.html":      filepath.Join(site, "index.html"), // absolute but inside: os.Root refuses absolute links
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(site, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	h := New(Dir(site), "/docs/")
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{
		{"/docs/abs", 404, "not found page"},
		{"/docs/rel", 404, "not found page"},
		{"/docs/usage/deep", 404, "not found page"},
		{"/docs/ext/secret", 404, "not found page"},
		{"/docs/ext/dir/page", 404, "not found page"},
		{"/docs/extrel/page", 404, "not found page"},
		{"/docs/abs-in", 404, "not found page"},
		{"/docs/usage/alias", 200, "inside"},
		{"/docs/usage/up", 200, "inside"},
		{"/docs/usage/self/inside", 200, "inside"},
		{"/docs/usage/inside", 200, "inside"},
	} {
		rec := get(h, c.path)
		if rec.Code != c.status || rec.Body.String() != c.body {
			t.Errorf("%s: %d %q, want %d %q", c.path, rec.Code, rec.Body.String(), c.status, c.body)
		}
	}
}

// TestDirHidesHiddenFiles: a hidden file or folder put in the build folder (a .env, a .git, the
// build's own mark) answers 404, however the path spells the dot; other files are served.
func TestDirHidesHiddenFiles(t *testing.T) {
	site := t.TempDir()
	for name, data := range map[string]string{
		"index.html": "landing", "404.html": "not found page", ".env": "TOKEN=secret", ".git/config": "[remote]",
		".docsd-build": "mark", "usage/.npmrc": "_authToken=secret", "usage/page.html": "page", "usage/.hidden/page.html": "hidden page",
	} {
		p := filepath.Join(site, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := New(Dir(site), "/docs/")
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{
		{"/docs/.env", 404, "not found page"},
		{"/docs/%2eenv", 404, "not found page"},
		{"/docs/.git/config", 404, "not found page"},
		{"/docs/.docsd-build", 404, "not found page"},
		{"/docs/usage/.npmrc", 404, "not found page"},
		{"/docs/usage/.hidden/page", 404, "not found page"},
		{"/docs/usage/page", 200, "page"},
	} {
		rec := get(h, c.path)
		if rec.Code != c.status || rec.Body.String() != c.body {
			t.Errorf("%s: %d %q, want %d %q", c.path, rec.Code, rec.Body.String(), c.status, c.body)
		}
	}
}

// TestDirSeesABuildSwappedIntoPlace: docsd build --once renames a new build over the folder being
// served; the next request serves the new build.
func TestDirSeesABuildSwappedIntoPlace(t *testing.T) {
	base := t.TempDir()
	site := filepath.Join(base, "build")
	write := func(dir, body string) {
		if err := os.MkdirAll(filepath.Join(dir, "usage"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string]string{"index.html": "landing", "404.html": "not found page", "usage/page.html": body} {
			if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(site, "old")
	h := New(Dir(site), "/docs/")
	if rec := get(h, "/docs/usage/page"); rec.Body.String() != "old" {
		t.Fatalf("before the swap: %q", rec.Body.String())
	}
	next := filepath.Join(base, "build.next")
	write(next, "new")
	if err := os.Rename(site, filepath.Join(base, "build.old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(next, site); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(base, "build.old")); err != nil {
		t.Fatal(err)
	}
	if rec := get(h, "/docs/usage/page"); rec.Code != 200 || rec.Body.String() != "new" {
		t.Errorf("after the swap: %d %q, want 200 \"new\"", rec.Code, rec.Body.String())
	}
}
