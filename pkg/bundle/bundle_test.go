package bundle

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// A code-split metafile: the entry imports two chunks statically (one of which imports a third) and
// the blog layouts dynamically; the blog chunk is an entry point of its own in esbuild's metafile.
const splitMeta = `{"outputs": {
 "out/assets/entry-client-AAA.js": {"entryPoint": "src/entry-client.jsx", "cssBundle": "out/assets/entry-client-CCC.css",
   "imports": [
     {"path": "out/assets/chunk-ONE.js", "kind": "import-statement"},
     {"path": "out/assets/chunk-TWO.js", "kind": "import-statement"},
     {"path": "out/assets/chunk-ONE.js", "kind": "import-statement"},
     {"path": "out/assets/pages-BLOG.js", "kind": "dynamic-import"}]},
 "out/assets/pages-BLOG.js": {"entryPoint": "src/blog/pages.jsx",
   "imports": [{"path": "out/assets/chunk-ONE.js", "kind": "import-statement"},
               {"path": "out/assets/chunk-BLOGONLY.js", "kind": "import-statement"}]},
 "out/assets/chunk-ONE.js": {"imports": [{"path": "out/assets/chunk-THREE.js", "kind": "import-statement"}]},
 "out/assets/chunk-TWO.js": {"imports": [{"path": "out/assets/chunk-ONE.js", "kind": "import-statement"}]},
 "out/assets/chunk-THREE.js": {"imports": []},
 "out/assets/chunk-BLOGONLY.js": {"imports": []},
 "out/assets/entry-client-CCC.css": {"imports": []}
}}`

