package content

// This file parses every `vela …` command line of the site's code blocks the way the CLI v0.26.1
// would (urfave/cli v2.27 on Go's flag package) and reports what the CLI would reject or silently
// ignore: an unknown command, an unknown flag, a string or integer flag without a value, a boolean
// flag given a separate `true`/`false` word (Go's flag parser stops there, so the rest of the line
// is never read as flags), and flags after a positional argument.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// cliFacts is the command and flag table of go-vela/cli v0.26.1, kept in the repository's
// testdata/vela-facts (its README says where it came from).
var cliFacts = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "cli_v0.26.1.json")

type cliFlagFact struct {
	Names   []string `json:"names"`
	Type    string   `json:"type"`
	Env     []string `json:"env"`
	Default string   `json:"default"`
	File    string   `json:"file"` // FilePath: a file the value is read from (server and worker)
}

type cliCommandFact struct {
	Name        string           `json:"name"`
	Aliases     []string         `json:"aliases"`
	Flags       []cliFlagFact    `json:"flags"`
	Subcommands []cliCommandFact `json:"subcommands"`
}

// cliTable answers what the CLI accepts: global flags before the command, each command's own flags
// after it (urfave/cli v2 does not pass the app's flags down to a command).
type cliTable struct {
	global   map[string]string            // flag name or alias -> type
	actions  map[string]string            // action name or alias -> action name ("login", "add", ...)
	subs     map[string]map[string]string // action -> sub name or alias -> sub name
	flags    map[string]map[string]string // "add secret" -> flag name or alias -> type
	leaf     map[string]bool              // actions without subcommands (login, version)
	takesArg map[string]bool              // commands that read their first argument (internal.ProcessArgs)
}

// argCommands read a number from their first argument: cli v0.26.1 calls internal.ProcessArgs(c, …,
// "int") in command/build/{approve,cancel,restart,view}.go, command/deployment/view.go,
// command/hook/view.go, command/service/view.go and command/step/view.go.
var argCommands = []string{"approve build", "cancel build", "restart build", "view build",
	"view deployment", "view hook", "view service", "view step"}

// readCLIFacts reads the CLI's global flags and its commands from the facts file.
func readCLIFacts(t *testing.T) ([]cliFlagFact, []cliCommandFact) {
	t.Helper()
	raw, err := os.ReadFile(cliFacts)
	if err != nil {
		t.Fatalf("CLI facts: %v", err)
	}
	var facts struct {
		Global   []cliFlagFact    `json:"global_flags"`
		Commands []cliCommandFact `json:"commands"`
	}
	if err := json.Unmarshal(raw, &facts); err != nil {
		t.Fatalf("%s: %v", cliFacts, err)
	}
	return facts.Global, facts.Commands
}

func loadCLITable(t *testing.T) *cliTable {
	t.Helper()
	global, commands := readCLIFacts(t)
	ct := &cliTable{global: flagTypes(global), actions: map[string]string{},
		subs: map[string]map[string]string{}, flags: map[string]map[string]string{},
		leaf: map[string]bool{}, takesArg: map[string]bool{}}
	// urfave/cli adds --help/-h to every command and --version/-v to the app (Version is set).
	ct.global["help"], ct.global["h"], ct.global["version"], ct.global["v"] = "BoolFlag", "BoolFlag", "BoolFlag", "BoolFlag"
	for _, a := range commands {
		for _, n := range append([]string{a.Name}, a.Aliases...) {
			ct.actions[n] = a.Name
		}
		if len(a.Subcommands) == 0 {
			ct.leaf[a.Name] = true
			ct.flags[a.Name] = flagTypes(a.Flags)
			continue
		}
		ct.subs[a.Name] = map[string]string{}
		for _, s := range a.Subcommands {
			for _, n := range append([]string{s.Name}, s.Aliases...) {
				ct.subs[a.Name][n] = s.Name
			}
			ct.flags[a.Name+" "+s.Name] = flagTypes(s.Flags)
		}
	}
	for _, c := range argCommands {
		ct.takesArg[c] = true
	}
	return ct
}

func flagTypes(fs []cliFlagFact) map[string]string {
	m := map[string]string{"help": "BoolFlag", "h": "BoolFlag"}
	for _, f := range fs {
		for _, n := range f.Names {
			m[n] = f.Type
		}
	}
	return m
}

