package build

// A Docusaurus project may keep its site in a folder of its own (website/, beside docs/, as
// prettier and jest do): `@site/` names that folder, and so src/theme and MDXComponents are found
// there (testdata/sites/mdx-website, docusaurus_dir = "website").

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSiteFolderOfADocusaurusProject(t *testing.T) {
	root, opts := fixtureSite(t, "mdx-website")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for route, want := range map[string]string{
		"/docs/hello": `<p class="fixture-hello">Hello from <!-- -->website</p>`,
		"/docs/intro": `<span class="fixture-wave">wave to <!-- -->readers</span>`,
	} {
		if html := string(res.Files.Data[res.Site.HTMLPath(route)]); !strings.Contains(html, want) {
			t.Errorf("%s lacks %s", route, want)
		}
	}
	// An edit to the component under website/src renders the page that imports it.
	c := "website/src/components/Hello.jsx"
	write(t, root, c, strings.Replace(read(t, root, c), "Hello from", "Hi from", 1))
	res, err = b.Rebuild([]string{filepath.Join(root, c)})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(res.RenderedRoutes, "/docs/hello") || !strings.Contains(string(res.Files.Data[res.Site.HTMLPath("/docs/hello")]), "Hi from") {
		t.Errorf("the component edit rendered %v without the new text", res.RenderedRoutes)
	}
	if !slices.Contains(WatchPaths(root, ""), filepath.Join(root, "website", "src")) {
		t.Errorf("website/src is not watched: %v", WatchPaths(root, ""))
	}
}

// `@site/` never leaves the project, however many ../ it is given.
func TestSiteImportStaysInTheProject(t *testing.T) {
	root, opts := fixtureSite(t, "mdx-website")
	if err := os.WriteFile(filepath.Join(filepath.Dir(root), "Outside.jsx"), []byte("export default () => 'outside';\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, root, "docs/escape.mdx", "# Escape\n\nimport Outside from '@site/../../Outside';\n\n<Outside />\n")
	got := buildError(t, opts)
	if want := `docs/escape.mdx:3:21: "@site/../../Outside" is not in the project folder`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}

// A project reached through a symbolic link (a linked home or /tmp, as on macOS) builds: esbuild
// resolves `@site/` to the file's real path, which is still in the project. A link inside the
// project to a file outside it stays refused.
func TestSiteImportThroughALinkedProject(t *testing.T) {
	real, opts := fixtureSite(t, "mdx-website")
	linked := filepath.Join(t.TempDir(), "linked")
	if err := os.Symlink(real, linked); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	opts.Root = linked
	b := New(opts)
	res, err := b.Build()
	b.Close()
	if err != nil {
		t.Fatalf("the project through a link: %v", err)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/hello")]); !strings.Contains(html, `Hello from <!-- -->website`) {
		t.Error("the page importing an @site/ component lacks it")
	}
	outside := filepath.Join(t.TempDir(), "Outside.jsx")
	if err := os.WriteFile(outside, []byte("export default () => 'outside';\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(real, "website", "src", "components", "Outside.jsx")); err != nil {
		t.Fatal(err)
	}
	write(t, real, "docs/escape.mdx", "# Escape\n\nimport Outside from '@site/src/components/Outside';\n\n<Outside />\n")
	got := buildError(t, opts)
	if want := `docs/escape.mdx:3:21: "@site/src/components/Outside" is not in the project folder`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}

// After a docsd.toml edit the watcher is given the paths the new configuration names (a docs set's
// folder here), and nothing after other edits.
func TestWatchPathsAfterAConfigEdit(t *testing.T) {
	root, _ := fixtureSite(t, "mdx-website")
	write(t, root, "community/welcome.md", "# Welcome\n")
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+"\n[[docs]]\nid = \"community\"\npath = \"/community\"\ndir = \"community\"\n")
	if got := WatchPathsAfter(root, "", []string{filepath.Join(root, "docs/intro.md")}); got != nil {
		t.Errorf("a page's edit asks to watch %v", got)
	}
	if got := WatchPathsAfter(root, "", []string{filepath.Join(root, "docsd.toml")}); !slices.Contains(got, filepath.Join(root, "community")) {
		t.Errorf("the new set's folder is not among the paths to watch: %v", got)
	}
}