func mustMeta(t *testing.T, s string) *metafile {
	t.Helper()
	m, err := parseMeta(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestEntryInfoPreloadsOnlyTheEntrysStaticImportsOnce(t *testing.T) {
	b := &Bundler{siteDir: "/site", basePath: "/docs/", entryPoint: clientEntry}
	var out Output
	if err := b.entryInfo(mustMeta(t, splitMeta), &out); err != nil {
		t.Fatal(err)
	}
	if out.EntryJS != "/docs/assets/entry-client-AAA.js" {
		t.Errorf("entry script %q", out.EntryJS)
	}
	if want := []string{"/docs/assets/entry-client-CCC.css"}; !reflect.DeepEqual(out.EntryCSS, want) {
		t.Errorf("entry CSS %v, want %v", out.EntryCSS, want)
	}
	want := []string{"/docs/assets/chunk-ONE.js", "/docs/assets/chunk-TWO.js", "/docs/assets/chunk-THREE.js"}
	if !reflect.DeepEqual(out.Preload, want) {
		t.Errorf("preloads %v, want %v (each once, transitively, no dynamic-import chunks)", out.Preload, want)
	}
}

func TestEntryInfoWithoutTheEntryIsAnError(t *testing.T) {
	b := &Bundler{siteDir: "/site", basePath: "/docs/", entryPoint: clientEntry}
	if err := b.entryInfo(mustMeta(t, `{"outputs": {"out/assets/chunk-ONE.js": {}}}`), &Output{}); err == nil {
		t.Fatal("no error for a metafile without the entry's output")
	}
}

// A project whose site/ is a symbolic link to the shell, at another depth than the shell itself
// (the browser tests build testdata sites this way): asset URLs stay under the base path.
func TestBuildThroughASymlinkedSiteFolder(t *testing.T) {
	shell, err := filepath.Abs("../../site")
	if err != nil {
		t.Fatal(err)
	}
	project := filepath.Join(t.TempDir(), "a", "b", "project")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(project, "site")
	if err := os.Symlink(shell, link); err != nil {
		t.Fatal(err)
	}
	out := buildShell(t, link)
	for _, url := range append(append([]string{out.EntryJS}, out.EntryCSS...), out.Preload...) {
		if !strings.HasPrefix(url, "/docs/assets/") || strings.Contains(url, "..") {
			t.Errorf("asset URL %q is not under /docs/assets/", url)
		}
	}
	if _, ok := out.Files[strings.TrimPrefix(out.EntryJS, "/docs/")]; !ok {
		t.Errorf("the entry script %s is not among the built files", out.EntryJS)
	}
}

// The server bundle leaves React and the other packages to Node, by absolute path, so the renderer
// finds them from its temporary folder; the shell's own modules are in it.
func TestServerBundleRequiresPackagesByAbsolutePath(t *testing.T) {
	js := string(buildShell(t, "../../site").ServerJS)
	requires := regexp.MustCompile(`require\("([^"]+)"\)`).FindAllStringSubmatch(js, -1)
	found := map[string]bool{}
	for _, m := range requires {
		path := m[1]
		if strings.HasPrefix(path, "node:") {
			continue
		}
		if !filepath.IsAbs(path) || !strings.Contains(path, string(filepath.Separator)+"node_modules"+string(filepath.Separator)) {
			t.Errorf("require(%q): not an absolute path into node_modules", path)
			continue
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("require(%q): %v", path, err)
		}
		pkg := path[strings.LastIndex(path, "node_modules")+len("node_modules/"):]
		found[pkg[:strings.IndexByte(pkg, filepath.Separator)]] = true
		if strings.HasSuffix(path, "server.node.js") {
			t.Errorf("require(%q): the package's entry loads React's streaming renderer too, which the shell does not use", path)
		}
		found["legacy"] = found["legacy"] || strings.HasSuffix(path, "react-dom-server-legacy.node.production.js")
	}
	if !found["react"] || !found["react-dom"] {
		t.Errorf("React is not left to Node: requires %v", requires)
	}
	if !found["legacy"] {
		t.Errorf("renderToString is not required from react-dom's legacy server file: requires %v", requires)
	}
	if strings.Contains(js, "function renderToString") || len(js) > 400<<10 {
		t.Errorf("the server bundle still holds react-dom/server (%d bytes)", len(js))
	}
	if !strings.Contains(js, "menu-category") {
		t.Error("the shell's own components are missing from the server bundle")
	}
}

// buildShell bundles the shell in siteDir for production under /docs/.
func buildShell(t *testing.T, siteDir string) *Output {
	t.Helper()
	b, err := New(siteDir, "/docs/", "", true)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	out, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The server bundle's answers to package imports are kept for one build only (nodePackages): a
// package that resolves elsewhere by the next build is required from where it is then.
func TestServerPackagesResolvedAgainEachBuild(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"node_modules/greet/package.json": `{"name": "greet", "main": "index.js"}`,
		"node_modules/greet/index.js":     `exports.greet = () => "from the shell's node_modules";`,
		"site/src/entry-client.jsx":       "import { greet } from 'greet';\nconsole.log(greet());\n",
		"site/src/entry-server.jsx":       "import { greet } from 'greet';\nimport { other } from './other.js';\nexport const all = [greet(), other()];\n",
		"site/src/other.js":               "import { greet } from 'greet';\nexport const other = () => greet();\n",
	}
	writeFiles(t, root, files)
	b, err := New(filepath.Join(root, "site"), "/", "", true)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	shellCopy, err := filepath.EvalSymlinks(filepath.Join(root, "node_modules", "greet", "index.js"))
	if err != nil {
		t.Fatal(err)
	}
	if js := string(first.ServerJS); !strings.Contains(js, `require("`+shellCopy+`")`) {
		t.Fatalf("the first server bundle does not require the shell's greet by its path:\n%s", js)
	}
	// A copy of the package beside the shell's sources now comes first; it is not the shell's
	// node_modules, so it is bundled.
	own := filepath.Join(root, "site", "src", "node_modules", "greet")
	if err := os.MkdirAll(own, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(own, "package.json"), []byte(`{"name": "greet", "main": "index.js"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(own, "index.js"), []byte(`exports.greet = () => "from beside the sources";`), 0o644); err != nil {
		t.Fatal(err)
	}
	second, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	js := string(second.ServerJS)
	if strings.Contains(js, shellCopy) || !strings.Contains(js, "from beside the sources") {
		t.Errorf("the second server bundle kept the first build's answer for greet:\n%s", js)
	}
}

// writeFiles writes files (slash-separated names below root → text), making their folders.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
