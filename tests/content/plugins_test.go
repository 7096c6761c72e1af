package content

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// pluginParam is one line of testdata/plugin_params.txt: a parameter of a registry plugin and the
// environment variables the plugin reads it from, as its own flag definitions list them.
type pluginParam struct {
	Slug string
	Name string
	Env  []string
	Line int
}

// pluginParams reads testdata/plugin_params.txt: one parameter a line, tab-separated, with the plugin's
// registry slug, the parameter name and its environment variables (comma-separated). Blank lines and
// lines starting with # are skipped.
func pluginParams(t *testing.T) []pluginParam {
	t.Helper()
	f, err := os.Open("testdata/plugin_params.txt")
	if err != nil {
		t.Fatalf("plugin parameter list: %v", err)
	}
	defer f.Close()
	var out []pluginParam
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
			t.Fatalf("testdata/plugin_params.txt:%d: want slug, parameter and variables separated by tabs", n)
		}
		out = append(out, pluginParam{Slug: parts[0], Name: parts[1], Env: strings.Split(parts[2], ","), Line: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("plugin parameter list: %v", err)
	}
	return out
}

// TestPluginsParamListIsSane asserts that the list covers every registry page and that each
// parameter's own PARAMETER_ variable is among its variables, as the compiler names it.
func TestPluginsParamListIsSane(t *testing.T) {
	params := pluginParams(t)
	if len(params) == 0 {
		t.Fatal("testdata/plugin_params.txt lists no parameters")
	}
	seen := map[string]bool{}
	for _, p := range params {
		seen[p.Slug] = true
		want := "PARAMETER_" + strings.ToUpper(p.Name)
		found := false
		for _, e := range p.Env {
			if e == want {
				found = true
			}
		}
		if !found {
			t.Errorf("testdata/plugin_params.txt:%d: %s %s does not list %s", p.Line, p.Slug, p.Name, want)
		}
	}
	for _, route := range routes(t, "/docs/usage/plugins/registry/") {
		slug := strings.TrimPrefix(route, "/docs/usage/plugins/registry/")
		if !seen[slug] {
			t.Errorf("testdata/plugin_params.txt has no parameter for the registry page %s", route)
		}
	}
}

// TestPluginsRegistryPagesListEveryParameter asserts that each plugin's registry page names every
// parameter of the list, in code (`name`), and every environment variable it is read from.
func TestPluginsRegistryPagesListEveryParameter(t *testing.T) {
	pages := map[string]page{}
	for _, p := range pluginParams(t) {
		pg, ok := pages[p.Slug]
		if !ok {
			pg = readPage(t, "/docs/usage/plugins/registry/"+p.Slug)
			pages[p.Slug] = pg
		}
		if !strings.Contains(pg.Body, "`"+p.Name+"`") {
			t.Errorf("%s: parameter %q is not documented", pg.File, p.Name)
		}
		for _, e := range p.Env {
			if !strings.Contains(pg.Body, "`"+e+"`") {
				t.Errorf("%s: parameter %q: environment variable %s is not documented", pg.File, p.Name, e)
			}
		}
	}
}
