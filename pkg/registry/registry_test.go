package registry

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"docsd/pkg/config"
)

// The token of these tests: distinctive, so a leak anywhere is found by a plain substring search.
const testToken = "ghp_TESTtoken0123456789abcdefSECRET"

var clock = time.Date(2026, 11, 22, 4, 0, 0, 0, time.UTC)

const registryDir = "docs/usage/plugins/registry"

// project makes a content folder holding a committed page for each slug and returns it.
func project(t *testing.T, slugs ...string) string {
	t.Helper()
	contentDir := t.TempDir()
	dir := filepath.Join(contentDir, filepath.FromSlash(registryDir))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range slugs {
		if err := os.WriteFile(filepath.Join(dir, s+".md"), []byte(committedPage(s)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return contentDir
}

func committedPage(slug string) string {
	title := strings.ToUpper(slug[:1]) + slug[1:]
	return "---\ntitle: " + title + "\ndescription: Our own page about " + slug + ".\nsidebar_label: " + slug +
		"\n---\n\nOur own words about the " + slug + " plugin, written for this site.\n"
}

func pagePath(contentDir, slug string) string {
	return filepath.Join(contentDir, filepath.FromSlash(registryDir), slug+".md")
}

func registryFor(api string, plugins ...config.Plugin) config.Registry {
	return config.Registry{API: api, Dir: registryDir, Ref: "main", Plugins: plugins}
}

func plugin(slug string) config.Plugin {
	return config.Plugin{Slug: slug, Repo: "go-vela/vela-" + slug, File: "DOCS.md"}
}

// env is a fake environment.
func env(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := vars[k]
		return v, ok
	}
}

func withToken() func(string) (string, bool) {
	return env(map[string]string{EnvToken: testToken})
}

// contents is the contents API's answer for a file, its base64 wrapped at 60 columns like GitHub's.
func contents(body string) string {
	b64 := base64.StdEncoding.EncodeToString([]byte(body))
	var wrapped strings.Builder
	for len(b64) > 60 {
		wrapped.WriteString(b64[:60] + "\n")
		b64 = b64[60:]
	}
	wrapped.WriteString(b64 + "\n")
	out, _ := json.Marshal(map[string]any{"type": "file", "encoding": "base64", "size": len(body),
		"name": "DOCS.md", "path": "DOCS.md", "content": wrapped.String()})
	return string(out)
}

// fakeAPI is a local stand-in for the contents API. Handlers are keyed by request path.
type fakeAPI struct {
	*httptest.Server
	mu       sync.Mutex
	requests []*http.Request
	handlers map[string]http.HandlerFunc
}

func newFakeAPI(t *testing.T, handlers map[string]http.HandlerFunc) *fakeAPI {
	t.Helper()
	f := &fakeAPI{handlers: handlers}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.requests = append(f.requests, r.Clone(context.Background()))
		h, ok := f.handlers[r.URL.Path]
		f.mu.Unlock()
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}`)
			return
		}
		h(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeAPI) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

func serve(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
}

// newFetcher's time-outs only bound a fetch that should succeed (a loaded machine must not make it
// fail); the tests of the time-outs set short ones whose outcome does not depend on the machine's
// speed: the fake API never answers those requests.
func newFetcher(api *fakeAPI, lookup func(string) (string, bool)) *Fetcher {
	return &Fetcher{Client: api.Client(), LookupEnv: lookup, Now: func() time.Time { return clock },
		RequestTimeout: time.Minute, Timeout: 2 * time.Minute}
}

// assertUntouched checks that the committed page is byte for byte what it was.
func assertUntouched(t *testing.T, contentDir, slug string) {
	t.Helper()
	got, err := os.ReadFile(pagePath(contentDir, slug))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != committedPage(slug) {
		t.Errorf("the committed page of %s changed:\n%s", slug, got)
	}
	assertNoTempFiles(t, contentDir)
}

func assertNoTempFiles(t *testing.T, contentDir string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(contentDir, filepath.FromSlash(registryDir)))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// oneWarning checks that the report holds exactly one warning, for the plugin, containing every
// fragment, and returns its text.
func oneWarning(t *testing.T, rep Report, slug string, fragments ...string) string {
	t.Helper()
	if len(rep.Warnings) != 1 {
		t.Fatalf("want exactly one warning, got %d: %v", len(rep.Warnings), rep.Warnings)
	}
	w := rep.Warnings[0]
	if w.Plugin != slug {
		t.Errorf("warning names plugin %q, want %q", w.Plugin, slug)
	}
	text := w.String()
	if !strings.Contains(text, "plugin "+slug) {
		t.Errorf("warning does not name the plugin: %s", text)
	}
	for _, f := range fragments {
		if !strings.Contains(text, f) {
			t.Errorf("warning %q does not say %q", text, f)
		}
	}
	if strings.Contains(text, testToken) {
		t.Errorf("warning holds the token: %s", text)
	}
	return text
}

const upstreamKaniko = "---\ntitle: \"Kaniko\"\nlinkTitle: \"Kaniko\"\ndescription: >\n  Upstream's own summary.\n---\n\r\n" +
	"# Kaniko\n\n" +
	"Builds images. See [the setup](docs/setup.md#install), the [licence](/LICENSE), [home](https://go-vela.github.io/docs/),\n" +
	"[usage](#usage), [mail](mailto:vela@example.com) and [up](../outside.md).\n\n" +
	"![logo](img/logo.png \"Logo\") and [![badge](badge.svg)](CONTRIBUTING.md)\n\n" +
	"<img src=\"img/diagram.png\" alt=\"diagram\"> <a href='docs/more.md'>more</a>\n\n" +
	"Inline code stays: `[x](local.md)` and ``a ` [y](z.md)``.\n\n" +
	"## Usage\n\n" +
	"```yaml\n# [not a link](local.md)\nsteps: []\n```\n\n" +
	"- a list item\n\n  ```md\n  [also code](x.md)\n  ```\n\n" +
	"See [the reference][ref] and [the picture][pic].\n\n" +
	"[ref]: docs/reference.md\n" +
	"[pic]: <img/pic one.png>\n"

const wantKaniko = "---\n" +
	"# docsd-registry: fetched from go-vela/vela-kaniko/DOCS.md at main by docsd build; never commit it (git restore brings back our page)\n" +
	"title: Kaniko\ndescription: Our own page about kaniko.\nsidebar_label: kaniko\n---\n\n" +
	"Builds images. See [the setup](https://github.com/go-vela/vela-kaniko/blob/main/docs/setup.md#install), the [licence](https://github.com/go-vela/vela-kaniko/blob/main/LICENSE), [home](https://go-vela.github.io/docs/),\n" +
	"[usage](#usage), [mail](mailto:vela@example.com) and [up](https://github.com/go-vela/vela-kaniko/blob/main/outside.md).\n\n" +
	"![logo](https://github.com/go-vela/vela-kaniko/blob/main/img/logo.png?raw=true \"Logo\") and [![badge](https://github.com/go-vela/vela-kaniko/blob/main/badge.svg?raw=true)](https://github.com/go-vela/vela-kaniko/blob/main/CONTRIBUTING.md)\n\n" +
	"<img src=\"https://github.com/go-vela/vela-kaniko/blob/main/img/diagram.png?raw=true\" alt=\"diagram\"> <a href='https://github.com/go-vela/vela-kaniko/blob/main/docs/more.md'>more</a>\n\n" +
	"Inline code stays: `[x](local.md)` and ``a ` [y](z.md)``.\n\n" +
	"## Usage\n\n" +
	"```yaml\n# [not a link](local.md)\nsteps: []\n```\n\n" +
	"- a list item\n\n  ```md\n  [also code](x.md)\n  ```\n\n" +
	"See [the reference][ref] and [the picture][pic].\n\n" +
	"[ref]: https://github.com/go-vela/vela-kaniko/blob/main/docs/reference.md\n" +
	"[pic]: <https://github.com/go-vela/vela-kaniko/blob/main/img/pic one.png?raw=true>\n"

func TestSuccessWritesTheRewrittenPageAtomically(t *testing.T) {
	contentDir := project(t, "kaniko")
	page := pagePath(contentDir, "kaniko")
	if err := os.Chmod(page, 0o640); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, contents(upstreamKaniko)),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	if len(rep.Warnings) != 0 || len(rep.Written) != 1 || rep.Written[0] != "kaniko" {
		t.Fatalf("report: %+v", rep)
	}
	got, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != wantKaniko {
		t.Errorf("written page:\n%s\nwant:\n%s", got, wantKaniko)
	}
	// Atomic: the page is a new file renamed into place (the old one is never written in place),
	// with the committed file's permissions, and no temporary file is left.
	after, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(before, after) {
		t.Error("the page was rewritten in place, not replaced by a rename")
	}
	if after.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the committed page's 0640", after.Mode().Perm())
	}
	assertNoTempFiles(t, contentDir)

	r := api.requests[0]
	if r.Method != http.MethodGet || r.URL.Path != "/repos/go-vela/vela-kaniko/contents/DOCS.md" || r.URL.RawQuery != "ref=main" {
		t.Errorf("request %s %s", r.Method, r.URL)
	}
	if got := r.Header.Get("Authorization"); got != "Bearer "+testToken {
		t.Errorf("Authorization header %q", got)
	}
	if got := r.Header.Get("Accept"); got != "application/vnd.github+json" {
		t.Errorf("Accept header %q", got)
	}

	// A second fetch of the same file finds the page it wrote: same bytes, nothing written, and the
	// front matter is still the committed one (the marker is not repeated).
	rep = newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	if len(rep.Unchanged) != 1 || len(rep.Written) != 0 || len(rep.Warnings) != 0 {
		t.Fatalf("second report: %+v", rep)
	}
	again, _ := os.ReadFile(page)
	if string(again) != wantKaniko {
		t.Errorf("second fetch changed the page:\n%s", again)
	}
}

