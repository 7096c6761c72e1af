package build

// A site's components styled with Sass, as docusaurus-plugin-sass styles a Docusaurus site's
// (testdata/sites/sass): the stylesheets are compiled with the sass package found from the
// project (here the repository's, which package.json lists), a .module.scss is a CSS module, a
// mistake is at the Sass file's line and column, a load never leaves the project, and an edit to a
// partial builds the pages that use it again.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"docsd/pkg/graph"
	"docsd/pkg/site"
)

func sassSite(t *testing.T) (string, Options) { return fixtureSite(t, "sass") }

// styledPage is the styled page's HTML and its stylesheets' text, joined.
func styledPage(t *testing.T, res *Result) (html, css string) {
	t.Helper()
	route := "/docs/guide/styled"
	var page site.PageData
	if err := json.Unmarshal(res.Files.Data[res.Site.DataPath(route)], &page); err != nil {
		t.Fatal(err)
	}
	if page.MDX == nil {
		t.Fatal("the styled page has no MDX module")
	}
	var sheets []string
	for _, href := range page.MDX.CSS {
		sheets = append(sheets, string(res.Files.Data[strings.TrimPrefix(href, "/docs/")]))
	}
	return string(res.Files.Data[res.Site.HTMLPath(route)]), strings.Join(sheets, "\n")
}

// The CSS module's classes are the ones the component renders, its nested rule and the variable
// of the partial it @uses compiled; the global stylesheet (which @uses an indented-syntax .sass
// partial) is in the page's stylesheets with its class names as written.
func TestSassCompiled(t *testing.T) {
	_, opts := sassSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html, css := styledPage(t, res)
	m := regexp.MustCompile(`<span class="([^" ]+)"><b class="([^" ]+)">2\.0</b>`).FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("the page does not render the badge with one class on each element:\n%s", html)
	}
	badge, label := regexp.QuoteMeta(m[1]), regexp.QuoteMeta(m[2])
	if m[1] == "badge" || m[2] == "label" || m[1] == m[2] {
		t.Errorf("the CSS module's names are %q and %q: not local to the module", m[1], m[2])
	}
	for _, want := range []string{
		`\.` + badge + `\{color:#0c2238;border:1px solid rgb\(12,34,56\)\}`,        // $accent from _tokens.scss
		`\.` + badge + ` \.` + label + `\{padding:3px\}`,                           // nesting, $pad
		`\.sass-global-note\{border-left:2px solid rgb\(12,34,56\);margin:7px 0\}`, // global, _spacing.sass's $gap
	} {
		if !regexp.MustCompile(want).MatchString(css) {
			t.Errorf("the page's stylesheets lack %s:\n%s", want, css)
		}
	}
	if strings.Contains(css, "$accent") || strings.Contains(css, "@use") {
		t.Errorf("Sass left in the stylesheets:\n%s", css)
	}
}

// An edit to a partial a stylesheet @uses: the graph knows the page reads it, and the rebuild
// renders that page with the new value (and no Markdown page).
func TestSassPartialEditRebuildsThePage(t *testing.T) {
	root, opts := sassSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	reads := b.graph.Reads(graph.Route("/docs/guide/styled"))
	for _, want := range []graph.Node{graph.File("@site/src/css/_tokens.scss"), graph.File("@site/src/css/_spacing.sass")} {
		found := false
		for _, n := range reads {
			found = found || n == want
		}
		if !found {
			t.Errorf("the page does not read %s (it reads %v)", want, reads)
		}
	}
	f := "src/css/_tokens.scss"
	write(t, root, f, strings.Replace(read(t, root, f), "$pad: 3px", "$pad: 5px", 1))
	res, err := b.Rebuild([]string{filepath.Join(root, f)})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.RenderedRoutes, []string{"/docs/guide/styled"}) {
		t.Errorf("a partial edit rendered %v, want the page whose component uses it", res.RenderedRoutes)
	}
	if _, css := styledPage(t, res); !strings.Contains(css, "{padding:5px}") || strings.Contains(css, "{padding:3px}") {
		t.Errorf("the page's stylesheets do not have the edited value:\n%s", css)
	}
}

// A mistake in a partial is reported at the partial's line and column, once, though two
// stylesheets load it.
func TestSourceErrorAtFileLineColumn(t *testing.T) {
	root, opts := sassSite(t)
	write(t, root, "src/css/_tokens.scss", "$accent: rgb(12, 34, 56);\n$pad: 3px +;\n")
	b := New(opts)
	defer b.Close()
	_, err := b.Build()
	if err == nil {
		t.Fatal("a Sass syntax error built")
	}
	const want = "src/css/_tokens.scss:2:12: Expected expression."
	if err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}

// A load that climbs out of the project, or goes through a link to a file outside it, fails at
// the @use; nothing of the file outside is read into the site.
func TestSassLoadOutsideTheProjectRefused(t *testing.T) {
	for _, c := range []struct{ name, use, want string }{
		{"relative", `@use "../../../outside";`, "src/css/site.scss:3:1: "},
		{"link", `@use "linked";`, "src/css/site.scss:3:1: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, opts := sassSite(t)
			// The project is a folder of the test's: the file beside it is outside.
			outside := filepath.Join(filepath.Dir(root), "_outside.scss")
			write(t, filepath.Dir(root), "_outside.scss", ".leaked { color: red; }\n")
			if err := os.Symlink(outside, filepath.Join(root, "src", "css", "_linked.scss")); err != nil {
				t.Fatal(err)
			}
			rel, err := filepath.Rel(filepath.Join(root, "src", "css"), filepath.Join(filepath.Dir(root), "outside"))
			if err != nil {
				t.Fatal(err)
			}
			use := strings.Replace(c.use, "../../../outside", filepath.ToSlash(rel), 1)
			write(t, root, "src/css/site.scss", "@use 'tokens';\n@use 'spacing';\n"+use+"\n")
			b := New(opts)
			defer b.Close()
			_, err = b.Build()
			if err == nil {
				t.Fatal("a stylesheet loaded a file outside the project")
			}
			if !strings.HasPrefix(err.Error(), c.want) || !strings.HasSuffix(err.Error(), "is outside the project folder; docsd reads no file there") {
				t.Errorf("error = %q, want it at %s saying the file is outside the project", err, c.want)
			}
		})
	}
}
