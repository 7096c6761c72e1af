package build

// MDX pages (issue #21) on testdata/sites/mdx: what a build makes of them, the errors a writer gets
// at file:line:col, and which pages an edit to a partial or a site component renders again.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/graph"
	"docsd/pkg/site"
)

func mdxSite(t *testing.T) (string, Options) { return fixtureSite(t, "mdx") }

// fixtureSite copies testdata/sites/<name> into a temporary project built with the repository's shell.
func fixtureSite(t *testing.T, name string) (string, Options) {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, filepath.Join("../../testdata/sites", name), root)
	shell, _ := filepath.Abs("../../site")
	return root, Options{Root: root, SiteDir: shell, Production: true}
}

func TestMDXPageIsBuilt(t *testing.T) {
	_, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	route := res.Site.Routes.Get("/docs/guide/install")
	if route == nil {
		t.Fatal("the MDX page has no route")
	}
	var page site.PageData
	if err := json.Unmarshal(res.Files.Data[res.Site.DataPath(route.Path)], &page); err != nil {
		t.Fatal(err)
	}
	if page.MDX == nil || page.MDX.ID != "docs/guide/install.mdx" || page.HTML != "" {
		t.Fatalf("page data mdx = %+v, html %q: want the page's module and no HTML", page.MDX, page.HTML)
	}
	if page.Title != "Install the fixture" || page.Description == "" {
		t.Errorf("title %q, description %q", page.Title, page.Description)
	}
	if ids := headingIDs(page); !reflect.DeepEqual(ids, []string{"pick-a-platform", "shared-step", "again-per-platform"}) {
		t.Errorf("table of contents %v", ids)
	}
	chunk := strings.TrimPrefix(page.MDX.JS, "/docs/")
	if _, ok := res.Files.Data[chunk]; !ok {
		t.Errorf("the page's chunk %s is not in the build", chunk)
	}
	html := string(res.Files.Data[res.Site.HTMLPath(route.Path)])
	for _, want := range []string{
		`<h2 id="pick-a-platform" class="anchor">Pick a platform<a class="hash-link" href="#pick-a-platform" aria-label="Link to Pick a platform">#</a></h2>`,
		`role="tab"`,
		`The shared step: run <code>fixture-setup</code>`,
		`class="fixture-badge fixture-badge-success">2.1<`,
		`<div class="admonition admonition-note" role="note"><p class="admonition-title">Written as Markdown</p>`,
		`<div class="code-block language-bash"><div class="code-title">install.sh</div>`,
		`<a href="/docs/guide/intro">introduction</a>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page's HTML lacks %s", want)
		}
	}
	for _, bad := range []string{"import Tabs", "&lt;Tabs", "<Tabs", "<p>:::"} {
		if strings.Contains(html, bad) {
			t.Errorf("the page's HTML shows MDX source %q", bad)
		}
	}
	if _, ok := res.Site.Routes.Lookup("/docs/guide/_shared-note"); ok {
		t.Error("the partial became a page")
	}
	// Search indexes what the page shows: the partial's text and the hidden tabs' too.
	if docs := searchDocsText(res); !strings.Contains(docs, "The shared step: run fixture-setup once per machine.") || !strings.Contains(docs, "Windows again.") {
		t.Error("the search documents lack the MDX page's rendered text")
	}
	// A Markdown page's data names no module.
	var intro site.PageData
	if err := json.Unmarshal(res.Files.Data[res.Site.DataPath("/docs/guide/intro")], &intro); err != nil {
		t.Fatal(err)
	}
	if intro.MDX != nil || intro.HTML == "" {
		t.Errorf("a Markdown page has mdx %+v", intro.MDX)
	}
	// The link check reads the MDX page's links: its link to the Markdown page is no problem, and
	// the Markdown page's #anchor into it is found.
	if len(res.Problems) != 0 {
		t.Errorf("link problems: %v", res.Problems)
	}
}

// A .md page that uses MDX (an import) is compiled as MDX, as Docusaurus 3 does; its imports of
// the classic theme's components render.
func TestMarkdownPageWrittenInMDX(t *testing.T) {
	_, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	page := pageData(t, res, "/docs/guide/reference")
	if page.MDX == nil {
		t.Fatal("the .md page written in MDX is not compiled as MDX")
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/reference")])
	for _, want := range []string{
		`<img alt="Fixture logo" src="/docs/img/favicon.svg"`,
		`<nav class="toc-inline" aria-label="On this page">`,
		`<h2 id="options" class="anchor">Options<a class="hash-link" href="#options"`,
		`<div class="code-title">options.yml</div>`,
		`<details class="details"><summary>More about workers</summary>`,
		`<span>Loading the browser part</span>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page's HTML lacks %s", want)
		}
	}
	// react-router's Link adds its own attributes after href.
	if !regexp.MustCompile(`<a href="/docs/guide/install"[^>]*>install page</a>`).MatchString(html) {
		t.Errorf("the page's HTML lacks its <Link> to the install page")
	}
	for _, bad := range []string{"import TOCInline", "&lt;!--", "mdx-code-block", "export const"} {
		if strings.Contains(html, bad) {
			t.Errorf("the page's HTML shows MDX source %q", bad)
		}
	}
}

func headingIDs(p site.PageData) []string {
	var out []string
	for _, h := range p.TOC {
		out = append(out, h.ID)
	}
	return out
}

