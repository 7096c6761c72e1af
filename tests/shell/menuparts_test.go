package shell

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"docsd/internal/testnode"
)

// page is a page as the renderer receives it (pkg/site's JSON), the fields the navbar reads.
type page struct {
	Route         string         `json:"route"`
	Kind          string         `json:"kind"`
	Version       string         `json:"version,omitempty"`
	OtherVersions []otherVersion `json:"otherVersions,omitempty"`
	Sidebar       string         `json:"sidebar,omitempty"`
}

type otherVersion struct {
	Name  string `json:"name"`
	Route string `json:"route"`
}

// The server renders the navbar's version and locale menus once and reuses the HTML on the other
// pages, swapping in each page's hrefs (site/src/link-parts.js). Every page of a site with two
// versions and three locales, in three orders, must be what a render without the cache makes;
// both menus must come from learnt HTML on some pages (or this test would not test the swap),
// and a page whose hrefs React escapes must render them in full.
func TestMenuPartsEqualFreshRender(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	site := map[string]any{
		"title": "Menus", "basePath": "/docs/", "locale": "fr",
		"navbar": map[string]any{"title": "Menus", "items": []map[string]any{
			{"type": "docSidebar", "label": "Guide", "sidebar": "guide", "position": "left"},
			{"type": "docsVersionDropdown", "position": "right"},
			{"type": "localeDropdown", "position": "right"},
			{"type": "link", "label": "Source", "href": "https://example.test/source", "position": "right"},
		}},
		"sidebarEntries": map[string]string{"guide": "/docs/fr/guide/intro"},
		"versions": []map[string]any{
			{"name": "current", "label": "Next", "path": "/docs/fr", "isLast": false},
			{"name": "1.0", "label": "1.0", "path": "/docs/fr/1.0", "isLast": true},
		},
		"versionRoutes": map[string]string{"current": "/docs/fr/guide/intro", "1.0": "/docs/fr/1.0/guide/intro"},
		"locales": []map[string]any{
			{"code": "en", "label": "English", "htmlLang": "en-US", "default": true},
			{"code": "fr", "label": "Français", "htmlLang": "fr-FR"},
			{"code": "de", "label": "Deutsch", "htmlLang": "de-DE"},
		},
	}
	type visit struct {
		URL  string `json:"url"`
		Page page   `json:"page"`
	}
	doc := func(route, version string, others ...otherVersion) page {
		return page{Route: route, Kind: "doc", Version: version, OtherVersions: others, Sidebar: version + "-fr-guide"}
	}
	pages := []visit{
		{"/docs/fr/guide/intro", doc("/docs/fr/guide/intro", "current", otherVersion{"1.0", "/docs/fr/1.0/guide/intro"})},
		{"/docs/fr/guide/setup", doc("/docs/fr/guide/setup", "current")},
		{"/docs/fr/1.0/guide/intro", doc("/docs/fr/1.0/guide/intro", "1.0", otherVersion{"current", "/docs/fr/guide/intro"})},
		{"/docs/fr/1.0/old", doc("/docs/fr/1.0/old", "1.0")},
		// The location as the browser asked for it: the locale menu keeps it, the version menu
		// links the page's route.
		{"/docs/fr/guide/page.html", doc("/docs/fr/guide/page", "current")},
		{"/docs/fr/guide/caf%C3%A9", doc("/docs/fr/guide/café", "current")},
		// Hrefs React escapes (&amp;): both menus render in full.
		{"/docs/fr/guide/a&b", doc("/docs/fr/guide/a&b", "current", otherVersion{"1.0", "/docs/fr/1.0/guide/a&b"})},
		{"/docs/fr/", page{Route: "/docs/fr/", Kind: "landing"}},
	}
	var idx []int
	for i := range pages {
		idx = append(idx, i)
	}
	back := slices.Clone(idx)
	slices.Reverse(back)
	mixed := []int{3, 0, 6, 5, 1, 7, 2, 4}
	in := map[string]any{"site": site, "pages": pages, "orders": [][]int{idx, back, mixed}}

	var got []struct {
		Differs []string            `json:"differs"`
		Asked   map[string][]string `json:"asked"`
		Reused  map[string][]string `json:"reused"`
	}
	if err := json.Unmarshal(testnode.RunScript(t, "testdata/menuparts.jsx", in), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("the script rendered %d orders, want 3", len(got))
	}
	const versionMenu, localeMenu = "navbar-right-0-version-", "navbar-right-1"
	has := func(names []string, prefix string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, prefix) })
	}
	for o, r := range got {
		if len(r.Differs) > 0 {
			t.Errorf("order %d: the cached navbar differs from a fresh render on %v", o, r.Differs)
		}
		var versionReused, localeReused int
		for url, reused := range r.Reused {
			if has(reused, versionMenu) {
				versionReused++
			}
			if has(reused, localeMenu) {
				localeReused++
			}
			if strings.Contains(url, "&") && (has(r.Asked[url], versionMenu) || has(r.Asked[url], localeMenu)) {
				t.Errorf("order %d, %s: its menus were cached (%v), want them rendered in full", o, url, r.Asked[url])
			}
		}
		if versionReused == 0 || localeReused == 0 {
			t.Errorf("order %d: the version menu came from learnt HTML on %d pages, the locale menu on %d, want both on some", o, versionReused, localeReused)
		}
	}
}
