package content

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// paramRow is one row of a registry page's parameter table.
type paramRow struct {
	pluginParam
	Type    string
	Default string // the code spans of the Default cell, joined by ", " (see defaultCell)
	Derived bool
	HasDef  bool
}

// paramRows returns the rows of the parameter tables of a registry page (first column Parameter, a
// column Environment variables): line in the body, parameter and its variables in the order written,
// type and default.
func paramRows(body string) []paramRow {
	var out []paramRow
	for _, table := range markdownTables(body) {
		head := table.head
		envCol, typeCol, defCol := -1, -1, -1
		for j, h := range head {
			switch strings.ToLower(h) {
			case "environment variables":
				envCol = j
			case "type":
				typeCol = j
			case "default":
				defCol = j
			}
		}
		if !strings.EqualFold(head[0], "parameter") || envCol < 0 {
			continue
		}
		for _, row := range table.rows {
			cells := row.cells
			m := codeSpan.FindStringSubmatch(cells[0])
			if m == nil || envCol >= len(cells) {
				continue
			}
			p := paramRow{pluginParam: pluginParam{Name: m[1], Line: row.line}}
			for _, e := range codeSpan.FindAllStringSubmatch(cells[envCol], -1) {
				p.Env = append(p.Env, e[1])
			}
			if typeCol >= 0 && typeCol < len(cells) {
				p.Type = cells[typeCol]
			}
			if defCol >= 0 && defCol < len(cells) {
				p.Default, p.Derived, p.HasDef = defaultCell(cells[defCol])
			}
			out = append(out, p)
		}
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

// pluginDefaults reads testdata/vela-facts/data/plugin_defaults.tsv: slug -> parameter -> the
// defaults of its flag definitions (a parameter defined twice has two).
func pluginDefaults(t *testing.T) map[string]map[string][]string {
	t.Helper()
	file := filepath.Join(repoRoot, "testdata", "vela-facts", "data", "plugin_defaults.tsv")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("plugin defaults: %v", err)
	}
	out := map[string]map[string][]string{}
	for n, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("%s:%d: want slug, parameter, default and source separated by tabs", file, n+1)
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string][]string{}
		}
		out[f[0]][f[1]] = append(out[f[0]][f[1]], f[2])
	}
	return out
}

// sameDefault compares a page's default with a flag's: durations by their length ("10m" is
// "10m0s"), lists without the spaces after commas.
func sameDefault(page, flag string) bool {
	if page == flag || strings.ReplaceAll(page, ", ", ",") == flag {
		return true
	}
	a, errA := time.ParseDuration(page)
	b, errB := time.ParseDuration(flag)
	return errA == nil && errB == nil && a == b
}

// checkParamDefaults compares the Default cell of each parameter row with the plugin's flag. A flag
// without a default may be shown as empty, as a value worked out at run time (prose, another
// parameter, a <placeholder>), or as `false` for a boolean.
func checkParamDefaults(defs map[string][]string, slug, file, body string, offset int) []string {
	var out []string
	for _, r := range paramRows(body) {
		want, ok := defs[r.Name]
		if !ok || !r.HasDef {
			continue
		}
		fine := false
		for _, w := range want {
			switch {
			case w == "" && (r.Default == "" || r.Derived || r.Default == "false" && r.Type == "boolean"):
				fine = true
			case w != "" && !r.Derived && sameDefault(r.Default, w):
				fine = true
			}
		}
		if !fine {
			got := r.Default
			if r.Derived {
				got = "worked out at run time"
			}
			out = append(out, fmt.Sprintf("%s:%d: %s %s: default %q, the plugin's is %q", file, r.Line+offset, slug, r.Name, got, strings.Join(want, `" or "`)))
		}
	}
	return out
}

// TestPluginsParamDefaultsMatchSource checks the default of every parameter row of the registry pages.
func TestPluginsParamDefaultsMatchSource(t *testing.T) {
	all := pluginDefaults(t)
	checked := 0
	for _, route := range routes(t, "/docs/usage/plugins/registry/") {
		slug := strings.TrimPrefix(route, "/docs/usage/plugins/registry/")
		if all[slug] == nil {
			continue // a plugin outside the source map (aws-credentials, captains-log, k6, vault-secrets)
		}
		file := docFile(t, route)
		body, offset := readBody(t, file)
		checked++
		for _, p := range checkParamDefaults(all[slug], slug, file, body, offset) {
			t.Error(p)
		}
	}
	if checked < 18 {
		t.Errorf("checked the defaults of only %d plugins; the defaults file or the page list is broken", checked)
	}
}

// TestPluginsParamDefaultsCatchPlantedErrors shows the check failing on wrong defaults.
func TestPluginsParamDefaultsCatchPlantedErrors(t *testing.T) {
	defs := map[string][]string{"depth": {"100"}, "timeout": {"10m0s"}, "yes": {""}, "tags": {"latest,stable"}, "ref": {""}}
	body := "| Parameter | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `depth` | `PARAMETER_DEPTH` | string | `100` | Fine. |\n" +
		"| `timeout` | `PARAMETER_TIMEOUT` | duration | `10m` | Fine. |\n" +
		"| `tags` | `PARAMETER_TAGS` | list | `latest`, `stable` | Fine. |\n" +
		"| `yes` | `PARAMETER_YES` | boolean | none | Fine. |\n" +
		"| `ref` | `PARAMETER_REF` | string | the build's `<ref>` | Fine. |\n" +
		"| `depth` | `PARAMETER_DEPTH` | string | `50` | Wrong. |\n" +
		"| `timeout` | `PARAMETER_TIMEOUT` | duration | `5m` | Wrong. |\n" +
		"| `yes` | `PARAMETER_YES` | boolean | `true` | Wrong. |\n" +
		"| `tags` | `PARAMETER_TAGS` | list | `latest` | Wrong. |\n"
	got := strings.Join(checkParamDefaults(defs, "git", "planted.md", body, 0), "\n")
	for _, line := range []string{"planted.md:8:", "planted.md:9:", "planted.md:10:", "planted.md:11:"} {
		if !strings.Contains(got, line) {
			t.Errorf("planted error at %s not reported:\n%s", line, got)
		}
	}
	for _, line := range []string{"planted.md:3:", "planted.md:4:", "planted.md:5:", "planted.md:6:", "planted.md:7:"} {
		if strings.Contains(got, line) {
			t.Errorf("a correct row (%s) was reported:\n%s", line, got)
		}
	}
}
