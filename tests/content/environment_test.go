package content

// This file checks the environment variable pages against the variables Vela v0.26 sets in a
// build's containers (testdata/vela-facts/data/environment_v0.26.tsv, made from go-vela/server
// v0.26.5 and go-vela/worker v0.26.1): the variables reference must list every variable the source
// sets and no other, pair each deprecated alias with the variable of the same value, give each
// event-only variable the events that set it, and put step and service variables where the worker
// sets them. The guides that name a build, repository, step or pull request variable must name a
// real one.

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var (
	envFactsFile = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "environment_v0.26.tsv")
	envPage      = filepath.Join(repoRoot, "content", "docs", "reference", "environment", "variables.md")
	// a variable in a table cell: NAME or NAME_<PLACEHOLDER>
	envCellName = regexp.MustCompile("^[A-Z][A-Z0-9_]*(<[A-Z]+>)?$")
	// names of these families are pipeline variables wherever a guide writes them
	definedVar  = regexp.MustCompile(`\b([A-Z][A-Z0-9_]*)"?\s*[:=]`)
	pipelineVar = regexp.MustCompile(`\b(?:VELA_(?:BUILD|REPO|STEP|SERVICE|USER|PULL_REQUEST|DEPLOYMENT)|REPOSITORY|BUILD|DEPLOYMENT_PARAMETER)_[A-Z0-9_]*(?:<[A-Z]+>)?`)
)

// envFact is one place the source sets a variable.
type envFact struct {
	Scope, Event, Value, Source string
}

// loadEnvFacts reads the variable table: name to the places that set it.
func loadEnvFacts(t *testing.T) map[string][]envFact {
	t.Helper()
	out := map[string][]envFact{}
	for _, l := range listLines(t, "environment table", envFactsFile) {
		c := strings.Split(l.Text, "\t")
		if len(c) != 5 {
			t.Fatalf("%s:%d: want name, scope, event, value, source; got %q", envFactsFile, l.N, l.Text)
		}
		out[c[0]] = append(out[c[0]], envFact{Scope: c[1], Event: c[2], Value: c[3], Source: c[4]})
	}
	if len(out) < 100 {
		t.Fatalf("%s: only %d variables", envFactsFile, len(out))
	}
	return out
}