// built builds the site; a failed build is fatal.
func built(t *testing.T, opts Options) *Result {
	t.Helper()
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// searchDocsText is a build's search documents, all their chunks (search-docs-<time>-N.json).
func searchDocsText(res *Result) string {
	var docs strings.Builder
	for p, data := range res.Files.Data {
		if strings.HasPrefix(p, "search-docs-") {
			docs.Write(data)
		}
	}
	return docs.String()
}

// pageHTML is the HTML of route in a build; a route it has no page for is fatal.
func pageHTML(t *testing.T, res *Result, route string) string {
	t.Helper()
	html, ok := res.Files.Data[res.Site.HTMLPath(route)]
	if !ok {
		t.Fatalf("no page at %s", route)
	}
	return string(html)
}

// builtPage builds the site (a failed build is fatal) and returns the HTML of route.
func builtPage(t *testing.T, opts Options, route string) string {
	t.Helper()
	return pageHTML(t, built(t, opts), route)
}

// buildError builds the site and returns the build's error text.
func buildError(t *testing.T, opts Options) string {
	t.Helper()
	b := New(opts)
	defer b.Close()
	_, err := b.Build()
	if err == nil {
		t.Fatal("the build succeeded")
	}
	if !site.IsError(err) {
		t.Errorf("%v is not reported as the writer's mistake", err)
	}
	return err.Error()
}

func TestMDXSyntaxErrorAtFileLineColumn(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/broken.mdx", "---\ntitle: Broken\n---\n\nSome text.\n\n<Tabs\n")
	got := buildError(t, opts)
	if !strings.HasPrefix(got, "content/docs/guide/broken.mdx:8:1: MDX: Unexpected end of file") {
		t.Errorf("error %q, want it at content/docs/guide/broken.mdx:8:1", got)
	}
}

func TestMDXUnknownImportAtFileLineColumn(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/imports.mdx", "# Imports\n\nimport Nope from '@theme/Nope';\nimport Gone from './_missing.mdx';\n\n<Nope />\n")
	got := buildError(t, opts)
	for _, want := range []string{
		`content/docs/guide/imports.mdx:3:18: docsd has no "@theme/Nope"`,
		`content/docs/guide/imports.mdx:4:18: Could not resolve "./_missing.mdx"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("error %q lacks %q", got, want)
		}
	}
}

// A name a page imports that the module does not export fails the build at the name: from a
// module of docsd's (its facade listed no names, so the page built and failed as it rendered, "c is
// not a function"), the error says what docsd's gives; from the project's own component, at the
// name, with the module as the page writes it (it was 1:1, with the module's path from the shell's
// folder). A page that imports names the modules give still builds, also through quickPage.
func TestMDXImportOfAMissingNameAtFileLineColumn(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/Shout.jsx", "export default function Shout({ children }) {\n  return <strong>{children}</strong>;\n}\n")
	write(t, root, "content/docs/guide/names.mdx", "---\ntitle: Names\n---\n\nimport { useColorMode, useColourMode } from '@docusaurus/theme-common';\n"+
		"import Shout, {\n  Whisper as W,\n} from '@site/src/components/Shout';\n\nexport function Mode() {\n  return String(useColourMode() ?? useColorMode());\n}\n\n<Mode /> <W />\n")
	got := buildError(t, opts)
	for _, want := range []string{
		`content/docs/guide/names.mdx:5:24: "@docusaurus/theme-common" has no export named useColourMode; docsd's gives `,
		`content/docs/guide/names.mdx:7:3: "@site/src/components/Shout" has no export named Whisper`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("error %q lacks %q", got, want)
		}
	}
	if !strings.Contains(got, "useColorMode, ") {
		t.Errorf("error %q does not list theme-common's names", got)
	}

	// A component of the project's that asks a module of docsd's for a name it lacks: at the
	// component's line, the module named as the component writes it.
	write(t, root, "content/docs/guide/names.mdx", "---\ntitle: Names\n---\n\nimport Mode from '@site/src/components/Mode';\n\n<Mode />\n")
	write(t, root, "src/components/Mode.jsx", "// The reader's mode.\nimport { useColorModeZ } from '@docusaurus/theme-common';\n\nexport default function Mode() {\n  return <span>{String(useColorModeZ())}</span>;\n}\n")
	got = buildError(t, opts)
	if want := `src/components/Mode.jsx:2:10: "@docusaurus/theme-common" has no export named useColorModeZ`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}

	// The same in a component the site's MDXComponents gives every page (ory's).
	write(t, root, "src/components/Mode.jsx", "export default function Mode() {\n  return <span>mode</span>;\n}\n")
	write(t, root, "src/components/Docs.jsx", "import { useAllDocsData } from '@docusaurus/plugin-content-docs/client';\n\nexport default function Docs() {\n  return <span>{Object.keys(useAllDocsData()).length}</span>;\n}\n")
	write(t, root, "src/theme/MDXComponents.jsx", "import MDXComponents from '@theme-original/MDXComponents';\nimport Docs from '@site/src/components/Docs';\n\nexport default { ...MDXComponents, Docs };\n")
	got = buildError(t, opts)
	if want := `src/components/Docs.jsx:1:10: "@docusaurus/plugin-content-docs/client" has no export named useAllDocsData; docsd's gives `; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
	if err := os.Remove(filepath.Join(root, "src/theme/MDXComponents.jsx")); err != nil {
		t.Fatal(err)
	}

	// What the modules give builds: a default and named imports, renamed too.
	write(t, root, "src/components/Mode.jsx", "import { useColorMode as mode } from '@docusaurus/theme-common';\n\nexport default function Mode() {\n  return <span>{mode().colorMode}</span>;\n}\n")
	write(t, root, "content/docs/guide/names.mdx", "---\ntitle: Names\n---\n\nimport Mode from '@site/src/components/Mode';\nimport Tabs from '@theme/Tabs';\nimport { useColorMode } from '@docusaurus/theme-common';\n\nexport const M = () => useColorMode().colorMode;\n\n<Mode /> and <M />\n")
	if html := builtPage(t, opts, "/docs/guide/names"); !strings.Contains(html, "light") {
		t.Errorf("the page does not show the color mode:\n%s", html[strings.Index(html, `data-mdx-content`):][:400])
	}
}

