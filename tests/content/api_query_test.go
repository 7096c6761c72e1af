package content

// This file checks the query parameters the API pages document against the ones the server's
// handlers read (testdata/vela-facts/data/api_query_params_v0.26.5.tsv, extracted from go-vela/server
// v0.26.5): a parameter a page's query table names must be read by a route of that page, its default
// must be the handler's where the handler gives a literal one, and every parameter a route reads must
// be named on the page that documents the route.

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// apiQueryFacts is the query parameter table (its header says how it was made).
var apiQueryFacts = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "api_query_params_v0.26.5.tsv")

// queryParam is one parameter a route's handler reads.
type queryParam struct {
	Default string // "" when the handler has none or computes it
	Source  string // file:line in the server
}

// loadQueryFacts reads the table: route ("METHOD /path/{param}") to its parameters.
func loadQueryFacts(t *testing.T) map[string]map[string]queryParam {
	t.Helper()
	out := map[string]map[string]queryParam{}
	for _, l := range listLines(t, "query parameter table", apiQueryFacts) {
		c := strings.Split(l.Text, "\t")
		if len(c) != 5 {
			t.Fatalf("%s:%d: want method, path, parameter, default, source; got %q", apiQueryFacts, l.N, l.Text)
		}
		key := c[0] + " " + c[1]
		if out[key] == nil {
			out[key] = map[string]queryParam{}
		}
		p := queryParam{Source: c[4]}
		if c[3] != "-" {
			p.Default = c[3]
		}
		out[key][c[2]] = p
	}
	if len(out) < 25 {
		t.Fatalf("%s: only %d routes read query parameters", apiQueryFacts, len(out))
	}
	return out
}

var (
	headingLine   = regexp.MustCompile(`^#{1,6}\s`)
	queryWords    = regexp.MustCompile(`(?i)query parameters`)
	codeSpanFirst = regexp.MustCompile("^`([a-z_.]+)`")
)

// queryTables returns the tables of a body that document query parameters: their first column is
// Parameter or Name, and the heading of their section or the line before them says "query parameters".
func queryTables(body string) []mdTable {
	lines := strings.Split(body, "\n")
	var out []mdTable
	for _, table := range markdownTables(body) {
		if len(table.head) == 0 || len(table.rows) == 0 {
			continue
		}
		if h := strings.ToLower(table.head[0]); h != "parameter" && h != "name" {
			continue
		}
		start := table.rows[0].line - 3 // the header line, counted from 0
		before, heading := "", ""
		for i := start - 1; i >= 0; i-- {
			l := strings.TrimSpace(lines[i])
			if before == "" && l != "" {
				before = l
			}
			if headingLine.MatchString(l) {
				heading = l
				break
			}
		}
		if queryWords.MatchString(before) || queryWords.MatchString(heading) {
			out = append(out, table)
		}
	}
	return out
}

// pageRoutes returns the routes a page documents: those the route list assigns to it and those its
// Method | Path tables name (the paths outside /api/v1, such as /login or /metrics, are only there).
func pageRoutes(body string, assigned []string, known map[string]map[string]queryParam) []string {
	seen := map[string]bool{}
	var out []string
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, k := range assigned {
		add(k)
	}
	for _, table := range markdownTables(body) {
		if len(table.head) < 2 || !strings.EqualFold(table.head[0], "method") || !strings.EqualFold(table.head[1], "path") {
			continue
		}
		for _, row := range table.rows {
			if m := pathCell.FindStringSubmatch(row.cells[1]); m != nil {
				if _, ok := known[row.cells[0]+" "+m[1]]; ok {
					add(row.cells[0] + " " + m[1])
				}
			}
		}
	}
	return out
}

// checkQueryTables returns a problem for each query table row that names a parameter no route of the
// page reads, or gives a default other than the handler's literal one. A page without routes (the
// overview's pagination table) is checked against every route.
func checkQueryTables(facts map[string]map[string]queryParam, routes []string, file, body string, offset int) []string {
	if len(routes) == 0 {
		for r := range facts {
			routes = append(routes, r)
		}
		sort.Strings(routes)
	}
	read := map[string][]queryParam{}
	for _, r := range routes {
		for name, p := range facts[r] {
			read[name] = append(read[name], p)
		}
	}
	var out []string
	for _, table := range queryTables(body) {
		def := -1
		for j, h := range table.head {
			if strings.EqualFold(h, "default") {
				def = j
			}
		}
		for _, row := range table.rows {
			m := codeSpanFirst.FindStringSubmatch(row.cells[0])
			if m == nil {
				continue
			}
			where := fmt.Sprintf("%s:%d", file, row.line+offset)
			ps, ok := read[m[1]]
			if !ok {
				out = append(out, fmt.Sprintf("%s: query parameter %q is read by no route of this page (%s)", where, m[1], strings.Join(routes, ", ")))
				continue
			}
			if def < 0 || def >= len(row.cells) {
				continue
			}
			cell := strings.ToLower(strings.Trim(strings.TrimSpace(row.cells[def]), "`"))
			for _, p := range ps {
				if p.Default != "" && cell != strings.ToLower(p.Default) {
					out = append(out, fmt.Sprintf("%s: query parameter %q: the page's default is %q, the handler's is %q (%s)", where, m[1], row.cells[def], p.Default, p.Source))
					break // one report a row, though several routes read the parameter
				}
			}
		}
	}
	return out
}

