package content

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"
)

// cliCommandCount is the number of commands of the Vela CLI v0.26.1: `vela login`, `vela version` and
// the 59 <action> <resource> subcommands registered in cmd/vela-cli (hidden `vela generate docs`
// included). testdata/cli_flags.txt lists each of them once, plus one line for the global flags.
const cliCommandCount = 61

// cliGlobal is the command name used in testdata/cli_flags.txt for the flags every command accepts.
const cliGlobal = "vela"

// cliCommand is one line of testdata/cli_flags.txt.
type cliCommand struct {
	Command string   // "vela add secret"
	Route   string   // "/docs/reference/cli/secret/add"
	Flags   []string // long names with their dashes: "--org", "--repo", ...
}

// cliCommands reads testdata/cli_flags.txt: one command a line, as command<TAB>route<TAB>flags, the
// flags comma-separated (the field is empty for a command without flags); '#' starts a comment line.
func cliCommands(t *testing.T) []cliCommand {
	t.Helper()
	f, err := os.Open("testdata/cli_flags.txt")
	if err != nil {
		t.Fatalf("CLI flag list: %v", err)
	}
	defer f.Close()
	var out []cliCommand
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Fatalf("testdata/cli_flags.txt:%d: want 3 tab-separated fields, got %d", n, len(parts))
		}
		c := cliCommand{Command: parts[0], Route: parts[1]}
		if parts[2] != "" {
			c.Flags = strings.Split(parts[2], ",")
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("CLI flag list: %v", err)
	}
	return out
}

// flagPattern matches a long flag name as a whole word: `--repo` must not be satisfied by `--repos`
// nor `--api.token` by `--api.token.access`.
func flagPattern(flag string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_.-])` + regexp.QuoteMeta(flag) + `([^A-Za-z0-9_.-]|\.([^A-Za-z0-9_]|$)|$)`)
}

var headingRe = regexp.MustCompile(`(?m)^(#{2,6})\s+(.*?)\s*(\{#[^}]*\})?\s*$`)

// commandSection returns the part of a page that documents command: the whole page when the page
// documents only that command, otherwise the section under the heading that names the command (for
// example "## vela view user") up to the next heading of the same or a higher level. ok is false when
// a shared page has no such heading.
func commandSection(body, command string, shared bool) (section string, ok bool) {
	if !shared {
		return body, true
	}
	hs := headingRe.FindAllStringSubmatchIndex(body, -1)
	for i, h := range hs {
		level := h[3] - h[2]
		text := strings.Trim(body[h[4]:h[5]], "` ")
		if text != command {
			continue
		}
		end := len(body)
		for _, next := range hs[i+1:] {
			if next[3]-next[2] <= level {
				end = next[0]
				break
			}
		}
		return body[h[0]:end], true
	}
	return "", false
}

// TestCLICommandCount asserts that the flag list holds every command of v0.26.1 exactly once.
func TestCLICommandCount(t *testing.T) {
	seen := map[string]bool{}
	n := 0
	for _, c := range cliCommands(t) {
		if seen[c.Command] {
			t.Errorf("testdata/cli_flags.txt: %q is listed twice", c.Command)
		}
		seen[c.Command] = true
		if c.Command != cliGlobal {
			n++
		}
		if !strings.HasPrefix(c.Route, "/docs/reference/cli") {
			t.Errorf("%s: route %q is outside the CLI reference", c.Command, c.Route)
		}
		for _, f := range c.Flags {
			if !strings.HasPrefix(f, "--") {
				t.Errorf("%s: flag %q must be written as --name", c.Command, f)
			}
		}
	}
	if n != cliCommandCount {
		t.Errorf("testdata/cli_flags.txt lists %d commands; the CLI v0.26.1 has %d", n, cliCommandCount)
	}
	if !seen[cliGlobal] {
		t.Errorf("testdata/cli_flags.txt has no line for the global flags (%q)", cliGlobal)
	}
}

// TestCLIPagesDocumentEveryFlag asserts that each command is named on its page and that every one of
// its flags appears there by its long name. A page that documents several commands must give each a
// heading with the command's name, and the command's flags must appear under that heading.
func TestCLIPagesDocumentEveryFlag(t *testing.T) {
	cmds := cliCommands(t)
	known := map[string]bool{}
	for _, r := range routes(t, "/docs/reference/cli") {
		known[r] = true
	}
	perRoute := map[string]int{}
	for _, c := range cmds {
		if c.Command != cliGlobal {
			perRoute[c.Route]++
		}
	}
	for _, c := range cmds {
		if !known[c.Route] {
			t.Errorf("%s: route %s is not in the route list", c.Command, c.Route)
			continue
		}
		p := readPage(t, c.Route)
		section, ok := p.Body, true
		if c.Command != cliGlobal {
			if !strings.Contains(p.Body, c.Command) {
				t.Errorf("%s: page does not name the command %q", p.File, c.Command)
			}
			section, ok = commandSection(p.Body, c.Command, perRoute[c.Route] > 1)
			if !ok {
				t.Errorf("%s: documents several commands but has no heading %q", p.File, c.Command)
				continue
			}
		}
		for _, f := range c.Flags {
			if !flagPattern(f).MatchString(section) {
				t.Errorf("%s: flag %s of %q is not documented", p.File, f, c.Command)
			}
		}
	}
}
