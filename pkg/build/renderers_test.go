package build

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/ssr"
)

// TestRenderersStartedEarly: a first build renders with the renderers started before its bundle
// was made; an edit that changes the server bundle still starts new renderers, which render the
// edit; and a bundle that fails to load in the renderers started early fails the build with what
// Node said.
func TestRenderersStartedEarly(t *testing.T) {
	root, opts := siteCopy(t, true)
	opts.SiteDir = testfs.ShellCopy(t, "../..")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if b.rendererStarts != 1 || b.earlyLoads != 1 {
		t.Fatalf("the first build started %d renderer pools, %d of them early; want 1 started early", b.rendererStarts, b.earlyLoads)
	}
	// A docs page below a category shows breadcrumbs (server-rendered).
	route := ""
	for _, r := range res.Site.Order {
		if strings.Contains(string(res.Files.Data[res.Site.HTMLPath(r)]), `aria-label="Breadcrumbs"`) {
			route = r
			break
		}
	}
	if route == "" {
		t.Fatal("no page was server-rendered with breadcrumbs")
	}
	page := func(res *Result) string { return string(res.Files.Data[res.Site.HTMLPath(route)]) }

	crumbs := filepath.Join(opts.SiteDir, "src/components/Breadcrumbs.jsx")
	write(t, "/", crumbs, strings.Replace(read(t, "/", crumbs), `aria-label="Breadcrumbs"`, `aria-label="Trail of pages"`, 1))
	if res, err = b.Rebuild([]string{crumbs}); err != nil {
		t.Fatal(err)
	}
	if b.rendererStarts != 2 || b.earlyLoads != 1 {
		t.Errorf("after a shell edit: %d renderer pools started, %d early; want a second one started from the bundle", b.rendererStarts, b.earlyLoads)
	}
	if html := page(res); !strings.Contains(html, `aria-label="Trail of pages"`) {
		t.Errorf("the new renderers did not render the edit: %.300s", html)
	}

	entry := filepath.Join(opts.SiteDir, "src/entry-server.jsx")
	write(t, "/", entry, read(t, "/", entry)+"\nthrow new Error('docsd test: the server bundle fails to load');\n")
	broken := New(Options{Root: root, SiteDir: opts.SiteDir, Production: true})
	defer broken.Close()
	if _, err := broken.Build(); err == nil || !strings.Contains(err.Error(), "the server bundle fails to load") {
		t.Errorf("a bundle that fails to load: %v, want Node's error", err)
	}
	if broken.earlyLoads != 1 {
		t.Errorf("the failing bundle went to %d renderer pools started early, want 1", broken.earlyLoads)
	}
}

// The renderers of docsd build --once (Once) optimise late (ssr.OneBuildFlag); those of a builder
// that keeps running (docsd watch, docsd build without --once) keep V8's default.
func TestOneBuildRenderersOptimiseLate(t *testing.T) {
	for _, c := range []struct {
		b    *Builder
		want bool
	}{
		{&Builder{oneBuild: true, opts: Options{Renderers: 1}}, true},
		{&Builder{opts: Options{Renderers: 1}}, false},
		{&Builder{opts: Options{Renderers: 1, LowMemory: true}}, false},
	} {
		_, flags := c.b.rendererSetup()
		if got := slices.Contains(flags, ssr.OneBuildFlag); got != c.want {
			t.Errorf("oneBuild %v, LowMemory %v: flags %q; want %s: %v", c.b.oneBuild, c.b.opts.LowMemory, flags, ssr.OneBuildFlag, c.want)
		}
	}
}

// A build --once stops its renderers as soon as its pages are rendered, before the site-wide step
// (their exit then overlaps it); a build that later edits render again keeps them.
func TestOnceStopsRenderersAfterPages(t *testing.T) {
	_, opts := siteCopy(t, true)
	opts.Out = filepath.Join(t.TempDir(), "build")
	once := New(opts)
	defer once.Close()
	once.oneBuild = true
	if _, err := once.once(); err != nil {
		t.Fatal(err)
	}
	if !once.renderer.Stopped() {
		t.Error("a build --once still runs its renderers after its pages")
	}
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if b.renderer.Stopped() {
		t.Error("a build that edits may render again stopped its renderers")
	}
}
