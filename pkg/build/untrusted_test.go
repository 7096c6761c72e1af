package build

// What a pull request's pages can reach: the project's code runs while the site builds (MDX pages,
// their components), and whatever it renders is published. None of it may read docsd's
// environment or files outside the project.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// An MDX page that prints an environment variable renders it empty: the renderers get only the
// variables Node needs (pkg/nodeproc), not a CI job's tokens.
func TestMDXPageCannotPublishTheEnvironment(t *testing.T) {
	const secret = "ghp_trust19_not_for_the_site"
	t.Setenv("GITHUB_TOKEN", secret)
	t.Setenv("DOCSD_GITHUB_TOKEN", secret+"_too")
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/env.mdx", "---\ntitle: Env\n---\n\n"+
		"export const tokens = [process.env.GITHUB_TOKEN, process.env.DOCSD_GITHUB_TOKEN].join('|');\n\n"+
		"Tokens: [{tokens}] on {process.platform}.\n")
	res := built(t, opts)
	html := strings.ReplaceAll(pageHTML(t, res, "/docs/guide/env"), "<!-- -->", "")
	if !strings.Contains(html, "Tokens: [|] on linux.") {
		_, text, _ := strings.Cut(html, "Tokens:")
		t.Errorf("the page shows Tokens:%.60s, want them unset", text)
	}
	for name, data := range res.Files.Data {
		if strings.Contains(string(data), secret) {
			t.Errorf("%s holds the token", name)
		}
	}
}

// A page's import of a file outside the project, named by a relative or an absolute path or
// reached through a link in the project, fails at its place without being read: the file would be
// bundled into the page's module (or quoted in an error) and published.
func TestMDXImportOutsideTheProjectIsRefused(t *testing.T) {
	root, opts := mdxSite(t)
	outside := t.TempDir()
	const secret = "NOT-FOR-THE-SITE"
	write(t, outside, "secret.jsx", "export default function Secret() { return '"+secret+"'; }\n")
	write(t, outside, "secret.md", "## "+secret+"\n")
	write(t, outside, "passwd", "root:x:0:0:"+secret+":/root:/bin/sh\n")
	if err := os.Symlink(filepath.Join(outside, "secret.jsx"), filepath.Join(root, "content/docs/guide/linked.jsx")); err != nil {
		t.Fatal(err)
	}
	guide := filepath.Join(root, "content/docs/guide")
	rel, err := filepath.Rel(guide, filepath.Join(outside, "secret.md"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, "content/docs/guide/reach.mdx", "---\ntitle: Reach\n---\n\n"+
		"import Relative from '"+filepath.ToSlash(rel)+"';\n"+
		"import Absolute from '"+filepath.Join(outside, "passwd")+"';\n"+
		"import Linked from './linked.jsx';\n\n<Relative />\n\n{Absolute}\n\n<Linked />\n")
	got := buildError(t, opts)
	for _, want := range []string{
		`content/docs/guide/reach.mdx:5:22: "` + filepath.ToSlash(rel) + `" is outside the project folder`,
		`content/docs/guide/reach.mdx:6:22: "` + filepath.Join(outside, "passwd") + `" is outside the project folder`,
		`content/docs/guide/reach.mdx:7:20: "./linked.jsx" is outside the project folder`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("error %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, secret) {
		t.Errorf("error %q quotes the outside file", got)
	}
}

// The table of contents of a page showing a partial outside the project does not read it.
func TestPartialHeadingsStayInTheProject(t *testing.T) {
	root, opts := mdxSite(t)
	outside := t.TempDir()
	write(t, outside, "secret.md", "## Outside heading\n")
	rel, err := filepath.Rel(filepath.Join(root, "content/docs/guide"), filepath.Join(outside, "secret.md"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, "content/docs/guide/_inside.md", "## Inside heading\n")
	page := filepath.Join(root, "content/docs/guide/shows.mdx")
	write(t, root, "content/docs/guide/shows.mdx", "import Inside from './_inside.md';\nimport Outside from '"+
		filepath.ToSlash(rel)+"';\n\n## Own heading\n\n<Inside />\n\n<Outside />\n")
	b := New(opts)
	defer b.Close()
	headings, found := b.partialHeadings(root, page, map[string]bool{}, false)
	var texts []string
	for _, h := range headings {
		texts = append(texts, h.Text)
	}
	if want := []string{"Own heading", "Inside heading"}; !found || !slices.Equal(texts, want) {
		t.Errorf("headings %q (found %v), want %q", texts, found, want)
	}
}

// A static file holding a private key, in static/ or beside the docs, is not published and is
// named in a warning; a file edited to hold one is withdrawn by the next rebuild, and published
// again once the key is gone.
func TestPrivateKeysAreNotPublished(t *testing.T) {
	root, opts := siteCopy(t, true)
	const key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
	write(t, root, "content/static/id_ed25519", key)
	write(t, root, "content/docs/guide/deploy.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"+key)
	write(t, root, "content/static/notes.txt", "plain notes\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	published := func(res *Result, path string) bool {
		_, _, ok := res.Files.Get(path)
		return ok
	}
	for _, p := range []string{"id_ed25519", "assets/files/docs/guide/deploy.pem"} {
		if published(res, p) {
			t.Errorf("%s is published", p)
		}
	}
	if !published(res, "notes.txt") {
		t.Error("notes.txt is not published")
	}
	warned := func(res *Result) []string {
		var out []string
		for _, w := range res.Warnings {
			if strings.Contains(w.Msg, "private key") {
				out = append(out, w.Error())
			}
		}
		return out
	}
	if got, want := warned(res), []string{
		"content/docs/guide/deploy.pem:4:1: holds a private key; not published",
		"content/static/id_ed25519:1:1: holds a private key; not published",
	}; !slices.Equal(got, want) {
		t.Errorf("warnings %q, want %q", got, want)
	}
	write(t, root, "content/static/notes.txt", "notes, then a key:\n"+key)
	if res, err = b.Rebuild([]string{"content/static/notes.txt"}); err != nil {
		t.Fatal(err)
	}
	if published(res, "notes.txt") {
		t.Error("notes.txt, edited to hold a key, is still published")
	}
	if got := warned(res); !slices.Contains(got, "content/static/notes.txt:2:1: holds a private key; not published") {
		t.Errorf("warnings %q lack notes.txt's", got)
	}
	write(t, root, "content/static/notes.txt", "notes again\n")
	if res, err = b.Rebuild([]string{"content/static/notes.txt"}); err != nil {
		t.Fatal(err)
	}
	if !published(res, "notes.txt") {
		t.Error("notes.txt, its key removed, is not published again")
	}
}
