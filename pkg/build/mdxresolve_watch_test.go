package build

// A file added or removed beside one an MDX page imports can change what the import resolves to
// (esbuild tries .tsx, .ts, .jsx, .js, then a folder's index): the rebuild must resolve it again,
// as a fresh build does. Before pkg/bundle/mdxshadow.go the page kept its old component in
// docsd watch.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMDXImportFollowsAFileAddedBesideIt(t *testing.T) {
	root, opts := mdxSite(t)
	// A component imported by its folder: Note/index.js.
	write(t, root, "src/components/Note/index.js", "export default function Note() {\n  return <span className=\"note-index-js\">note</span>;\n}\n")
	install := "content/docs/guide/install.mdx"
	write(t, root, install, strings.Replace(read(t, root, install), "\nimport Badge", "\nimport Note from '@site/src/components/Note';\nimport Badge", 1)+"\n<Note />\n")
	inc := New(opts)
	defer inc.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	component := func(rel, class string) string {
		return fmt.Sprintf("export default function C({ children }%s) {\n  return <span className=%q>{children}</span>;\n}\n",
			map[bool]string{true: ": { children?: unknown }"}[strings.HasSuffix(rel, ".tsx")], class)
	}
	add := func(rel, class string) func() []string {
		return func() []string {
			write(t, root, rel, component(rel, class))
			return []string{filepath.Join(root, rel)}
		}
	}
	remove := func(rel string) func() []string {
		return func() []string {
			if err := os.Remove(filepath.Join(root, rel)); err != nil {
				t.Fatal(err)
			}
			return []string{filepath.Join(root, rel)}
		}
	}
	steps := []struct {
		desc, shows string // shows: the class the page shows after the step
		edit        func() []string
	}{
		{"Badge.tsx added beside Badge.jsx", "badge-tsx", add("src/components/Badge.tsx", "badge-tsx")},
		{"Badge.tsx removed", "fixture-badge", remove("src/components/Badge.tsx")},
		{"Note/index.tsx added beside Note/index.js", "note-index-tsx", add("src/components/Note/index.tsx", "note-index-tsx")},
		{"Note.jsx added beside the folder Note", "note-file", add("src/components/Note.jsx", "note-file")},
		{"Note.jsx removed", "note-index-tsx", remove("src/components/Note.jsx")},
	}
	for i, s := range steps {
		got, err := inc.Rebuild(s.edit())
		if err != nil {
			t.Fatalf("step %d (%s): %v", i, s.desc, err)
		}
		ref := New(opts)
		want, err := ref.Build()
		ref.Close()
		if err != nil {
			t.Fatalf("step %d (%s): fresh build: %v", i, s.desc, err)
		}
		// The fresh build shows the component the step makes the import name (else the step
		// tests nothing).
		page := want.Site.HTMLPath("/docs/guide/install")
		if !strings.Contains(string(want.Files.Data[page]), `class="`+s.shows) {
			t.Fatalf("step %d (%s): a fresh build does not show %s", i, s.desc, s.shows)
		}
		compareFiles(t, fmt.Sprintf("step %d (%s)", i, s.desc), got, want)
	}
}
