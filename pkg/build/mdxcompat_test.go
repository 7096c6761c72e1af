package build

// What real Docusaurus sites' MDX pages do that docsd once got wrong (session 14's census).

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"docsd/pkg/graph"
)

// A .md partial an MDX page imports is compiled by its own format, as Docusaurus compiles each
// imported file: under markdown.format "detect" (and, with docsd's default, when it uses no MDX
// syntax) it is CommonMark, where `<= 5` and `{id}` are text that MDX would fail on.
func TestMDXPageShowsACommonMarkPartial(t *testing.T) {
	root, opts := mdxSite(t)
	toml, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, "docsd.toml", strings.Replace(string(toml), "[navbar]", "[markdown]\nformat = \"detect\"\n\n[navbar]", 1))
	write(t, root, "content/docs/guide/_messages.md", "# Messages\n\n## length must be <= 5, but got {n} (4000017)\n\nSee [the intro](./intro.md).\n")
	write(t, root, "content/docs/guide/shows.mdx", "---\ntitle: Shows\n---\n\nimport Messages from './_messages.md';\n\nBefore.\n\n<Messages />\n\nAfter.\n")
	html := builtPage(t, opts, "/docs/guide/shows")
	for _, want := range []string{
		`<h1 id="messages"`, // a partial's first heading is shown, not taken as a title
		`length must be &lt;= 5, but got {n} (4000017)`,
		`id="length-must-be--5-but-got-n-4000017"`,
		`href="/docs/guide/intro"`, // its links resolve as a page's
		`Before.`, `After.`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// A site component that imports a package the project has not installed fails at the component's
// file:line:col, named from the project (it was named from the shell's folder:
// ../../../tmp/…/src/components/Chart.jsx).
func TestMDXComponentImportErrorAtItsFile(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/Chart.jsx", "// A chart.\nimport draw from 'chart-package-not-installed';\n\nexport default function Chart() {\n  return <div>{draw()}</div>;\n}\n")
	write(t, root, "content/docs/guide/chart.mdx", "---\ntitle: Chart\n---\n\nimport Chart from '@site/src/components/Chart';\n\n<Chart />\n")
	got := buildError(t, opts)
	if want := `src/components/Chart.jsx:2:18: Could not resolve "chart-package-not-installed"`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}

// `import code from '!!raw-loader!./example.ts'` (webpack's loader, which Docusaurus sites use to
// show a file in a <CodeBlock>) gives the file's text, relative, without its extension or under
// @site/, and so does a `?raw` query (`'!!./types.ts?raw'`, a site's own webpack rule); the page
// reads the file (an edit builds it again); a file that is not there is an error at the import.
func TestMDXRawLoaderImport(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "code-examples/hello.ts", "export const greeting: string = 'hello from a file';\n")
	write(t, root, "content/docs/guide/examples/server.js", "console.log('served <from> a file');\n")
	write(t, root, "content/docs/guide/types.ts", "export interface Queried { text: 'by a query' }\n")
	write(t, root, "content/docs/guide/raw.mdx", "---\ntitle: Raw\n---\n\n"+
		"import CodeBlock from '@theme/CodeBlock';\nimport hello from '!!raw-loader!@site/code-examples/hello.ts';\nimport server from 'raw-loader!./examples/server';\n"+
		"import types from '!!./types.ts?raw';\nimport again from './types.ts?raw';\n\n"+
		"<CodeBlock language=\"ts\">{hello}</CodeBlock>\n\n<CodeBlock language=\"js\">{server}</CodeBlock>\n\n"+
		"<CodeBlock language=\"ts\">{types}</CodeBlock>\n\n<CodeBlock language=\"ts\">{again.length}</CodeBlock>\n")
	b := New(opts) // its graph is read below
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html := pageHTML(t, res, "/docs/guide/raw")
	for _, want := range []string{`hello from a file`, `served &lt;from&gt; a file`, `by a query`, `>48<`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	found := false
	for _, n := range b.graph.Reads(graph.Route("/docs/guide/raw")) {
		found = found || strings.HasSuffix(n.Key, "code-examples/hello.ts")
	}
	if !found {
		t.Errorf("the page does not read the file it imports as text: %v", b.graph.Reads(graph.Route("/docs/guide/raw")))
	}
	write(t, root, "content/docs/guide/raw.mdx", "# Raw\n\nimport gone from '!!raw-loader!./gone.ts';\n\n{gone}\n")
	if got := buildError(t, opts); !strings.Contains(got, `content/docs/guide/raw.mdx:3:18: "!!raw-loader!./gone.ts" names no file of the project`) {
		t.Errorf("a missing file: %q", got)
	}
}

// The classic theme's <Heading as id> has docsd's heading anchor; @docusaurus/Translate shows the
// default locale's text, with translate()'s {placeholders} filled.
func TestMDXHeadingAndTranslate(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/translated.mdx", "---\ntitle: Translated\n---\n\n"+
		"import Heading from '@theme/Heading';\nimport Translate, {translate} from '@docusaurus/Translate';\n\n"+
		"<Heading as=\"h3\" id=\"made-by-hand\">Made by hand</Heading>\n\n"+
		"<p><Translate id=\"home.welcome\" description=\"a greeting\">Welcome in</Translate> {translate({message: 'the {place}', id: 'home.place'}, {place: 'docs'})}</p>\n")
	html := strings.ReplaceAll(builtPage(t, opts, "/docs/guide/translated"), "<!-- -->", "")
	for _, want := range []string{
		`<h3 id="made-by-hand" class="anchor">Made by hand<a class="hash-link" href="#made-by-hand" aria-label="Link to Made by hand">#</a></h3>`,
		`<p>Welcome in the docs</p>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// <Translate values> may hold elements, as Docusaurus's Interpolate allows ("Edit {link}" with a
// <Link> for link): they show as elements, not "[object Object]"; a value that is undefined leaves
// its {placeholder} as written.
func TestMDXTranslateValuesMayBeElements(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/interpolated.mdx", "---\ntitle: Interpolated\n---\n\n"+
		"import Translate from '@docusaurus/Translate';\n\n"+
		"<p><Translate id=\"home.edit\" values={{link: <a href=\"/docs/guide/intro\">the intro</a>, n: 3, gone: undefined}}>{'Read {link} ({n} minutes, {gone}).'}</Translate></p>\n")
	html := strings.ReplaceAll(builtPage(t, opts, "/docs/guide/interpolated"), "<!-- -->", "")
	if want := `<p>Read <a href="/docs/guide/intro">the intro</a> (3 minutes, {gone}).</p>`; !strings.Contains(html, want) {
		i := strings.Index(html, "<p>Read")
		t.Errorf("the page lacks %s; it has %.200s", want, html[max(i, 0):])
	}
}

// An MDX page's import of a video, a photo or a download gives its URL in the site's assets, as
// webpack's file loader does for Docusaurus.
func TestMDXImportsMediaAsURLs(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/_static/cast.webm", "not really a video")
	write(t, root, "content/docs/guide/_static/photo.jpg", "not really a photo")
	write(t, root, "content/docs/guide/media.mdx", "---\ntitle: Media\n---\n\n"+
		"import cast from './_static/cast.webm';\nimport photo from './_static/photo.jpg';\n\n"+
		"<video controls src={cast} />\n\n<img src={photo} alt=\"A photo\" />\n")
	res := built(t, opts)
	html := pageHTML(t, res, "/docs/guide/media")
	for _, re := range []string{`<video controls="" src="/docs/assets/(cast-[A-Z0-9]+\.webm)"`, `<img src="/docs/assets/(photo-[A-Z0-9]+\.jpg)" alt="A photo"`} {
		m := regexp.MustCompile(re).FindStringSubmatch(html)
		if m == nil {
			t.Errorf("the page lacks %s", re)
			continue
		}
		if _, _, ok := res.Files.Get("assets/" + m[1]); !ok {
			t.Errorf("assets/%s is not in the output", m[1])
		}
	}
}

// require() of a video, a photo or a download in an MDX page's JSX gives its URL, and `.default`
// too, as webpack does for Docusaurus (capacitor's pages: require('@site/static/video/….mp4').default).
func TestMDXRequiresMediaAsURLs(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "static/video/cast.mp4", "not really a video")
	write(t, root, "content/docs/guide/_static/photo.jpg", "not really a photo")
	write(t, root, "content/docs/guide/media.mdx", "---\ntitle: Media\n---\n\n"+
		"<video controls src={require('@site/static/video/cast.mp4').default} />\n\n"+
		"<img src={require('./_static/photo.jpg').default} alt=\"A photo\" />\n\n"+
		"<img src={require('./_static/photo.jpg')} alt=\"Plain\" />\n")
	// A .md page whose only MDX is such a tag over the lines of a block quote is MDX too.
	write(t, root, "content/docs/guide/quoted.md", "---\ntitle: Quoted\n---\n\n> A photo:\n>\n> <img\n>   alt=\"Quoted\"\n>   src={require('./_static/photo.jpg').default}\n> />\n")
	res := built(t, opts)
	html := pageHTML(t, res, "/docs/guide/media")
	quoted := pageHTML(t, res, "/docs/guide/quoted")
	for _, c := range []struct{ html, re string }{{html, `<video controls="" src="/docs/assets/(cast-[A-Z0-9]+\.mp4)"`},
		{html, `<img src="/docs/assets/(photo-[A-Z0-9]+\.jpg)" alt="A photo"`}, {html, `<img src="/docs/assets/(photo-[A-Z0-9]+\.jpg)" alt="Plain"`},
		{quoted, `<blockquote>\s*<p>A photo:</p>\s*<img alt="Quoted" src="/docs/assets/(photo-[A-Z0-9]+\.jpg)"/>`}} {
		m := regexp.MustCompile(c.re).FindStringSubmatch(c.html)
		if m == nil {
			t.Errorf("the page lacks %s:\n%s", c.re, c.html)
			continue
		}
		if _, _, ok := res.Files.Get("assets/" + m[1]); !ok {
			t.Errorf("assets/%s is not in the output", m[1])
		}
	}
}

// useDocusaurusContext() gives the site's config (docsd.toml's title, tagline, url, base path and
// [docusaurus.custom_fields]), by either name sites import it; a package of the project's own
// monorepo (package.json `workspaces`, not installed) is found by its name, as typescript-eslint's
// site imports `@typescript-eslint/parser/package.json`, and one linked into node_modules is read
// through the link.
func TestMDXDocusaurusContextAndWorkspacePackages(t *testing.T) {
	root, opts := mdxSite(t)
	toml, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, "docsd.toml", string(toml)+
		"\n[docusaurus.custom_fields]\nrules = [\"no-shadow\", \"no-undef\"]\n\n[docusaurus.custom_fields.links]\nretries = 3\n")
	write(t, root, "package.json", `{"private": true, "workspaces": {"packages": ["packages/*", "!packages/skipped"]}}`)
	write(t, root, "packages/parser/package.json", `{"name": "@fixture/parser", "version": "8.1.2"}`)
	write(t, root, "packages/skipped/package.json", `{"name": "@fixture/skipped", "version": "0.0.1"}`)
	// A package manager's link into the repository (outside the workspace patterns here) is a
	// package inside the project.
	write(t, root, "tools/linked/package.json", `{"name": "@fixture/linked", "main": "main.js"}`)
	write(t, root, "tools/linked/main.js", "module.exports = { linked: 'through node_modules' };\n")
	if err := os.MkdirAll(filepath.Join(root, "node_modules", "@fixture"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "..", "tools", "linked"), filepath.Join(root, "node_modules", "@fixture", "linked")); err != nil {
		t.Fatal(err)
	}
	write(t, root, "src/components/SiteFacts.jsx", "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';\n"+
		"import { linked } from '@fixture/linked';\n"+
		"import coreHook from '@docusaurus/core/lib/client/exports/useDocusaurusContext';\n"+
		"import parser from '@fixture/parser/package.json';\n\n"+
		"export default function SiteFacts() {\n"+
		"  const { siteConfig, i18n } = useDocusaurusContext();\n"+
		"  const same = coreHook().siteConfig === siteConfig;\n"+
		"  return (<ul>\n"+
		"    <li>title: {siteConfig.title} / {siteConfig.tagline} / {siteConfig.baseUrl} / {i18n.currentLocale}</li>\n"+
		"    <li>rules: {siteConfig.customFields.rules.join(',')}; retries: {siteConfig.customFields.links.retries}; same: {String(same)}</li>\n"+
		"    <li>parser: {parser.version}; linked: {linked}</li>\n"+
		"  </ul>);\n}\n")
	write(t, root, "content/docs/guide/facts.mdx", "---\ntitle: Facts\n---\n\nimport SiteFacts from '@site/src/components/SiteFacts';\n\n<SiteFacts />\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html := pageHTML(t, res, "/docs/guide/facts")
	for _, want := range []string{"title: <!-- -->MDX fixture<!-- --> / <!-- -->Pages written in MDX<!-- --> / <!-- -->/docs/<!-- --> / <!-- -->en",
		"rules: <!-- -->no-shadow,no-undef<!-- -->; retries: <!-- -->3<!-- -->; same: <!-- -->true", "parser: <!-- -->8.1.2<!-- -->; linked: <!-- -->through node_modules"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q:\n%s", want, html[strings.Index(html, "title: "):][:400])
		}
	}

	// docsd watch: an edit of the custom fields or of the workspace package shows.
	write(t, root, "docsd.toml", strings.Replace(read(t, root, "docsd.toml"), `"no-undef"]`, `"no-undef", "no-var"]`, 1))
	write(t, root, "packages/parser/package.json", `{"name": "@fixture/parser", "version": "8.2.0"}`)
	if res, err = b.Rebuild([]string{"docsd.toml", "packages/parser/package.json"}); err != nil {
		t.Fatal(err)
	}
	html = pageHTML(t, res, "/docs/guide/facts")
	for _, want := range []string{"rules: <!-- -->no-shadow,no-undef,no-var<!-- -->", "parser: <!-- -->8.2.0"} {
		if !strings.Contains(html, want) {
			t.Errorf("after the edits, the page lacks %q", want)
		}
	}
	write(t, root, "packages/parser/package.json", `{"name": "@fixture/parser", "version": "8.3.0"}`)
	if res, err = b.Rebuild([]string{"packages/parser/package.json"}); err != nil {
		t.Fatal(err)
	}
	if html = pageHTML(t, res, "/docs/guide/facts"); !strings.Contains(html, "parser: <!-- -->8.3.0") {
		t.Errorf("after an edit of the workspace package alone, the page does not show it")
	}

	// A workspace the patterns leave out is not found: the import fails at its file:line:col.
	write(t, root, "src/components/SiteFacts.jsx", "import skipped from '@fixture/skipped/package.json';\n\nexport default function SiteFacts() {\n  return <p>{skipped.version}</p>;\n}\n")
	if got, want := buildError(t, opts), `src/components/SiteFacts.jsx:1:21: Could not resolve "@fixture/skipped/package.json"`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}

// An .svg the project's JavaScript or MDX imports (or require()s, `.default`) is a React
// component, as webpack's SVGR gives it to a Docusaurus site: the file's <svg> with its
// attributes as props (class → className, stroke-width → strokeWidth, style as an object), the
// caller's props winning; a Markdown image of it stays a URL.
func TestMDXImportsSVGAsComponent(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "static/img/logo.svg", "<?xml version=\"1.0\"?>\n<!-- made by hand -->\n"+
		"<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"drawn\" viewBox=\"0 0 10 10\" stroke-width='2' style=\"fill-opacity: 0.5; color: red\">\n"+
		"  <circle cx=\"5\" cy=\"5\" r=\"4\"/>\n</svg>\n")
	write(t, root, "src/components/Feature.jsx", "export default function Feature() {\n"+
		"  const Svg = require('@site/static/img/logo.svg').default;\n  return <Svg className=\"feature-svg\" role=\"img\" />;\n}\n")
	write(t, root, "content/docs/guide/svg.mdx", "---\ntitle: SVG\n---\n\n"+
		"import Logo from '@site/static/img/logo.svg';\nimport Feature from '@site/src/components/Feature';\n\n"+
		"<Logo width={32} />\n\n<Feature />\n\n![As an image](/img/logo.svg)\n")
	html := builtPage(t, opts, "/docs/guide/svg")
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" class="drawn" viewBox="0 0 10 10" stroke-width="2" style="fill-opacity:0.5;color:red" width="32"><circle cx="5" cy="5" r="4"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" class="feature-svg" viewBox="0 0 10 10" stroke-width="2" style="fill-opacity:0.5;color:red" role="img"><circle cx="5" cy="5" r="4"/></svg>`,
		`<img src="/docs/img/logo.svg" alt="As an image"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s:\n%s", want, html[strings.Index(html, `data-mdx-content`):][:900])
		}
	}
	write(t, root, "static/img/logo.svg", "<p>not a drawing</p>\n")
	if got, want := buildError(t, opts), "static/img/logo.svg: not an SVG document (no <svg> element)"; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}

// An import written from the site's root ("/img/icons/copy.svg", "/src/components/Label", as
// supertokens' pages and components write them) is found in the static folder or the site's, with
// extensions and index files, as Docusaurus's webpack resolves it
// (resolve.roots); one that names nothing fails at its file:line:col. (It once recursed without
// end between the .svg resolver and the page's: the build hung, growing to gigabytes.)
func TestMDXImportFromTheSiteRoot(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/static/img/icons/copy.svg", "<svg viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>\n")
	write(t, root, "src/components/CopyButton.jsx", "import CopyIcon from '/img/icons/copy.svg';\nimport Label from '/src/components/Label';\n\n"+
		"export default function CopyButton() {\n  return <button type=\"button\"><CopyIcon className=\"copy-icon\" /><Label /></button>;\n}\n")
	write(t, root, "src/components/Label/index.tsx", "export default function Label(): JSX.Element {\n  return <span>Copy</span>;\n}\n")
	write(t, root, "content/docs/guide/rooted.mdx", "---\ntitle: Rooted\n---\n\n"+
		"import Icon from '/img/icons/copy.svg';\nimport CopyButton from '@site/src/components/CopyButton';\n\n"+
		"<Icon width={8} />\n\n<CopyButton />\n")
	html := builtPage(t, opts, "/docs/guide/rooted")
	for _, want := range []string{
		`<svg viewBox="0 0 4 4" width="8"><rect width="4" height="4"/></svg>`,
		`<button type="button"><svg viewBox="0 0 4 4" class="copy-icon"><rect width="4" height="4"/></svg><span>Copy</span></button>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s:\n%s", want, html[strings.Index(html, `data-mdx-content`):][:600])
		}
	}
	write(t, root, "src/components/CopyButton.jsx", "import CopyIcon from '/img/icons/gone.svg';\n\n"+
		"export default function CopyButton() {\n  return <CopyIcon />;\n}\n")
	if got, want := buildError(t, opts), `src/components/CopyButton.jsx:1:22: Could not resolve "/img/icons/gone.svg"`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
	// Not above the static folder nor the project.
	write(t, root, "src/components/CopyButton.jsx", "import CopyIcon from '/../../docsd.toml';\n\nexport default function CopyButton() {\n  return <p>{String(CopyIcon)}</p>;\n}\n")
	if got, want := buildError(t, opts), `src/components/CopyButton.jsx:1:22: Could not resolve "/../../docsd.toml"`; !strings.Contains(got, want) {
		t.Errorf("error %q lacks %q", got, want)
	}
}
