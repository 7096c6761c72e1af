package ssr

import (
	"encoding/json"
	"os/exec"
	"testing"

	"docsd/internal/testnode"
)

// The shell's SiteLink renders its anchor itself rather than through react-router's Link (whose
// hooks were a third of the server's rendering time); the HTML must stay what Link rendered, or
// every page would change and hydration would not match. testdata/sitelink.jsx renders each link
// both ways.
func TestSiteLinkRendersWhatRouterLinkDid(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js")
	}
	type props map[string]any
	type linkCase struct {
		BasePath string `json:"basePath"`
		Location string `json:"location"`
		Href     string `json:"href"`
		Props    props  `json:"props"`
	}
	var cases []linkCase
	hrefs := []string{"/docs/", "/docs", "/docs/guide/intro", "/docs/guide/intro#install", "/docs/a/b?x=1&y=%20#h",
		"/docs/a//b", "/docs/a/./b/../c", "/docs/guide/", "/docs/index.html", "/docs/guide/setup.html",
		"/docs/a b", "/docs/é#ü", "/docs/a?", "/docs/a#", "/docs/feed.xml", "https://example.test/", "#top", "guide/intro",
		"/other/page", "mailto:a@example.test"}
	for _, base := range []string{"/docs/", "/"} {
		for _, h := range hrefs {
			for _, p := range []props{
				{},
				{"className": "menu-link active", "aria-current": "page"},
				{"target": "_blank", "rel": "noopener", "title": "Opens elsewhere"},
				{"discover": "none", "replace": true, "state": map[string]any{"a": 1}, "prefetch": "intent", "preventScrollReset": true},
				{"reloadDocument": true, "aria-label": "Home page"},
			} {
				cases = append(cases, linkCase{BasePath: base, Location: "/docs/guide/setup", Href: h, Props: p})
			}
		}
	}
	out := testnode.RunScript(t, "testdata/sitelink.jsx", cases)
	var got []struct{ Site, Link string }
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("node testdata/sitelink.jsx wrote %d answers for %d cases (%v)", len(got), len(cases), err)
	}
	for i, c := range cases {
		if got[i].Site != got[i].Link {
			t.Errorf("base %s, href %q, props %v:\nSiteLink %s\nLink     %s", c.BasePath, c.Href, c.Props, got[i].Site, got[i].Link)
		}
	}
}
