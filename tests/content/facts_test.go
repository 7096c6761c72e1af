package content

// This file makes the pages agree with each other on the facts they repeat: a server, worker or UI
// setting described in a table on two pages must have the same type, the same default and the same
// environment variables on both. The settings list (testdata/settings.txt) says which component a
// flag or variable belongs to, so the server's --log-level and the worker's --log.level stay apart.

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// settingFact is what one table row says about a setting.
type settingFact struct {
	Where   string // file:line
	Type    string // "" when the table has no such column
	Default string
	Env     string // sorted, comma-separated
	HasType bool
	HasDef  bool
	HasEnv  bool
}

var (
	tableRow  = regexp.MustCompile(`^\s*\|(.*)\|\s*$`)
	tableSep  = regexp.MustCompile(`^\s*\|[\s:|-]+\|\s*$`)
	codeSpan  = regexp.MustCompile("`([^`]+)`")
	envName   = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	emptyCell = map[string]bool{"": true, "—": true, "-": true, "none": true, "(none)": true, "unset": true, "empty": true, `""`: true}
)

// settingOwners maps a flag or an environment variable of testdata/settings.txt to its components.
func settingOwners(t *testing.T) map[string][]string {
	t.Helper()
	owners := map[string][]string{}
	add := func(name, comp string) {
		for _, c := range owners[name] {
			if c == comp {
				return
			}
		}
		owners[name] = append(owners[name], comp)
	}
	for _, s := range settingsList(t) {
		if s.Flag != "-" {
			add(s.Flag, s.Component)
		}
		for _, e := range s.Env {
			add(e, s.Component)
		}
	}
	return owners
}

// pathComponent guesses the component a page describes from its folder, for names the settings list
// gives to more than one component.
func pathComponent(file string) string {
	f := filepath.ToSlash(file)
	for _, c := range []string{"server", "worker", "ui"} {
		if strings.Contains(f, "/installation/"+c+"/") || strings.HasSuffix(f, "/installation/"+c+".md") {
			return c
		}
	}
	return ""
}

// mdTable is one pipe table of a page's body: its header's cells and its rows, each with its line
// in the body (from 1).
type mdTable struct {
	head []string
	rows []mdTableRow
}

type mdTableRow struct {
	line  int
	cells []string
}

// markdownTables reads the pipe tables of body that are outside code fences.
func markdownTables(body string) []mdTable {
	var out []mdTable
	lines := strings.Split(body, "\n")
	inFence := false
	for i := 0; i+1 < len(lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
			inFence = !inFence
		}
		if inFence || !tableRow.MatchString(lines[i]) || !tableSep.MatchString(lines[i+1]) {
			continue
		}
		t := mdTable{head: splitCells(lines[i])}
		for i += 2; i < len(lines) && tableRow.MatchString(lines[i]); i++ {
			t.rows = append(t.rows, mdTableRow{line: i + 1, cells: splitCells(lines[i])})
		}
		i--
		out = append(out, t)
	}
	return out
}

func splitCells(row string) []string {
	inner := tableRow.FindStringSubmatch(row)[1]
	inner = strings.ReplaceAll(inner, `\|`, "\x00")
	cells := strings.Split(inner, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(strings.ReplaceAll(cells[i], "\x00", "|"))
	}
	return cells
}

func normalise(cell string) string {
	c := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(cell, "`", "")))
	if emptyCell[c] || strings.HasPrefix(c, "none") {
		return "" // "none (required)": no default
	}
	return c
}

// settingFacts reads the settings tables of one body (first column Flag or Setting, with a Type,
// Default or Environment variables column) and returns what each row says, keyed by
// component + " " + flag (or the first environment variable when the row has no flag).
func settingFacts(owners map[string][]string, cliFlags map[string]bool, file, body string, offset int) map[string][]settingFact {
	out := map[string][]settingFact{}
	if strings.Contains(filepath.ToSlash(file), "/reference/cli/") {
		return out // the CLI's flags differ from command to command; cli_test.go checks them
	}
	install := pathComponent(file) != ""
	for _, table := range markdownTables(body) {
		head := table.head
		// col: where the table gives the flag, the full list of environment variables ("env"), one
		// variable ("var": names the row, but is not the whole list), the type and the default
		col := map[string]int{}
		for j, h := range head {
			switch strings.ToLower(h) {
			case "flag", "setting", "cli flag":
				if _, ok := col["flag"]; !ok {
					col["flag"] = j
				}
			case "environment variables", "variables":
				col["env"] = j
			case "environment variable", "variable":
				col["var"] = j
			case "type":
				col["type"] = j
			case "default":
				col["default"] = j
			}
		}
		_, hasFlag := col["flag"]
		_, hasEnv := col["env"]
		_, hasVar := col["var"]
		_, hasType := col["type"]
		_, hasDef := col["default"]
		if !hasFlag && !hasEnv && !hasVar || !hasType && !hasDef && !hasEnv {
			continue
		}
		for _, row := range table.rows {
			cells := row.cells
			vars := func(key string) []string {
				var env []string
				if j, ok := col[key]; ok && j < len(cells) {
					for _, m := range codeSpan.FindAllStringSubmatch(cells[j], -1) {
						if envName.MatchString(m[1]) {
							env = append(env, m[1])
						}
					}
				}
				sort.Strings(env)
				return env
			}
			env := vars("env")
			name := ""
			if j, ok := col["flag"]; ok && j < len(cells) {
				if m := codeSpan.FindStringSubmatch(cells[j]); m != nil && strings.HasPrefix(m[1], "-") {
					name = strings.Fields(m[1])[0]
				}
			}
			if one := vars("var"); name == "" && len(one) > 0 {
				name = one[0]
			} else if name == "" && len(env) > 0 {
				name = env[0]
			}
			if name == "" || !install && cliFlags[name] {
				continue // outside the installation pages a CLI flag of the same name is meant
			}
			comps := owners[name]
			comp := ""
			switch {
			case len(comps) == 1:
				comp = comps[0]
			case pathComponent(file) != "":
				comp = pathComponent(file)
			default:
				continue // not a setting of the list, or not clear whose
			}
			f := settingFact{Where: fmt.Sprintf("%s:%d", file, row.line+offset), Env: strings.Join(env, ",")}
			if j, ok := col["type"]; ok && j < len(cells) {
				f.Type, f.HasType = normalise(cells[j]), true
			}
			if j, ok := col["default"]; ok && j < len(cells) {
				f.Default, f.HasDef = normalise(cells[j]), true
			}
			f.HasEnv = hasEnv
			out[comp+" "+name] = append(out[comp+" "+name], f)
		}
	}
	return out
}