func TestFileInASubfolderResolvesLinksFromItsFolder(t *testing.T) {
	contentDir := project(t, "scp")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-openssh/contents/docs/usage-scp.md": serve(200, contents(
			"# SCP\n\nSee [ssh](usage-ssh.md), the [readme](../README.md) and the [repository](..).\n")),
	})
	p := config.Plugin{Slug: "scp", Repo: "go-vela/vela-openssh", File: "docs/usage-scp.md"}
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, p), contentDir)
	if len(rep.Written) != 1 {
		t.Fatalf("report: %+v", rep)
	}
	got, _ := os.ReadFile(pagePath(contentDir, "scp"))
	want := "See [ssh](https://github.com/go-vela/vela-openssh/blob/main/docs/usage-ssh.md), the [readme](https://github.com/go-vela/vela-openssh/blob/main/README.md) and the [repository](https://github.com/go-vela/vela-openssh/tree/main).\n"
	if !strings.HasSuffix(string(got), "---\n\n"+want) {
		t.Errorf("page:\n%s\nwant it to end with:\n%s", got, want)
	}
}

func TestUnauthorized(t *testing.T) {
	contentDir := project(t, "kaniko")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(401, `{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}`),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "401 Unauthorized", "Bad credentials", "committed page is kept")
	assertUntouched(t, contentDir, "kaniko")
}

