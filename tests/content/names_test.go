package content

// This file makes every page name the same VELA_ variables: each VELA_ name anywhere on the site must
// be one that Vela v0.26 or a registry plugin reads or sets (a flag's variable of the CLI, server or
// worker, a build variable of environment_v0.26.tsv, a plugin parameter's variable, or a name of
// testdata/vela-facts/data/other_names_v0.26.tsv), or one the page's own example defines. The UI
// pages' settings tables must also give each UI variable the default of the UI's source.

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	otherNamesFile = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "other_names_v0.26.tsv")
	// a VELA_ name; a trailing _ followed by something that is not part of a name (VELA_SECRETS_...,
	// VELA_BUILD_<X>) makes it a family
	velaName = regexp.MustCompile(`\bVELA_[A-Z0-9_]*[A-Z0-9](_?)`)
)

// otherName is one row of other_names_v0.26.tsv.
type otherName struct {
	Program, Default string
}

func loadOtherNames(t *testing.T) map[string]otherName {
	t.Helper()
	out := map[string]otherName{}
	for _, l := range listLines(t, "other names", otherNamesFile) {
		c := strings.Split(l.Text, "\t")
		if len(c) != 4 {
			t.Fatalf("%s:%d: want name, program, default, source; got %q", otherNamesFile, l.N, l.Text)
		}
		out[c[0]] = otherName{Program: c[1], Default: c[2]}
	}
	if len(out) == 0 {
		t.Fatal("other names list is empty")
	}
	return out
}

// knownNames is every variable name the fact tables know; a name ending in _* is a family.
func knownNames(t *testing.T) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for n := range loadEnvFacts(t) {
		out[n] = true
	}
	sets := cliFlagSets(t)
	for comp, flags := range componentFlags(t) {
		sets[comp] = flags
	}
	for _, flags := range sets {
		for _, f := range flags {
			for _, e := range f.Env {
				out[e] = true
			}
		}
	}
	for _, p := range pluginParams(t) {
		for _, e := range p.Env {
			out[e] = true
		}
	}
	for n := range loadOtherNames(t) {
		out[n] = true
	}
	return out
}

// knownFamily reports whether some known name starts with prefix (which ends in _).
func knownFamily(known map[string]bool, prefix string) bool {
	if known[prefix+"*"] {
		return true
	}
	for n := range known {
		if strings.HasPrefix(n, prefix) {
			return true
		}
	}
	return false
}

// checkVelaNames returns one message for each VELA_ name of a page that no fact table knows.
func checkVelaNames(known map[string]bool, file, body string, offset int) (names int, errs []string) {
	defined := map[string]bool{}
	for _, m := range definedVar.FindAllStringSubmatch(body, -1) {
		defined[m[1]] = true
	}
	for i, line := range strings.Split(body, "\n") {
		for _, m := range velaName.FindAllStringSubmatchIndex(line, -1) {
			names++
			name := line[m[0]:m[2]]
			family := m[3] > m[2] && (m[1] == len(line) || !isNameByte(line[m[1]]))
			switch {
			case known[name] || defined[name]:
				continue
			case family && knownFamily(known, name+"_"):
				continue
			}
			for n := range known {
				if p, ok := strings.CutSuffix(n, "*"); ok && strings.HasPrefix(name, p) {
					name = "" // a member of a family made at run time, such as VELA_SECRETS_DEPLOY_PASSWORD
					break
				}
			}
			if name != "" {
				errs = append(errs, fmt.Sprintf("%s:%d: `%s` is not a name Vela v0.26 or a registry plugin reads or sets", file, i+1+offset, name))
			}
		}
	}
	return names, errs
}

