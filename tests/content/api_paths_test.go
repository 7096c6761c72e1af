package content

// This file checks every /api/v1/… path the site writes, in prose and in examples, against the routes
// the server v0.26.5 and the worker v0.26.1 register: the path must be one of them (concrete values
// standing for parameters), and where a method is shown beside it (`GET /api/v1/…`, a table row
// `| PUT | /api/v1/… |`, or the method of a curl command) the route must exist with that method.

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// routeTemplate is one registered route, split into path segments.
type routeTemplate struct {
	Method string
	Segs   []string // "api", "v1", "repos", "{org}", ...; "*" is gin's catch-all
}

var (
	apiPathRe    = regexp.MustCompile(`/api/v1(/[^\s` + "`" + `"'()<>|,\\]*)?`)
	methodBefore = regexp.MustCompile(`\b(GET|POST|PUT|PATCH|DELETE)\b[\s` + "`" + `|*]*$`)
	curlMethod   = regexp.MustCompile(`(?:-X\s*|--request\s+)([A-Z]+)`)
	curlData     = regexp.MustCompile(`\s(-d|--data[a-z-]*|-F|--form|--json)(\s|=)`)
	curlUpload   = regexp.MustCompile(`\s(-T|--upload-file)\s`)
	groupWord    = regexp.MustCompile(`\b(under|below|beneath|prefix|starting with|start with|group)\s+[` + "`" + `'"]?$`)
	placeSeg     = regexp.MustCompile(`^(\{[^}]+\}|:[A-Za-z_]+|<[^>]+>|\$\{?[A-Za-z_]+\}?)$`)
)

// loadAPIRoutes reads the server's route table (apiFacts, :name and *name
// parameters) and the worker's (testdata/worker_api_routes.txt, {name} parameters); only /api/v1
// routes are kept.
func loadAPIRoutes(t *testing.T) []routeTemplate {
	t.Helper()
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
	var out []routeTemplate
	add := func(method, path string) {
		if path != "/api/v1" && !strings.HasPrefix(path, "/api/v1/") {
			return
		}
		var segs []string
		for _, s := range strings.Split(strings.Trim(path, "/"), "/") {
			switch {
			case strings.HasPrefix(s, ":"):
				s = "{" + s[1:] + "}"
			case strings.HasPrefix(s, "*"):
				s = "*"
			}
			segs = append(segs, s)
		}
		out = append(out, routeTemplate{Method: method, Segs: segs})
	}
	for _, f := range facts {
		add(f.Method, f.Path)
	}
	for _, l := range listLines(t, "worker route list", "testdata/worker_api_routes.txt") {
		if len(l.Fields) != 2 {
			t.Fatalf("testdata/worker_api_routes.txt:%d: want METHOD path, got %q", l.N, l.Text)
		}
		add(l.Fields[0], l.Fields[1])
	}
	return out
}

// matches reports whether a written path (split in segments) is an instance of the route; with
// prefix, whether it is the start of one.
func (r routeTemplate) matches(segs []string, prefix bool) bool {
	for i, s := range segs {
		if i >= len(r.Segs) {
			return false
		}
		rs := r.Segs[i]
		switch {
		case rs == "*":
			return true
		case strings.HasPrefix(rs, "{"):
			// any value stands for a parameter
		case placeSeg.MatchString(s) || s != rs:
			return false
		}
	}
	return prefix || len(segs) == len(r.Segs)
}

// apiPathUse is one /api/v1 path written on a page, with the method shown beside it ("" for none).
type apiPathUse struct {
	Line   int
	Path   string
	Method string
	Prefix bool // written as the start of a group: "/api/v1/admin/…"
}