func TestForbiddenByTheRateLimit(t *testing.T) {
	contentDir := project(t, "kaniko")
	reset := clock.Add(10 * time.Minute)
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-RateLimit-Limit", "5000")
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Used", "5000")
			w.Header().Set("X-RateLimit-Reset", fmt.Sprint(reset.Unix()))
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"message":"API rate limit exceeded for user ID 1."}`)
		},
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "rate limit exhausted", "5000 requests per hour", "resets at 04:10:00 UTC (in 10m0s)", "HTTP 403")
	assertUntouched(t, contentDir, "kaniko")
}

func TestForbiddenOtherwise(t *testing.T) {
	contentDir := project(t, "kaniko", "docker")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(403, `{"message":"Resource not accessible by personal access token"}`),
		"/repos/go-vela/vela-docker/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "60")
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"message":"You have exceeded a secondary rate limit."}`)
		},
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko"), plugin("docker")), contentDir)
	if len(rep.Warnings) != 2 {
		t.Fatalf("warnings: %v", rep.Warnings)
	}
	if w := rep.Warnings[0].String(); !strings.Contains(w, "plugin kaniko") || !strings.Contains(w, "forbids") || !strings.Contains(w, "Resource not accessible") {
		t.Errorf("kaniko warning: %s", w)
	}
	if w := rep.Warnings[1].String(); !strings.Contains(w, "plugin docker") || !strings.Contains(w, "secondary rate limit hit; retry after 60 seconds") {
		t.Errorf("docker warning: %s", w)
	}
	assertUntouched(t, contentDir, "kaniko")
	assertUntouched(t, contentDir, "docker")
}

func TestNotFound(t *testing.T) {
	contentDir := project(t, "kaniko")
	api := newFakeAPI(t, nil) // every path answers 404
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "not found (404)", "DOCS.md in go-vela/vela-kaniko at main")
	assertUntouched(t, contentDir, "kaniko")
}