// envNames returns the variables a table cell names in code spans.
func envNames(cell string) []string {
	var out []string
	for _, m := range codeSpan.FindAllStringSubmatch(cell, -1) {
		if envCellName.MatchString(m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// baseEvents is the set of events (without the :tag qualifier) the facts of a name set it for,
// and whether one of them sets it for every event.
func baseEvents(fs []envFact) (map[string]bool, bool) {
	ev := map[string]bool{}
	all := false
	for _, f := range fs {
		if f.Event == "all" {
			all = true
			continue
		}
		ev[strings.SplitN(f.Event, ":", 2)[0]] = true
	}
	return ev, all
}

func setKeys(m map[string]bool) string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	sort.Strings(k)
	return strings.Join(k, ", ")
}

// valueIn is the value the facts of a name give it in one scope ("" when none).
func valueIn(fs []envFact, scope string) string {
	for _, f := range fs {
		if f.Scope == scope {
			return f.Value
		}
	}
	return ""
}

// checkEnvPage checks the variable tables of the variables reference.
func checkEnvPage(facts map[string][]envFact, file, body string, offset int) []string {
	var probs []string
	listed := map[string]bool{}
	for _, tb := range markdownTables(body) {
		cols := map[string]int{}
		for i, h := range tb.head {
			cols[strings.ToLower(h)] = i
		}
		_, eventCol := cols["set for"]
		for _, r := range tb.rows {
			at := fmt.Sprintf("%s:%d", file, r.line+offset)
			cell := func(h string) (string, bool) {
				i, ok := cols[h]
				if !ok || i >= len(r.cells) {
					return "", false
				}
				return r.cells[i], true
			}
			var names []string
			for _, h := range []string{"variable", "variables", "deprecated alias", "step variable", "service variable"} {
				c, ok := cell(h)
				if !ok {
					continue
				}
				for _, n := range envNames(c) {
					names = append(names, n)
					listed[n] = true
					fs, known := facts[n]
					if !known {
						probs = append(probs, fmt.Sprintf("%s: `%s` is not set by Vela v0.26", at, n))
						continue
					}
					want := map[string][]string{"step variable": {"step", "worker-step"}, "service variable": {"service", "worker-service"}}[h]
					if want != nil && !hasScope(fs, want) {
						probs = append(probs, fmt.Sprintf("%s: `%s` is not a %s (set at %s)", at, n, h, fs[0].Source))
					}
				}
			}
			// a deprecated alias has the value of the variable beside it
			if alias, ok := cell("deprecated alias"); ok {
				primary, _ := cell("variable")
				for _, a := range envNames(alias) {
					for _, p := range envNames(primary) {
						if strings.HasPrefix(a, "VELA_") || !sameValue(facts[a], facts[p]) {
							probs = append(probs, fmt.Sprintf("%s: `%s` is not the deprecated alias of `%s`", at, a, p))
						}
					}
				}
			}
			for _, n := range names {
				fs := facts[n]
				if fs == nil {
					continue
				}
				ev, all := baseEvents(fs)
				if !eventCol {
					if !all {
						probs = append(probs, fmt.Sprintf("%s: `%s` is set only for %s, but its table says every build", at, n, setKeys(ev)))
					}
					continue
				}
				c, _ := cell("set for")
				got := map[string]bool{}
				for _, e := range codeSpan.FindAllStringSubmatch(c, -1) {
					got[e[1]] = true
				}
				if all || setKeys(got) != setKeys(ev) {
					want := setKeys(ev)
					if all {
						want = "every event"
					}
					probs = append(probs, fmt.Sprintf("%s: `%s` is set for %s, the page says %s", at, n, want, setKeys(got)))
				}
			}
		}
	}
	for n, fs := range facts {
		if !listed[n] {
			probs = append(probs, fmt.Sprintf("%s: `%s` (set at %s) is missing from the tables", file, n, fs[0].Source))
		}
	}
	sort.Strings(probs)
	return probs
}

func hasScope(fs []envFact, scopes []string) bool {
	for _, f := range fs {
		for _, s := range scopes {
			if f.Scope == s {
				return true
			}
		}
	}
	return false
}

// sameValue reports whether two variables get the same expression in a scope that sets both.
func sameValue(a, b []envFact) bool {
	for _, f := range a {
		if v := valueIn(b, f.Scope); v != "" && v == f.Value {
			return true
		}
	}
	return false
}

// checkEnvMentions finds the pipeline variables a guide names that Vela does not set (settings and
// CLI variables of the same families, such as the worker's VELA_BUILD_LIMIT, are allowed).
func checkEnvMentions(facts map[string][]envFact, settings map[string][]string, file, body string, offset int) []string {
	var probs []string
	// variables the page's own pipelines define (an environment key or an assignment)
	defined := map[string]bool{}
	for _, m := range definedVar.FindAllStringSubmatch(body, -1) {
		defined[m[1]] = true
	}
	for i, line := range strings.Split(body, "\n") {
		for _, n := range pipelineVar.FindAllString(line, -1) {
			if strings.HasSuffix(n, "_") || facts[n] != nil || settings[n] != nil || defined[n] {
				continue // a prefix such as VELA_BUILD_ names the family, not a variable
			}
			if strings.HasPrefix(n, "DEPLOYMENT_PARAMETER_") {
				continue // one per parameter: any name
			}
			probs = append(probs, fmt.Sprintf("%s:%d: `%s` is not a variable Vela v0.26 sets", file, i+1+offset, n))
		}
	}
	return probs
}

// guideFiles are the pages that describe pipelines (not the CLI, settings or plugin references,
// whose VELA_* names are flags' variables).
func guideFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, f := range contentFiles(t) {
		s := filepath.ToSlash(f)
		if (strings.Contains(s, "/docs/usage/") && !strings.Contains(s, "/plugins/registry/")) ||
			strings.Contains(s, "/reference/environment/") || strings.Contains(s, "/reference/yaml/") {
			out = append(out, f)
		}
	}
	return out
}

// TestEnvironmentVariablesMatchSource checks the variables reference against the table.
func TestEnvironmentVariablesMatchSource(t *testing.T) {
	facts := loadEnvFacts(t)
	body, off := readBody(t, envPage)
	for _, p := range checkEnvPage(facts, envPage, body, off) {
		t.Error(p)
	}
}

// TestEnvironmentMentionsAreReal checks the variables the guides name.
func TestEnvironmentMentionsAreReal(t *testing.T) {
	facts := loadEnvFacts(t)
	settings := settingOwners(t)
	files := guideFiles(t)
	if len(files) < 20 {
		t.Fatalf("only %d guide files", len(files))
	}
	for _, f := range files {
		body, off := readBody(t, f)
		for _, p := range checkEnvMentions(facts, settings, f, body, off) {
			t.Error(p)
		}
	}
}

// TestEnvironmentChecksCatchPlantedErrors plants one wrong fact of each kind in the real page.
func TestEnvironmentChecksCatchPlantedErrors(t *testing.T) {
	facts := loadEnvFacts(t)
	body, _ := readBody(t, envPage)
	if p := checkEnvPage(facts, "page", body, 0); len(p) != 0 {
		t.Fatalf("the page itself fails: %v", p)
	}
	cases := []struct{ name, old, new, want string }{
		{"unknown variable", "| `VELA_BUILD_NUMBER` | `BUILD_NUMBER` |", "| `VELA_BUILD_NUM` | `BUILD_NUMBER` |", "`VELA_BUILD_NUM` is not set"},
		{"missing variable", "| `VELA_REPO_TOPICS` | | The repository's topics, comma-separated. |\n", "", "`VELA_REPO_TOPICS` (set at"},
		{"alias of another", "| `VELA_BUILD_AUTHOR` | `BUILD_AUTHOR` |", "| `VELA_BUILD_AUTHOR` | `BUILD_SENDER` |", "`BUILD_SENDER` is not the deprecated alias of `VELA_BUILD_AUTHOR`"},
		{"event dropped", "| `VELA_PULL_REQUEST_SOURCE` | `pull_request`, `comment` |", "| `VELA_PULL_REQUEST_SOURCE` | `pull_request` |", "`VELA_PULL_REQUEST_SOURCE` is set for comment, pull_request"},
		{"event added", "| `VELA_PULL_REQUEST_FORK` | `pull_request` |", "| `VELA_PULL_REQUEST_FORK` | `pull_request`, `comment` |", "`VELA_PULL_REQUEST_FORK` is set for pull_request"},
		{"event-only in every build", "| `VELA_BUILD_ROUTE` | |", "| `VELA_BUILD_ROUTE` | | x |\n| `VELA_DEPLOYMENT_NUMBER` | |", "`VELA_DEPLOYMENT_NUMBER` is set only for deployment"},
		{"service column", "| `VELA_STEP_STAGE` | |", "| `VELA_STEP_STAGE` | `VELA_STEP_REPORT_AS` |", "`VELA_STEP_REPORT_AS` is not a service variable"},
	}
	for _, c := range cases {
		if !strings.Contains(body, c.old) {
			t.Fatalf("%s: the page no longer has %q", c.name, c.old)
		}
		probs := checkEnvPage(facts, "page", strings.Replace(body, c.old, c.new, 1), 0)
		if !strings.Contains(strings.Join(probs, "\n"), c.want) {
			t.Errorf("%s: want a problem with %q, got %v", c.name, c.want, probs)
		}
	}
	guide := "Use `$VELA_BUILD_NUMBER` and ${VELA_REPO_ORG}; the worker's `VELA_BUILD_LIMIT`; `DEPLOYMENT_PARAMETER_REGION`; `BUILD_LABEL`, as BUILD_LABEL: x sets.\n"
	settings := settingOwners(t)
	if p := checkEnvMentions(facts, settings, "guide", guide, 0); len(p) != 0 {
		t.Fatalf("real names flagged: %v", p)
	}
	p := checkEnvMentions(facts, settings, "guide", guide+"Read `$VELA_BUILD_FINISHED` and VELA_PULL_REQUEST_NUMBER.\n", 0)
	if len(p) != 2 || !strings.Contains(p[0], "guide:2: `VELA_BUILD_FINISHED`") || !strings.Contains(p[1], "VELA_PULL_REQUEST_NUMBER") {
		t.Errorf("want the two made-up names at guide:2, got %v", p)
	}
}
