package devserver

// A site component that MDX pages import (src/components, the Docusaurus place) is watched: editing
// it, with nothing else saved, rebuilds the pages that use it through the real watcher (issue #21).
// The builder handled such a path, but docsd watch never reported one: it watched only content/,
// docsd.toml, site/ and the sidebars files.

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/build"
)

func TestSiteComponentEditIsWatched(t *testing.T) {
	root, s := fixtureProject(t, "mdx")
	results := make(chan error, 100)
	s.OnRebuild = func(_ *build.Result, err error) { results <- err }
	startWatching(t, s)
	f := filepath.Join(root, "src/components/Badge.jsx")
	text, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(text), "fixture-badge fixture-badge-", "fixture-badge edited-badge fixture-badge-", 1)
	if edited == string(text) {
		t.Fatal("Badge.jsx no longer has the class this test edits")
	}
	if err := os.WriteFile(f, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	// The deadline only bounds a failure: no rebuild at all is the bug this test is about.
	waitRebuild(t, results, func(err error) bool { return err == nil })
	html := string(s.pageBytes(t, "/docs/guide/install"))
	if !strings.Contains(html, `class="fixture-badge edited-badge fixture-badge-success"`) {
		t.Errorf("the page using the edited component does not show it:\n%.400s", html[max(strings.Index(html, "fixture-badge")-100, 0):])
	}
}

// pageBytes is what the server answers for route.
func (s *Server) pageBytes(t *testing.T, route string) []byte {
	t.Helper()
	w := httptest.NewRecorder()
	req := httptest.NewRequest("GET", route, nil)
	req.Host = "127.0.0.1"
	s.Handler().ServeHTTP(w, req)
	return w.Body.Bytes()
}

// A component file added beside the one a page imports, which esbuild prefers (Badge.tsx before
// Badge.jsx), is what the page shows after the watcher's rebuild, as after a fresh build: the page
// read no file that changed, and kept Badge.jsx (pkg/bundle/mdxshadow.go).
func TestSiteComponentAddedBesideItIsResolved(t *testing.T) {
	root, s := fixtureProject(t, "mdx")
	results := make(chan error, 100)
	s.OnRebuild = func(_ *build.Result, err error) { results <- err }
	startWatching(t, s)
	// Made outside the watched folders and moved in whole: the watcher sees it complete.
	tmp := filepath.Join(t.TempDir(), "Badge.tsx")
	src := "export default function Badge({ children }: { children?: unknown }) {\n  return <span className=\"badge-tsx\">{children}</span>;\n}\n"
	if err := os.WriteFile(tmp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(root, "src/components/Badge.tsx")); err != nil {
		t.Fatal(err)
	}
	shows := func() bool {
		return strings.Contains(string(s.pageBytes(t, "/docs/guide/install")), `class="badge-tsx"`)
	}
	// The deadline only bounds a failure: a rebuild that keeps Badge.jsx is the bug.
	waitRebuild(t, results, func(err error) bool { return err == nil && shows() })
}
