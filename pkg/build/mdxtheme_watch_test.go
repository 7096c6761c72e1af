package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An MDX page that imports @theme/Details gets the project's own src/theme/Details once the
// project adds it in docsd watch, and docsd's again once it is removed (the quick page's alias is
// kept for one Build or Update only).
func TestMDXThemeAddedInWatch(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/wrapped.mdx", "---\ntitle: Wrapped\n---\n\nimport Details from '@theme/Details';\n\n<Details summary=\"More\">Inside.</Details>\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	page := func(res *Result) string { return string(res.Files.Data[res.Site.HTMLPath("/docs/guide/wrapped")]) }
	if strings.Contains(page(res), "wrapped-details") {
		t.Fatal("wrapped before the project has its own Details")
	}
	f := "src/theme/Details.jsx"
	write(t, root, f, "import Original from '@theme-original/Details';\n\nexport default function Details(props) {\n  return <div className=\"wrapped-details\"><Original {...props} /></div>;\n}\n")
	if res, err = b.Rebuild([]string{f}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page(res), "wrapped-details") {
		t.Errorf("after adding %s the page still shows docsd's Details:\n%s", f, page(res))
	}
	if len(b.assets.Built) != len(b.assets.MDX) {
		t.Errorf("adding %s built %v of the %d MDX pages", f, b.assets.Built, len(b.assets.MDX))
	}
	// An edit of the file the pages now read builds those pages alone (reference.md imports
	// @theme/Details too); a theme file no import names
	// builds none.
	write(t, root, f, "import Original from '@theme-original/Details';\n\nexport default function Details(props) {\n  return <div className=\"wrapped-details edited\"><Original {...props} /></div>;\n}\n")
	if res, err = b.Rebuild([]string{f}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page(res), "wrapped-details edited") {
		t.Error("the edit of the project's Details does not show")
	}
	if got := strings.Join(b.assets.Built, " "); got != "docs/guide/reference.md docs/guide/wrapped.mdx" {
		t.Errorf("editing %s built %v, want the two pages that import it", f, got)
	}
	write(t, root, "src/theme/Unused.jsx", "export default function Unused() { return null; }\n")
	if _, err = b.Rebuild([]string{"src/theme/Unused.jsx"}); err != nil {
		t.Fatal(err)
	}
	if got := b.assets.Built; len(got) != 0 {
		t.Errorf("adding a theme file no page imports built %v", got)
	}
	if err := os.Remove(filepath.Join(root, f)); err != nil {
		t.Fatal(err)
	}
	if res, err = b.Rebuild([]string{f}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(page(res), "wrapped-details") {
		t.Errorf("after removing %s the page still shows the project's Details", f)
	}
	// Moved into a folder of its own (src/theme/Details/index.jsx): the watcher reports the old
	// file and the new one.
	g := "src/theme/Details/index.jsx"
	write(t, root, g, "import Original from '@theme-original/Details';\n\nexport default function Details(props) {\n  return <div className=\"folder-details\"><Original {...props} /></div>;\n}\n")
	if res, err = b.Rebuild([]string{f, g}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page(res), "folder-details") {
		t.Errorf("after adding %s the page does not show it", g)
	}
}