// cliLine is one vela command found in a code block.
type cliLine struct {
	Line     int    // line of the page (from 1, counted in the body)
	Text     string // the command as written, for messages
	Words    []string
	Synopsis bool // from a text block: [optional] parts and ALL-CAPS or <placeholder> values allowed
}

var (
	fenceOpen     = regexp.MustCompile("^(```+|~~~+)\\s*([A-Za-z0-9_-]*)")
	optionalWords = regexp.MustCompile(`\[[^\]-][^\]]*\]`) // "[filters]", "[...]": prose, not flags
	placeholder   = regexp.MustCompile(`^(<[^>]+>|[A-Z][A-Z_:]*|\$.*|"\$.*)$`)
	angleWords    = regexp.MustCompile(`<[^<>]*>`)
	envAssign     = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)
)

// velaLines finds the vela commands of a page body: in sh/bash/shell/zsh blocks every line, in console
// blocks the lines after a "$ " prompt, in text blocks lines that start with "vela " (synopses), in
// yaml blocks list items that run vela.
func velaLines(body string) []cliLine {
	var out []cliLine
	lines := strings.Split(body, "\n")
	fence, lang := "", ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		trim := strings.TrimSpace(l)
		if fence == "" {
			if m := fenceOpen.FindStringSubmatch(trim); m != nil {
				fence, lang = m[1], m[2]
			}
			continue
		}
		if strings.HasPrefix(trim, fence) && strings.Trim(trim, fence[:1]) == "" {
			fence = ""
			continue
		}
		start := i
		// a backslash at the end continues the command on the next line
		for strings.HasSuffix(trim, `\`) && i+1 < len(lines) {
			i++
			trim = strings.TrimSuffix(trim, `\`) + " " + strings.TrimSpace(lines[i])
		}
		var cmd string
		synopsis := false
		switch lang {
		case "sh", "bash", "shell", "zsh":
			cmd = trim
		case "console":
			if !strings.HasPrefix(trim, "$ ") {
				continue
			}
			cmd = strings.TrimPrefix(trim, "$ ")
		case "text":
			if !strings.HasPrefix(trim, "vela ") {
				continue
			}
			cmd, synopsis = trim, true
		case "yaml", "yml":
			if !strings.HasPrefix(trim, "- vela ") {
				continue
			}
			cmd = strings.TrimPrefix(trim, "- ")
		default:
			continue
		}
		if strings.HasPrefix(cmd, "#") {
			continue
		}
		for _, words := range velaCommands(cmd, synopsis) {
			out = append(out, cliLine{Line: start + 1, Text: cmd, Words: words, Synopsis: synopsis})
		}
	}
	return out
}

// velaCommands splits a shell line into words (quotes kept together, shell operators end a command)
// and returns the arguments of every vela command on it, without the word "vela".
func velaCommands(line string, synopsis bool) [][]string {
	if synopsis {
		// "<server address>" is one placeholder
		line = angleWords.ReplaceAllStringFunc(line, func(s string) string { return strings.ReplaceAll(s, " ", "_") })
		line = optionalWords.ReplaceAllString(line, " ")
		line = strings.NewReplacer("[", " ", "]", " ", "...", " ").Replace(line)
	}
	var cmds [][]string
	var cur []string
	inVela, atStart := false, true
	end := func() {
		if inVela {
			cmds = append(cmds, cur)
		}
		cur, inVela, atStart = nil, false, true
	}
	for _, w := range shellWords(line, synopsis) {
		switch {
		case w == "\x00":
			end()
		case w == "#" || strings.HasPrefix(w, "#") && !inVela:
			end()
			return cmds
		case inVela:
			if strings.HasPrefix(w, "#") {
				end()
				return cmds
			}
			cur = append(cur, w)
		case atStart && w == "vela":
			inVela = true
		case atStart && (envAssign.MatchString(w) || w == "sudo" || w == "!"):
		default:
			atStart = false
		}
	}
	end()
	return cmds
}

// shellWords splits on unquoted white space; quotes are removed. Unquoted |, ||, &&, ;, &, >, <(,
// $(, ( and ) become the separator word "\x00" (in a synopsis | separates alternatives, not commands).
func shellWords(line string, synopsis bool) []string {
	var out []string
	var b strings.Builder
	has := false
	flush := func() {
		if has {
			out = append(out, b.String())
		}
		b.Reset()
		has = false
	}
	var quote rune
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				b.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, has = r, true
		case r == ' ' || r == '\t':
			flush()
		case !synopsis && (r == '|' || r == ';' || r == '&' || r == '(' || r == ')' || r == '>' ||
			r == '<' && i+1 < len(rs) && rs[i+1] == '('):
			if r == '(' && b.String() == "$" || r == '>' && strings.Trim(b.String(), "0123456789") == "" {
				b.Reset() // "$(" and the 2 of "2>" belong to the operator
				has = false
			}
			flush()
			out = append(out, "\x00")
		default:
			b.WriteRune(r)
			has = true
		}
	}
	flush()
	return out
}

var boolWords = map[string]bool{"true": true, "false": true, "1": true, "0": true, "t": true, "f": true,
	"T": true, "F": true, "TRUE": true, "FALSE": true, "True": true, "False": true}

// checkVela returns what the CLI would reject or ignore in one command (its words after "vela").
func (ct *cliTable) checkVela(l cliLine) []string {
	var probs []string
	words := l.Words
	i := 0
	// flags before the command are the app's global flags
	for i < len(words) && strings.HasPrefix(words[i], "-") {
		n, ok := ct.flag(ct.global, words, &i, l.Synopsis, "vela", &probs)
		if !ok {
			probs = append(probs, fmt.Sprintf("%s is not a global flag of vela", n))
		}
	}
	if i >= len(words) {
		return probs
	}
	action, ok := ct.actions[words[i]]
	if !ok {
		if words[i] == "help" || words[i] == "h" {
			return probs
		}
		return append(probs, fmt.Sprintf("vela has no command %q", words[i]))
	}
	i++
	command := action
	if !ct.leaf[action] {
		if i >= len(words) {
			return append(probs, fmt.Sprintf("vela %s needs a resource (one of its subcommands)", action))
		}
		sub, ok := ct.subs[action][words[i]]
		if !ok {
			if words[i] == "help" || words[i] == "h" || words[i] == "--help" || words[i] == "-h" {
				return probs
			}
			return append(probs, fmt.Sprintf("vela %s has no subcommand %q", action, words[i]))
		}
		command = action + " " + sub
		i++
	}
	flags := ct.flags[command]
	args := 0
	for i < len(words) {
		w := words[i]
		if w == "--" {
			args += len(words) - i - 1
			break
		}
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			if args > 0 {
				probs = append(probs, fmt.Sprintf("vela %s: %s comes after an argument, where the CLI no longer reads flags", command, w))
			}
			n, ok := ct.flag(flags, words, &i, l.Synopsis, "vela "+command, &probs)
			if !ok {
				if ct.global[n] != "" {
					probs = append(probs, fmt.Sprintf("vela %s has no flag --%s (a global flag: put it before the command)", command, n))
				} else {
					probs = append(probs, fmt.Sprintf("vela %s has no flag --%s", command, n))
				}
			}
			continue
		}
		args++
		if !ct.takesArg[command] || args > 1 {
			probs = append(probs, fmt.Sprintf("vela %s does not read the argument %q", command, w))
		} else if _, err := strconv.Atoi(w); err != nil && !(l.Synopsis && placeholder.MatchString(w)) {
			probs = append(probs, fmt.Sprintf("vela %s: its argument must be a number, not %q", command, w))
		}
		i++
	}
	return probs
}

// flag reads the flag at words[*i] (and its value), advancing *i; it returns the flag's name and
// whether the table knows it. Problems with the value are appended to probs.
func (ct *cliTable) flag(table map[string]string, words []string, i *int, synopsis bool, cmd string, probs *[]string) (string, bool) {
	w := strings.TrimLeft(words[*i], "-")
	*i++
	name, val, hasVal := strings.Cut(w, "=")
	typ, ok := table[name]
	if !ok {
		if hasVal || *i < len(words) && !strings.HasPrefix(words[*i], "-") && typ == "" {
			// skip what is probably the unknown flag's value, so it is not reported again
			if !hasVal && *i < len(words) && !strings.HasPrefix(words[*i], "-") {
				*i++
			}
		}
		return name, false
	}
	if typ == "BoolFlag" {
		if hasVal && !boolWords[val] {
			*probs = append(*probs, fmt.Sprintf("%s: boolean flag --%s=%s is not true or false", cmd, name, val))
		}
		if !hasVal && *i < len(words) && boolWords[strings.Split(words[*i], "|")[0]] {
			*probs = append(*probs, fmt.Sprintf("%s: boolean flag --%s takes no separate value; write --%s=%s", cmd, name, name, words[*i]))
			*i++
		}
		return name, true
	}
	if !hasVal {
		if *i >= len(words) || strings.HasPrefix(words[*i], "-") && !isInt(words[*i]) {
			*probs = append(*probs, fmt.Sprintf("%s: flag --%s (%s) needs a value", cmd, name, strings.TrimSuffix(typ, "Flag")))
			return name, true
		}
		val = words[*i]
		*i++
	}
	if strings.Contains(typ, "Int") && !isInt(val) && !placeholder.MatchString(val) {
		*probs = append(*probs, fmt.Sprintf("%s: flag --%s (%s) needs a whole number, not %q", cmd, name, strings.TrimSuffix(typ, "Flag"), val))
	}
	if typ == "Uint64Flag" && strings.HasPrefix(val, "-") {
		*probs = append(*probs, fmt.Sprintf("%s: flag --%s cannot be negative", cmd, name))
	}
	return name, true
}

func isInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// checkCLILines returns the problems of every vela command of a page body, each prefixed with where.
func checkCLILines(ct *cliTable, file, body string, offset int) []string {
	var out []string
	for _, l := range velaLines(body) {
		for _, p := range ct.checkVela(l) {
			out = append(out, fmt.Sprintf("%s:%d: `vela %s`: %s", file, l.Line+offset, strings.Join(l.Words, " "), p))
		}
	}
	return out
}

// contentFiles lists every Markdown file under content/, sorted (filepath.WalkDir order).
func contentFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join(repoRoot, "content"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("listing content: %v", err)
	}
	return files
}

// readBody reads a content file and returns its body without front matter, and the number of lines
// the front matter takes (add it to a body line to get the file's line).
func readBody(t *testing.T, file string) (string, int) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v", err)
	}
	body := string(raw)
	if m := frontMatter.FindString(body); m != "" {
		return body[len(m):], strings.Count(m, "\n")
	}
	return body, 0
}

// TestCLILinesParse runs every vela command of the site through the CLI's command and flag tables.
func TestCLILinesParse(t *testing.T) {
	ct := loadCLITable(t)
	n := 0
	for _, f := range contentFiles(t) {
		body, offset := readBody(t, f)
		n += len(velaLines(body))
		for _, p := range checkCLILines(ct, f, body, offset) {
			t.Error(p)
		}
	}
	if n < 300 {
		t.Errorf("found only %d vela commands in the site's code blocks; the extraction is broken", n)
	}
}

// TestCLILinesCatchPlantedErrors shows that the check fails on each kind of error it exists for.
func TestCLILinesCatchPlantedErrors(t *testing.T) {
	ct := loadCLITable(t)
	page := "Intro.\n\n```sh\n" +
		"vela add secret --org octocat --repo hello-world --name token --value abc\n" + // fine
		"vela add secrets --org octocat\n" + // no such subcommand
		"vela frobnicate repo\n" + // no such command
		"vela get build --org octocat --repo hello-world --colour\n" + // no such flag
		"vela sync repo --org octocat --all true\n" + // bool with a separate value
		"vela view build --org octocat --repo hello-world --build\n" + // string/int flag without value
		"vela get build --org octocat --repo hello-world --page two\n" + // int flag with a word
		"vela get repo --api.addr https://vela.example.com\n" + // global flag after the command
		"vela view build 5 --org octocat\n" + // flag after an argument
		"vela get build --org octocat --repo hello-world 2>/dev/null | grep -c id\n" + // fine: a redirect
		"```\n\n```console\n$ vela view repo --org octocat --repo\nrepo output vela get nothing\n```\n"
	got := strings.Join(checkCLILines(ct, "planted.md", page, 0), "\n")
	for _, want := range []string{
		`vela add has no subcommand "secrets"`,
		`vela has no command "frobnicate"`,
		`vela get build has no flag --colour`,
		`boolean flag --all takes no separate value`,
		`flag --build (Int) needs a value`,
		`flag --page (Int) needs a whole number, not "two"`,
		`vela get repo has no flag --api.addr (a global flag`,
		`--org comes after an argument`,
		`flag --repo (String) needs a value`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	if strings.Contains(got, "planted.md:3:") || strings.Contains(got, "nothing") {
		t.Errorf("a correct command or an output line was reported:\n%s", got)
	}
}
