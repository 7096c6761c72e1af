package build

import (
	"strings"
	"testing"
)

// The navbar and the landing page open a sidebar at its first page (SidebarEntries), in the data
// every page carries: an edit that makes another page first (a sidebars file reordered, a doc's
// sidebar_position, a new doc in a generated sidebar) renders every page again, and the output is
// a full build's. Every page kept the old first page's link in docsd watch (found with [[docs]]
// sets, whose sidebars have no entry doc; the versioned docs' hand-written sidebars did too).
func TestFirstPageOfAnOpenedSidebarMovesInEveryPage(t *testing.T) {
	steps := []struct {
		name, file, text string
	}{
		{"a set's sidebars file reordered", "website/sidebarsCommunity.js", "module.exports = {\n  community: ['support', 'intro'],\n};\n"},
		{"the latest version's sidebars file reordered", "website/versioned_sidebars/version-1.0-sidebars.json",
			`{"guide": [{"type": "category", "label": "Old", "items": ["old-only"]}, "intro"]}`},
		{"a doc added first to a set's generated sidebar", "website/handbook/aaa.md", "---\ntitle: First of all\n---\n\nNew.\n"},
	}
	root := docusaurusProject(t, nil)
	inc, ref, _ := devServerAndFullBuilders(t, Options{Root: root, SiteDir: "../../site", Production: true})
	for _, s := range steps {
		editMatchesFull(t, inc, ref, root, s.name, s.file, s.text)
	}

	// A doc's sidebar_position in a set of a content/ site.
	root, opts := fixtureSite(t, "docs-sets")
	inc, ref, _ = devServerAndFullBuilders(t, opts)
	f := "content/community/intro.md"
	editMatchesFull(t, inc, ref, root, "a set's first doc moved down", f, strings.Replace(read(t, root, f), "sidebar_position: 1", "sidebar_position: 9", 1))
}
