package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/internal/testfs"
)

const cmdToken = "ghp_CMDtestTOKEN9876543210zyxwvSECRET"

const siteTOML = `title = "T"
[[versions]]
name = "current"
is_last = true
[[locales]]
code = "en"
default = true
`

func fileAnswer(body string) string {
	out, _ := json.Marshal(map[string]any{"type": "file", "encoding": "base64",
		"content": base64.StdEncoding.EncodeToString([]byte(body))})
	return string(out)
}

// fakeContentsAPI answers the contents API for go-vela/vela-good and refuses go-vela/vela-bad with a
// body that echoes the Authorization header back.
func fakeContentsAPI(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/repos/go-vela/vela-good/contents/DOCS.md":
			fmt.Fprint(w, fileAnswer("# Good\n\nFetched words from upstream, see [setup](docs/setup.md).\n"))
		default:
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(w, `{"message":"Bad credentials: %s"}`, r.Header.Get("Authorization"))
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// registryProject writes docsd.toml with a registry of the given plugins at api, and a committed
// page for each.
func registryProject(t *testing.T, api string, slugs ...string) string {
	t.Helper()
	root := t.TempDir()
	toml := siteTOML + fmt.Sprintf("[registry]\napi = %q\ndir = \"docs/registry\"\n", api)
	dir := filepath.Join(root, "content", "docs", "registry")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range slugs {
		toml += fmt.Sprintf("[[registry.plugins]]\nslug = %q\nrepo = \"go-vela/vela-%s\"\nfile = \"DOCS.md\"\n", s, s)
		page := fmt.Sprintf("---\ntitle: %s\ndescription: Ours.\n---\n\nOur page.\n", strings.ToUpper(s[:1])+s[1:])
		if err := os.WriteFile(filepath.Join(dir, s+".md"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "docsd.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func lookup(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := vars[k]
		return v, ok
	}
}

func assertNoToken(t *testing.T, token string, root string, outputs ...string) {
	t.Helper()
	for _, o := range outputs {
		if strings.Contains(o, token) {
			t.Errorf("the token is in the output:\n%s", o)
		}
	}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if b, _ := os.ReadFile(p); bytes.Contains(b, []byte(token)) {
			t.Errorf("the token is written in %s", p)
		}
		return nil
	})
}

func TestFetchRegistryPrintsWhatItDidWithoutTheToken(t *testing.T) {
	api := fakeContentsAPI(t)
	root := registryProject(t, api.URL, "good", "bad")
	var stdout, stderr bytes.Buffer
	fetchRegistry(root, lookup(map[string]string{"GITHUB_TOKEN": cmdToken}), &stdout, &stderr)

	if !strings.Contains(stdout.String(), "docsd: registry: 1 plugin pages fetched from "+api.URL+" at main (1 written, 0 unchanged, 1 kept after a warning)") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	warnings := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "warning: registry: plugin bad: ") || !strings.Contains(warnings[0], "401") {
		t.Errorf("want one warning naming plugin bad, got:\n%s", stderr.String())
	}
	good, _ := os.ReadFile(filepath.Join(root, "content", "docs", "registry", "good.md"))
	if !strings.Contains(string(good), "Fetched words from upstream, see [setup](https://github.com/go-vela/vela-good/blob/main/docs/setup.md).") ||
		!strings.Contains(string(good), "title: Good\ndescription: Ours.\n") {
		t.Errorf("good.md:\n%s", good)
	}
	assertNoToken(t, cmdToken, root, stdout.String(), stderr.String())
}

