package content

// This file checks every row of the flag tables of the CLI reference against the command table of
// go-vela/cli v0.26.1 (testdata/vela-facts/data/cli_v0.26.1.json): the row must name the flag and
// all of its aliases, list its environment variables in the order the CLI reads them, and give its
// type and default as the flag definition does.

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// cliTypeWords is how the pages write each urfave/cli flag type.
var cliTypeWords = map[string]string{
	"StringFlag": "string", "StringSliceFlag": "string list", "BoolFlag": "bool",
	"IntFlag": "int", "Int64Flag": "int64", "Uint64Flag": "uint64", "DurationFlag": "duration",
}

// cliFlagSets returns, for each command of the CLI table ("vela" for the global flags, "vela login",
// "vela add secret", ...), its flags keyed by their long name.
func cliFlagSets(t *testing.T) map[string]map[string]cliFlagFact {
	t.Helper()
	global, cmds := readCLIFacts(t)
	out := map[string]map[string]cliFlagFact{cliGlobal: byLongName(global)}
	for _, a := range cmds {
		if len(a.Subcommands) == 0 {
			out[cliGlobal+" "+a.Name] = byLongName(a.Flags)
		}
		for _, s := range a.Subcommands {
			out[cliGlobal+" "+a.Name+" "+s.Name] = byLongName(s.Flags)
		}
	}
	return out
}

func byLongName(fs []cliFlagFact) map[string]cliFlagFact {
	m := map[string]cliFlagFact{}
	for _, f := range fs {
		m[f.Names[0]] = f
	}
	return m
}

// flagRow is one row of a flag table.
type flagRow struct {
	Line    int      // line in the body, from 1
	Names   []string // without dashes, in the order written
	Env     []string
	EnvSome bool // the table gives some of the environment variables ("Environment variable" column)
	Type    string
	Default string // the code spans of the Default cell, joined by ", "
	Derived bool   // the Default cell is prose without code: a value worked out at run time
	File    string // the File column: the file the setting is read from, "" for "—"
	HasEnv  bool
	HasFile bool
	HasType bool
	HasDef  bool
}

// flagRows reads the tables of body that have a Flag column and returns their rows that name a flag
// (a code span starting with a dash in that cell). A table whose first column is "Environment
// variable" names one of the flag's variables a row, not all of them.
func flagRows(body string) []flagRow {
	var out []flagRow
	for _, table := range markdownTables(body) {
		head := table.head
		col := map[string]int{}
		for j, h := range head {
			switch strings.ToLower(h) {
			case "flag":
				col["flag"] = j
			case "environment variables":
				col["env"] = j
			case "environment variable":
				col["var"] = j
			case "type":
				col["type"] = j
			case "default":
				col["default"] = j
			case "file":
				col["file"] = j
			}
		}
		fc, ok := col["flag"]
		if !ok || (fc != 0 && strings.ToLower(head[0]) != "environment variable") {
			continue
		}
		envCol, some := -1, false
		if j, ok := col["env"]; ok {
			envCol = j
		} else if j, ok := col["var"]; ok {
			envCol, some = j, true
		}
		for _, row := range table.rows {
			cells := row.cells
			r := flagRow{Line: row.line}
			if fc < len(cells) {
				for _, m := range codeSpan.FindAllStringSubmatch(cells[fc], -1) {
					if strings.HasPrefix(m[1], "-") {
						r.Names = append(r.Names, strings.TrimLeft(m[1], "-"))
					}
				}
			}
			if len(r.Names) == 0 {
				continue
			}
			if j := envCol; j >= 0 && j < len(cells) {
				r.HasEnv, r.EnvSome = true, some
				for _, m := range codeSpan.FindAllStringSubmatch(cells[j], -1) {
					r.Env = append(r.Env, m[1])
				}
			}
			if j, ok := col["type"]; ok && j < len(cells) {
				r.Type, r.HasType = strings.TrimSpace(cells[j]), true
			}
			if j, ok := col["default"]; ok && j < len(cells) {
				r.Default, r.Derived, r.HasDef = defaultCell(cells[j])
			}
			if j, ok := col["file"]; ok && j < len(cells) {
				r.File, r.HasFile = strings.Trim(normalise(cells[j]), " "), true
			}
			out = append(out, r)
		}
	}
	return out
}

