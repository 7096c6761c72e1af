package content

// This file checks two facts of every API reference page against the server v0.26.5 source: the
// permission a page's route table names for a route must be the check the router applies to it
// (testdata/vela-facts route table, field perm), and every key of a JSON example must be a field of
// the server type the example shows (testdata/vela-facts/data/api_json_fields_v0.26.5.tsv).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// apiFields is the JSON field table of the server's types (its header says how it was made).
var apiFields = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "api_json_fields_v0.26.5.tsv")

// permLabels is how the pages name each permission middleware of the router (the overview's
// Permissions table); a cell must start with it. A route without one may name no label on its own.
var permLabels = map[string]string{
	"MustPlatformAdmin":       "platform admin",
	"MustAdmin":               "repo admin",
	"MustWrite":               "repo write",
	"MustRead":                "repo read",
	"MustBuildAccess":         "build access",
	"MustWorkerAuthToken":     "worker auth",
	"MustWorkerRegisterToken": "worker registration",
	"MustSecretAdmin":         "secret admin",
	"MustIDRequestToken":      "an id request token",
}

// routePerms reads the route table's permission middleware, keyed by "METHOD /path/{param}"; "" for
// a route without one.
func routePerms(t *testing.T) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(apiFacts)
	if err != nil {
		t.Fatalf("route facts: %v", err)
	}
	var facts []struct {
		Method string `json:"method"`
		Path   string `json:"path"`
		Perm   string `json:"perm"`
	}
	if err := json.Unmarshal(raw, &facts); err != nil {
		t.Fatalf("%s: %v", apiFacts, err)
	}
	out := map[string]string{}
	for _, f := range facts {
		perm := f.Perm
		if perm == "—" {
			perm = ""
		}
		if _, known := permLabels[perm]; perm != "" && !known {
			t.Fatalf("%s: %s %s: permission %q has no label in permLabels", apiFacts, f.Method, f.Path, perm)
		}
		out[f.Method+" "+apiParamRe.ReplaceAllString(f.Path, "{$1}")] = perm
	}
	return out
}

var pathCell = regexp.MustCompile("^`([^`]+)`$")

// checkPermTables returns a problem for each row of a Method | Path | Permission table whose
// permission is not the router's.
func checkPermTables(perms map[string]string, file, body string, offset int) []string {
	var out []string
	for _, table := range markdownTables(body) {
		col := map[string]int{}
		for j, h := range table.head {
			col[strings.ToLower(h)] = j
		}
		mc, ok1 := col["method"]
		pc, ok2 := col["path"]
		wc, ok3 := col["permission"]
		if !ok1 || !ok2 || !ok3 {
			continue
		}
		for _, row := range table.rows {
			if len(row.cells) <= max(mc, pc, wc) {
				continue
			}
			m := pathCell.FindStringSubmatch(row.cells[pc])
			if m == nil {
				continue
			}
			key := row.cells[mc] + " " + m[1]
			perm, known := perms[key]
			if !known {
				continue // TestAPIPathsAreRoutes reports paths that are not routes
			}
			cell := strings.ToLower(strings.ReplaceAll(row.cells[wc], "`", ""))
			where := fmt.Sprintf("%s:%d", file, row.line+offset)
			if perm != "" {
				if !strings.HasPrefix(cell, permLabels[perm]) {
					out = append(out, fmt.Sprintf("%s: %s: the router applies %s (%q), the page says %q", where, key, perm, permLabels[perm], row.cells[wc]))
				}
				continue
			}
			for mw, label := range permLabels {
				rest, found := strings.CutPrefix(cell, label)
				if found && (rest == "" || strings.IndexAny(rest[:1], ";,.(") == 0) {
					out = append(out, fmt.Sprintf("%s: %s: the router applies no permission check, the page says %q (%s)", where, key, row.cells[wc], mw))
				}
			}
		}
	}
	return out
}

// apiReferenceFiles lists the Markdown files of the API reference.
func apiReferenceFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, f := range contentFiles(t) {
		if strings.Contains(filepath.ToSlash(f), "/content/docs/reference/api/") {
			out = append(out, f)
		}
	}
	if len(out) < 90 {
		t.Fatalf("found only %d API reference pages", len(out))
	}
	return out
}

// TestAPIPermissionsMatchRouter checks the Permission column of every route table of the API pages.
func TestAPIPermissionsMatchRouter(t *testing.T) {
	perms := routePerms(t)
	rows := 0
	for _, f := range apiReferenceFiles(t) {
		body, offset := readBody(t, f)
		rows += strings.Count(body, "| `/")
		for _, p := range checkPermTables(perms, f, body, offset) {
			t.Error(p)
		}
	}
	if rows < 150 {
		t.Errorf("found only %d route rows in the API pages; the table reading is broken", rows)
	}
}

