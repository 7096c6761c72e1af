package content

import (
	"bufio"
	"fmt"
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

// paramRows returns the rows of the parameter tables of a registry page (first column Parameter, a
// column Environment variables): line in the body, parameter and its variables in the order written.
func paramRows(body string) []pluginParam {
	var out []pluginParam
	lines := strings.Split(body, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !tableRow.MatchString(lines[i]) || !tableSep.MatchString(lines[i+1]) {
			continue
		}
		head := splitCells(lines[i])
		envCol := -1
		for j, h := range head {
			if strings.EqualFold(h, "environment variables") {
				envCol = j
			}
		}
		if !strings.EqualFold(head[0], "parameter") || envCol < 0 {
			continue
		}
		for i += 2; i < len(lines) && tableRow.MatchString(lines[i]); i++ {
			cells := splitCells(lines[i])
			m := codeSpan.FindStringSubmatch(cells[0])
			if m == nil || envCol >= len(cells) {
				continue
			}
			p := pluginParam{Name: m[1], Line: i + 1}
			for _, e := range codeSpan.FindAllStringSubmatch(cells[envCol], -1) {
				p.Env = append(p.Env, e[1])
			}
			out = append(out, p)
		}
		i--
	}
	return out
}

// checkParamRows compares each row of a page's parameter tables with the list: a parameter of the
// list must give the variables of one of its flag definitions, all of them and in their order (the
// plugin reads the first one set).
func checkParamRows(list []pluginParam, slug, file, body string, offset int) []string {
	defs := map[string][]string{} // parameter -> its definitions, variables joined by ","
	for _, p := range list {
		if p.Slug == slug {
			defs[p.Name] = append(defs[p.Name], strings.Join(p.Env, ","))
		}
	}
	var out []string
	for _, r := range paramRows(body) {
		want, ok := defs[r.Name]
		if !ok {
			continue // a parameter of the page that the list does not hold is reported by the list tests
		}
		if got := strings.Join(r.Env, ","); !contains(want, got) {
			out = append(out, fmt.Sprintf("%s:%d: %s %s: environment variables %s, the plugin reads %s",
				file, r.Line+offset, slug, r.Name, got, strings.Join(want, " or ")))
		}
	}
	return out
}

// TestPluginsParamRowsMatchList checks every row of the registry pages' parameter tables.
func TestPluginsParamRowsMatchList(t *testing.T) {
	list := pluginParams(t)
	rows := 0
	for _, route := range routes(t, "/docs/usage/plugins/registry/") {
		slug := strings.TrimPrefix(route, "/docs/usage/plugins/registry/")
		file := docFile(t, route)
		body, offset := readBody(t, file)
		rows += len(paramRows(body))
		for _, p := range checkParamRows(list, slug, file, body, offset) {
			t.Error(p)
		}
	}
	t.Logf("%d parameter rows checked", rows)
	if rows < 400 {
		t.Errorf("found only %d parameter rows on the registry pages; the table reader is broken", rows)
	}
}

// TestPluginsParamRowsCatchPlantedErrors shows the check failing on a missing, an extra and a
// reordered variable.
func TestPluginsParamRowsCatchPlantedErrors(t *testing.T) {
	list := []pluginParam{
		{Slug: "git", Name: "depth", Env: []string{"PARAMETER_DEPTH", "GIT_DEPTH"}},
		{Slug: "docker", Name: "disable_content_trust", Env: []string{"PARAMETER_DISABLE_CONTENT_TRUST", "DOCKER_DISABLE_CONTENT_TRUST"}},
		{Slug: "docker", Name: "disable_content_trust", Env: []string{"PARAMETER_DISABLE_CONTENT_TRUST"}},
	}
	body := "| Parameter | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `depth` | `GIT_DEPTH`, `PARAMETER_DEPTH` | string | `100` | Order. |\n" +
		"| `depth` | `PARAMETER_DEPTH` | string | `100` | Missing. |\n" +
		"| `depth` | `PARAMETER_DEPTH`, `GIT_DEPTH`, `DEPTH` | string | `100` | Extra. |\n" +
		"| `depth` | `PARAMETER_DEPTH`, `GIT_DEPTH` | string | `100` | Fine. |\n"
	got := strings.Join(checkParamRows(list, "git", "planted.md", body, 0), "\n")
	for _, line := range []string{"planted.md:3:", "planted.md:4:", "planted.md:5:"} {
		if !strings.Contains(got, line) {
			t.Errorf("planted error at %s not reported:\n%s", line, got)
		}
	}
	if strings.Contains(got, "planted.md:6:") {
		t.Errorf("a correct row was reported:\n%s", got)
	}
	docker := "| Parameter | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `disable_content_trust` | `PARAMETER_DISABLE_CONTENT_TRUST`, `DOCKER_DISABLE_CONTENT_TRUST` | boolean | none | Build. |\n" +
		"| `disable_content_trust` | `PARAMETER_DISABLE_CONTENT_TRUST` | boolean | none | Push. |\n"
	if got := checkParamRows(list, "docker", "planted.md", docker, 0); len(got) != 0 {
		t.Errorf("a parameter with two definitions was reported:\n%s", strings.Join(got, "\n"))
	}
}