// The import a "no matching export" error names is the one of the module that lacks the name (a
// review's cases): not an earlier default import of another module, not the same name imported
// from another module, not an import shown in a code block, `{ default as U }` too, and in a
// component, the import on esbuild's line, an `import type` left out.
func TestMDXMissingExportNamesTheImportOfTheModule(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/NoDef.jsx", "export function Named() { return <b>n</b>; }\n")
	write(t, root, "src/components/A.jsx", "export function Box() { return <b>a</b>; }\n")
	write(t, root, "src/components/B.jsx", "export function Other() { return <b>b</b>; }\n")
	for _, c := range []struct{ file, src, want string }{
		{"content/docs/guide/x.mdx", "---\ntitle: X\n---\n\nimport Tabs from '@theme/Tabs';\nimport NoDef from '@site/src/components/NoDef';\n\n<NoDef />\n",
			`content/docs/guide/x.mdx:6:8: "@site/src/components/NoDef" has no default export`},
		{"content/docs/guide/x.mdx", "---\ntitle: X\n---\n\nimport { Box } from '@site/src/components/A';\nimport { Box as B2 } from '@site/src/components/B';\n\n<Box /> <B2 />\n",
			`content/docs/guide/x.mdx:6:10: "@site/src/components/B" has no export named Box`},
		{"content/docs/guide/x.mdx", "---\ntitle: X\n---\n\n```js\nimport { useColourMode } from '@docusaurus/theme-common';\n```\n\nimport { useColourMode } from '@docusaurus/theme-common';\n\nexport const M = () => String(useColourMode());\n\n<M />\n",
			`content/docs/guide/x.mdx:9:10: "@docusaurus/theme-common" has no export named useColourMode`},
		{"content/docs/guide/x.mdx", "---\ntitle: X\n---\n\n````mdx\n```js\nimport NoDef from '@site/src/components/NoDef';\n```\n````\n\nimport NoDef from '@site/src/components/NoDef';\n\n<NoDef />\n",
			`content/docs/guide/x.mdx:11:8: "@site/src/components/NoDef" has no default export`},
		{"content/docs/guide/x.mdx", "---\ntitle: X\n---\n\nimport { default as U } from '@docusaurus/theme-common';\n\nexport const M = () => typeof U;\n\n<M />\n",
			`content/docs/guide/x.mdx:5:10: "@docusaurus/theme-common" has no default export`},
		{"src/components/W.tsx", "import type { P } from './A';\nimport React from 'react';\nimport NoDef from './NoDef';\n\nexport default function W(p: P) { return <NoDef />; }\n",
			`src/components/W.tsx:3:8: "./NoDef" has no default export`},
		// A default and a namespace in one import.
		{"content/docs/guide/x.mdx", "---\ntitle: X\n---\n\nimport Tabs, * as TabsModule from '@theme/Tabs';\nimport NoDef, * as All from '@site/src/components/NoDef';\n\n<NoDef /> <Tabs />\n",
			`content/docs/guide/x.mdx:6:8: "@site/src/components/NoDef" has no default export`},
	} {
		if strings.HasPrefix(c.file, "src/") {
			write(t, root, "content/docs/guide/x.mdx", "---\ntitle: X\n---\n\nimport W from '@site/src/components/W';\n\n<W />\n")
		}
		write(t, root, c.file, c.src)
		if got := buildError(t, opts); !strings.Contains(got, c.want) {
			t.Errorf("error %q lacks %q", got, c.want)
		}
	}
	// A component's re-export of a name its module lacks: at the re-export. (In a .tsx file
	// esbuild lets it through, as it may be a type: the page then fails when it renders.)
	write(t, root, "src/components/Re.jsx", "export { Named, Missing } from './NoDef';\n")
	write(t, root, "content/docs/guide/x.mdx", "---\ntitle: X\n---\n\nimport { Missing } from '@site/src/components/Re';\n\n<Missing />\n")
	if got, want := buildError(t, opts), `src/components/Re.jsx:1:17: "./NoDef" has no export named Missing`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}

// A component a page uses without importing it, and that docsd does not provide, is an error at
// its place (MDX would compile the page and throw when it renders, leaving the page empty), while
// a partial may use one: the page that shows it may pass it.
func TestMDXUndefinedComponentAtFileLineColumn(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/_uses.mdx", "A partial with <Passed />.\n")
	write(t, root, "content/docs/guide/undefined.mdx", "---\ntitle: Undefined\n---\n\nText with <Admonition type=\"tip\">a tip</Admonition>.\n\n  <PackageLink name=\"parser\" />\n\n<Later />\n")
	got := buildError(t, opts)
	want := "content/docs/guide/undefined.mdx:7:3: MDX: <PackageLink> is not defined"
	if !strings.HasPrefix(got, want) {
		t.Errorf("error %q, want it to start %q", got, want)
	}
	if strings.Contains(got, "Passed") || strings.Contains(got, "<Admonition> is not") {
		t.Errorf("error %q names a component of the partial or one docsd provides", got)
	}
}

// @docusaurus/useIsBrowser is false when the page renders on the server (and true once it has
// hydrated: the browser's first render must match the server's).
func TestMDXUseIsBrowser(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/where.mdx", "---\ntitle: Where\n---\n\nimport useIsBrowser from '@docusaurus/useIsBrowser';\n\nexport function Where() {\n  return useIsBrowser() ? 'in the browser' : 'on the server';\n}\n\nRendered <Where />.\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html := strings.ReplaceAll(string(res.Files.Data[res.Site.HTMLPath("/docs/guide/where")]), "<!-- -->", "")
	if !strings.Contains(html, "Rendered on the server.") {
		t.Errorf("the page's HTML does not say it rendered on the server:\n%s", html)
	}
}

// @docusaurus/useBrokenLinks is there for components written for Docusaurus's link checker; its
// calls collect nothing (docsd checks the rendered HTML's links), and the link still renders.
func TestMDXUseBrokenLinks(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/card.mdx", "---\ntitle: Card\n---\n\nimport useBrokenLinks from '@docusaurus/useBrokenLinks';\n\n"+
		"export function Card({ href }) {\n  const links = useBrokenLinks();\n  links.collectAnchor('card');\n  links.collectLink(href);\n"+
		"  return <a id=\"card\" href={href}>The card</a>;\n}\n\n<Card href=\"/docs/guide/install\" />\n")
	html := builtPage(t, opts, "/docs/guide/card")
	if !strings.Contains(html, `<a id="card" href="/docs/guide/install">The card</a>`) {
		t.Errorf("the page lacks the card's link:\n%s", html[strings.Index(html, `data-mdx-content`):][:600])
	}
}

