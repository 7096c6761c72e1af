package content

// This file checks the values the usage guides give in their tables (limits, defaults, the allowed
// values of a setting, the skip directives) against testdata/vela-facts/data/usage_table_facts_v0.26.tsv,
// whose rows each name the line of go-vela/server v0.26.5 they were read from.

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var usageFactsFile = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "usage_table_facts_v0.26.tsv")

// usageFact is one cell a guide's table must agree with.
type usageFact struct {
	Line                        int
	Page, Table, Row, Col, Want string
}

func loadUsageFacts(t *testing.T) []usageFact {
	t.Helper()
	var out []usageFact
	for _, l := range listLines(t, "usage table facts", usageFactsFile) {
		c := strings.Split(l.Text, "\t")
		if len(c) != 6 {
			t.Fatalf("%s:%d: want page, table, row, column, want, source; got %q", usageFactsFile, l.N, l.Text)
		}
		out = append(out, usageFact{Line: l.N, Page: c[0], Table: c[1], Row: c[2], Col: c[3], Want: c[4]})
	}
	return out
}

// codeSet is the sorted, comma-joined set of code spans in cells.
func codeSet(cells ...string) string {
	seen := map[string]bool{}
	for _, c := range cells {
		for _, m := range codeSpan.FindAllStringSubmatch(c, -1) {
			seen[m[1]] = true
		}
	}
	return setKeys(seen)
}

// wantSet is the sorted, comma-joined set a want of the form =a,b,c names.
func wantSet(want string) string {
	seen := map[string]bool{}
	for _, v := range strings.Split(strings.TrimPrefix(want, "="), ",") {
		seen[v] = true
	}
	return setKeys(seen)
}

// checkUsageFact finds the fact's table and cell in body and says what is wrong ("" when nothing).
func checkUsageFact(f usageFact, body string) string {
	for _, tb := range markdownTables(body) {
		col := -1
		hasTable := false
		for i, h := range tb.head {
			if h == f.Col {
				col = i
			}
			if h == f.Table {
				hasTable = true
			}
		}
		if col < 0 || !hasTable {
			continue
		}
		if f.Row == "*" {
			var firsts []string
			for _, r := range tb.rows {
				if m := codeSpan.FindString(r.cells[0]); m != "" {
					firsts = append(firsts, m)
				}
			}
			if got, want := codeSet(firsts...), wantSet(f.Want); got != want {
				return fmt.Sprintf("table %q lists %s, the source has %s", f.Table, got, want)
			}
			return ""
		}
		for _, r := range tb.rows {
			if !strings.Contains(r.cells[0], "`"+f.Row+"`") || col >= len(r.cells) {
				continue
			}
			cell := r.cells[col]
			if strings.HasPrefix(f.Want, "=") {
				if got, want := codeSet(cell), wantSet(f.Want); got != want {
					return fmt.Sprintf("line %d: %s %s gives %s, the source has %s", r.line, f.Row, f.Col, got, want)
				}
				return ""
			}
			if !strings.Contains(cell, f.Want) {
				return fmt.Sprintf("line %d: %s %s is %q, the source says %q", r.line, f.Row, f.Col, cell, f.Want)
			}
			return ""
		}
		return fmt.Sprintf("table %q has no row `%s`", f.Table, f.Row)
	}
	return fmt.Sprintf("no table with the columns %q and %q", f.Table, f.Col)
}

// TestUsageTablesMatchSource checks each fact of the table against its guide.
func TestUsageTablesMatchSource(t *testing.T) {
	facts := loadUsageFacts(t)
	if len(facts) < 10 {
		t.Fatalf("only %d facts", len(facts))
	}
	for _, f := range facts {
		body, _ := readBody(t, filepath.Join(repoRoot, "content", "docs", f.Page))
		if p := checkUsageFact(f, body); p != "" {
			t.Errorf("%s (fact at %s:%d): %s", f.Page, usageFactsFile, f.Line, p)
		}
	}
}

// TestUsageTablesCatchPlantedErrors changes one value of each kind in the real pages.
func TestUsageTablesCatchPlantedErrors(t *testing.T) {
	facts := loadUsageFacts(t)
	cases := []struct{ page, old, new, want string }{
		{"usage/repo_settings.md", "| `30` | 1 to 90 (minutes) |", "| `30` | 1 to 120 (minutes) |", "timeout Allowed values"},
		{"usage/repo_settings.md", "| `7` | 1 to 60 (days) |", "| `14` | 1 to 60 (days) |", "approval_timeout Default"},
		{"usage/repo_settings.md", "`first-time`, `never`", "`first-time`", "approve_build Allowed values gives first-time, fork-always, fork-no-write, the source"},
		{"usage/pull_policies.md", "| `never` | Never;", "| `none` | Never;", "lists always, none, not_present, on_start"},
		{"usage/skipping_build.md", "| `[vela skip]` | case-insensitive |\n", "", "lists ***NO_CI***, [ci skip], [skip ci], [skip vela],"},
		{"usage/secrets.md", "| `build_start` (default) |", "| `build_start` |", "build_start `pull`"},
	}
	bodies := map[string]string{}
	for _, c := range cases {
		if _, ok := bodies[c.page]; !ok {
			bodies[c.page], _ = readBody(t, filepath.Join(repoRoot, "content", "docs", c.page))
		}
		body := bodies[c.page]
		if !strings.Contains(body, c.old) {
			t.Fatalf("%s no longer has %q", c.page, c.old)
		}
		planted := strings.Replace(body, c.old, c.new, 1)
		var probs []string
		for _, f := range facts {
			if f.Page != c.page {
				continue
			}
			if p := checkUsageFact(f, planted); p != "" {
				probs = append(probs, p)
			}
		}
		sort.Strings(probs)
		if !strings.Contains(strings.Join(probs, "\n"), c.want) {
			t.Errorf("%s: %q -> %q: want a problem with %q, got %v", c.page, c.old, c.new, c.want, probs)
		}
	}
}
