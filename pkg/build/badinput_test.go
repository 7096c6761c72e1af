package build

// Mistakes in the writer's files as the build reports them.

import "testing"

// Two docs with one id are one mistake, said once, though the site has a second locale that
// shows the default locale's docs.
func TestDuplicateIDSaidOnce(t *testing.T) {
	root, opts := siteCopy(t, false)
	write(t, root, "content/docs/guide/dup1.md", "---\nid: same\ntitle: One\n---\n\nBody\n")
	write(t, root, "content/docs/guide/dup2.md", "---\nid: same\ntitle: Two\n---\n\nBody\n")
	got := buildError(t, opts)
	if want := "content/docs/guide/dup2.md:1:1: doc id \"guide/same\" is also used by content/docs/guide/dup1.md"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
}

// A partial that shows itself, directly or through another, is named in the error; it rendered
// into a TypeError of the page's module.
func TestPartialShowingItselfIsNamed(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"itself", map[string]string{"_self.mdx": "import Self from './_self.mdx';\n\nSelf:\n\n<Self />\n"},
			"content/docs/guide/_self.mdx: imports itself: a partial cannot show itself"},
		{"through another", map[string]string{
			"_a.mdx": "import B from './_b.mdx';\n\nA:\n\n<B />\n",
			"_b.mdx": "import A from './_a.mdx';\n\nB:\n\n<A />\n",
		}, "content/docs/guide/_b.mdx: imports content/docs/guide/_a.mdx, which imports it again: a partial cannot show itself"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, opts := mdxSite(t)
			first := ""
			for name, text := range c.files {
				write(t, root, "content/docs/guide/"+name, text)
				if first == "" || name < first {
					first = name
				}
			}
			write(t, root, "content/docs/guide/shows.mdx", "---\ntitle: Shows\n---\n\nimport P from './"+first+"';\n\n<P />\n")
			if got := buildError(t, opts); got != c.want {
				t.Errorf("error %q, want %q", got, c.want)
			}
		})
	}
}