func TestMDXImportsAreGraphEdges(t *testing.T) {
	root, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	reads := b.graph.Reads(graph.Route("/docs/guide/install"))
	for _, want := range []graph.Node{graph.File("docs/guide/_shared-note.mdx"), graph.File("@site/src/components/Badge.jsx")} {
		found := false
		for _, n := range reads {
			found = found || n == want
		}
		if !found {
			t.Errorf("the MDX page does not read %s (it reads %v)", want, reads)
		}
	}
	// An edit to the partial renders the pages that import it, and only those.
	f := "content/docs/guide/_shared-note.mdx"
	write(t, root, f, strings.Replace(read(t, root, f), "once per machine", "once per user", 1))
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.RenderedRoutes, []string{"/docs/guide/install", "/docs/guide/reference"}) {
		t.Errorf("a partial edit rendered %v, want only the two pages importing it", res.RenderedRoutes)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/install")]); !strings.Contains(html, "once per user") {
		t.Error("the page does not show the edited partial")
	}
	// An edit to a site component: the bundle is made again and the page that uses it renders.
	c := "src/components/Badge.jsx"
	write(t, root, c, strings.Replace(read(t, root, c), "fixture-badge fixture-badge-", "fixture-badge badge-", 1))
	res, err = b.Rebuild([]string{filepath.Join(root, c)})
	if err != nil {
		t.Fatal(err)
	}
	// Only MDX pages render: the page using the component, and at most the other MDX page, whose
	// chunk's bytes may change too (see below why esbuild's output is not byte-stable here).
	if len(res.RenderedRoutes) == 0 || res.RenderedRoutes[0] != "/docs/guide/install" ||
		len(res.RenderedRoutes) > 2 || len(res.RenderedRoutes) == 2 && res.RenderedRoutes[1] != "/docs/guide/reference" {
		t.Errorf("a component edit rendered %v, want the page using it (and no Markdown page)", res.RenderedRoutes)
	}
	// The old chunks are gone: the rebuilt output has as many files as a fresh build, and every
	// script in it is the shell's entry, named by a page or imported by another script. (Bytes are
	// not compared: when a chunk mixes modules of the shell, whose package.json says "type":
	// "module", with the site's, esbuild's interop flag for React in it depends on which module it
	// reached first, which differs between a rebuild and a fresh build.)
	fresh := New(opts)
	defer fresh.Close()
	want, err := fresh.Build()
	if err != nil {
		t.Fatal(err)
	}
	got := res.Files.Contents()
	if len(got) != len(want.Files.Contents()) {
		t.Errorf("the rebuild has %d files, a fresh build %d", len(got), len(want.Files.Contents()))
	}
	var refs strings.Builder
	for p, data := range got {
		if strings.HasPrefix(p, "__data/") || strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".html") {
			refs.Write(data)
		}
	}
	for p := range got {
		if strings.HasPrefix(p, "assets/") && strings.HasSuffix(p, ".js") && !strings.Contains(p, "entry-client") &&
			!strings.Contains(refs.String(), strings.TrimPrefix(p, "assets/")) {
			t.Errorf("%s is left over from an earlier build (nothing loads it)", p)
		}
	}
}

// TestNewMDXPageKeepsEveryPageOnTheShell: adding an MDX page makes the bundle again, and a
// structural edit renders only the pages whose inputs changed: every page of the build must still
// load the shell's current entry (the last bundle's files are dropped from the build).
func TestNewMDXPageKeepsEveryPageOnTheShell(t *testing.T) {
	root, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/added.mdx"
	write(t, root, f, "---\ntitle: Added\n---\n\nimport Badge from '@site/src/components/Badge';\n\nAn added page <Badge kind=\"new\" />.\n")
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	for p, data := range res.Files.Contents() {
		if strings.HasSuffix(p, ".html") && !strings.Contains(string(data), strings.TrimPrefix(b.assets.EntryJS, "/docs/")) {
			t.Errorf("%s does not load the shell's entry %s", p, b.assets.EntryJS)
		}
	}
}

// admonitionBody uses every admonition kind, both title forms, nesting and an unknown kind.
const admonitionBody = `
:::note
Plain.
:::

:::tip Old title form
Text.
:::

:::info[New title form]
Text.
:::

:::warning
:::

:::danger
:::

:::caution
:::

:::important[Important title]
:::

:::success
:::

:::secondary
:::

::::info[Outer]
:::tip[Inner]
Nested.
:::
::::

:::mystery[Kept as a note]
Text.
:::

:::Mystery
Capitalised.
:::
`

var admonitionTags = regexp.MustCompile(`<div class="admonition [^"]*" role="note"><p class="admonition-title">[^<]*</p>`)

// An MDX page renders admonitions as a Markdown page does (one table of kinds, pkg/markdown):
// every kind with its style and default title, both title forms, nesting, and an unknown kind as
// a note, with the same warning at its file and line.
func TestMDXAdmonitionsMatchMarkdown(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/calls-md.md", "---\ntitle: Calls\n---\n"+admonitionBody)
	write(t, root, "content/docs/guide/calls-mdx.mdx", "---\ntitle: Calls\nformat: mdx\n---\n"+admonitionBody)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	page := pageData(t, res, "/docs/guide/calls-mdx")
	if page.MDX == nil {
		t.Fatal("the page with format: mdx is not compiled as MDX")
	}
	md := admonitionTags.FindAllString(string(res.Files.Data[res.Site.HTMLPath("/docs/guide/calls-md")]), -1)
	mdx := admonitionTags.FindAllString(string(res.Files.Data[res.Site.HTMLPath("/docs/guide/calls-mdx")]), -1)
	if len(md) != 13 {
		t.Fatalf("the Markdown page has %d admonitions, want 13: %q", len(md), md)
	}
	if !reflect.DeepEqual(md, mdx) {
		t.Errorf("admonitions differ\nMarkdown %q\nMDX      %q", md, mdx)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/calls-mdx")]); strings.Contains(html, ":::") {
		t.Error("the MDX page shows a raw :::")
	}
	warned := map[string]bool{}
	for _, w := range res.Warnings {
		if strings.Contains(w.Msg, "unknown admonition kind") {
			warned[fmt.Sprintf("%s:%d:%d", w.File, w.Line, w.Column)] = true
		}
	}
	for _, want := range []string{"content/docs/guide/calls-md.md:41:1", "content/docs/guide/calls-mdx.mdx:42:1"} {
		if !warned[want] {
			t.Errorf("no unknown-kind warning at %s; warnings %v", want, res.Warnings)
		}
	}
}