func TestRequestTimeOut(t *testing.T) {
	contentDir := project(t, "kaniko")
	release := make(chan struct{})
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		},
	})
	defer close(release)
	f := newFetcher(api, withToken())
	f.RequestTimeout = 100 * time.Millisecond
	// (No clock on the fetch: the request never gets an answer, so the fetch ends only by the
	// request's time-out, which the warning names; the overall one would name itself.)
	rep := f.Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "timed out after 100ms")
	assertUntouched(t, contentDir, "kaniko")
}

func TestSlowBodyTimesOut(t *testing.T) {
	contentDir := project(t, "kaniko")
	release := make(chan struct{})
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(200)
			fmt.Fprint(w, `{"type":"file","encoding":"base64","content":"`)
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-release:
			}
		},
	})
	defer close(release)
	f := newFetcher(api, withToken())
	f.RequestTimeout = 100 * time.Millisecond
	rep := f.Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "timed out after 100ms")
	assertUntouched(t, contentDir, "kaniko")
}

func TestOverallTimeOutBoundsTheWholeFetch(t *testing.T) {
	slugs := []string{"ansible", "docker", "git", "hugo", "k6"}
	contentDir := project(t, slugs...)
	release := make(chan struct{})
	handlers := map[string]http.HandlerFunc{}
	var plugins []config.Plugin
	for _, s := range slugs {
		plugins = append(plugins, plugin(s))
		handlers["/repos/go-vela/vela-"+s+"/contents/DOCS.md"] = func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		}
	}
	api := newFakeAPI(t, handlers)
	defer close(release)
	f := newFetcher(api, withToken())
	f.Concurrency = 1
	f.RequestTimeout = 10 * time.Second
	f.Timeout = 200 * time.Millisecond
	// (No clock on the fetch: no request is ever answered, so the fetch ends only by a time-out, and
	// the warnings say which.)
	rep := f.Run(context.Background(), registryFor(api.URL, plugins...), contentDir)
	if len(rep.Warnings) != len(slugs) {
		t.Fatalf("want one warning per plugin, got %v", rep.Warnings)
	}
	for i, w := range rep.Warnings {
		if w.Plugin != slugs[i] || !strings.Contains(w.Cause, "overall time-out of 200ms") {
			t.Errorf("warning %d: %s", i, w)
		}
		assertUntouched(t, contentDir, slugs[i])
	}
}

func TestMalformedJSON(t *testing.T) {
	contentDir := project(t, "kaniko")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, `{"type":"file","encoding":"base64","content":"IyBL`),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "malformed JSON")
	assertUntouched(t, contentDir, "kaniko")
}

func TestMalformedBase64(t *testing.T) {
	contentDir := project(t, "kaniko")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, `{"type":"file","encoding":"base64","content":"IyBLYW5p!!!not base64\n"}`),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "malformed base64")
	assertUntouched(t, contentDir, "kaniko")
}

func TestUnusableContents(t *testing.T) {
	cases := map[string]struct{ body, want string }{
		"empty":      {`{"type":"file","encoding":"base64","content":""}`, "is empty"},
		"blank":      {contents("  \n\n"), "is empty"},
		"only title": {contents("# Kaniko\n"), "nothing but its title"},
		"no content": {`{"type":"file","encoding":"base64"}`, "no content field"},
		"too large":  {`{"type":"file","encoding":"none","size":2000000,"content":""}`, "too large for the contents API"},
		"directory":  {`[{"type":"file","name":"a.md"}]`, "is a directory"},
		"symlink":    {`{"type":"symlink","target":"x","content":""}`, "is a symlink"},
		"binary":     {`{"type":"file","encoding":"base64","content":"/w=="}`, "not UTF-8"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			contentDir := project(t, "kaniko")
			api := newFakeAPI(t, map[string]http.HandlerFunc{"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, c.body)})
			rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
			oneWarning(t, rep, "kaniko", c.want)
			assertUntouched(t, contentDir, "kaniko")
		})
	}
}

func TestServerErrorAndOffline(t *testing.T) {
	contentDir := project(t, "kaniko", "docker")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(502, "<html>Bad gateway</html>"),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "HTTP 502 Bad Gateway", "Bad gateway")

	// Offline: nothing listens at the address any more.
	api.Close()
	rep = newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("docker")), contentDir)
	oneWarning(t, rep, "docker", "cannot reach "+strings.TrimPrefix(api.URL, "http://"))
	assertUntouched(t, contentDir, "kaniko")
	assertUntouched(t, contentDir, "docker")
}

