package links_test

import (
	"strings"
	"testing"

	"docsd/pkg/build"
)

// TestRealSiteHasNoBrokenLinks holds the Vela site to a stricter bar than docsd's default: a build
// warns about broken links, but the site itself must have none (issue 6). The failure lists them
// all, each with file:line:col.
func TestRealSiteHasNoBrokenLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole site")
	}
	b := build.New(build.Options{Root: "../..", SiteDir: "../../site", Production: true})
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatalf("the site does not build: %v", err)
	}
	if len(res.Problems) > 0 {
		var lines []string
		for _, p := range res.Problems {
			lines = append(lines, p.String())
		}
		t.Fatalf("%d broken links and anchors in the site:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	if res.Links != nil && len(res.Links.Orphans) > 0 {
		// Informational: a page nothing links to is a finding, not a failure.
		for _, o := range res.Links.Orphans {
			t.Logf("nothing links to %s (%s)", o.Route, o.File)
		}
	}
}