// apiPathUses finds the /api/v1 paths of a page body. A curl command gives its method (-X, or POST
// with a body, PUT with -T, otherwise GET); elsewhere a method written just before the path counts.
func apiPathUses(body string) []apiPathUse {
	var out []apiPathUse
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i++ {
		start := i
		line := lines[i]
		for strings.HasSuffix(strings.TrimSpace(line), `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(strings.TrimSpace(line), `\`) + " " + strings.TrimSpace(lines[i])
		}
		curl := ""
		if c := strings.Index(line, "curl "); c >= 0 {
			curl = "GET"
			switch rest := line[c:]; {
			case curlMethod.MatchString(rest):
				curl = curlMethod.FindStringSubmatch(rest)[1]
			case curlData.MatchString(rest):
				curl = "POST"
			case curlUpload.MatchString(rest):
				curl = "PUT"
			}
		}
		for _, loc := range apiPathRe.FindAllStringIndex(line, -1) {
			p := line[loc[0]:loc[1]]
			if q := strings.IndexAny(p, "?#"); q >= 0 {
				p = p[:q]
			}
			u := apiPathUse{Line: start + 1, Path: p}
			for _, dots := range []string{"/...", "/…", "/*"} {
				if strings.HasSuffix(p, dots) {
					u.Path, u.Prefix = strings.TrimSuffix(p, dots), true
				}
			}
			u.Path = strings.TrimRight(u.Path, ".:;")
			if groupWord.MatchString(line[:loc[0]]) {
				u.Prefix = true // "under `/api/v1/admin`"
			}
			if u.Path == "/api/v1" || u.Path == "/api/v1/" {
				u.Prefix = true
			}
			if m := methodBefore.FindStringSubmatch(line[:loc[0]]); m != nil {
				u.Method = m[1]
			} else if curl != "" && strings.Contains(line[:loc[0]], "curl ") {
				u.Method = curl
			}
			out = append(out, u)
		}
	}
	return out
}

// checkAPIPaths returns a problem for each path of the body that no route matches.
func checkAPIPaths(routes []routeTemplate, file, body string, offset int) []string {
	var out []string
	for _, u := range apiPathUses(body) {
		segs := strings.Split(strings.Trim(u.Path, "/"), "/")
		var methods []string
		for _, r := range routes {
			if r.matches(segs, u.Prefix) {
				methods = append(methods, r.Method)
			}
		}
		where := fmt.Sprintf("%s:%d", file, u.Line+offset)
		switch {
		case len(methods) == 0 && u.Prefix:
			out = append(out, fmt.Sprintf("%s: no v0.26 route starts with %s", where, u.Path))
		case len(methods) == 0:
			out = append(out, fmt.Sprintf("%s: %s is not a v0.26 route (server v0.26.5 or worker v0.26.1)", where, u.Path))
		case u.Method != "" && !u.Prefix && !contains(methods, u.Method):
			out = append(out, fmt.Sprintf("%s: %s %s: the route takes %s, not %s", where, u.Method, u.Path, strings.Join(methods, ", "), u.Method))
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestAPIPathsAreRoutes checks every /api/v1 path of every page.
func TestAPIPathsAreRoutes(t *testing.T) {
	routes := loadAPIRoutes(t)
	n := 0
	for _, f := range contentFiles(t) {
		body, offset := readBody(t, f)
		n += len(apiPathUses(body))
		for _, p := range checkAPIPaths(routes, f, body, offset) {
			t.Error(p)
		}
	}
	if n < 200 {
		t.Errorf("found only %d /api/v1 paths in the site; the extraction is broken", n)
	}
}

// TestAPIPathsCatchPlantedErrors shows the check failing on each kind of error it exists for.
func TestAPIPathsCatchPlantedErrors(t *testing.T) {
	routes := loadAPIRoutes(t)
	page := "| Method | Path |\n|---|---|\n" +
		"| GET | `/api/v1/repos/{org}/{repo}/builds/{build}` |\n" + // fine
		"| POST | `/api/v1/repos/{org}/{repo}/builds/{build}/restart` |\n" + // no such route
		"| PATCH | `/api/v1/repos/{org}/{repo}` |\n" + // wrong method (PUT)
		"Everything under `/api/v1/admin/...` needs a platform administrator.\n" + // fine
		"Everything under `/api/v1/admins/...` too.\n" + // no such group
		"```sh\ncurl -H \"Authorization: Bearer $VELA_TOKEN\" \\\n" +
		"  https://vela.example.com/api/v1/repos/octocat/hello-world/builds/12?page=1\n" + // fine (GET)
		"curl -X DELETE https://vela.example.com/api/v1/secrets/native/repo/octocat/hello-world/token\n" + // fine
		"curl -d '{}' https://vela.example.com/api/v1/hooks/octocat/hello-world/57\n" + // POST on GET/PUT/DELETE
		"curl -X DELETE http://worker-1.example.com:8080/api/v1/executors/0/build/cancel\n" + // fine (worker)
		"```\n"
	got := strings.Join(checkAPIPaths(routes, "planted.md", page, 0), "\n")
	for _, want := range []string{
		"planted.md:4: /api/v1/repos/{org}/{repo}/builds/{build}/restart is not a v0.26 route",
		"planted.md:5: PATCH /api/v1/repos/{org}/{repo}: the route takes",
		"planted.md:7: no v0.26 route starts with /api/v1/admins",
		"planted.md:12: POST /api/v1/hooks/octocat/hello-world/57: the route takes",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("planted error not reported: %s\nreported:\n%s", want, got)
		}
	}
	for _, fine := range []string{"planted.md:3:", "planted.md:6:", "planted.md:9:", "planted.md:11:", "planted.md:13:"} {
		if strings.Contains(got, fine) {
			t.Errorf("a correct line was reported (%s):\n%s", fine, got)
		}
	}
}