func TestNoTokenIsAnInfoLineAndRequestsNothing(t *testing.T) {
	for name, lookup := range map[string]func(string) (string, bool){
		"unset":         env(nil),
		"empty":         env(map[string]string{EnvToken: "", EnvTokenFallback: "  "}),
		"nil LookupEnv": nil,
	} {
		t.Run(name, func(t *testing.T) {
			slugs := []string{"kaniko", "docker", "git"}
			contentDir := project(t, slugs...)
			api := newFakeAPI(t, map[string]http.HandlerFunc{
				"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, contents("# Kaniko\n\nUpstream.\n")),
			})
			f := newFetcher(api, lookup)
			rep := f.Run(context.Background(), registryFor(api.URL, plugin("kaniko"), plugin("docker"), plugin("git")), contentDir)
			// No token is the normal case (a writer's laptop, a pull request): an info line, no warning.
			if len(rep.Warnings) != 0 || rep.Info == "" || !rep.Skipped {
				t.Fatalf("want no warning and an info line, got %+v", rep)
			}
			for _, frag := range []string{EnvToken, EnvTokenFallback, "3 committed plugin pages are used"} {
				if !strings.Contains(rep.Info, frag) {
					t.Errorf("info %q does not say %q", rep.Info, frag)
				}
			}
			if api.count() != 0 {
				t.Errorf("%d requests made without a token", api.count())
			}
			for _, s := range slugs {
				assertUntouched(t, contentDir, s)
			}
		})
	}
}

func TestNoPluginsNoWarning(t *testing.T) {
	rep := (&Fetcher{LookupEnv: env(nil)}).Run(context.Background(), config.Registry{API: "https://api.github.com"}, t.TempDir())
	if len(rep.Warnings) != 0 || !rep.Skipped {
		t.Errorf("report: %+v", rep)
	}
}

func TestGitHubTokenFallbackAndPrecedence(t *testing.T) {
	var auth atomic.Value
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			auth.Store(r.Header.Get("Authorization"))
			fmt.Fprint(w, contents("Upstream words.\n"))
		},
	})
	contentDir := project(t, "kaniko")
	rep := newFetcher(api, env(map[string]string{EnvTokenFallback: "fallback-token-123"})).
		Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	if len(rep.Written) != 1 || auth.Load() != "Bearer fallback-token-123" {
		t.Errorf("with GITHUB_TOKEN only: report %+v, Authorization %v", rep, auth.Load())
	}
	contentDir = project(t, "kaniko")
	newFetcher(api, env(map[string]string{EnvToken: "docsd-token-456", EnvTokenFallback: "fallback-token-123"})).
		Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	if auth.Load() != "Bearer docsd-token-456" {
		t.Errorf("with both: Authorization %v, want DOCSD_GITHUB_TOKEN's", auth.Load())
	}
	contentDir = project(t, "kaniko")
	newFetcher(api, env(map[string]string{EnvToken: "", EnvTokenFallback: "fallback-token-123"})).
		Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	if auth.Load() != "Bearer fallback-token-123" {
		t.Errorf("with an empty DOCSD_GITHUB_TOKEN: Authorization %v, want GITHUB_TOKEN's", auth.Load())
	}
}

