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
	steps := []editStep{
		{"Badge.tsx added beside Badge.jsx", "badge-tsx", add("src/components/Badge.tsx", "badge-tsx")},
		{"Badge.tsx removed", "fixture-badge", removeStep(t, root, "src/components/Badge.tsx")},
		{"Note/index.tsx added beside Note/index.js", "note-index-tsx", add("src/components/Note/index.tsx", "note-index-tsx")},
		{"Note.jsx added beside the folder Note", "note-file", add("src/components/Note.jsx", "note-file")},
		{"Note.jsx removed", "note-index-tsx", removeStep(t, root, "src/components/Note.jsx")},
	}
	rebuildsEqualFresh(t, inc, opts, "/docs/guide/install", steps)
}

// removeStep is a step's edit that removes rel from root and reports it.
func removeStep(t *testing.T, root, rel string) func() []string {
	return func() []string {
		if err := os.Remove(filepath.Join(root, rel)); err != nil {
			t.Fatal(err)
		}
		return []string{filepath.Join(root, rel)}
	}
}

// editStep is one save, and the class the page shows after it ("": the step checks no class).
type editStep struct {
	desc, shows string
	edit        func() []string
}

// rebuildsEqualFresh makes each step's save and rebuilds with inc: the files equal a fresh
// build's, which shows the step's class, if it names one, on route (else the step tests nothing).
func rebuildsEqualFresh(t *testing.T, inc *Builder, opts Options, route string, steps []editStep) {
	t.Helper()
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
		if s.shows != "" && !strings.Contains(string(want.Files.Data[want.Site.HTMLPath(route)]), `class="`+s.shows) {
			t.Fatalf("step %d (%s): a fresh build does not show %s", i, s.desc, s.shows)
		}
		compareFiles(t, fmt.Sprintf("step %d (%s)", i, s.desc), got, want)
	}
}

// The same in a Docusaurus-shaped project (content_dir ".", the site in website/, where a watcher
// reports a component as a content path too): a page's own import, and one of the site's
// MDXComponents, which every page's provider chunk reads.
func TestMDXImportFollowsAFileAddedBesideItInWebsite(t *testing.T) {
	root, opts := fixtureSite(t, "mdx-website")
	inc := New(opts)
	defer inc.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	tsx := func(rel, class string) func() []string {
		return func() []string {
			write(t, root, rel, fmt.Sprintf("export default function C(props: { name?: string; to?: string }) {\n  return <b className=%q>{props.name ?? props.to}</b>;\n}\n", class))
			return []string{filepath.Join(root, rel)}
		}
	}
	rebuildsEqualFresh(t, inc, opts, "/docs/hello", []editStep{
		{"Hello.tsx added beside Hello.jsx", "hello-tsx", tsx("website/src/components/Hello.tsx", "hello-tsx")},
		{"Hello.tsx removed", "fixture-hello", removeStep(t, root, "website/src/components/Hello.tsx")},
	})
	rebuildsEqualFresh(t, inc, opts, "/docs/intro", []editStep{
		{"Wave.tsx added beside the Wave.jsx MDXComponents imports", "wave-tsx", tsx("website/src/components/Wave.tsx", "wave-tsx")},
	})
}