// settingConflicts compares every pair of rows about the same setting on different pages.
func settingConflicts(all map[string][]settingFact) []string {
	var out []string
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fs := all[k]
		for a := 0; a < len(fs); a++ {
			for b := a + 1; b < len(fs); b++ {
				x, y := fs[a], fs[b]
				if x.HasType && y.HasType && x.Type != y.Type {
					out = append(out, fmt.Sprintf("%s: type %q at %s, %q at %s", k, x.Type, x.Where, y.Type, y.Where))
				}
				if x.HasDef && y.HasDef && x.Default != y.Default {
					out = append(out, fmt.Sprintf("%s: default %q at %s, %q at %s", k, x.Default, x.Where, y.Default, y.Where))
				}
				if x.HasEnv && y.HasEnv && x.Env != y.Env {
					out = append(out, fmt.Sprintf("%s: environment variables %q at %s, %q at %s", k, x.Env, x.Where, y.Env, y.Where))
				}
			}
		}
	}
	return out
}

// TestSettingsAgreeAcrossPages reads every settings table of the site and reports a setting that two
// rows describe differently.
func TestSettingsAgreeAcrossPages(t *testing.T) {
	owners := settingOwners(t)
	cliFlags := map[string]bool{}
	for _, fs := range loadCLITable(t).flags {
		for n := range fs {
			cliFlags["--"+n] = true
		}
	}
	all := map[string][]settingFact{}
	for _, f := range contentFiles(t) {
		body, offset := readBody(t, f)
		for k, fs := range settingFacts(owners, cliFlags, f, body, offset) {
			all[k] = append(all[k], fs...)
		}
	}
	repeated := 0
	for _, fs := range all {
		if len(fs) > 1 {
			repeated++
		}
	}
	if repeated < 20 {
		t.Errorf("only %d settings are described on more than one page; the table reader is broken", repeated)
	}
	for _, c := range settingConflicts(all) {
		t.Error(c)
	}
}

// TestSettingsAgreeCatchPlantedErrors shows the check failing on two pages that disagree.
func TestSettingsAgreeCatchPlantedErrors(t *testing.T) {
	owners := map[string][]string{"--server-port": {"server"}, "VELA_PORT": {"server"},
		"--log-level": {"server"}, "--log.level": {"worker"}, "VELA_LOG_LEVEL": {"server", "worker"}}
	one := "| Flag | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `--server-port` | `VELA_PORT` | string | `8080` | Port. |\n" +
		"| `--log-level` | `VELA_LOG_LEVEL` | string | `info` | Level. |\n"
	two := "| Flag | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `--server-port` | `VELA_PORT`, `PORT` | int | `80` | Port. |\n" +
		"| `--log.level` | `VELA_LOG_LEVEL` | string | `debug` | Level. |\n" // the worker's: no conflict
	all := map[string][]settingFact{}
	for k, fs := range settingFacts(owners, nil, "installation/server/a.md", one, 0) {
		all[k] = append(all[k], fs...)
	}
	for k, fs := range settingFacts(owners, nil, "installation/server/b.md", two, 0) {
		all[k] = append(all[k], fs...)
	}
	got := strings.Join(settingConflicts(all), "\n")
	for _, want := range []string{
		`server --server-port: type "string" at installation/server/a.md:3, "int" at installation/server/b.md:3`,
		`server --server-port: default "8080" at installation/server/a.md:3, "80" at installation/server/b.md:3`,
		`server --server-port: environment variables "VELA_PORT" at installation/server/a.md:3, "PORT,VELA_PORT" at installation/server/b.md:3`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted conflict not reported: %s\nreported:\n%s", want, got)
		}
	}
	if strings.Contains(got, "log") {
		t.Errorf("the server's and the worker's log level were taken for one setting:\n%s", got)
	}
}
