package ssr

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
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
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{"testdata/sitelink.jsx"},
		Bundle:      true,
		Platform:    api.PlatformNode,
		Format:      api.FormatCommonJS,
		JSX:         api.JSXAutomatic,
		Loader:      map[string]api.Loader{".js": api.LoaderJSX, ".css": api.LoaderEmpty},
		Define:      map[string]string{"process.env.NODE_ENV": `"production"`},
		LogLevel:    api.LogLevelSilent,
		Write:       false,
		Outfile:     "sitelink.cjs",
	})
	if len(res.Errors) > 0 {
		t.Fatalf("bundling testdata/sitelink.jsx: %v", res.Errors)
	}
	script := filepath.Join(t.TempDir(), "sitelink.cjs")
	if err := os.WriteFile(script, res.OutputFiles[0].Contents, 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", script, string(in))
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/sitelink.jsx: %v", err)
	}
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
