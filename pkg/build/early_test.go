// Tests of a full build whose pages render while its MDX pages compile (early.go): the order of
// the two, checked by hooks, not by timing; and the output, the same as the build that bundles
// every MDX page before rendering any page (the one docsd watch's first build still runs).

package build

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// awaitEvent waits for ch, which an event of the build closes; a build that breaks the order the
// test checks never closes it, and the test fails instead of hanging (the limit is not a timing:
// the event needs no more than a few seconds on the busiest machine).
func awaitEvent(t *testing.T, ch <-chan struct{}, what string) {
	select {
	case <-ch:
	case <-time.After(3 * time.Minute):
		t.Errorf("the build never got to %s", what)
	}
}

// closer closes a channel once, from any goroutine.
type closer struct {
	once sync.Once
	ch   chan struct{}
}

func newCloser() *closer { return &closer{ch: make(chan struct{})} }
func (c *closer) close() { c.once.Do(func() { close(c.ch) }) }

func TestPagesRenderWhileMDXCompiles(t *testing.T) {
	root, opts := mdxSite(t)
	// Two more MDX pages: the second compiles only once the first is written.
	write(t, root, "content/docs/guide/first.mdx", "# First\n\nimport Admonition from '@theme/Admonition';\n\n<Admonition type=\"tip\">The first.</Admonition>\n")
	write(t, root, "content/docs/guide/second.mdx", "# Second\n\n<Admonition type=\"note\">The second.</Admonition>\n")
	b := New(opts)
	defer b.Close()
	markdownWritten, firstWritten := newCloser(), newCloser()
	b.onWritten = func(route string) {
		switch route {
		case "/docs/guide/intro":
			markdownWritten.close()
		case "/docs/guide/first":
			firstWritten.close()
		}
	}
	b.onCompile = func(file string) {
		// No MDX file compiles before a Markdown page is written: they render while it compiles.
		awaitEvent(t, markdownWritten.ch, "a Markdown page's HTML before the MDX compiles")
		if filepath.Base(file) == "second.mdx" {
			// An MDX page renders once its own chunk is built, not once every page's is.
			awaitEvent(t, firstWritten.ch, "the first MDX page's HTML before the second compiled")
		}
	}
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, route := range []string{"/docs/guide/install", "/docs/guide/first", "/docs/guide/second"} {
		html := string(res.Files.Data[res.Site.HTMLPath(route)])
		if !strings.Contains(html, "admonition") {
			t.Errorf("%s: its MDX content was not rendered:\n%s", route, html)
		}
	}
	if b.earlyMissed != 0 {
		t.Errorf("the shell was made again %d times: the import blocks predicted the shared modules wrong", b.earlyMissed)
	}
}

// sequentialBuild is the build of opts that bundles every MDX page before rendering any page.
func sequentialBuild(t *testing.T, opts Options, hook func(file, js string) string) *Result {
	t.Helper()
	b := New(opts)
	defer b.Close()
	b.onCompiled = hook
	res, err := b.BuildServing(&Serving{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestEarlyBuildEqualsSequential(t *testing.T) {
	for _, fixture := range []string{"mdx", "mdx-components"} {
		t.Run(fixture, func(t *testing.T) {
			_, opts := fixtureSite(t, fixture)
			b := New(opts)
			defer b.Close()
			got, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			if b.earlyMissed != 0 {
				t.Errorf("the shell was made again: the import blocks predicted the shared modules wrong")
			}
			compareFiles(t, fixture, got, sequentialBuild(t, opts, nil))
		})
	}
}

// A page whose compiled module imports a module of the shell its import blocks do not name: the
// shell built ahead lacks it, so the build makes the shell again and renders every page again.
func TestEarlyShellMissedRendersAgain(t *testing.T) {
	_, opts := mdxSite(t)
	hook := func(file, js string) string {
		if filepath.Base(file) != "install.mdx" {
			return js
		}
		return "import DocCardList from \"@theme/DocCardList\";\n" + js
	}
	b := New(opts)
	defer b.Close()
	b.onCompiled = hook
	got, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if b.earlyMissed != 1 {
		t.Fatalf("the shell was made again %d times, want once", b.earlyMissed)
	}
	compareFiles(t, "missed", got, sequentialBuild(t, opts, hook))
}
