package bundle

import (
	"encoding/json"
	"os"
	"path/filepath"
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
