package build

// Where the version menu and the version notice lead when the page on screen is not in a version:
// the version's main doc, which without main_doc is, as Docusaurus's mainDocId, the doc at the
// version's own path, else the first page of the version's first sidebar (testdata/sites/versions).
// Every page carries these links, so an edit that moves one renders every page again.

import (
	"strings"
	"testing"
)

func TestVersionHomeWithoutMainDoc(t *testing.T) {
	root, opts := fixtureSite(t, "versions")
	res := built(t, opts)
	want := map[string]string{"current": "/docs/next/intro", "2.0": "/docs/intro", "1.0": "/docs/1.0/intro", "0.9": "/docs/0.9"}
	for _, v := range res.Site.Config.Versions {
		if got, _ := res.Site.VersionHome(v, "en"); got != want[v.Name] {
			t.Errorf("version %s leads to %q, want %q", v.Name, got, want[v.Name])
		}
	}
	// The notice of a page that 2.0 does not have leads to 2.0's first page.
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/1.0/legacy-runner")])
	if !strings.Contains(html, `<p class="version-banner" role="note">You are reading 1.0, no longer maintained. <a href="/docs/intro" data-discover="true">Go to 2.0, the latest</a></p>`) {
		t.Errorf("the notice does not link 2.0's first page:\n%.600s", html[max(strings.Index(html, "version-banner")-20, 0):])
	}
	// Each page's data carries its notice and badge: the same page in the latest version where it
	// is there; a badge and no notice on the latest; neither where docsd.toml turns them off.
	for route, want := range map[string]string{
		"/docs/next/intro": `"versionNotice":{"text":"You are reading Next, not released yet. ","link":"Go to 2.0, the latest","route":"/docs/intro","latest":"2.0"},"versionBadge":"Version: Next"`,
		"/docs/intro":      `"versionBadge":"Version: 2.0"`,
	} {
		if data := string(res.Files.Data[res.Site.DataPath(route)]); !strings.Contains(data, want) {
			t.Errorf("%s's data lacks %s", route, want)
		}
	}
	for _, route := range []string{"/docs/intro", "/docs/0.9/intro"} {
		if data := string(res.Files.Data[res.Site.DataPath(route)]); strings.Contains(data, "versionNotice") || route == "/docs/0.9/intro" && strings.Contains(data, "versionBadge") {
			t.Errorf("%s's data has a notice or badge it should not: %.300s", route, data)
		}
	}

	inc, ref, _ := devServerAndFullBuilders(t, opts)
	f := "content/versioned_docs/version-1.0/legacy-runner.md"
	editMatchesFull(t, inc, ref, root, "the legacy runner moved first in 1.0", f, strings.Replace(read(t, root, f), "sidebar_position: 2", "sidebar_position: 0", 1))
	if got, _ := inc.last.site.VersionHome(res.Site.Config.Versions[2], "en"); got != "/docs/1.0/legacy-runner" {
		t.Errorf("after the edit 1.0 leads to %q", got)
	}
}

// The first doc of a sidebar is a doc item or a category's doc link, never a generated index: the
// basic Docusaurus fixture's guide sidebar, its first doc taken out, opens with the category
// "Setup", whose link is a generated index and whose first item is setup/install.
func TestVersionHomeSkipsAGeneratedIndex(t *testing.T) {
	root := docusaurusProject(t, nil)
	write(t, root, "website/sidebars.js", strings.Replace(read(t, root, "website/sidebars.js"), "  guide: [\n    'intro',\n", "  guide: [\n", 1))
	res := built(t, Options{Root: root, SiteDir: "../../site", Production: true})
	if got, _ := res.Site.VersionHome(res.Site.Config.Versions[0], "en"); got != "/docs/next/setup/install" {
		t.Errorf("the current version leads to %q, want its first doc /docs/next/setup/install", got)
	}
}