func TestEnterpriseBaseURL(t *testing.T) {
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/api/v3/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, contents("Read [the setup](docs/setup.md).\n")),
	})
	want := "Read [the setup](" + api.URL + "/go-vela/vela-kaniko/blob/main/docs/setup.md).\n"

	// From docsd.toml's api, with a trailing slash.
	contentDir := project(t, "kaniko")
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL+"/api/v3/", plugin("kaniko")), contentDir)
	if len(rep.Written) != 1 || rep.API != api.URL+"/api/v3" {
		t.Fatalf("report: %+v", rep)
	}
	got, _ := os.ReadFile(pagePath(contentDir, "kaniko"))
	if !strings.HasSuffix(string(got), want) {
		t.Errorf("links should point at the Enterprise host:\n%s", got)
	}

	// From the environment, which wins over docsd.toml.
	contentDir = project(t, "kaniko")
	lookup := env(map[string]string{EnvToken: testToken, EnvAPI: api.URL + "/api/v3"})
	rep = newFetcher(api, lookup).Run(context.Background(), registryFor("https://api.github.invalid", plugin("kaniko")), contentDir)
	if len(rep.Written) != 1 {
		t.Fatalf("report: %+v", rep)
	}
	got, _ = os.ReadFile(pagePath(contentDir, "kaniko"))
	if !strings.HasSuffix(string(got), want) {
		t.Errorf("links should point at the Enterprise host:\n%s", got)
	}

	// An explicit web address wins over the derived one.
	contentDir = project(t, "kaniko")
	reg := registryFor(api.URL+"/api/v3", plugin("kaniko"))
	reg.Web = "https://git.example.com/"
	newFetcher(api, withToken()).Run(context.Background(), reg, contentDir)
	got, _ = os.ReadFile(pagePath(contentDir, "kaniko"))
	if !strings.Contains(string(got), "(https://git.example.com/go-vela/vela-kaniko/blob/main/docs/setup.md)") {
		t.Errorf("links should point at the configured web address:\n%s", got)
	}

	// An unusable override is one warning, not one per plugin, and requests nothing.
	contentDir = project(t, "kaniko", "docker")
	lookup = env(map[string]string{EnvToken: testToken, EnvAPI: "ftp://" + testToken + "@example.com"})
	rep = newFetcher(api, lookup).Run(context.Background(), registryFor(api.URL, plugin("kaniko"), plugin("docker")), contentDir)
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].String(), "not an http(s) URL") || strings.Contains(rep.Warnings[0].String(), testToken) {
		t.Errorf("report: %+v", rep)
	}
}

// With a limit of 3, three requests are in flight at once and never more. The API is served in
// the process (no sockets), and the test runs in a synctest bubble: synctest.Wait returns once
// every goroutine of the fetch is blocked, so every request the fetcher would send by then has
// reached the handlers, which hold each one until the test lets it go. The count is exact whatever
// the machine's speed.
func TestConcurrencyIsLimited(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const plugins, limit = 12, 3
		var slugs []string
		var list []config.Plugin
		var mu sync.Mutex
		inFlight := 0
		release := make(chan struct{})
		mux := http.NewServeMux()
		for i := 0; i < plugins; i++ {
			s := fmt.Sprintf("p%d", i)
			slugs = append(slugs, s)
			list = append(list, plugin(s))
			mux.HandleFunc("/repos/go-vela/vela-"+s+"/contents/DOCS.md", func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				inFlight++
				mu.Unlock()
				<-release
				mu.Lock()
				inFlight--
				mu.Unlock()
				fmt.Fprint(w, contents("Upstream words about "+s+".\n"))
			})
		}
		contentDir := project(t, slugs...)
		f := &Fetcher{Client: &http.Client{Transport: inProcess{mux}}, LookupEnv: withToken(), Now: func() time.Time { return clock },
			RequestTimeout: time.Minute, Timeout: 2 * time.Minute, Concurrency: limit}
		report := make(chan Report, 1)
		go func() { report <- f.Run(context.Background(), registryFor("http://api.test", list...), contentDir) }()
		defer close(release) // lets a failing test's held requests go, so that the fetch ends
		held := func() int {
			synctest.Wait()
			mu.Lock()
			defer mu.Unlock()
			return inFlight
		}
		for left := plugins; left > 0; left-- {
			if n := held(); n != min(limit, left) {
				t.Fatalf("%d requests in flight with %d plugins left to fetch; want %d", n, left, min(limit, left))
			}
			release <- struct{}{}
		}
		rep := <-report
		if len(rep.Written) != plugins || len(rep.Warnings) != 0 {
			t.Fatalf("report: %+v", rep)
		}
	})
}

// inProcess is a transport that answers with a handler in the calling goroutine: a request blocks
// only where the handler does.
type inProcess struct{ h http.Handler }

func (p inProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	p.h.ServeHTTP(rec, r)
	return rec.Result(), nil
}

func TestFailedWriteLeavesThePage(t *testing.T) {
	contentDir := project(t, "kaniko")
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, contents("Upstream words.\n")),
	})
	f := newFetcher(api, withToken())
	f.rename = func(string, string) error { return errors.New("disk on fire") }
	rep := f.Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "writing kaniko.md", "disk on fire")
	assertUntouched(t, contentDir, "kaniko")
}

