package content

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// apiRouteCount is the number of routes the Vela server v0.26.5 registers under /api/v1
// (router/router.go and the *Handlers functions of router/*.go).
const apiRouteCount = 109

// apiFacts is the extracted route table the list is written from (go-vela/server v0.26.5), kept in
// the repository's testdata/vela-facts so that the comparison runs in every clone (its README says
// where it came from).
var apiFacts = filepath.Join(repoRoot, "testdata", "vela-facts", "data", "api_routes_v0.26.5.json")

// apiRoute is one line of testdata/api_routes.txt.
type apiRoute struct {
	Method string
	Path   string // /api/v1/... with {params}
	Doc    string // the doc route of the page that documents it
	Line   int
}

func (r apiRoute) key() string { return r.Method + " " + r.Path }

var (
	apiMethods   = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true}
	apiPathShape = regexp.MustCompile(`^/api/v1(/([a-z_]+|\{[a-z_]+\}))+$`)
	apiParamRe   = regexp.MustCompile(`[:*]([A-Za-z_]+)`)
)

// apiRoutes reads testdata/api_routes.txt; a malformed line fails the test.
func apiRoutes(t *testing.T) []apiRoute {
	t.Helper()
	f, err := os.Open("testdata/api_routes.txt")
	if err != nil {
		t.Fatalf("API route list: %v", err)
	}
	defer f.Close()
	var out []apiRoute
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Errorf("api_routes.txt:%d: want METHOD<TAB>path<TAB>doc route, got %q", n, line)
			continue
		}
		out = append(out, apiRoute{Method: parts[0], Path: parts[1], Doc: parts[2], Line: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("API route list: %v", err)
	}
	return out
}

// TestAPIRouteList asserts that the list holds exactly the /api/v1 routes of v0.26.5, each once, well
// formed, and assigned to a published API reference page.
func TestAPIRouteList(t *testing.T) {
	list := apiRoutes(t)
	if len(list) != apiRouteCount {
		t.Errorf("api_routes.txt lists %d routes; the v0.26.5 router registers %d under /api/v1", len(list), apiRouteCount)
	}
	docs := map[string]bool{}
	for _, r := range routes(t, "/docs/reference/api") {
		docs[r] = true
	}
	seen := map[string]int{}
	for _, r := range list {
		if !apiMethods[r.Method] {
			t.Errorf("api_routes.txt:%d: unknown method %q", r.Line, r.Method)
		}
		if !apiPathShape.MatchString(r.Path) {
			t.Errorf("api_routes.txt:%d: path %q is not /api/v1/... with {params}", r.Line, r.Path)
		}
		if !docs[r.Doc] {
			t.Errorf("api_routes.txt:%d: %s is not an API reference route of testdata/routes.txt", r.Line, r.Doc)
		}
		if first, dup := seen[r.key()]; dup {
			t.Errorf("api_routes.txt:%d: %s is listed already on line %d", r.Line, r.key(), first)
		}
		seen[r.key()] = r.Line
	}
}

// TestAPIRouteListMatchesFacts compares the list with the extracted route table: the same /api/v1
// routes, none missing, none extra.
func TestAPIRouteListMatchesFacts(t *testing.T) {
	raw, err := os.ReadFile(apiFacts)
	if err != nil {
		t.Fatalf("route facts: %v", err)
	}
	var facts []struct {
		Method string `json:"method"`
		Path   string `json:"path"`
	}
	if err := json.Unmarshal(raw, &facts); err != nil {
		t.Fatalf("%s: %v", apiFacts, err)
	}
	want := map[string]bool{}
	for _, f := range facts {
		if f.Path == "/api/v1" || strings.HasPrefix(f.Path, "/api/v1/") {
			want[f.Method+" "+apiParamRe.ReplaceAllString(f.Path, "{$1}")] = true
		}
	}
	if len(want) != apiRouteCount {
		t.Errorf("the facts hold %d /api/v1 routes; apiRouteCount says %d", len(want), apiRouteCount)
	}
	have := map[string]bool{}
	for _, r := range apiRoutes(t) {
		have[r.key()] = true
		if !want[r.key()] {
			t.Errorf("api_routes.txt:%d: %s is not a route of the v0.26.5 router", r.Line, r.key())
		}
	}
	var missing []string
	for k := range want {
		if !have[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		t.Errorf("api_routes.txt lacks %s", k)
	}
}

// apiMentions reports whether one line of the page's prose (a table row, a heading or a sentence;
// fenced code does not count) names both the method and the exact path. The path must end where the
// line's path ends, so /api/v1/repos/{org}/{repo} is not found inside /api/v1/repos/{org}/{repo}/builds.
func apiMentions(prose string, r apiRoute) bool {
	method := regexp.MustCompile(`(^|[^A-Za-z])` + r.Method + `([^A-Za-z]|$)`)
	path := regexp.MustCompile(`(^|[^A-Za-z0-9_/{}.-])` + regexp.QuoteMeta(r.Path) + `($|[^A-Za-z0-9_/{}.-])`)
	for _, line := range strings.Split(prose, "\n") {
		if method.MatchString(line) && path.MatchString(line) {
			return true
		}
	}
	return false
}

// TestAPIRoutesDocumented asserts that every /api/v1 route is documented on the page the list assigns
// it to: one line of that page names its method and its full path together. A missing page fails its
// subtest; a route dropped from its page fails too.
func TestAPIRoutesDocumented(t *testing.T) {
	byDoc := map[string][]apiRoute{}
	var order []string
	for _, r := range apiRoutes(t) {
		if _, ok := byDoc[r.Doc]; !ok {
			order = append(order, r.Doc)
		}
		byDoc[r.Doc] = append(byDoc[r.Doc], r)
	}
	for _, doc := range order {
		t.Run(strings.TrimPrefix(doc, "/docs/reference/api/"), func(t *testing.T) {
			p := readPage(t, doc)
			for _, r := range byDoc[doc] {
				if !apiMentions(p.Prose, r) {
					t.Errorf("%s: no line names %s together with `%s`", p.File, r.Method, r.Path)
				}
			}
		})
	}
}