func isNameByte(b byte) bool {
	return b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// checkUIDefaults compares the Default column of a UI page's settings tables with the UI's source.
func checkUIDefaults(others map[string]otherName, file, body string, offset int) (rows int, errs []string) {
	for _, tb := range markdownTables(body) {
		def := -1
		for i, h := range tb.head {
			if strings.EqualFold(h, "Default") {
				def = i
			}
		}
		if def < 0 || !strings.Contains(strings.ToLower(tb.head[0]), "environment variable") {
			continue
		}
		for _, r := range tb.rows {
			m := codeSpan.FindStringSubmatch(r.cells[0])
			if m == nil || others[m[1]].Program != "ui" || def >= len(r.cells) {
				continue
			}
			rows++
			got := ""
			if spans := codeSpan.FindAllStringSubmatch(r.cells[def], -1); len(spans) == 1 {
				got = spans[0][1]
			} else if len(spans) > 1 {
				got = r.cells[def]
			}
			want := others[m[1]].Default
			if want == "-" {
				want = ""
			}
			if got != want {
				errs = append(errs, fmt.Sprintf("%s:%d: %s defaults to %q, the UI's source to %q", file, r.line+offset, m[1], got, want))
			}
		}
	}
	return rows, errs
}

// TestVelaNamesAreReal checks every Markdown file under content/.
func TestVelaNamesAreReal(t *testing.T) {
	known := knownNames(t)
	total := 0
	for _, f := range contentFiles(t) {
		body, off := readBody(t, f)
		n, errs := checkVelaNames(known, f, body, off)
		total += n
		for _, e := range errs {
			t.Error(e)
		}
	}
	if total < 1000 {
		t.Fatalf("only %d VELA_ names on the site", total)
	}
	t.Logf("checked %d VELA_ names against %d known names", total, len(known))
}

// TestUISettingsDefaultsMatchSource checks the UI pages' settings tables.
func TestUISettingsDefaultsMatchSource(t *testing.T) {
	others := loadOtherNames(t)
	total := 0
	for _, f := range contentFiles(t) {
		if !strings.Contains(filepath.ToSlash(f), "/docs/installation/ui") && !strings.HasSuffix(filepath.ToSlash(f), "/reference/installation/ui.md") {
			continue
		}
		body, off := readBody(t, f)
		n, errs := checkUIDefaults(others, f, body, off)
		total += n
		for _, e := range errs {
			t.Error(e)
		}
	}
	if total < 12 {
		t.Fatalf("only %d UI setting rows read", total)
	}
	t.Logf("checked %d UI setting rows", total)
}

// TestVelaNamesCatchPlantedErrors: a misspelt build variable, a user's own variable that looks like
// Vela's, an unknown family and a wrong UI default fail; real names, families, a page's own variable
// and the right defaults pass.
func TestVelaNamesCatchPlantedErrors(t *testing.T) {
	known := knownNames(t)
	others := loadOtherNames(t)
	good := "Use `VELA_BUILD_COMMIT`, `VELA_SECRETS_DEPLOY_PASSWORD`, the `VELA_REPO_` family, VELA_BUILD_<X>,\n" +
		"`VELA_CHANNEL` and VELA_LOG_LEVEL.\n```yaml\nenvironment:\n  VELA_MY_OWN: x\n```\necho $VELA_MY_OWN\n"
	bad := "Use `VELA_BUILD_COMMITT` and \"$VELA_PAT\"; the VELA_NOPE_... family; VELA_SECRET_DEPLOY.\n"
	if _, errs := checkVelaNames(known, "good", good, 0); len(errs) != 0 {
		t.Errorf("good: want no errors, got %v", errs)
	}
	if _, errs := checkVelaNames(known, "bad", bad, 0); len(errs) != 4 {
		t.Errorf("bad: want 4 errors, got %d: %v", len(errs), errs)
	}
	table := "| Environment variable | Default |\n|---|---|\n| `VELA_API` | none |\n| `VELA_MAX_BUILD_LIMIT` | `30` |\n" +
		"| `VELA_DOCS_URL` | `https://go-vela.github.io/docs` |\n"
	if n, errs := checkUIDefaults(others, "good", table, 0); n != 3 || len(errs) != 0 {
		t.Errorf("good table: want 3 rows and no errors, got %d, %v", n, errs)
	}
	table = strings.Replace(strings.Replace(table, "`30`", "`25`", 1), "| none |", "| `https://vela.example.com` |", 1)
	if n, errs := checkUIDefaults(others, "bad", table, 0); n != 3 || len(errs) != 2 {
		t.Errorf("bad table: want 3 rows and 2 errors, got %d, %d: %v", n, len(errs), errs)
	}
}
