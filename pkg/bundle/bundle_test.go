package bundle

import (
	"os"
	"path/filepath"
	"reflect"
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

func TestEntryInfoPreloadsOnlyTheEntrysStaticImportsOnce(t *testing.T) {
	b := &Bundler{siteDir: "/site", basePath: "/docs/", entryPoint: clientEntry}
	var out Output
	if err := b.entryInfo(splitMeta, &out); err != nil {
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
	if err := b.entryInfo(`{"outputs": {"out/assets/chunk-ONE.js": {}}}`, &Output{}); err == nil {
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
	b, err := New(link, "/docs/", "", true)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	out, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, url := range append(append([]string{out.EntryJS}, out.EntryCSS...), out.Preload...) {
		if !strings.HasPrefix(url, "/docs/assets/") || strings.Contains(url, "..") {
			t.Errorf("asset URL %q is not under /docs/assets/", url)
		}
	}
	if _, ok := out.Files[strings.TrimPrefix(out.EntryJS, "/docs/")]; !ok {
		t.Errorf("the entry script %s is not among the built files", out.EntryJS)
	}
}