// TestIncrementalEqualsFullMDX is TestIncrementalEqualsFull on the MDX fixture: after each edit
// (an MDX page, a partial, a site component, an MDX page added and removed, a Markdown page), the
// rebuild's files are byte for byte those of a fresh build by a new builder, bundle included.
func TestIncrementalEqualsFullMDX(t *testing.T) {
	root, opts := mdxSite(t)
	inc := New(opts)
	defer inc.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	install := "content/docs/guide/install.mdx"
	added := "content/docs/guide/added.mdx"
	steps := []editStep{
		{"MDX page body", "", func() []string {
			write(t, root, install, read(t, root, install)+"\nOne more <Badge>line</Badge>.\n")
			return []string{install}
		}},
		{"partial", "", func() []string {
			f := "content/docs/guide/_shared-note.mdx"
			write(t, root, f, read(t, root, f)+"\nAnd a second step.\n")
			return []string{f}
		}},
		{"site component", "", func() []string {
			f := "src/components/Badge.jsx"
			write(t, root, f, strings.Replace(read(t, root, f), "fixture-badge ", "fixture-badge badge ", 1))
			return []string{f}
		}},
		{"MDX page added", "", func() []string {
			write(t, root, added, "---\ntitle: Added\n---\n\nimport Badge from '@site/src/components/Badge';\n\nNew <Badge>page</Badge>.\n")
			return []string{added}
		}},
		{"Markdown page", "", func() []string {
			f := "content/docs/guide/intro.md"
			write(t, root, f, read(t, root, f)+"\nA new paragraph.\n")
			return []string{f}
		}},
		{"MDX page removed", "", func() []string {
			if err := os.Remove(filepath.Join(root, added)); err != nil {
				t.Fatal(err)
			}
			return []string{added}
		}},
		// The shell's registry of shared modules grows, then shrinks back (pkg/bundle/mdxpages.go).
		{"MDX page uses a theme component no page used", "", func() []string {
			write(t, root, install, strings.Replace(read(t, root, install), "\nimport Tabs", "\nimport DocCardList from '@theme/DocCardList';\nimport Tabs", 1)+"\n<DocCardList />\n")
			return []string{install}
		}},
		{"MDX page stops using it", "", func() []string {
			src := strings.Replace(read(t, root, install), "import DocCardList from '@theme/DocCardList';\n", "", 1)
			write(t, root, install, strings.Replace(src, "\n<DocCardList />\n", "\n", 1))
			return []string{install}
		}},
	}
	rebuildsEqualFresh(t, inc, opts, "", steps)
}

// A <CodeBlock> whose code is written out is highlighted as a fence is (docsd's highlighter);
// one whose code is computed when the page renders is shown as it is.
func TestMDXCodeBlockIsHighlighted(t *testing.T) {
	root, opts := mdxSite(t)
	// No indented lines: MDX takes up to two spaces off each line of an expression.
	code := "name: test\nimage: golang:1.22\nsteps: 3"
	write(t, root, "content/docs/guide/fence.md", "---\ntitle: Fence\n---\n\n```yaml title=\"ci.yml\"\n"+code+"\n```\n")
	write(t, root, "content/docs/guide/codeblock.mdx", "---\ntitle: CodeBlock\n---\n\nimport CodeBlock from '@theme/CodeBlock';\n"+
		"export const computed = ['a', 'b'].join('\\n');\n\n<CodeBlock language=\"yaml\" title=\"ci.yml\">{`"+code+"\n`}</CodeBlock>\n\n"+
		"<CodeBlock language=\"yaml\">{computed}</CodeBlock>\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	block := func(route string) string {
		html := string(res.Files.Data[res.Site.HTMLPath(route)])
		i := strings.Index(html, `<div class="code-block language-yaml">`)
		if i < 0 {
			t.Fatalf("%s has no yaml code block", route)
		}
		return html[i : i+strings.Index(html[i:], "</pre>")]
	}
	want, got := block("/docs/guide/fence"), block("/docs/guide/codeblock")
	if !strings.Contains(want, `<span class=`) {
		t.Fatalf("the fence is not highlighted: %s", want)
	}
	if got != want {
		t.Errorf("the CodeBlock is not the fence\ngot  %s\nwant %s", got, want)
	}
	// Code known only when the page renders: in lines as the highlighter's, with the fence's Copy.
	computed := `<pre class="chroma" tabindex="0"><code><span class="line">a
</span><span class="line">b
</span></code></pre><button type="button" class="copy-button" aria-label="Copy code to clipboard">Copy</button>`
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/codeblock")]); !strings.Contains(html, computed) {
		t.Errorf("the computed CodeBlock is not shown as written, with a Copy button:\n%s", html[strings.LastIndex(html, `<div class="code-block`):])
	}
}

