package content

// This file checks the settings tables of the installation pages against the flag definitions of
// go-vela/server v0.26.5 and go-vela/worker v0.26.1 (testdata/vela-facts/data/*_flags_*.json): each
// row that names a flag of the page's component must list the flag's environment variables in the
// order the program reads them, and give its type, default and file (the File column) as the
// definition does.
// facts_test.go then makes every other page that repeats the row agree with it.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// settingTypeWords is how the installation pages write each urfave/cli flag type.
var settingTypeWords = map[string]string{
	"StringFlag": "string", "StringSliceFlag": "list", "BoolFlag": "boolean", "IntFlag": "integer",
	"Int64Flag": "integer", "UintFlag": "integer", "Uint64Flag": "integer", "Float64Flag": "number",
	"DurationFlag": "duration", "PathFlag": "path",
}

// componentFlags reads the flag table of the server and of the worker.
func componentFlags(t *testing.T) map[string]map[string]cliFlagFact {
	t.Helper()
	out := map[string]map[string]cliFlagFact{}
	for comp, name := range map[string]string{"server": "server_flags_v0.26.5.json", "worker": "worker_flags_v0.26.1.json"} {
		file := filepath.Join(repoRoot, "testdata", "vela-facts", "data", name)
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%s flags: %v", comp, err)
		}
		var facts struct {
			Flags []cliFlagFact `json:"flags"`
		}
		if err := json.Unmarshal(raw, &facts); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out[comp] = byLongName(facts.Flags)
	}
	return out
}

// checkSettingRow compares one row of a settings table with the flag definition.
func checkSettingRow(f cliFlagFact, comp string, r flagRow) []string {
	var out []string
	name := comp + " --" + f.Names[0]
	if len(r.Names) != 1 || r.Names[0] != f.Names[0] {
		out = append(out, fmt.Sprintf("%s: the row names %v", name, r.Names))
	}
	if p := envProblem(r, f.Env); p != "" {
		out = append(out, fmt.Sprintf("%s: %s, the %s reads %v", name, p, comp, f.Env))
	}
	if r.HasType && r.Type != settingTypeWords[f.Type] {
		out = append(out, fmt.Sprintf("%s: type %q, the %s's is %s (%q)", name, r.Type, comp, f.Type, settingTypeWords[f.Type]))
	}
	if p := defaultProblem(r, f); p != "" {
		out = append(out, fmt.Sprintf("%s: %s, the %s's is %q", name, p, comp, f.Default))
	}
	if r.HasFile && r.File != f.File {
		out = append(out, fmt.Sprintf("%s: file %q, the %s reads %q", name, r.File, comp, f.File))
	}
	return out
}

// checkSettingTables checks the settings tables of one page about comp ("server" or "worker").
func checkSettingTables(flags map[string]cliFlagFact, comp, file, body string, offset int) []string {
	var out []string
	for _, r := range flagRows(body) {
		f, ok := flags[r.Names[0]]
		if !ok {
			out = append(out, fmt.Sprintf("%s:%d: the %s has no flag --%s", file, r.Line+offset, comp, r.Names[0]))
			continue
		}
		for _, p := range checkSettingRow(f, comp, r) {
			out = append(out, fmt.Sprintf("%s:%d: %s", file, r.Line+offset, p))
		}
	}
	return out
}

// TestSettingTablesMatchSource checks every settings table of the server and worker installation
// pages.
func TestSettingTablesMatchSource(t *testing.T) {
	flags := componentFlags(t)
	rows := 0
	for _, file := range contentFiles(t) {
		comp := pathComponent(file)
		if flags[comp] == nil {
			continue
		}
		body, offset := readBody(t, file)
		rows += len(flagRows(body))
		for _, p := range checkSettingTables(flags[comp], comp, file, body, offset) {
			t.Error(p)
		}
	}
	t.Logf("%d settings rows checked", rows)
	if rows < 110 {
		t.Errorf("found only %d settings rows on the installation pages; the table reader is broken", rows)
	}
}

// TestSettingTablesCatchPlantedErrors shows the check failing on each kind of error it exists for.
func TestSettingTablesCatchPlantedErrors(t *testing.T) {
	flags := componentFlags(t)["server"]
	body := "| Flag | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `--server-addr` | `VELA_ADDR`, `VELA_HOST` | string | none (required) | Fine. |\n" +
		"| `--server-port` | `PORT`, `VELA_PORT` | string | `8080` | Variables. |\n" +
		"| `--default-build-limit` | `VELA_DEFAULT_BUILD_LIMIT` | string | `10` | Type. |\n" +
		"| `--max-build-limit` | `VELA_MAX_BUILD_LIMIT` | integer | `50` | Default. |\n" +
		"| `--server-colour` | `VELA_COLOUR` | string | — | No such flag. |\n" +
		"\n| Flag | Environment variables | Type | Default | Description | File |\n|---|---|---|---|---|---|\n" +
		"| `--database.driver` | `VELA_DATABASE_DRIVER`, `DATABASE_DRIVER` | string | `sqlite3` | Fine. | `/vela/database/driver` |\n" +
		"| `--database.addr` | `VELA_DATABASE_ADDR`, `DATABASE_ADDR` | string | `vela.sqlite` | File. | `/vela/database/address` |\n"
	got := strings.Join(checkSettingTables(flags, "server", "planted.md", body, 0), "\n")
	for _, want := range []string{
		`planted.md:4: server --server-port: environment variables [PORT VELA_PORT], the server reads [VELA_PORT]`,
		`planted.md:5: server --default-build-limit: type "string", the server's is Int64Flag ("integer")`,
		`planted.md:6: server --max-build-limit: default "50", the server's is "30"`,
		`planted.md:7: the server has no flag --server-colour`,
		`planted.md:12: server --database.addr: file "/vela/database/address", the server reads "/vela/database/addr"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	if strings.Contains(got, "planted.md:3:") || strings.Contains(got, "planted.md:11:") {
		t.Errorf("a correct row was reported:\n%s", got)
	}
}