// defaultCell reads a Default cell: the values in its code spans, joined by ", " (prose around them,
// such as "(no limit)", is a comment); a cell without code is empty ("—", "none (required)") or, when
// it says something else, describes a default worked out at run time ("the server's queue address").
// So does a cell that names another flag or holds a <placeholder> ("the `--server-addr` value",
// "`http://<hostname>`").
func defaultCell(cell string) (value string, derived bool, ok bool) {
	var vals []string
	for _, m := range codeSpan.FindAllStringSubmatch(cell, -1) {
		if strings.HasPrefix(m[1], "-") && !isInt(m[1]) || strings.Contains(m[1], "<") {
			return "", true, true
		}
		vals = append(vals, m[1])
	}
	if len(vals) > 0 {
		return strings.Join(vals, ", "), false, true
	}
	return "", normalise(cell) != "", true
}

// defaultProblem compares a row's default with the flag's. The flag's default is as the facts file
// gives it; a list is written as "[a b]" there. A default worked out at run time may be described
// only for a flag whose own default is empty or the zero value of its type.
func defaultProblem(r flagRow, f cliFlagFact) string {
	if !r.HasDef {
		return ""
	}
	want := f.Default
	if strings.HasPrefix(want, "[") && strings.HasSuffix(want, "]") {
		want = strings.Join(strings.Fields(want[1:len(want)-1]), ", ")
	}
	zero := want == "" || f.Type != "StringFlag" && (want == "0" || want == "false" || want == "0s")
	switch {
	case r.Derived && zero:
		return ""
	case r.Default == want:
		return ""
	case r.Default == "" && !r.Derived && zero:
		return "" // "—" for the zero value of a number, a duration or a boolean
	case r.Default == "false" && want == "" && f.Type == "BoolFlag":
		return ""
	}
	got := r.Default
	if r.Derived {
		got = "worked out at run time"
	}
	return fmt.Sprintf("default %q", got)
}

// envProblem says what is wrong with the environment variables of a row: a full list must be the
// flag's, in its order; a row that names some of them must name only the flag's.
func envProblem(r flagRow, want []string) string {
	if !r.HasEnv {
		return ""
	}
	if !r.EnvSome {
		if strings.Join(r.Env, " ") != strings.Join(want, " ") {
			return fmt.Sprintf("environment variables %v", r.Env)
		}
		return ""
	}
	for _, e := range r.Env {
		if !contains(want, e) {
			return fmt.Sprintf("environment variable %s", e)
		}
	}
	return ""
}

// checkFlagRow compares one row with the flag of the command it documents.
func checkFlagRow(flags map[string]cliFlagFact, command string, r flagRow) []string {
	f, ok := flags[r.Names[0]]
	if !ok {
		return []string{fmt.Sprintf("%s has no flag --%s", command, r.Names[0])}
	}
	var out []string
	want := append([]string(nil), f.Names...)
	got := append([]string(nil), r.Names...)
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		out = append(out, fmt.Sprintf("%s --%s: names %v, the CLI has %v", command, f.Names[0], r.Names, f.Names))
	}
	if p := envProblem(r, f.Env); p != "" {
		out = append(out, fmt.Sprintf("%s --%s: %s, the CLI reads %v", command, f.Names[0], p, f.Env))
	}
	if r.HasType && r.Type != cliTypeWords[f.Type] {
		out = append(out, fmt.Sprintf("%s --%s: type %q, the CLI's is %s (%q)", command, f.Names[0], r.Type, f.Type, cliTypeWords[f.Type]))
	}
	if p := defaultProblem(r, f); p != "" {
		out = append(out, fmt.Sprintf("%s --%s: %s, the CLI's is %q", command, f.Names[0], p, f.Default))
	}
	return out
}

