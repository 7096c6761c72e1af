package bundle

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// nativeImports replaces the aliases of a compiled module's import lines, and nothing else: an
// alias in a string, in an import that is not at a line's start, or one that names no file stays
// as written.
func TestNativeImports(t *testing.T) {
	site := t.TempDir()
	for _, rel := range []string{"src/mdx/theme/Tabs.jsx", "src/mdx/theme/Admonition.jsx", "src/mdx/components.jsx"} {
		p := filepath.Join(site, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("export default 1;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := &Bundler{siteDir: site}
	q := func(rel string) string {
		out, _ := json.Marshal(filepath.Join(site, filepath.FromSlash(rel)))
		return string(out)
	}
	in := "import {jsx as _jsx} from \"react/jsx-runtime\";\n" +
		"import {useMDXComponents as _provideComponents} from \"docsd:mdx-components\";\n" +
		"import Tabs from '@theme/Tabs';\n" +
		"import Missing from '@theme/Missing';\n" +
		"import A, {b} from \"@theme/Admonition\"; // and '@theme/Tabs'\n" +
		"const s = \"import X from '@theme/Tabs'\";\n" +
		"  import Y from '@theme/Tabs';\n" +
		"function MDXContent() { return _jsx(Tabs, {children: \"@theme/Tabs\"}); }\n" +
		"import Z from '@theme/Tabs'"
	want := "import {jsx as _jsx} from \"react/jsx-runtime\";\n" +
		"import {useMDXComponents as _provideComponents} from " + q("src/mdx/components.jsx") + ";\n" +
		"import Tabs from " + q("src/mdx/theme/Tabs.jsx") + ";\n" +
		"import Missing from '@theme/Missing';\n" +
		"import A, {b} from " + q("src/mdx/theme/Admonition.jsx") + "; // and '@theme/Tabs'\n" +
		"const s = \"import X from '@theme/Tabs'\";\n" +
		"  import Y from '@theme/Tabs';\n" +
		"function MDXContent() { return _jsx(Tabs, {children: \"@theme/Tabs\"}); }\n" +
		"import Z from " + q("src/mdx/theme/Tabs.jsx")
	if got := b.nativeImports(nil, in); got != want {
		t.Errorf("nativeImports:\n%s\nwant\n%s", got, want)
	}
	plain := "const a = 1;\nexport default a;\n"
	if got := b.nativeImports(nil, plain); got != plain {
		t.Errorf("a module without aliases changed:\n%s", got)
	}
}

// Within one Build or Update, an alias of a page read line by line is looked up once; the next
// Build or Update (a new projectResolved) sees a theme file the project added since.
func TestImportAliasKeptForOneBuild(t *testing.T) {
	site, project := t.TempDir(), t.TempDir()
	ours := filepath.Join(site, "src", "mdx", "theme", "Tabs.jsx")
	if err := os.MkdirAll(filepath.Dir(ours), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ours, []byte("export default 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := &Bundler{siteDir: site, mdx: MDX{Site: project}, projectResolved: &sync.Map{}}
	q := func(p string) string {
		out, _ := json.Marshal(p)
		return "import Tabs from " + string(out) + ";"
	}
	page := "import Tabs from '@theme/Tabs';"
	if got := b.nativeImports(nil, page); got != q(ours) {
		t.Fatalf("before the project's own: %s, want %s", got, q(ours))
	}
	theirs := filepath.Join(project, "src", "theme", "Tabs.jsx")
	if err := os.MkdirAll(filepath.Dir(theirs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(theirs, []byte("export default 2;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := b.nativeImports(nil, page); got != q(ours) {
		t.Errorf("the same build looked the alias up again: %s, want %s", got, q(ours))
	}
	b.projectResolved = &sync.Map{} // what Build and Update do
	if got := b.nativeImports(nil, page); got != q(theirs) {
		t.Errorf("the next build: %s, want the project's %s", got, q(theirs))
	}
}

// realFile is filepath.EvalSymlinks of a page: through a linked folder, of a linked page, and of
// a page in a folder seen before.
func TestRealFile(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.mdx", "b.mdx", "target.mdx"} {
		if err := os.WriteFile(filepath.Join(real, name), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	linked := filepath.Join(dir, "linked")
	if err := os.Symlink(real, linked); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.mdx", filepath.Join(real, "c.mdx")); err != nil {
		t.Fatal(err)
	}
	b := &Bundler{projectResolved: &sync.Map{}}
	for _, file := range []string{"a.mdx", "b.mdx", "c.mdx", "a.mdx"} {
		want, err := filepath.EvalSymlinks(filepath.Join(linked, file))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := b.realFile(filepath.Join(linked, file)); err != nil || got != want {
			t.Errorf("realFile(linked/%s) = %q, %v; want %q", file, got, err, want)
		}
	}
	if _, err := b.realFile(filepath.Join(linked, "gone.mdx")); err == nil {
		t.Error("realFile of a missing page: no error")
	}
}