// TestAPIPermissionsCatchPlantedErrors shows the check failing on each kind of error it exists for.
func TestAPIPermissionsCatchPlantedErrors(t *testing.T) {
	perms := routePerms(t)
	page := "| Method | Path | Permission |\n|---|---|---|\n" +
		"| GET | `/api/v1/repos/{org}/{repo}` | Repo read |\n" + // fine
		"| PUT | `/api/v1/repos/{org}/{repo}` | Repo write |\n" + // MustAdmin
		"| DELETE | `/api/v1/repos/{org}/{repo}/builds/{build}` | repo admin |\n" + // MustPlatformAdmin
		"| GET | `/api/v1/users` | Platform admin |\n" + // no middleware
		"| PATCH | `/api/v1/scm/repos/{org}/{repo}/sync` | repo admin in the SCM (checked by the handler) |\n" + // fine
		"| GET | `/api/v1/workers` | Signed-in user |\n" // fine
	got := strings.Join(checkPermTables(perms, "planted.md", page, 0), "\n")
	for _, want := range []string{
		"planted.md:4: PUT /api/v1/repos/{org}/{repo}: the router applies MustAdmin",
		"planted.md:5: DELETE /api/v1/repos/{org}/{repo}/builds/{build}: the router applies MustPlatformAdmin",
		"planted.md:6: GET /api/v1/users: the router applies no permission check",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	for _, fine := range []string{"planted.md:3:", "planted.md:7:", "planted.md:8:"} {
		if strings.Contains(got, fine) {
			t.Errorf("a correct row was reported (%s):\n%s", fine, got)
		}
	}
}

// goTypes is the field table: for each type (its folder and name, "api/types.Repo"), its JSON
// fields and their Go types; a named map or slice type has the single field "=".
type goTypes struct {
	fields map[string]map[string]string
	order  []string // file order, so that a tie between two types is broken the same way each run
}

func loadGoTypes(t *testing.T) goTypes {
	t.Helper()
	f, err := os.Open(apiFields)
	if err != nil {
		t.Fatalf("field table: %v", err)
	}
	defer f.Close()
	gt := goTypes{fields: map[string]map[string]string{}}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			t.Fatalf("%s:%d: want file, type, field, Go type, line; got %q", apiFields, n, line)
		}
		key := path.Dir(c[0]) + "." + c[1]
		if gt.fields[key] == nil {
			gt.fields[key] = map[string]string{}
			gt.order = append(gt.order, key)
		}
		gt.fields[key][c[2]] = c[3]
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("field table: %v", err)
	}
	if len(gt.order) < 50 {
		t.Fatalf("%s: only %d types", apiFields, len(gt.order))
	}
	return gt
}

// pkgDirs maps the package names the types use to their folders.
var pkgDirs = map[string]string{
	"api": "api/types", "types": "api/types", "actions": "api/types/actions",
	"settings": "api/types/settings", "raw": "compiler/types/raw",
}

// elem resolves a field's Go type, written in the folder dir, to the type its JSON values take:
// many is true for a slice or a map (each element or value has the type), and key is "" for a type
// without fields (a number, a string, an empty interface).
func (gt goTypes) elem(dir, goType string) (key string, many bool) {
	for {
		switch {
		case strings.HasPrefix(goType, "*"):
			goType = goType[1:]
		case strings.HasPrefix(goType, "[]"):
			goType, many = goType[2:], true
		case strings.HasPrefix(goType, "map["):
			goType, many = goType[strings.Index(goType, "]")+1:], true
		default:
			if pkg, name, ok := strings.Cut(goType, "."); ok {
				dir, goType = pkgDirs[pkg], name
			}
			k := dir + "." + goType
			under, named := gt.fields[k]["="]
			if !named {
				if _, ok := gt.fields[k]; !ok {
					return "", many
				}
				return k, many
			}
			inner, _ := gt.elem(dir, under)
			return inner, true
		}
	}
}

