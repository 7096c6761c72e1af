package build

// The renderer reuses the HTML of shell parts that are the same on many pages (the footer, the
// navbar's items: site/src/server-parts.js). These tests hold that reuse to a fresh render of every
// page, and to edits in docsd watch.

import (
	"fmt"
	"strings"
	"testing"
)

// Every page of the Vela site and of the fixture with versions and locales is the same with the
// part cache as rendered in full (DOCSD_SSR_PARTS=off turns the cache off in the renderer).
func TestShellPartsEqualFreshRender(t *testing.T) {
	_, multi := siteCopy(t, false)
	for _, site := range []struct {
		name string
		opts Options
	}{
		{"vela", Options{Root: "../..", Production: true}},
		{"multi", multi},
	} {
		t.Run(site.name, func(t *testing.T) {
			cached := built(t, site.opts)
			t.Setenv("DOCSD_SSR_PARTS", "off")
			fresh := built(t, site.opts)
			if cached.Site.Routes.Len() < 10 {
				t.Fatalf("the site has %d routes", cached.Site.Routes.Len())
			}
			compareFiles(t, site.name+": cached parts against a fresh render", cached, fresh)
		})
	}
}

// In docsd watch the renderer keeps its cache across rebuilds: an edit of docsd.toml that changes
// cached parts (a navbar item's label, the footer) and an edit of a sidebar label show on every
// page, as a fresh build renders them.
func TestShellPartsFollowEdits(t *testing.T) {
	root, opts := siteCopy(t, false)
	// More kinds of cached parts than the fixture has: a link, an external link, the search box
	// and the colour mode toggle in the navbar, and footer links.
	cfg := strings.Replace(read(t, root, "docsd.toml"), "[footer]\ncopyright = \"Copyright © 2025 Multi\"\n", `[[navbar.items]]
type = "link"
label = "Changelog"
to = "/docs/guide/intro"
[[navbar.items]]
type = "link"
label = "Source"
href = "https://example.test/source"
position = "right"
[[navbar.items]]
type = "colorModeToggle"
position = "right"
[[navbar.items]]
type = "search"
position = "right"

[footer]
copyright = "Copyright © 2025 Multi"
[[footer.links]]
title = "Docs"
[[footer.links.items]]
label = "Start here"
to = "/docs/guide/intro"
`, 1)
	if !strings.Contains(cfg, "Changelog") {
		t.Fatal("the fixture's docsd.toml changed: its [footer] is not where the test puts the extra items")
	}
	write(t, root, "docsd.toml", cfg)
	inc := New(opts)
	defer inc.Close()
	first, err := inc.Build()
	if err != nil {
		t.Fatal(err)
	}
	intro := first.Site.HTMLPath("/docs/guide/intro")
	for _, want := range []string{">Guide</a>", ">Changelog</a>", ">Start here</a>", "Copyright © 2025 Multi"} {
		if !strings.Contains(string(first.Files.Data[intro]), want) {
			t.Fatalf("the first build's %s lacks %s", intro, want)
		}
	}

	steps := []struct {
		desc     string
		edit     func() []string
		old, new string
	}{
		{"a navbar item's label", func() []string {
			write(t, root, "docsd.toml", strings.Replace(read(t, root, "docsd.toml"), `label = "Changelog"`, `label = "Release notes"`, 1))
			return []string{"docsd.toml"}
		}, ">Changelog</a>", ">Release notes</a>"},
		{"a footer link and the copyright", func() []string {
			text := strings.Replace(read(t, root, "docsd.toml"), `label = "Start here"`, `label = "Begin"`, 1)
			write(t, root, "docsd.toml", strings.Replace(text, "Copyright © 2025 Multi", "Copyright © 2026 Multi", 1))
			return []string{"docsd.toml"}
		}, ">Start here</a>", ">Begin</a>"},
		{"a sidebar label", func() []string {
			f := "content/docs/guide/intro.md"
			text := read(t, root, f)
			if !strings.HasPrefix(text, "---\n") {
				text = "---\n---\n" + text
			}
			write(t, root, f, strings.Replace(text, "---\n", "---\nsidebar_label: Welcome aboard\n", 1))
			return []string{f}
		}, "", ">Welcome aboard</a>"},
	}
	for i, step := range steps {
		got, err := inc.Rebuild(step.edit())
		if err != nil {
			t.Fatalf("step %d (%s): %v", i, step.desc, err)
		}
		html := string(got.Files.Data[got.Site.HTMLPath("/docs/guide/intro")])
		if step.old != "" && strings.Contains(html, step.old) {
			t.Errorf("step %d (%s): the page still shows %s", i, step.desc, step.old)
		}
		if !strings.Contains(html, step.new) {
			t.Errorf("step %d (%s): the page lacks %s", i, step.desc, step.new)
		}
		compareFiles(t, fmt.Sprintf("step %d (%s)", i, step.desc), got, built(t, opts))
	}
}