// The link check covers an MDX page's <Link to>, as it does its Markdown links and <a href>.
func TestMDXLinkToIsChecked(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/links.mdx", "---\ntitle: Links\n---\n\nimport Link from '@docusaurus/Link';\n\n"+
		"A <Link to=\"/guide/install\">good link</Link>.\n\nA <Link className=\"x\" to=\"/guide/nowhere\">broken link</Link>.\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, p := range res.Problems {
		if p.File == "content/docs/guide/links.mdx" {
			found = append(found, fmt.Sprintf("%d %s", p.Line, p.Target))
		}
	}
	if !reflect.DeepEqual(found, []string{"9 /guide/nowhere"}) {
		t.Errorf("link problems of links.mdx: %q, want the broken <Link> at line 9; all: %v", found, res.Problems)
	}
}

// TestMDXPageEditBuildsThatPageOnly: an edit to an MDX page builds that page's modules only, renders
// its route only, and the renderers keep running (they receive the page's new module); an edit to
// a partial builds the pages importing it. A page that starts to use a theme component no page
// used before makes the shell's bundles again (their registry gains the module) and restarts the
// renderers: the counters below are what the dev server's edit → DOM time rests on (issue #21).
func TestMDXPageEditBuildsThatPageOnly(t *testing.T) {
	root, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if got := b.assets.Built; !reflect.DeepEqual(got, []string{"docs/guide/install.mdx", "docs/guide/reference.md"}) || !b.assets.MainBuilt {
		t.Fatalf("a full build built %v (shell: %v), want every MDX page and the shell", got, b.assets.MainBuilt)
	}
	starts := b.rendererStarts
	check := func(desc string, res *Result, built, rendered []string, mainBuilt bool, restarts int) {
		t.Helper()
		if !reflect.DeepEqual(b.assets.Built, built) {
			t.Errorf("%s built the MDX pages %v, want %v", desc, b.assets.Built, built)
		}
		if b.assets.MainBuilt != mainBuilt {
			t.Errorf("%s: shell bundles made again = %v, want %v", desc, b.assets.MainBuilt, mainBuilt)
		}
		if !reflect.DeepEqual(res.RenderedRoutes, rendered) {
			t.Errorf("%s rendered %v, want %v", desc, res.RenderedRoutes, rendered)
		}
		if b.rendererStarts != starts+restarts {
			t.Errorf("%s started %d renderer pools, want %d", desc, b.rendererStarts-starts, restarts)
		}
		starts = b.rendererStarts
	}

	install := "content/docs/guide/install.mdx"
	write(t, root, install, strings.Replace(read(t, root, install), "is the current one.", "is the newest one.", 1))
	res, err := b.Rebuild([]string{install})
	if err != nil {
		t.Fatal(err)
	}
	check("a page edit", res, []string{"docs/guide/install.mdx"}, []string{"/docs/guide/install"}, false, 0)
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/install")]); !strings.Contains(html, "is the newest one.") {
		t.Error("the running renderer did not render the page's new module")
	}

	partial := "content/docs/guide/_shared-note.mdx"
	write(t, root, partial, strings.Replace(read(t, root, partial), "once per machine", "once per user", 1))
	if res, err = b.Rebuild([]string{partial}); err != nil {
		t.Fatal(err)
	}
	check("a partial edit", res, []string{"docs/guide/install.mdx", "docs/guide/reference.md"},
		[]string{"/docs/guide/install", "/docs/guide/reference"}, false, 0)

	write(t, root, install, strings.Replace(read(t, root, install), "\nimport Tabs", "\nimport DocCardList from '@theme/DocCardList';\nimport Tabs", 1)+"\n<DocCardList />\n")
	if res, err = b.Rebuild([]string{install}); err != nil {
		t.Fatal(err)
	}
	// The MDX pages load the new registry; had the shell's entry changed with it, every page
	// would render, to link the new entry, and open pages would be told.
	rendered := []string{"/docs/guide/install", "/docs/guide/reference"}
	if res.ShellChanged {
		rendered = append([]string(nil), res.Site.Order...)
		for _, r := range res.Site.NotFound {
			rendered = append(rendered, r.Path)
		}
		sort.Strings(rendered)
	}
	check("a page using a new theme component", res, []string{"docs/guide/install.mdx"}, rendered, true, 1)
}