func TestMissingCommittedPageIsNotFetched(t *testing.T) {
	contentDir := project(t)
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, contents("Upstream words.\n")),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "reading the committed page")
	if api.count() != 0 {
		t.Errorf("%d requests for a plugin without a page", api.count())
	}
	if _, err := os.Stat(pagePath(contentDir, "kaniko")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a page was created: %v", err)
	}
}

// TestTokenNeverLeaks runs every failure with a server that echoes the token back wherever it
// can (error bodies, JSON messages, a redirect URL, the file itself) and checks the report, every
// warning and every file under the content folder.
func TestTokenNeverLeaks(t *testing.T) {
	echo := func(status int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"message":"you sent %s"}`, r.Header.Get("Authorization"))
		}
	}
	handlers := map[string]http.HandlerFunc{
		"/repos/go-vela/vela-a401/contents/DOCS.md": echo(401),
		"/repos/go-vela/vela-a403/contents/DOCS.md": echo(403),
		"/repos/go-vela/vela-a500/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(500)
			fmt.Fprintf(w, "plain text with %s and %s", testToken, strings.ReplaceAll(testToken, "_", "%5F"))
		},
		"/repos/go-vela/vela-json/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `{"content": %s`, testToken)
		},
		"/repos/go-vela/vela-b64/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `{"type":"file","encoding":"base64","content":"%s!"}`, testToken)
		},
		"/repos/go-vela/vela-file/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, contents("Your token is "+testToken+".\n"))
		},
		"/repos/go-vela/vela-redirect/contents/DOCS.md": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/gone?token="+testToken, http.StatusFound)
		},
		"/repos/go-vela/vela-ok/contents/DOCS.md": serve(200, contents("# Ok\n\nFine words.\n")),
	}
	slugs := []string{"a401", "a403", "a500", "json", "b64", "file", "redirect", "ok"}
	var plugins []config.Plugin
	for _, s := range slugs {
		plugins = append(plugins, plugin(s))
	}
	contentDir := project(t, slugs...)
	api := newFakeAPI(t, handlers)
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugins...), contentDir)
	if len(rep.Written) != 1 || len(rep.Warnings) != len(slugs)-1 {
		t.Fatalf("report: %+v", rep)
	}
	text := fmt.Sprintf("%+v", rep)
	for _, w := range rep.Warnings {
		text += "\n" + w.String()
	}
	if strings.Contains(text, testToken) {
		t.Errorf("the token is in the report:\n%s", text)
	}
	if !strings.Contains(text, "[redacted]") {
		t.Errorf("expected echoed tokens to show as [redacted]:\n%s", text)
	}
	if !strings.Contains(text, "contains the API token (verbatim); it is not written") {
		t.Errorf("a file holding the token should be refused:\n%s", text)
	}
	assertTokenNotUnder(t, contentDir)
}

// assertTokenNotUnder reads every file below dir.
func assertTokenNotUnder(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), testToken) {
			t.Errorf("the token is written in %s", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNoRedirectFromHTTPSToHTTP(t *testing.T) {
	contentDir := project(t, "kaniko")
	var plainHits atomic.Int32
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plainHits.Add(1)
		fmt.Fprint(w, contents("Upstream words.\n"))
	}))
	defer plain.Close()
	secure := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.URL+r.URL.Path, http.StatusMovedPermanently)
	}))
	defer secure.Close()
	// The client has no CheckRedirect of its own: the fetch must refuse the downgrade anyway.
	f := &Fetcher{Client: secure.Client(), LookupEnv: withToken(), Now: func() time.Time { return clock }}
	rep := f.Run(context.Background(), registryFor(secure.URL, plugin("kaniko")), contentDir)
	oneWarning(t, rep, "kaniko", "failed: refused a redirect from https to http")
	if plainHits.Load() != 0 {
		t.Error("the request went on to the plain-http server")
	}
	assertUntouched(t, contentDir, "kaniko")
}

func TestStaleTemporaryFileIsRemoved(t *testing.T) {
	contentDir := project(t, "kaniko")
	stale := filepath.Join(contentDir, filepath.FromSlash(registryDir), ".kaniko.md.123456.tmp")
	if err := os.WriteFile(stale, []byte("half a page"), 0o644); err != nil {
		t.Fatal(err)
	}
	api := newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, contents("Upstream words.\n")),
	})
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	if len(rep.Written) != 1 {
		t.Fatalf("report: %+v", rep)
	}
	assertNoTempFiles(t, contentDir)
}
