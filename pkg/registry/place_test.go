package registry

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// assertOnly checks that dir holds exactly the named files, with the given contents.
func assertOnly(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(files) {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %v, want only %d files", dir, names, len(files))
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != want {
			t.Errorf("%s changed (%v):\n%s", name, err, got)
		}
	}
}

func kanikoAPI(t *testing.T) *fakeAPI {
	return newFakeAPI(t, map[string]http.HandlerFunc{
		"/repos/go-vela/vela-kaniko/contents/DOCS.md": serve(200, contents("Upstream words.\n")),
	})
}

// TestRegistryFolderLinkedOutsideIsRefused: the registry folder is a link to a folder outside the
// project; nothing is requested, nothing is written there, and one warning names the folder.
func TestRegistryFolderLinkedOutsideIsRefused(t *testing.T) {
	contentDir := t.TempDir()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "kaniko.md"), []byte(committedPage("kaniko")), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(contentDir, filepath.FromSlash(registryDir))
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	api := kanikoAPI(t)
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)

	assertOnly(t, outside, map[string]string{"kaniko.md": committedPage("kaniko")})
	if len(rep.Warnings) != 1 || rep.Warnings[0].Plugin != "" || len(rep.Written) != 0 || !rep.Skipped {
		t.Fatalf("want one warning for the whole registry and nothing written: %+v", rep)
	}
	text := rep.Warnings[0].String()
	for _, want := range []string{"the registry folder " + registryDir + " leads through a symbolic link", "outside the project", "no plugin page is fetched"} {
		if !strings.Contains(text, want) {
			t.Errorf("warning %q does not say %q", text, want)
		}
	}
	if api.count() != 0 {
		t.Errorf("%d requests for a folder that is refused", api.count())
	}
}

// TestParentFolderLinkedOutsideIsRefused: a link higher up (content/docs) counts the same.
func TestParentFolderLinkedOutsideIsRefused(t *testing.T) {
	contentDir := t.TempDir()
	outside := t.TempDir()
	real := filepath.Join(outside, "usage", "plugins", "registry")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "kaniko.md"), []byte(committedPage("kaniko")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(contentDir, "docs")); err != nil {
		t.Fatal(err)
	}
	api := kanikoAPI(t)
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	assertOnly(t, real, map[string]string{"kaniko.md": committedPage("kaniko")})
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].String(), "outside the project") {
		t.Errorf("report: %+v", rep)
	}
}

// TestRegistryFolderLinkedInsideTheProjectIsUsed: a link that stays inside the project is fine;
// the page is written in the real folder and the link stays a link.
func TestRegistryFolderLinkedInsideTheProjectIsUsed(t *testing.T) {
	root := t.TempDir()
	contentDir := filepath.Join(root, "content")
	real := filepath.Join(root, "shared", "registry")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "kaniko.md"), []byte(committedPage("kaniko")), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(contentDir, filepath.FromSlash(registryDir))
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "..", "..", "..", "shared", "registry"), link); err != nil {
		t.Fatal(err)
	}
	api := kanikoAPI(t)
	f := newFetcher(api, withToken())
	f.Root = root
	rep := f.Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)
	if len(rep.Written) != 1 {
		t.Fatalf("report: %+v", rep)
	}
	got, _ := os.ReadFile(filepath.Join(real, "kaniko.md"))
	if !strings.Contains(string(got), "Upstream words.") {
		t.Errorf("the real folder's page:\n%s", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the registry folder is no longer a link: %v", err)
	}
}

// TestPageThatIsALinkIsNotWrittenThrough: <slug>.md is a link to a file outside the project. The
// plugin gets a warning, the link stays, its target is neither read into the site nor changed.
func TestPageThatIsALinkIsNotWrittenThrough(t *testing.T) {
	contentDir := project(t, "other")
	outside := t.TempDir()
	target := filepath.Join(outside, "secret.md")
	secret := "---\ntitle: Outside\n---\n\nA file outside the project.\n"
	if err := os.WriteFile(target, []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	page := pagePath(contentDir, "kaniko")
	if err := os.Symlink(target, page); err != nil {
		t.Fatal(err)
	}
	api := kanikoAPI(t)
	rep := newFetcher(api, withToken()).Run(context.Background(), registryFor(api.URL, plugin("kaniko")), contentDir)

	oneWarning(t, rep, "kaniko", "kaniko.md is a symbolic link", "never reads or writes through one")
	if dest, err := os.Readlink(page); err != nil || dest != target {
		t.Errorf("kaniko.md is no longer the link to %s: %q, %v", target, dest, err)
	}
	assertOnly(t, outside, map[string]string{"secret.md": secret})
	if api.count() != 0 {
		t.Errorf("%d requests for a page that is refused", api.count())
	}
	assertNoTempFiles(t, contentDir)
}