// TestMDXPartialHeadingsInTOC: the headings of a partial a page shows (and of the partials it
// shows in turn) are in the page's table of contents where the page shows it, with the ids the
// rendered headings have; an edit to the partial's headings updates the pages that show it.
func TestMDXPartialHeadingsInTOC(t *testing.T) {
	root, opts := mdxSite(t)
	note := "content/docs/guide/_shared-note.mdx"
	write(t, root, note, "import Nested from './_parts/_nested.md';\n\n## From the partial\n\n"+read(t, root, note)+
		"\n### Deeper in the partial\n\n<Nested />\n")
	write(t, root, "content/docs/guide/_parts/_nested.md", "## From the nested partial\n\nText.\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	toc := func(route string) []string {
		var page site.PageData
		if err := json.Unmarshal(res.Files.Data[res.Site.DataPath(route)], &page); err != nil {
			t.Fatal(err)
		}
		return headingIDs(page)
	}
	want := []string{"pick-a-platform", "shared-step", "from-the-partial", "deeper-in-the-partial", "from-the-nested-partial", "again-per-platform"}
	if got := toc("/docs/guide/install"); !reflect.DeepEqual(got, want) {
		t.Errorf("table of contents %v, want %v", got, want)
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/install")])
	for _, id := range want {
		if !strings.Contains(html, `id="`+id+`"`) {
			t.Errorf("the page has no heading with id %q", id)
		}
	}
	write(t, root, note, strings.Replace(read(t, root, note), "## From the partial", "## Renamed in the partial", 1))
	if res, err = b.Rebuild([]string{note}); err != nil {
		t.Fatal(err)
	}
	want[2] = "renamed-in-the-partial"
	if got := toc("/docs/guide/install"); !reflect.DeepEqual(got, want) {
		t.Errorf("after the partial's edit: table of contents %v, want %v", got, want)
	}
}

// TestMDXPostExcerptOnBlogList: the blog's list shows an MDX post's excerpt (what comes before
// `{/* truncate */}` or `<!-- truncate -->`), rendered with its components, as it shows a Markdown
// post's; a post without the marker is shown whole; an edit to the excerpt reaches the list.
func TestMDXPostExcerptOnBlogList(t *testing.T) {
	root, opts := mdxSite(t)
	cut := "content/blog/2025-01-02-cut.mdx"
	write(t, root, cut, "---\ntitle: Cut post\n---\n\nimport Badge from '@site/src/components/Badge';\n\n"+
		"<Head><meta name=\"keywords\" content=\"cut\" /></Head>\n\nBefore the cut, with a <Badge tone=\"success\">badge</Badge>.\n\n{/* truncate */}\n\nAfter the cut.\n")
	write(t, root, "content/blog/2025-01-01-old.mdx", "---\ntitle: Old-style cut\n---\n\nimport Badge from '@site/src/components/Badge';\n\n"+
		"Old intro <Badge>x</Badge>.\n\n<!-- truncate -->\n\nOld rest.\n")
	write(t, root, "content/blog/2024-12-31-whole.mdx", "---\ntitle: Whole post\n---\n\nimport Badge from '@site/src/components/Badge';\n\n"+
		"All of it <Badge>y</Badge>.\n\nThe end of it.\n")
	// An excerpt's components have the site's data, as the post's page gives them (useBaseUrl's
	// absolute URL names the site's url).
	write(t, root, "src/components/Abs.jsx", "import useBaseUrl from '@docusaurus/useBaseUrl';\n\n"+
		"export default function Abs() {\n  return <a href={useBaseUrl('img/a.png', {absolute: true})}>abs</a>;\n}\n")
	write(t, root, "content/blog/2024-12-30-abs.mdx", "---\ntitle: Absolute post\n---\n\nimport Abs from '@site/src/components/Abs';\n\n"+
		"See <Abs />.\n\n{/* truncate */}\n\nRest.\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	posts := func() map[string]site.PostSummary {
		var page site.PageData
		if err := json.Unmarshal(res.Files.Data[res.Site.DataPath("/docs/blog")], &page); err != nil {
			t.Fatal(err)
		}
		out := map[string]site.PostSummary{}
		for _, p := range page.Posts {
			out[p.Title] = p
		}
		return out
	}
	got := posts()
	for _, c := range []struct {
		title, has, hasNot string
		truncated          bool
	}{
		{"Cut post", `Before the cut, with a <span class="fixture-badge fixture-badge-success">badge</span>.`, "After the cut", true},
		{"Old-style cut", "Old intro", "Old rest", true},
		{"Whole post", "The end of it.", "truncate", false},
		{"Absolute post", `href="https://example.test/docs/img/a.png"`, "Rest.", true},
	} {
		p := got[c.title]
		if !strings.Contains(p.Excerpt, c.has) || strings.Contains(p.Excerpt, c.hasNot) || p.Truncated != c.truncated {
			t.Errorf("%s: excerpt %q (truncated %v), want it to hold %q and not %q (truncated %v)", c.title, p.Excerpt, p.Truncated, c.has, c.hasNot, c.truncated)
		}
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/blog/cut")]); !strings.Contains(html, "After the cut.") {
		t.Error("the post's page does not show all of it")
	} else if head := html[:strings.Index(html, "</head>")]; !strings.Contains(head, `<meta name="keywords" content="cut"/>`) {
		t.Error("the post's <Head> is not in its page's head")
	}
	// The post's <Head> sets its own page's head, not the list's (nor the feeds', which show the
	// same excerpt).
	if p := got["Cut post"]; strings.Contains(p.Excerpt, "<meta") {
		t.Errorf("the list's excerpt holds the post's head elements: %q", p.Excerpt)
	}
	write(t, root, cut, strings.Replace(read(t, root, cut), "Before the cut", "Edited before the cut", 1))
	if res, err = b.Rebuild([]string{cut}); err != nil {
		t.Fatal(err)
	}
	if p := posts()["Cut post"]; !strings.Contains(p.Excerpt, "Edited before the cut") {
		t.Errorf("after an edit, the list shows %q", p.Excerpt)
	}
}

// TestMDXEditErrorsAtFileLineColumn: an edit that breaks an MDX page, or makes it import what does
// not exist, fails the rebuild at file:line:col with the last good build kept; the fix builds.
func TestMDXEditErrorsAtFileLineColumn(t *testing.T) {
	root, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	install := "content/docs/guide/install.mdx"
	good := read(t, root, install)
	for _, c := range []struct{ src, want string }{
		// The end of the file, after the unclosed tag, is where MDX reports it.
		{good + "\n<Tabs\n", fmt.Sprintf("content/docs/guide/install.mdx:%d:1: MDX: Unexpected end of file", strings.Count(good, "\n")+3)},
		{strings.Replace(good, "import Admonition from '@theme/Admonition';", "import Admonition from '@theme/Nope';", 1),
			`content/docs/guide/install.mdx:8:24: docsd has no "@theme/Nope"`},
	} {
		write(t, root, install, c.src)
		_, err := b.Rebuild([]string{install})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("rebuild error %v, want %q", err, c.want)
		}
	}
	write(t, root, install, strings.Replace(good, "is the current one.", "is fixed.", 1))
	res, err := b.Rebuild([]string{install})
	if err != nil {
		t.Fatal(err)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/install")]); !strings.Contains(html, "is fixed.") {
		t.Error("the fixed page is not rendered")
	}
}

// quickPageSource is an MDX page that imports only the shell's modules, in every import form: it
// is built without the bundler (pkg/bundle/mdxquick.go).
const quickPageSource = "---\ntitle: Quick\n---\n\nimport Tabs, * as TabsModule from '@theme/Tabs';\nimport {default as TabItem} from '@theme/TabItem';\n" +
	"import Admonition from '@theme/Admonition';\n\n## Quick heading\n\n<Tabs groupId=\"os\">\n  <TabItem value=\"a\" label=\"First\" default>First panel.</TabItem>\n" +
	"  <TabItem value=\"b\" label=\"Second\">Second panel, {typeof TabsModule.default}.</TabItem>\n</Tabs>\n\n<Admonition type=\"tip\">A tip.</Admonition>\n"