// Without a token (the normal case) docsd says once, on stdout, that the committed pages are used;
// it is not a warning.
func TestFetchRegistryWithoutTokenPrintsOneInfoLine(t *testing.T) {
	api := fakeContentsAPI(t)
	root := registryProject(t, api.URL, "good", "bad", "other")
	var stdout, stderr bytes.Buffer
	fetchRegistry(root, lookup(nil), &stdout, &stderr)
	if stderr.Len() != 0 {
		t.Errorf("stderr: %s", stderr.String())
	}
	want := "docsd: registry: the 3 committed plugin pages are used (set DOCSD_GITHUB_TOKEN or GITHUB_TOKEN to fetch them from the plugins' repositories)\n"
	if stdout.String() != want {
		t.Errorf("stdout %q, want %q", stdout.String(), want)
	}
	good, _ := os.ReadFile(filepath.Join(root, "content", "docs", "registry", "good.md"))
	if string(good) != "---\ntitle: Good\ndescription: Ours.\n---\n\nOur page.\n" {
		t.Errorf("the committed page changed:\n%s", good)
	}
}

// TestBuildOnceFetchesBeforeItReadsContent runs `docsd build --once` on a copy of the multi test site
// whose setup page is a registry page: the built page holds the fetched text.
func TestBuildOnceFetchesBeforeItReadsContent(t *testing.T) {
	if testing.Short() {
		t.Skip("a full build")
	}
	api := fakeContentsAPI(t)
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/sites/multi", root)
	repoSite, err := filepath.Abs("../../site")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(repoSite, filepath.Join(root, "site")); err != nil {
		t.Fatal(err)
	}
	cfg, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg = append(cfg, fmt.Sprintf("\n[registry]\napi = %q\ndir = \"docs/guide\"\n[[registry.plugins]]\nslug = \"setup\"\nrepo = \"go-vela/vela-good\"\nfile = \"DOCS.md\"\n", api.URL)...)
	if err := os.WriteFile(filepath.Join(root, "docsd.toml"), cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DOCSD_GITHUB_TOKEN", cmdToken)
	t.Setenv("DOCSD_GITHUB_API", "")
	out := filepath.Join(t.TempDir(), "build")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--root", root, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	html, err := os.ReadFile(filepath.Join(out, "guide", "setup.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(html, []byte("Fetched words from upstream")) || !bytes.Contains(html, []byte("Setup")) {
		t.Errorf("the built setup page does not hold the fetched text")
	}
	if !strings.Contains(stdout.String(), "1 written") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	assertNoToken(t, cmdToken, root, stdout.String(), stderr.String())
	assertNoToken(t, cmdToken, out)
}

// TestFetchRegistryStaysInTheProject links the registry folder first outside the project (refused,
// nothing written there) and then to a folder of the project outside content/ (used).
func TestFetchRegistryStaysInTheProject(t *testing.T) {
	api := fakeContentsAPI(t)
	root := registryProject(t, api.URL, "good")
	folder := filepath.Join(root, "content", "docs", "registry")
	page := "---\ntitle: Good\ndescription: Ours.\n---\n\nOur page.\n"

	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "good.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(folder); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, folder); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	fetchRegistry(root, lookup(map[string]string{"GITHUB_TOKEN": cmdToken}), &stdout, &stderr)
	if got, _ := os.ReadFile(filepath.Join(outside, "good.md")); string(got) != page {
		t.Errorf("the page outside the project changed:\n%s", got)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("files were created outside the project: %v", entries)
	}
	if !strings.Contains(stderr.String(), "warning: registry: the registry folder content/docs/registry leads through a symbolic link to ") ||
		!strings.Contains(stderr.String(), "outside the project") {
		t.Errorf("stderr:\n%s", stderr.String())
	}

	inside := filepath.Join(root, "pages")
	if err := os.Mkdir(inside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(inside, "good.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(folder); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "..", "pages"), folder); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	fetchRegistry(root, lookup(map[string]string{"GITHUB_TOKEN": cmdToken}), &stdout, &stderr)
	if got, _ := os.ReadFile(filepath.Join(inside, "good.md")); !strings.Contains(string(got), "Fetched words from upstream") {
		t.Errorf("the page in the project was not fetched:\n%s\nstderr:\n%s", got, stderr.String())
	}
}
