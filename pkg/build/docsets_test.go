package build

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsSetsBuildAsDocsOfTheirOwn: testdata/docusaurus/basic lists Docusaurus's docs plugin twice
// more, with ids of their own ([[docs]] sets): "community" with its sidebars file and "handbook",
// whose one sidebar is generated from its folder. Their pages are built at their paths with their
// own sidebars, the navbar opens them, a set's doc with the id of a versioned doc ("intro") is not
// that doc in another version, a link from a set into the docs resolves, and an edit of a set's
// page builds it again. Before [[docs]], docsd init left such docs out and their pages were lost.
func TestDocsSetsBuildAsDocsOfTheirOwn(t *testing.T) {
	b, res, root := docusaurusSite(t, nil)
	for _, f := range []string{"community/intro.html", "community/support.html", "handbook/rules.html", "handbook/style/tone.html",
		"__data/sidebars/community-en-community.json", "__data/sidebars/handbook-en-handbook.json"} {
		if _, ok := res.Files.Data[f]; !ok {
			t.Errorf("missing %s", f)
		}
	}
	intro := pageData(t, res, "/community/intro")
	if intro.Version != "community" || intro.Instance != "community" || intro.Sidebar != "community-en-community" || intro.Next == nil ||
		intro.Next.Route != "/community/support" || len(intro.OtherVersions) != 0 {
		t.Errorf("community intro: version %q, instance %q, sidebar %q, next %+v, other versions %+v",
			intro.Version, intro.Instance, intro.Sidebar, intro.Next, intro.OtherVersions)
	}
	for _, o := range pageData(t, res, "/docs/intro").OtherVersions {
		if o.Name != "current" {
			t.Errorf("the versioned intro offers %+v as itself in another version", o)
		}
	}
	var handbook []map[string]any
	if err := json.Unmarshal(res.Files.Data["__data/sidebars/handbook-en-handbook.json"], &handbook); err != nil {
		t.Fatal(err)
	}
	if sb := string(res.Files.Data["__data/sidebars/handbook-en-handbook.json"]); len(handbook) != 2 ||
		!strings.Contains(sb, `"route":"/handbook/rules"`) || !strings.Contains(sb, `"route":"/handbook/style/tone"`) {
		t.Errorf("the handbook's generated sidebar: %s", sb)
	}
	if rules := pageData(t, res, "/handbook/rules"); rules.Instance != "handbook" || rules.Sidebar != "handbook-en-handbook" {
		t.Errorf("handbook rules: instance %q, sidebar %q", rules.Instance, rules.Sidebar)
	}
	home := string(res.Files.Data["index.html"])
	for _, re := range []string{`<a [^>]*href="/community/intro"[^>]*>Community</a>`, `<a [^>]*href="/handbook/rules"[^>]*>Handbook</a>`} {
		if !regexp.MustCompile(re).MatchString(home) {
			t.Errorf("the navbar lacks %s", re)
		}
	}
	page := string(res.Files.Data["community/intro.html"])
	if !strings.Contains(page, `href="/docs/next/setup/install"`) || !strings.Contains(page, `href="/community/support"`) {
		t.Errorf("the community intro's links to ../docs/setup/install.md and ./support.md are not resolved")
	}

	write(t, root, "community/support.md", strings.Replace(read(t, root, "community/support.md"), "the forum", "the mailing list", 1))
	res, err := b.Rebuild([]string{filepath.Join(root, "community", "support.md")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(res.Files.Data["community/support.html"]), "the mailing list") {
		t.Error("an edit of a set's page did not reach its HTML")
	}
}

// In a site whose [[sidebars]] give their entry doc ("intro"), a [[docs]] set with a doc of that id
// leaves the navbar's sidebar where it was: the entry is the versioned docs' (the set's "intro"
// took the Guide item in the first version of this), and the set's generated sidebar opens at its
// first page. testdata/sites/docs-sets is the browser test's site (tests/browser/docs-sets.test.mjs).
func TestDocsSetLeavesTheSidebarEntriesOfTheDocs(t *testing.T) {
	_, opts := fixtureSite(t, "docs-sets")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	entries := res.Site.SidebarEntries("en")
	if entries["guide"] != "/docs/intro" || entries["community"] != "/community/intro" {
		t.Errorf("sidebar entries %v", entries)
	}
	if d := pageData(t, res, "/community/events/meetups"); d.Instance != "community" || len(d.Breadcrumbs) != 1 {
		t.Errorf("meetups: instance %q, breadcrumbs %+v", d.Instance, d.Breadcrumbs)
	}
}
