package docusaurus

import (
	"strings"
	"testing"
)

// A preset of its own that takes the classic preset's options (a company's wrapper of it) has its
// docs and blog read as the classic preset's: its docs' routeBasePath is where they are built.
// Beside a classic preset, or without those options, it is only noted.
func TestAPresetWrappingTheClassicOne(t *testing.T) {
	cfg := `{"title":"T","baseUrl":"/","presets":[
	  ["acme-docs/preset",{"docs":{"routeBasePath":"en/docs","sidebarPath":"sidebars.js"},"blog":{"path":"news"},"acmeProject":"t"}],
	  ["other-preset",{"docs":{"routeBasePath":"elsewhere"}}]]}`
	files := map[string]bool{"sidebars.js": true, "docs": true, "news": true}
	s, out, notes := convertSite(t, Input{ConfigFile: "docusaurus.config.js", SiteDir: ".", Config: []byte(cfg),
		ProjectAbs: "/home/w/p", Exists: func(p string) bool { return files[p] }})
	if len(s.Versions) != 1 || s.Versions[0].Path != "/en/docs" {
		t.Errorf("docs not at /en/docs:\n%s", out)
	}
	if s.Blog.Dir != "news" {
		t.Errorf("blog folder %q, not news:\n%s", s.Blog.Dir, out)
	}
	var all []string
	for _, n := range notes {
		all = append(all, n.String())
	}
	for _, want := range []string{
		`presets[0]: preset "acme-docs/preset" is not Docusaurus's classic preset: its docs, blog, pages and theme options are read as the classic preset's`,
		`presets[0].acmeProject: not carried over`,
		`presets[1]: preset "other-preset" is not carried over`,
	} {
		if !strings.Contains(strings.Join(all, "\n"), want) {
			t.Errorf("notes lack %q:\n%s", want, strings.Join(all, "\n"))
		}
	}

	cfg = `{"title":"T","baseUrl":"/","presets":[["acme-docs/preset",{"docs":{"routeBasePath":"en/docs"}}],["classic",{"docs":{"routeBasePath":"guide"}}]]}`
	s, out, _ = convertSite(t, Input{ConfigFile: "docusaurus.config.js", SiteDir: ".", Config: []byte(cfg),
		ProjectAbs: "/home/w/p", Exists: func(p string) bool { return files[p] }})
	if len(s.Versions) != 1 || s.Versions[0].Path != "/guide" {
		t.Errorf("beside the classic preset, the wrapper's docs were read:\n%s", out)
	}
}