// check walks one JSON value of an example against the candidate types and reports the keys that
// are no field of the type an object matches best. An object that matches no type is taken for a map
// (of names to objects, as GET .../templates answers) when all its values are objects or lists.
func (gt goTypes) check(v any, cands []string, at string, out *[]string) {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			gt.check(e, cands, at, out)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		best, score := "", 0
		for _, c := range cands {
			s := 0
			for _, k := range keys {
				if _, ok := gt.fields[c][k]; ok {
					s++
				}
			}
			if s > score {
				best, score = c, s
			}
		}
		if best == "" {
			nested := true
			for _, k := range keys {
				switch v[k].(type) {
				case map[string]any, []any:
				default:
					nested = false
				}
			}
			if !nested {
				*out = append(*out, fmt.Sprintf("%s: no v0.26.5 type has the fields %s", at, strings.Join(keys, ", ")))
				return
			}
			for _, k := range keys {
				gt.check(v[k], cands, at+"."+k, out)
			}
			return
		}
		dir := best[:strings.LastIndex(best, ".")]
		for _, k := range keys {
			goType, ok := gt.fields[best][k]
			if !ok {
				*out = append(*out, fmt.Sprintf("%s: %q is not a field of %s", at, k, best))
				continue
			}
			if inner, _ := gt.elem(dir, goType); inner != "" {
				gt.check(v[k], []string{inner}, at+"."+k, out)
			}
		}
	}
}

var jsonFence = regexp.MustCompile("(?ms)^```json[^\n]*\n(.*?)^```")

// checkJSONExamples returns a problem for each JSON example of a body that does not parse or has a
// key that is not a field of the type it shows.
func checkJSONExamples(gt goTypes, file, body string, offset int) []string {
	var out []string
	for _, m := range jsonFence.FindAllStringSubmatchIndex(body, -1) {
		line := strings.Count(body[:m[0]], "\n") + 1 + offset
		where := fmt.Sprintf("%s:%d", file, line)
		dec := json.NewDecoder(bytes.NewReader([]byte(body[m[2]:m[3]])))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			out = append(out, fmt.Sprintf("%s: the JSON example does not parse: %v", where, err))
			continue
		}
		gt.check(v, gt.order, where+": $", &out)
	}
	return out
}

// TestAPIJSONExamplesUseRealFields checks every JSON example of the API pages.
func TestAPIJSONExamplesUseRealFields(t *testing.T) {
	gt := loadGoTypes(t)
	blocks := 0
	for _, f := range apiReferenceFiles(t) {
		body, offset := readBody(t, f)
		blocks += len(jsonFence.FindAllStringIndex(body, -1))
		for _, p := range checkJSONExamples(gt, f, body, offset) {
			t.Error(p)
		}
	}
	if blocks < 100 {
		t.Errorf("found only %d JSON examples in the API pages; the fence reading is broken", blocks)
	}
}

// TestAPIJSONExamplesCatchPlantedErrors shows the check failing on each kind of error it exists for.
func TestAPIJSONExamplesCatchPlantedErrors(t *testing.T) {
	gt := loadGoTypes(t)
	page := "A build:\n\n```json\n" + // line 3
		`{"id": 1, "number": 42, "status": "success", "duration": 63}` + "\n```\n\n" + // no field duration
		"```json\n" + // line 7
		`{"id": 7, "full_name": "octocat/hello-world", "allow_events": {"push": {"branch": true, "merge": true}}}` + "\n```\n\n" +
		"```json\n" + // line 11
		`{"id": 880, "number": 57, "repo": {"org": "octocat", "name": "hello-world", "owner_name": "x"}}` + "\n```\n\n" +
		"```json\n" + // line 15
		`{"id": 1, "name": "octocat",}` + "\n```\n\n" + // does not parse
		"```json\n" + // line 19: fine, a map of names to templates
		`{"go-build": {"name": "go-build", "source": "github.com/octocat/templates/go.yml", "type": "github"}}` + "\n```\n\n" +
		"```json\n" + // line 23: fine, the settings with their nested compiler settings
		`{"id": 1, "compiler": {"clone_image": "target/vela-git:v0.8.0", "template_depth": 3}, "queue_restart_limit": 30}` + "\n```\n"
	got := strings.Join(checkJSONExamples(gt, "planted.md", page, 0), "\n")
	for _, want := range []string{
		`planted.md:3: $: "duration" is not a field of api/types.Build`,
		`planted.md:7: $.allow_events.push: "merge" is not a field of api/types/actions.Push`,
		`planted.md:11: $.repo: "owner_name" is not a field of api/types.Repo`,
		"planted.md:15: the JSON example does not parse",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	for _, fine := range []string{"planted.md:19:", "planted.md:23:"} {
		if strings.Contains(got, fine) {
			t.Errorf("a correct example was reported (%s):\n%s", fine, got)
		}
	}
}
