package build

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/site"
)

// docusaurusSite copies testdata/docusaurus/basic (a Docusaurus site written for these tests) with
// the docsd.toml docsd init writes for it, and builds it.
func docusaurusSite(t *testing.T, edit func(root string)) (*Builder, *Result, string) {
	t.Helper()
	root := docusaurusProject(t, edit)
	b := New(Options{Root: root, SiteDir: "../../site", Production: true})
	t.Cleanup(b.Close)
	res, err := b.Build()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return b, res, root
}

// docusaurusProject is testdata/docusaurus/basic copied with its docsd.toml, then edited.
func docusaurusProject(t *testing.T, edit func(root string)) string {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/docusaurus/basic", root)
	toml, err := os.ReadFile("../../testdata/docusaurus/basic.docsd.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docsd.toml"), toml, 0o644); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(root)
	}
	return root
}

// pageData is the page data a build published for route.
func pageData(t *testing.T, res *Result, route string) *site.PageData {
	t.Helper()
	raw, ok := res.Files.Data[res.Site.DataPath(route)]
	if !ok {
		t.Fatalf("no page data for %s", route)
	}
	var d site.PageData
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// TestDocusaurusSiteBuildsWhereItIs: docs beside the site folder, versioned docs and static files
// inside it, the hand-written sidebars of each version (every item kind), a generated landing for
// a site whose home page is React, the version dropdown on pages outside the docs, no feeds
// without a blog, and no link problem.
func TestDocusaurusSiteBuildsWhereItIs(t *testing.T) {
	_, res, _ := docusaurusSite(t, nil)
	for _, f := range []string{"index.html", "docs/intro.html", "docs/old-only.html", "docs/next/intro.html", "docs/next/outside.html",
		"docs/next/setup/more/alpha.html", "docs/next/category/setup.html", "__data/sidebars/current-en-guide.json",
		"__data/sidebars/current-en-short.json", "__data/sidebars/1.0-en-guide.json"} {
		if _, ok := res.Files.Data[f]; !ok {
			t.Errorf("missing %s", f)
		}
	}
	if src := res.Files.Copies["img/logo.svg"]; !strings.HasSuffix(src, filepath.FromSlash("website/static/img/logo.svg")) {
		t.Errorf("the static folder's logo is not served at /img/logo.svg (%q)", src)
	}
	var guide []map[string]any
	if err := json.Unmarshal(res.Files.Data["__data/sidebars/current-en-guide.json"], &guide); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, it := range guide {
		kinds = append(kinds, it["type"].(string)+":"+it["label"].(string))
	}
	if want := []string{"link:Introduction", "category:Setup", "link:Example site", "html:", "category:Reference"}; !slices.Equal(kinds, want) {
		t.Errorf("guide sidebar items %v, want %v", kinds, want)
	}
	sb := string(res.Files.Data["__data/sidebars/current-en-guide.json"])
	for _, w := range []string{`"href":"https://example.invalid/site"`, `sidebar-note`, `"label":"The CLI"`, `"route":"/docs/next/setup/more/beta"`} {
		if !strings.Contains(sb, w) {
			t.Errorf("guide sidebar lacks %s: %s", w, sb)
		}
	}
	// The server-rendered sidebar shows a link item as a link out and an html item as its markup.
	introHTML := string(res.Files.Data["docs/next/intro.html"])
	if !regexp.MustCompile(`<a [^>]*href="https://example.invalid/site"[^>]*>Example site</a>`).MatchString(introHTML) {
		t.Errorf("the intro page's sidebar lacks its link item to https://example.invalid/site")
	}
	if !strings.Contains(introHTML, `<span class="sidebar-note">Reference</span>`) {
		t.Errorf("the intro page's sidebar lacks its html item")
	}
	intro := pageData(t, res, "/docs/next/intro")
	if intro.Sidebar != "current-en-guide" || intro.Next == nil || intro.Next.Route != "/docs/next/category/setup" {
		t.Errorf("intro: sidebar %q, next %+v", intro.Sidebar, intro.Next)
	}
	cli := pageData(t, res, "/docs/next/reference/cli")
	if cli.Prev == nil || cli.Prev.Route != "/docs/next/reference/api" || len(cli.Breadcrumbs) != 1 || cli.Breadcrumbs[0].Title != "Reference" {
		t.Errorf("cli: prev %+v, breadcrumbs %+v", cli.Prev, cli.Breadcrumbs)
	}
	if idx := pageData(t, res, "/docs/next/category/setup"); idx.Title != "Setup overview" || len(idx.Cards) != 3 {
		t.Errorf("generated index: %q with %d cards", idx.Title, len(idx.Cards))
	}
	if out := pageData(t, res, "/docs/next/outside"); out.Sidebar != "" {
		t.Errorf("a doc in no sidebar has sidebar %q", out.Sidebar)
	}
	if old := pageData(t, res, "/docs/intro"); old.Sidebar != "1.0-en-guide" || old.Next == nil || old.Next.Route != "/docs/old-only" {
		t.Errorf("1.0 intro: sidebar %q, next %+v", old.Sidebar, old.Next)
	}
	home := string(res.Files.Data["index.html"])
	for _, w := range []string{"Fixture Docs", "Docs of a made-up tool", `href="/docs/intro"`, "dropdown"} {
		if !strings.Contains(home, w) {
			t.Errorf("the generated landing lacks %q", w)
		}
	}
	for name, data := range res.Files.Data {
		if strings.HasSuffix(name, ".html") && (strings.Contains(string(data), "rss.xml") || strings.Contains(string(data), "atom.xml")) {
			t.Errorf("%s links a feed, but the site has no blog", name)
		}
	}
	if len(res.Problems) > 0 {
		t.Errorf("link problems: %v", res.Problems)
	}
}

// TestSidebarsFileEditRendersItsVersion: the sidebars file is a graph node that the docs of its
// version read; editing it renders those pages with the new order, and not the other version's.
func TestSidebarsFileEditRendersItsVersion(t *testing.T) {
	b, _, root := docusaurusSite(t, nil)
	file := filepath.Join(root, "website", "sidebars.js")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Outside joins the guide, after the introduction.
	edited := strings.Replace(string(src), "    'intro',\n", "    'intro',\n    'outside',\n", 1)
	if edited == string(src) {
		t.Fatal("the edit did not apply")
	}
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := b.Rebuild([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(res.RenderedRoutes, "/docs/next/outside") || !slices.Contains(res.RenderedRoutes, "/docs/next/intro") {
		t.Errorf("rendered %v", res.RenderedRoutes)
	}
	if slices.Contains(res.RenderedRoutes, "/docs/old-only") {
		t.Errorf("a page of version 1.0 rendered for an edit of the current version's sidebars: %v", res.RenderedRoutes)
	}
	if out := pageData(t, res, "/docs/next/outside"); out.Sidebar != "current-en-guide" || out.Prev == nil || out.Prev.Route != "/docs/next/intro" {
		t.Errorf("outside after the edit: sidebar %q, prev %+v", out.Sidebar, out.Prev)
	}
	if intro := pageData(t, res, "/docs/next/intro"); intro.Next == nil || intro.Next.Route != "/docs/next/outside" {
		t.Errorf("intro after the edit: next %+v", intro.Next)
	}
}

// TestSidebarOfTheWholeDocsFolder: [[sidebars]] dir = "." is the version's whole docs folder, its
// first-level folders as categories (it used to give no sidebar at all).
func TestSidebarOfTheWholeDocsFolder(t *testing.T) {
	_, res, _ := docusaurusSite(t, func(root string) {
		p := filepath.Join(root, "docsd.toml")
		raw, _ := os.ReadFile(p)
		s := strings.Replace(string(raw), "sidebars_file = \"website/sidebars.js\"\n", "", 1)
		s = strings.Replace(s, "sidebar = \"guide\"", "sidebar = \"all\"", 1)
		s = strings.Replace(s, "sidebars_file = \"website/versioned_sidebars/version-1.0-sidebars.json\"\n", "", 1)
		s += "\n[[sidebars]]\nid = \"all\"\ndir = \".\"\n"
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	var all []map[string]any
	if err := json.Unmarshal(res.Files.Data["__data/sidebars/current-en-all.json"], &all); err != nil {
		t.Fatalf("no sidebar of the whole folder: %v", err)
	}
	var labels []string
	for _, it := range all {
		labels = append(labels, it["label"].(string))
	}
	if want := []string{"Introduction", "Outside", "Reference", "Setup"}; !slices.Equal(labels, want) {
		t.Errorf("items %v, want %v", labels, want)
	}
	if d := pageData(t, res, "/docs/next/setup/more/alpha"); d.Sidebar != "current-en-all" {
		t.Errorf("a nested doc has sidebar %q", d.Sidebar)
	}
}

// TestNavbarSidebarMissingFromSidebarsFile: a navbar item that opens a sidebar the sidebars file
// does not define fails the build with a message naming both (it was a render error of the page
// "/" before, naming neither file).
func TestNavbarSidebarMissingFromSidebarsFile(t *testing.T) {
	root := docusaurusProject(t, func(root string) {
		toml, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
		if err != nil {
			t.Fatal(err)
		}
		toml = []byte(strings.Replace(string(toml), `sidebar = "guide"`, `sidebar = "gide"`, 1))
		if err := os.WriteFile(filepath.Join(root, "docsd.toml"), toml, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	b := New(Options{Root: root, SiteDir: "../../site", Production: true})
	t.Cleanup(b.Close)
	_, err := b.Build()
	want := `docsd.toml: a navbar item opens sidebar "gide", which none of website/versioned_sidebars/version-1.0-sidebars.json, website/sidebarsCommunity.js, [[docs]] "handbook" defines (they define community, guide, handbook)`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestLandingSidebarOfASidebarsFile: a landing button or card may open a sidebar that only the
// sidebars file defines, as a navbar item may (docsd.toml was refused before, and such a site did
// not build at all); one the file does not define fails the build naming both.
func TestLandingSidebarOfASidebarsFile(t *testing.T) {
	landing := func(sidebar string) func(root string) {
		return func(root string) {
			f, err := os.OpenFile(filepath.Join(root, "docsd.toml"), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := fmt.Fprintf(f, "\n[[landing.actions]]\nlabel = \"Start\"\nsidebar = %q\n", sidebar); err != nil {
				t.Fatal(err)
			}
		}
	}
	_, res, _ := docusaurusSite(t, landing("guide"))
	if !regexp.MustCompile(`"sidebarEntries":\{[^}]*"guide":`).Match(res.Files.Data["index.html"]) {
		t.Errorf("the landing button's sidebar is not in the site data the shell opens it from")
	}

	b := New(Options{Root: docusaurusProject(t, landing("gide")), SiteDir: "../../site", Production: true})
	t.Cleanup(b.Close)
	_, err := b.Build()
	want := `docsd.toml: a landing button or card opens sidebar "gide", which none of website/versioned_sidebars/version-1.0-sidebars.json, website/sidebarsCommunity.js, [[docs]] "handbook" defines (they define community, guide, handbook)`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestWatchPathsOfADocusaurusProject: the watcher watches each content folder of the project (not
// the project, whose node_modules it has no business in), docsd.toml, the shell and every
// sidebars file.
func TestWatchPathsOfADocusaurusProject(t *testing.T) {
	_, _, root := docusaurusSite(t, nil)
	var got []string
	for _, p := range WatchPaths(root, "/shell") {
		rel, err := filepath.Rel(root, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel = p
		}
		got = append(got, filepath.ToSlash(rel))
	}
	for _, w := range []string{"docs", "website/versioned_docs/version-1.0", "website/static", "website/src/pages", "website/src", "docsd.toml", "/shell",
		"website/sidebars.js", "website/versioned_sidebars/version-1.0-sidebars.json"} {
		if !slices.Contains(got, w) {
			t.Errorf("not watched: %s (watched %v)", w, got)
		}
	}
	if slices.Contains(got, ".") {
		t.Errorf("the whole project is watched: %v", got)
	}
}

// TestMDXPageOfADocusaurusProject: an MDX doc of a project read in place (content_dir = ".") is
// compiled from where it is; the bundler looked for it under content/ and every such build failed
// with "Could not resolve".
func TestMDXPageOfADocusaurusProject(t *testing.T) {
	_, res, _ := docusaurusSite(t, func(root string) {
		page := "---\ntitle: Exported\n---\n\nexport const answer = 42;\n\nThe answer is {answer}.\n"
		if err := os.WriteFile(filepath.Join(root, "docs", "exported.mdx"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	if html := string(res.Files.Data["docs/next/exported.html"]); !regexp.MustCompile(`The answer is (<!-- -->)?42`).MatchString(html) {
		t.Errorf("the MDX doc is not rendered:\n%s", html)
	}
}

// TestLinksToReactPages: a link to a React page of src/pages (help.jsx, team/index.tsx) is not a
// link problem (Docusaurus builds those pages; docsd leaves them to it), while a link to a path
// that no page has, or to a partial (_private.jsx), still is.
func TestLinksToReactPages(t *testing.T) {
	_, res, _ := docusaurusSite(t, func(root string) {
		pages := filepath.Join(root, "website", "src", "pages")
		for name, text := range map[string]string{"team/index.tsx": "export default () => null;\n", "_private.jsx": "export default () => null;\n"} {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(pages, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(pages, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		doc := "# Links out\n\n[help](/help), [help again](/help/), [team](/team), [private](/_private), [nothing](/nothing)\n"
		if err := os.WriteFile(filepath.Join(root, "docs", "links-out.md"), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	var got []string
	for _, p := range res.Problems {
		got = append(got, p.Target)
	}
	if want := []string{"/_private", "/nothing"}; !slices.Equal(got, want) {
		t.Errorf("link problems %v, want %v", got, want)
	}
}

// TestSidebarsFileNamesIndexPagesByTheirFile: Docusaurus's id of a folder's index page is its
// file's (setup/index, reference/README); a sidebars file that names it so links the page (docsd's
// own id of it, the folder's, was the only one known, and the item was a link problem).
func TestSidebarsFileNamesIndexPagesByTheirFile(t *testing.T) {
	_, res, _ := docusaurusSite(t, func(root string) {
		for name, text := range map[string]string{"docs/setup/index.md": "# Setting up\n\nThe folder's page.\n",
			"docs/reference/README.md": "# About the reference\n\nThe folder's page.\n"} {
			if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		file := filepath.Join(root, "website", "sidebars.js")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(src), "items: ['setup/install',", "items: ['setup/index', 'reference/README', 'setup/install',", 1)
		if edited == string(src) {
			t.Fatal("the edit did not apply")
		}
		if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	sb := string(res.Files.Data["__data/sidebars/current-en-guide.json"])
	for _, w := range []string{`"route":"/docs/next/setup"`, `"route":"/docs/next/reference"`} {
		if !strings.Contains(sb, w) {
			t.Errorf("the guide sidebar lacks %s: %s", w, sb)
		}
	}
	if len(res.Problems) > 0 {
		t.Errorf("link problems: %v", res.Problems)
	}
}

// TestMDXImportsAPackageOfTheSite: an MDX page imports a package from the site's own node_modules
// that imports CSS (as react-tweet does on prettier's blog). The server bundle left every package to
// Node, which cannot load CSS, and the renderer stopped; the site's packages are now bundled, and
// React stays the shell's one copy, also when the site has React in its own node_modules (redux's
// docs: "Cannot read properties of null (reading 'useState')").
func TestMDXImportsAPackageOfTheSite(t *testing.T) {
	_, res, _ := docusaurusSite(t, func(root string) {
		files := map[string]string{
			"node_modules/fake-widget/package.json": `{"name": "fake-widget", "version": "1.0.0", "main": "index.js"}`,
			"node_modules/fake-widget/index.js": "import './widget.css';\nimport { useState } from 'react';\n" +
				"export default function Widget() { const [text] = useState('widget here'); return text; }\n",
			"node_modules/fake-widget/widget.css": ".widget { color: red; }\n",
			// The site's own copy of React, as npm installs one for a package's peer: the page
			// must still get the shell's, whose hooks have the renderer.
			"node_modules/react/package.json": `{"name": "react", "version": "19.0.0", "main": "index.js"}`,
			"node_modules/react/index.js":     "exports.useState = () => { throw new Error(\"the site's second copy of React\"); };\n",
			"docs/widget.mdx":                 "---\ntitle: Widget\n---\n\nimport Widget from 'fake-widget';\n\nThe <Widget /> shows.\n",
		}
		for name, text := range files {
			write(t, root, name, text)
		}
	})
	if html := string(res.Files.Data["docs/next/widget.html"]); !strings.Contains(html, "widget here") {
		t.Errorf("the imported package's component is not rendered:\n%s", html)
	}
}

// TestMDXPackageWithABrowserField: a package's "browser" field swaps its Node files for browser
// ones (axios's HTTP adapter, which imports http, zlib and stream, for a stub), and the browser's
// bundle must read it, as webpack does for a Docusaurus site: installed in node_modules, or a
// workspace package linked there (its real path has no node_modules). The shortcut for imports
// that name a file exactly skipped esbuild's resolver, and with it the field: supertokens'
// components, which import axios, did not bundle ("Could not resolve \"http\""). The renderers
// get the Node files, as Docusaurus's server build does: the browser's may read the document as
// they load (questdb's go.md failed to render so).
func TestMDXPackageWithABrowserField(t *testing.T) {
	for _, dir := range []string{"node_modules/fake-client", "packages/fake-client"} {
		t.Run(dir, func(t *testing.T) {
			_, res, _ := docusaurusSite(t, func(root string) {
				files := map[string]string{
					dir + "/package.json": `{"name": "fake-client", "version": "1.0.0", "main": "index.js",
  "browser": {"./lib/transport.js": "./lib/transport-browser.js"}}`,
					dir + "/index.js":         "import send from './lib/transport.js';\nexport default function Client() { return send(); }\n",
					dir + "/lib/transport.js": "import http from 'http';\nexport default function send() { return 'sent by the server transport, ' + typeof http.request; }\n",
					// The browser's file reads the document as it loads: the renderers must not load it.
					dir + "/lib/transport-browser.js": "const title = document.title;\nexport default function send() { return 'sent by the browser transport' + title.slice(0, 0); }\n",
					"docs/client.mdx":                 "---\ntitle: Client\n---\n\nimport Client from 'fake-client';\n\nThe client: <Client />.\n",
				}
				for name, text := range files {
					write(t, root, name, text)
				}
				if dir != "node_modules/fake-client" {
					if err := os.MkdirAll(filepath.Join(root, "node_modules"), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Symlink(filepath.Join("..", dir), filepath.Join(root, "node_modules", "fake-client")); err != nil {
						t.Fatal(err)
					}
				}
			})
			// The renderers get the package's Node files, as Docusaurus's server build does.
			if html := string(res.Files.Data["docs/next/client.html"]); !strings.Contains(html, "The client: <!-- -->sent by the server transport, function") {
				t.Errorf("the page is not rendered with the server transport:\n%s", html)
			}
			browser := false
			for name, data := range res.Files.Data {
				if strings.HasSuffix(name, ".js") && strings.Contains(string(data), "sent by the browser transport") {
					browser = true
				}
			}
			if !browser {
				t.Error("no script of the site holds the package's browser transport")
			}
		})
	}
}

// TestGeneratedIndexURLsFollowDocusaurus: a generated index without a slug is at /category/ and the
// github-slugger slug of its label, numbered when a label repeats in the version, as Docusaurus
// names it (docsd used the labels' path, so links copied from the Docusaurus site broke).
func TestGeneratedIndexURLsFollowDocusaurus(t *testing.T) {
	_, res, _ := docusaurusSite(t, func(root string) {
		file := filepath.Join(root, "website", "sidebars.js")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(src), "More: {Deeper: ['reference/cli']}",
			"More: [{type: 'category', label: 'Going Further!', link: {type: 'generated-index'}, items: ['reference/cli']},"+
				" {type: 'category', label: 'Setup', link: {type: 'generated-index'}, items: ['intro']}]", 1)
		if edited == string(src) {
			t.Fatal("the edit did not apply")
		}
		if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	sb := string(res.Files.Data["__data/sidebars/current-en-short.json"]) + string(res.Files.Data["__data/sidebars/current-en-guide.json"])
	for _, w := range []string{`"route":"/docs/next/category/setup"`, `"route":"/docs/next/category/going-further"`, `"route":"/docs/next/category/setup-1"`} {
		if !strings.Contains(sb, w) {
			t.Errorf("the sidebars lack %s:\n%s", w, sb)
		}
	}
}

// TestSidebarsFileSyntaxErrorAtFileLineColumn: a sidebars file that does not parse is the writer's
// mistake at file:line:col (it was "sidebars.js: line 24: ..."), also in a file it requires; the
// last good build stays for docsd watch.
func TestSidebarsFileSyntaxErrorAtFileLineColumn(t *testing.T) {
	b, _, root := docusaurusSite(t, nil)
	file := filepath.Join(root, "website", "sidebars.js")
	write(t, root, "website/sidebars.js", strings.Replace(read(t, root, "website/sidebars.js"), "  short: {", "  short: {;", 1))
	_, err := b.Rebuild([]string{file})
	if want := `website/sidebars.js:23:11: sidebars of docs version "current": Expected identifier but found ";"`; err == nil || err.Error() != want || !site.IsError(err) {
		t.Errorf("error %v, want the writer's mistake %s", err, want)
	}
	write(t, root, "website/sidebars.js", strings.Replace(read(t, root, "website/sidebars.js"), "  short: {;", "  short: {", 1))
	write(t, root, "website/parts.js", "module.exports = {\n  main: 'reference/api',,\n};\n")
	write(t, root, "website/sidebars.js", strings.Replace(read(t, root, "website/sidebars.js"), "require('./sidebar-parts.json')", "require('./parts.js')", 1))
	_, err = b.Rebuild([]string{file})
	if want := `website/parts.js:2:25: sidebars of docs version "current": Expected identifier but found ","`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// TestMDXPackageBrowserFieldForms: the renderers get a package's Node files whatever form its
// "browser" field takes: a file for the package's entry ("browser": "browser.js"), or a map in the
// package's own package.json that esbuild applies to a folder with a package.json of its own
// without a name ({"type": "module"}, as dual builds ship). And the Node file a page's render
// reads is one of the page's inputs: editing it renders the page again.
func TestMDXPackageBrowserFieldForms(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"entry": {
			"packages/fake-env/package.json": `{"name": "fake-env", "version": "1.0.0", "main": "node.js", "browser": "browser.js"}`,
			"packages/fake-env/node.js":      "export default function where() { return 'rendered by the node file'; }\n",
			"packages/fake-env/browser.js":   "const title = document.title;\nexport default function where() { return 'browser' + title.slice(0, 0); }\n",
		},
		"nested": {
			"packages/fake-env/package.json":          `{"name": "fake-env", "version": "1.0.0", "main": "dist/node.js", "browser": {"./dist/node.js": "./dist/web/browser.js"}}`,
			"packages/fake-env/dist/node.js":          "export default function where() { return 'rendered by the node file'; }\n",
			"packages/fake-env/dist/web/package.json": `{"type": "module"}`,
			"packages/fake-env/dist/web/browser.js":   "const title = document.title;\nexport default function where() { return 'browser' + title.slice(0, 0); }\n",
		},
	} {
		t.Run(name, func(t *testing.T) {
			var node string
			b, res, root := docusaurusSite(t, func(root string) {
				for f, text := range files {
					write(t, root, f, text)
					if strings.HasSuffix(f, "node.js") {
						node = f
					}
				}
				write(t, root, "docs/env.mdx", "---\ntitle: Env\n---\n\nimport where from 'fake-env';\n\nThe page is {where()}.\n")
				if err := os.MkdirAll(filepath.Join(root, "node_modules"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join("..", "packages", "fake-env"), filepath.Join(root, "node_modules", "fake-env")); err != nil {
					t.Fatal(err)
				}
			})
			if html := string(res.Files.Data["docs/next/env.html"]); !strings.Contains(html, "rendered by the node file") {
				t.Errorf("the page is not rendered with the Node file:\n%.300s", html)
			}
			write(t, root, node, "export default function where() { return 'rendered by the edited node file'; }\n")
			res, err := b.Rebuild([]string{filepath.Join(root, node)})
			if err != nil {
				t.Fatal(err)
			}
			if html := string(res.Files.Data["docs/next/env.html"]); !strings.Contains(html, "rendered by the edited node file") {
				t.Errorf("the edit of the Node file did not render the page again (rendered %v)", res.RenderedRoutes)
			}
		})
	}
}
