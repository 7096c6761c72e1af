package content

// This file runs the `vela …` commands that the pages name in running text (inline code, outside code
// blocks) through the CLI's command and flag tables, like cli_lines_test.go does for code blocks: a
// command, an alias or a flag written in a sentence must exist too. A sentence may name a flag without
// its value or an action without its resource, so only names are checked.

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// inlineVela finds an inline code span that starts with "vela " and a word that could be a command
// (not a placeholder such as <action>, nor the template function `vela "name"`).
var inlineVela = regexp.MustCompile("`(vela [a-z-][^`]*)`")

// notCommands are spans the pages name as commands that do not exist.
var notCommands = map[string]bool{
	"vela install": true, // reference/cli/install.md: "There is no `vela install` command"
}

// nameProblem tells the problems of checkVela about names (an unknown command, resource or flag)
// from those about values and arguments.
var nameProblem = regexp.MustCompile(`has no (command|subcommand|flag) `)

// proseVelaLines returns the vela commands named in the running text of body, with their lines.
func proseVelaLines(body string) []cliLine {
	var out []cliLine
	inFence := false
	for i, l := range strings.Split(body, "\n") {
		if fenceOpen.MatchString(strings.TrimSpace(l)) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		for _, m := range inlineVela.FindAllStringSubmatch(l, -1) {
			if notCommands[m[1]] || strings.Contains(m[1], "…") {
				continue
			}
			for _, words := range velaCommands(m[1], true) {
				out = append(out, cliLine{Line: i + 1, Text: m[1], Words: words, Synopsis: true})
			}
		}
	}
	return out
}

// checkProseCLI returns the problems of the vela commands named in the running text of a page.
func checkProseCLI(ct *cliTable, file, body string, offset int) []string {
	var out []string
	for _, l := range proseVelaLines(body) {
		for _, p := range ct.checkVela(l) {
			if !nameProblem.MatchString(p) {
				continue
			}
			out = append(out, fmt.Sprintf("%s:%d: `%s`: %s", file, l.Line+offset, l.Text, p))
		}
	}
	return out
}

// TestCLIProseCommandsExist checks every vela command named in the running text of the site.
func TestCLIProseCommandsExist(t *testing.T) {
	ct := loadCLITable(t)
	n := 0
	for _, f := range contentFiles(t) {
		body, offset := readBody(t, f)
		n += len(proseVelaLines(body))
		for _, p := range checkProseCLI(ct, f, body, offset) {
			t.Error(p)
		}
	}
	if n < 200 {
		t.Errorf("found only %d vela commands in running text; the extraction is broken", n)
	}
}

// TestCLIProseCatchesPlantedErrors shows the check failing on a wrong alias, resource and flag.
func TestCLIProseCatchesPlantedErrors(t *testing.T) {
	ct := loadCLITable(t)
	body := "Use `vela a secret` (fine) or `vela update settings --add-repo` (fine, no value).\n" +
		"Also `vela ad secret`, `vela add secrets`, `vela view repo --colour` and `vela install`.\n" +
		"```sh\n`vela frobnicate`\n```\n"
	got := strings.Join(checkProseCLI(ct, "planted.md", body, 0), "\n")
	for _, want := range []string{
		`planted.md:2: ` + "`vela ad secret`" + `: vela has no command "ad"`,
		`planted.md:2: ` + "`vela add secrets`" + `: vela add has no subcommand "secrets"`,
		`planted.md:2: ` + "`vela view repo --colour`" + `: vela view repo has no flag --colour`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	if strings.Contains(got, "planted.md:1:") || strings.Contains(got, "install") || strings.Contains(got, "frobnicate") {
		t.Errorf("a correct name, a listed non-command or code block text was reported:\n%s", got)
	}
}