// checkQueryNamed returns a problem for each parameter a route reads that the prose of its page (fenced
// code does not count) does not name in backticks or in a query string.
func checkQueryNamed(facts map[string]map[string]queryParam, route, file, prose string) []string {
	var out []string
	names := make([]string, 0, len(facts[route]))
	for name := range facts[route] {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !strings.Contains(prose, "`"+name+"`") && !strings.Contains(prose, "`"+name+"=") && !strings.Contains(prose, "?"+name+"=") {
			out = append(out, fmt.Sprintf("%s: %s reads the query parameter %q (%s); the page does not name it", file, route, name, facts[route][name].Source))
		}
	}
	return out
}

// TestAPIQueryParamsMatchHandlers checks the query tables of every API page and that every parameter a
// route reads is named on the page the route list assigns it to.
func TestAPIQueryParamsMatchHandlers(t *testing.T) {
	facts := loadQueryFacts(t)
	assigned := map[string][]string{} // page file to routes
	for _, r := range apiRoutes(t) {
		f := docFile(t, r.Doc)
		assigned[f] = append(assigned[f], r.key())
	}
	rows := 0
	for _, f := range apiReferenceFiles(t) {
		body, offset := readBody(t, f)
		for _, table := range queryTables(body) {
			rows += len(table.rows)
		}
		for _, p := range checkQueryTables(facts, pageRoutes(body, assigned[f], facts), f, body, offset) {
			t.Error(p)
		}
	}
	if rows < 60 {
		t.Errorf("found only %d query parameter rows in the API pages; the table reading is broken", rows)
	}
	for f, routes := range assigned {
		body, _ := readBody(t, f)
		prose := fencedCode.ReplaceAllString(body, " ")
		for _, r := range routes {
			for _, problem := range checkQueryNamed(facts, r, f, prose) {
				t.Error(problem)
			}
		}
	}
}

// TestAPIQueryParamsCatchPlantedErrors shows the checks failing on each kind of error they exist for.
func TestAPIQueryParamsCatchPlantedErrors(t *testing.T) {
	facts := loadQueryFacts(t)
	routes := []string{"GET /api/v1/repos/{org}/{repo}/builds"}
	page := "## Query parameters\n\n" +
		"| Parameter | Type | Default | Meaning |\n|---|---|---|---|\n" +
		"| `event` | string | all | Only builds of this event. |\n" + // fine
		"| `page` | integer | `1` | The page. |\n" + // fine
		"| `per_page` | integer | `20` | Builds per page. |\n" + // the handler's default is 10
		"| `limit` | integer | `10` | Builds per page. |\n" + // no such parameter
		"| `before` | integer | now | Before this time. |\n" + // fine: the default is computed
		"\nPath parameters: `org`. Query parameters:\n\n" +
		"| Name | Type | Meaning |\n|---|---|---|\n" +
		"| `sort_by` | string | Order of the list. |\n" // read by the org's repo list, not by this route
	got := strings.Join(checkQueryTables(facts, routes, "planted.md", page, 0), "\n")
	for _, want := range []string{
		`planted.md:7: query parameter "per_page": the page's default is "` + "`20`" + `", the handler's is "10"`,
		`planted.md:8: query parameter "limit" is read by no route of this page`,
		`planted.md:15: query parameter "sort_by" is read by no route of this page`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	for _, fine := range []string{"planted.md:5:", "planted.md:6:", "planted.md:9:"} {
		if strings.Contains(got, fine) {
			t.Errorf("a correct row was reported (%s):\n%s", fine, got)
		}
	}
	missing := strings.Join(checkQueryNamed(facts, routes[0], "planted.md", page), "\n")
	for _, want := range []string{`"after"`, `"branch"`, `"commit"`, `"status"`} {
		if !strings.Contains(missing, want) {
			t.Errorf("an undocumented parameter was not reported: %s\nreported:\n%s", want, missing)
		}
	}
	for _, fine := range []string{`"event"`, `"page"`, `"per_page"`, `"before"`} {
		if strings.Contains(missing, fine) {
			t.Errorf("a documented parameter was reported (%s):\n%s", fine, missing)
		}
	}
}