// TestMDXQuickPage: a page that imports only theme components is built without the bundler, its
// imports read from the shell's registry; it renders as a bundled page does, and an edit to it
// gives the bytes of a fresh build.
func TestMDXQuickPage(t *testing.T) {
	root, opts := mdxSite(t)
	quick := "content/docs/guide/quick.mdx"
	write(t, root, quick, quickPageSource)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	chunk := string(res.Files.Data[strings.TrimPrefix(b.assets.MDX["docs/guide/quick.mdx"].JS, "/docs/")])
	if !strings.Contains(chunk, `__docsdMdxShared("site:src/mdx/theme/Tabs.jsx")`) || strings.Contains(chunk, "__commonJS") {
		t.Errorf("the page was bundled, not built from its module:\n%s", chunk)
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/quick")])
	for _, want := range []string{`role="tab"`, "First panel.", "Second panel, <!-- -->function", `<h2 id="quick-heading" class="anchor">`, "admonition-tip"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page's HTML lacks %s", want)
		}
	}
	write(t, root, quick, strings.Replace(quickPageSource, "A tip.", "An edited tip.", 1))
	got, err := b.Rebuild([]string{quick})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b.assets.Built, []string{"docs/guide/quick.mdx"}) {
		t.Errorf("the edit built %v", b.assets.Built)
	}
	ref := New(opts)
	defer ref.Close()
	want, err := ref.Build()
	if err != nil {
		t.Fatal(err)
	}
	compareFiles(t, "after an edit of the quick page", got, want)
}

// A title written with inline Markdown keeps its markup on an MDX page compiled by the MDX
// compiler (the admonition holds JSX, so no Markdown run renders it), as on a Markdown page.
func TestMDXAdmonitionTitleKeepsItsMarkup(t *testing.T) {
	root, opts := mdxSite(t)
	title := ":::tip[Run `vela login` *first*, see [the guide](/docs/guide/install)]\n"
	write(t, root, "content/docs/guide/title-md.md", "---\ntitle: Titles\n---\n\n"+title+"Plain text.\n:::\n")
	write(t, root, "content/docs/guide/title-mdx.mdx", "---\ntitle: Titles\n---\n\n"+title+"With <abbr title=\"command-line interface\">CLI</abbr> markup.\n:::\n\n:::note[Only text]\nA plain title.\n:::\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	page := pageData(t, res, "/docs/guide/title-mdx")
	if page.MDX == nil {
		t.Fatal("the page with JSX is not compiled as MDX")
	}
	titleTag := regexp.MustCompile(`<p class="admonition-title">.*?</p>`)
	md := titleTag.FindString(string(res.Files.Data[res.Site.HTMLPath("/docs/guide/title-md")]))
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/title-mdx")])
	mdx := titleTag.FindAllString(html, -1)
	want := `<p class="admonition-title">Run <code>vela login</code> <em>first</em>, see <a href="/docs/guide/install">the guide</a></p>`
	if md != want {
		t.Fatalf("the Markdown page's title is %s, want %s", md, want)
	}
	if len(mdx) != 2 || mdx[0] != md || mdx[1] != `<p class="admonition-title">Only text</p>` {
		t.Errorf("the MDX page's titles are %q, want %q and the plain one", mdx, md)
	}
	if !strings.Contains(html, "<abbr") {
		t.Error("the admonition's JSX is not rendered")
	}
}

// An MDX page's Markdown headings have the anchor class and "#" link a Markdown page's have, with
// the same label: at the page's top (a run, or the page compiled whole), inside a block quote
// (which a run would otherwise give React as HTML) and inside a JSX element.
func TestMDXHeadingsHaveMarkdownsAnchors(t *testing.T) {
	root, opts := mdxSite(t)
	body := "## Use `vela` *now*\n\nText.\n\n> ### Quoted heading\n>\n> Quoted text.\n\n## Custom one {#custom-id}\n\nMore.\n"
	write(t, root, "content/docs/guide/heads-md.md", "---\ntitle: Heads\n---\n\n"+body)
	write(t, root, "content/docs/guide/heads-mdx.mdx", "---\ntitle: Heads\n---\n\n"+body+"\n<div className=\"box\">\n\n## Inside a box\n\n</div>\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if page := pageData(t, res, "/docs/guide/heads-mdx"); page.MDX == nil {
		t.Fatal("the page with JSX is not compiled as MDX")
	}
	headingTag := regexp.MustCompile(`<h[2-6][ >].*?</h[2-6]>`)
	md := headingTag.FindAllString(string(res.Files.Data[res.Site.HTMLPath("/docs/guide/heads-md")]), -1)
	mdx := headingTag.FindAllString(string(res.Files.Data[res.Site.HTMLPath("/docs/guide/heads-mdx")]), -1)
	want := []string{
		`<h2 id="use-vela-now" class="anchor">Use <code>vela</code> <em>now</em><a class="hash-link" href="#use-vela-now" aria-label="Link to Use vela now">#</a></h2>`,
		`<h3 id="quoted-heading" class="anchor">Quoted heading<a class="hash-link" href="#quoted-heading" aria-label="Link to Quoted heading">#</a></h3>`,
		`<h2 id="custom-id" class="anchor">Custom one<a class="hash-link" href="#custom-id" aria-label="Link to Custom one">#</a></h2>`,
	}
	if !reflect.DeepEqual(md, want) {
		t.Fatalf("the Markdown page's headings are\n%q\nwant\n%q", md, want)
	}
	inBox := `<h2 id="inside-a-box" class="anchor">Inside a box<a class="hash-link" href="#inside-a-box" aria-label="Link to Inside a box">#</a></h2>`
	if !reflect.DeepEqual(mdx, append(want, inBox)) {
		t.Errorf("the MDX page's headings are\n%q\nwant the Markdown page's and\n%q", mdx, inBox)
	}
}
