package docusaurus

import (
	"strings"
	"testing"

	"docsd/pkg/config"
)

// convertSite runs init's conversion and loads the docsd.toml it writes.
func convertSite(t *testing.T, in Input) (*config.Site, string, []Note) {
	t.Helper()
	out, notes, err := Convert(in)
	if err != nil {
		t.Fatal(err)
	}
	s, err := config.Parse("docsd.toml", out)
	if err != nil {
		t.Fatalf("docsd.toml does not load: %v\n%s", err, out)
	}
	return s, string(out), notes
}

// Docs plugins with ids of their own become [[docs]] sets, unless their folder is outside the
// project, missing, or the folder of other docs (a plugin without `path` reads Docusaurus's
// default, docs/, the main docs' too): each is noted. A folder the config computed as an absolute
// path is read back. Navbar items name their plugin: a set's generated sidebar is Docusaurus's
// "defaultSidebar" and docsd's set id, and the main docs' own id is the main docs.
func TestDocsPluginsBecomeDocsSets(t *testing.T) {
	cfg := `{"title":"T","baseUrl":"/","presets":[["classic",{"docs":{"id":"main-docs","sidebarPath":"sidebars.js"}}]],
	"plugins":[
	  ["@docusaurus/plugin-content-docs",{"id":"community","path":"community","routeBasePath":"community"}],
	  ["@docusaurus/plugin-content-docs",{"id":"api","routeBasePath":"api"}],
	  ["content-docs",{"id":"gone","path":"gone","routeBasePath":"gone"}],
	  ["content-docs",{"id":"abs","path":"/home/w/p/handbook","routeBasePath":"handbook"}]],
	"themeConfig":{"navbar":{"items":[
	  {"type":"docSidebar","sidebarId":"defaultSidebar","docsPluginId":"community","label":"Community"},
	  {"type":"docSidebar","sidebarId":"guide","docsPluginId":"main-docs","label":"Guide"},
	  {"type":"doc","docId":"rules","docsPluginId":"abs","label":"Rules"}]}}}`
	files := map[string]bool{"sidebars.js": true, "community": true, "handbook": true, "docs": true}
	s, out, notes := convertSite(t, Input{ConfigFile: "docusaurus.config.js", SiteDir: ".", Config: []byte(cfg),
		ProjectAbs: "/home/w/p", Exists: func(p string) bool { return files[p] }})
	var ids []string
	for _, d := range s.Docs {
		ids = append(ids, d.ID+"="+d.Dir+"@"+d.Path)
	}
	if got := strings.Join(ids, " "); got != "community=community@/community abs=handbook@/handbook" {
		t.Errorf("sets %s\n%s", got, out)
	}
	items := map[string]string{}
	for _, it := range s.Navbar.Items {
		items[it.Label] = it.Sidebar + it.To
	}
	if items["Community"] != "community" || items["Guide"] != "guide" || items["Rules"] != "/handbook/rules" {
		t.Errorf("navbar items %v\n%s", items, out)
	}
	var all []string
	for _, n := range notes {
		all = append(all, n.String())
	}
	for _, want := range []string{
		`plugins[1]: docs set "api": its folder docs is the main docs' too`,
		`plugins[2]: docs set "gone": its folder gone does not exist; not carried over`,
	} {
		if !strings.Contains(strings.Join(all, "\n"), want) {
			t.Errorf("the notes lack %q:\n%s", want, strings.Join(all, "\n"))
		}
	}
}