// checkCLITables checks the flag tables of one CLI reference page. commands are the commands the page
// documents (cli_flags.txt); on a page with several, each table belongs to the command whose heading
// it is under, and a table under none of them holds the global flags.
func checkCLITables(sets map[string]map[string]cliFlagFact, file, body string, offset int, commands []string) []string {
	type span struct {
		cmd        string
		start, end int // lines of the body, from 1
	}
	var spans []span
	if len(commands) > 1 {
		for _, c := range commands {
			if c == cliGlobal {
				continue
			}
			if sec, ok := commandSection(body, c, true); ok {
				at := strings.Index(body, sec)
				start := strings.Count(body[:at], "\n") + 1
				spans = append(spans, span{c, start, start + strings.Count(sec, "\n")})
			}
		}
	}
	var out []string
	for _, r := range flagRows(body) {
		cmd := ""
		switch {
		case len(commands) == 1:
			cmd = commands[0]
		default:
			for _, s := range spans {
				if r.Line >= s.start && r.Line <= s.end {
					cmd = s.cmd
				}
			}
			if cmd == "" && contains(commands, cliGlobal) {
				cmd = cliGlobal
			}
		}
		if cmd == "" {
			out = append(out, fmt.Sprintf("%s:%d: flag table under no command heading", file, r.Line+offset))
			continue
		}
		for _, p := range checkFlagRow(sets[cmd], cmd, r) {
			out = append(out, fmt.Sprintf("%s:%d: %s", file, r.Line+offset, p))
		}
	}
	return out
}

// TestCLIFlagTablesMatchSource checks every flag table of the CLI reference.
func TestCLIFlagTablesMatchSource(t *testing.T) {
	sets := cliFlagSets(t)
	byRoute := map[string][]string{}
	for _, c := range cliCommands(t) {
		if _, ok := sets[c.Command]; !ok {
			t.Errorf("testdata/cli_flags.txt: %q is not a command of the CLI table", c.Command)
			continue
		}
		byRoute[c.Route] = append(byRoute[c.Route], c.Command)
	}
	rows := 0
	for route, commands := range byRoute {
		file := docFile(t, route)
		body, offset := readBody(t, file)
		rows += len(flagRows(body))
		for _, p := range checkCLITables(sets, file, body, offset, commands) {
			t.Error(p)
		}
	}
	t.Logf("%d flag rows checked", rows)
	if rows < 350 {
		t.Errorf("found only %d flag rows in the CLI reference; the table reader is broken", rows)
	}
}

// TestCLIFlagTablesCatchPlantedErrors shows the check failing on each kind of error it exists for.
func TestCLIFlagTablesCatchPlantedErrors(t *testing.T) {
	sets := cliFlagSets(t)
	body := "## vela add secret\n\n| Flag | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `--org`, `-o` | `VELA_ORG`, `SECRET_ORG` | string | — | Fine. |\n" +
		"| `--repo` | `VELA_REPO`, `SECRET_REPO` | string | — | Alias missing. |\n" +
		"| `--secret.engine`, `-e` | `SECRET_ENGINE`, `VELA_ENGINE` | string | `native` | Order. |\n" +
		"| `--secret.type`, `--ty` | `VELA_TYPE`, `SECRET_TYPE` | string | `org` | Default. |\n" +
		"| `--image`, `-i` | `VELA_IMAGES`, `SECRET_IMAGES` | string | — | Type. |\n" +
		"| `--colour` | `VELA_COLOUR` | string | — | No such flag. |\n" +
		"\n## vela view secret\n\n| Flag | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `--org`, `-o` | `VELA_ORG`, `SECRET_ORG` | string | — | Fine. |\n" +
		"\n## Global\n\n| Flag | Environment variables | Type | Default | Description |\n|---|---|---|---|---|\n" +
		"| `--api.version`, `--av` | `VELA_API_VERSION`, `CONFIG_API_VERSION`, `API_VERSION` | string | `v2` | Default. |\n"
	got := strings.Join(checkCLITables(sets, "planted.md", body, 0, []string{"vela add secret", "vela view secret", cliGlobal}), "\n")
	for _, want := range []string{
		`planted.md:6: vela add secret --repo: names [repo], the CLI has [repo r]`,
		`planted.md:7: vela add secret --secret.engine: environment variables [SECRET_ENGINE VELA_ENGINE], the CLI reads [VELA_ENGINE SECRET_ENGINE]`,
		`planted.md:8: vela add secret --secret.type: default "org", the CLI's is "repo"`,
		`planted.md:9: vela add secret --image: type "string", the CLI's is StringSliceFlag ("string list")`,
		`planted.md:10: vela add secret has no flag --colour`,
		`planted.md:22: vela --api.version: default "v2", the CLI's is "v1"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	for _, fine := range []string{"planted.md:5:", "planted.md:15:"} {
		if strings.Contains(got, fine) {
			t.Errorf("a correct row was reported (%s):\n%s", fine, got)
		}
	}
}
