package build

// A site's src/theme/MDXComponents gives its components to every MDX page without an import
// (testdata/sites/mdx-components): the page renders them, its own definitions win, a component
// nothing gives still fails at file:line:col, and editing, adding or removing the file builds the
// MDX pages again.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"docsd/pkg/site"
)

func providerSite(t *testing.T) (string, Options) { return fixtureSite(t, "mdx-components") }

func TestMDXComponentsGiveEveryPage(t *testing.T) {
	_, opts := providerSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/widgets")])
	for _, want := range []string{
		`The release <strong class="fixture-shout fixture-shout-loud">2.0</strong> is out.`,
		`<p class="fixture-counter" data-where="server"><button type="button">Taps`,
		`<div class="admonition admonition-tip" role="note"><p class="admonition-title">Still here</p>`,
		`<div class="code-title">plain.js</div>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page's HTML lacks %q", want)
		}
	}
	own := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/own")])
	if !strings.Contains(own, `<em class="own-shout">definition</em>`) || strings.Contains(own, "fixture-shout") {
		t.Error("a page's own Shout does not win over the site's")
	}
}

// The site's MDXComponents is built once, into a chunk of its own that every page imports: a page
// that imports nothing else needs no bundler (its chunk is its own module, with the shell's
// modules as registry lookups), and no page's chunk carries a copy of the site's components.
func TestMDXComponentsOneChunkForEveryPage(t *testing.T) {
	_, opts := providerSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var given []string
	for p := range res.Files.Data {
		if strings.HasPrefix(p, "assets/mdx-components-") && strings.HasSuffix(p, ".js") {
			given = append(given, p)
		}
	}
	if len(given) != 1 {
		t.Fatalf("the build has %d chunks of the site's MDXComponents (%v), want 1", len(given), given)
	}
	if chunk := string(res.Files.Data[given[0]]); !strings.Contains(chunk, "fixture-shout") {
		t.Errorf("the MDXComponents chunk %s lacks the site's Shout", given[0])
	}
	widgets := string(res.Files.Data[strings.TrimPrefix(b.assets.MDX["docs/guide/widgets.mdx"].JS, "/docs/")])
	if !strings.Contains(widgets, `"/docs/`+given[0]+`"`) {
		t.Errorf("the widgets page's chunk does not import %s:\n%s", given[0], widgets)
	}
	// A bundled page reaches the registry through CommonJS wrappers (`exports=globalThis.__docsdMdxShared(…)`);
	// a page built from its module looks its frame up directly.
	if strings.Contains(widgets, "fixture-shout") || strings.Contains(widgets, "exports=globalThis.__docsdMdxShared") ||
		!strings.Contains(widgets, `__docsdMdxShared("site:src/mdx/MdxContent.jsx").default`) {
		t.Errorf("the widgets page was bundled with the site's components, not built from its module:\n%s", widgets)
	}
	if server := b.assets.MDXServer["docs/guide/widgets.mdx"].JS; strings.Count(server, "fixture-counter") != 1 || strings.Contains(server, "require(\"/docs/") {
		t.Errorf("the widgets page's module for the renderers does not carry the MDXComponents chunk once:\n%s", server)
	}
}

func TestMDXComponentsUndefinedStillFails(t *testing.T) {
	root, opts := providerSite(t)
	write(t, root, "content/docs/guide/missing.mdx", "---\ntitle: Missing\n---\n\n<Shout>given</Shout> and\n\n  <Whisper />\n")
	got := buildError(t, opts)
	want := "content/docs/guide/missing.mdx:7:3: MDX: <Whisper> is not defined"
	if !strings.HasPrefix(got, want) {
		t.Errorf("error %q, want it to start %q", got, want)
	}
	if strings.Contains(got, "<Shout>") {
		t.Errorf("error %q names a component the site gives", got)
	}
}

// A .md page that uses a component the site's MDXComponents gives, without importing it, is MDX
// (Docusaurus 3 compiles every .md file as MDX): the component renders, no raw tag is left. One
// that nothing gives fails at file:line:col, as in an .mdx page.
func TestMDXComponentsInAMarkdownPage(t *testing.T) {
	root, opts := providerSite(t)
	write(t, root, "content/docs/guide/plain.md", "# Plain\n\nSome <Shout tone=\"loud\">loud words</Shout> in `<Code>`.\n\n<Aside>\n\nA *side* note.\n\n</Aside>\n")
	b := New(opts)
	res, err := b.Build()
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	page := pageData(t, res, "/docs/guide/plain")
	if page.MDX == nil {
		t.Fatal("the .md page using a component is not compiled as MDX")
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/plain")])
	for _, want := range []string{
		`Some <strong class="fixture-shout fixture-shout-loud">loud words</strong> in <code>&lt;Code&gt;</code>.`,
		`<p>A <em>side</em> note.</p></aside>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page's HTML lacks %q", want)
		}
	}
	if regexp.MustCompile(`<(Shout|Aside)\b`).MatchString(html) {
		t.Error("the page's HTML holds a raw component tag")
	}

	write(t, root, "content/docs/guide/plain.md", "# Plain\n\nSome <Shout>loud words</Shout>.\n\n  <Whisper />\n")
	got := buildError(t, opts)
	if want := "content/docs/guide/plain.md:5:3: MDX: <Whisper> is not defined"; !strings.HasPrefix(got, want) {
		t.Errorf("error %q, want it to start %q", got, want)
	}
	// Prose with a generic type reads as a JSX element too (Docusaurus 3 fails such a page): the
	// error says why a .md page is MDX and how to write the text, for a writer who never chose MDX.
	write(t, root, "content/docs/guide/plain.md", "# Plain\n\nThe call returns a List<String> of names.\n")
	got = buildError(t, opts)
	for _, want := range []string{"content/docs/guide/plain.md:3:", "`<String>`", "backticks", `\<`, "format: md"} {
		if !strings.Contains(got, want) {
			t.Errorf("error %q lacks %q", got, want)
		}
	}
	// A page that is MDX for an HTML tag with an attribute written {…}: the hint names that cause.
	write(t, root, "content/docs/guide/plain.md", "# Plain\n\n<img src={shot.} />\n")
	if got := buildError(t, opts); !strings.Contains(got, "a tag with an attribute written {…}") {
		t.Errorf("error %q does not name the attribute as the cause", got)
	}
}

func TestMDXComponentsEditBuildsEveryMDXPage(t *testing.T) {
	root, opts := providerSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "src/theme/MDXComponents.js"
	write(t, root, f, strings.Replace(read(t, root, f), "  Shout,\n", "  Shout: (props) => <Shout {...props} tone=\"edited\" />,\n", 1))
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/docs/guide/own", "/docs/guide/widgets"}; !reflect.DeepEqual(res.RenderedRoutes, want) {
		t.Errorf("an edit to MDXComponents rendered %v, want the MDX pages %v", res.RenderedRoutes, want)
	}
	built := append([]string(nil), b.assets.Built...)
	sort.Strings(built)
	if want := []string{"docs/guide/own.mdx", "docs/guide/widgets.mdx"}; !reflect.DeepEqual(built, want) {
		t.Errorf("an edit to MDXComponents built %v, want every MDX page %v", built, want)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/widgets")]); !strings.Contains(html, `fixture-shout-edited">2.0<`) {
		t.Error("the page does not show the edited map's component")
	}
	equalsFresh(t, opts, "after an edit of MDXComponents", res)
	// A component the map imports: its chunk is built again, and the pages name the new one.
	c := "src/components/Shout.jsx"
	write(t, root, c, strings.Replace(read(t, root, c), "fixture-shout fixture-shout-", "fixture-shout edited-shout fixture-shout-", 1))
	if res, err = b.Rebuild([]string{c}); err != nil {
		t.Fatal(err)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/widgets")]); !strings.Contains(html, `class="fixture-shout edited-shout fixture-shout-edited"`) {
		t.Error("the page does not show the edited component the map gives")
	}
	equalsFresh(t, opts, "after an edit of a component MDXComponents imports", res)
	// A name the map no longer gives fails the build at the page; giving it again mends it.
	write(t, root, f, strings.Replace(read(t, root, f), "  ClickCounter,\n", "", 1))
	if _, err := b.Rebuild([]string{f}); err == nil || !strings.Contains(err.Error(), "content/docs/guide/widgets.mdx:9:1: MDX: <ClickCounter> is not defined") {
		t.Errorf("a map without ClickCounter gives %v, want the widgets page's error", err)
	}
	write(t, root, f, strings.Replace(read(t, root, f), "  Shout: ", "  ClickCounter,\n  Shout: ", 1))
	if _, err := b.Rebuild([]string{f}); err != nil {
		t.Errorf("the map giving ClickCounter again: %v", err)
	}
}

// equalsFresh compares a rebuild's files with a fresh build's.
func equalsFresh(t *testing.T, opts Options, step string, got *Result) {
	t.Helper()
	ref := New(opts)
	defer ref.Close()
	want, err := ref.Build()
	if err != nil {
		t.Fatal(err)
	}
	compareFiles(t, step, got, want)
}

// A site that had no MDXComponents gets one: pages built without it are built again with it; and
// removing it again takes its components away.
func TestMDXComponentsAddedAndRemoved(t *testing.T) {
	root, opts := mdxSite(t)
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	f := "src/theme/MDXComponents.js"
	write(t, root, f, "import MDXComponents from '@theme-original/MDXComponents';\nimport Badge from '@site/src/components/Badge';\n\nexport default { ...MDXComponents, Badge };\n")
	write(t, root, "content/docs/guide/given.mdx", "---\ntitle: Given\n---\n\nA <Badge tone=\"given\">badge</Badge> without an import.\n")
	res, err := b.Rebuild([]string{f, "content/docs/guide/given.mdx"})
	if err != nil {
		t.Fatal(err)
	}
	if html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/given")]); !strings.Contains(html, `<span class="fixture-badge fixture-badge-given">badge</span>`) {
		t.Error("the new page does not show the component the new MDXComponents gives")
	}
	if len(b.assets.Built) != len(b.assets.MDX) {
		t.Errorf("adding MDXComponents built %v of the %d MDX pages", b.assets.Built, len(b.assets.MDX))
	}
	if err := os.Remove(filepath.Join(root, f)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rebuild([]string{f}); err == nil || !strings.Contains(err.Error(), "content/docs/guide/given.mdx:5:3: MDX: <Badge> is not defined") {
		t.Errorf("removing MDXComponents gives %v, want the page using Badge to fail", err)
	}
}

// Every page's build bundles the components MDXComponents gives, CSS modules included, and the
// stylesheets of pages a reader visited stay in the document: a class name must mean the same rule
// in every page's stylesheet (minified, each build named its classes a, b, … on its own).
func TestMDXComponentsCSSModulesDoNotCollide(t *testing.T) {
	_, opts := providerSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	rule := regexp.MustCompile(`^\.([A-Za-z_][\w-]*)\{(.*)$`) // a rule of one class, its "}" cut off
	seen := map[string]string{}
	sheets := 0
	for _, route := range []string{"/docs/guide/widgets", "/docs/guide/own"} {
		var page site.PageData
		if err := json.Unmarshal(res.Files.Data[res.Site.DataPath(route)], &page); err != nil {
			t.Fatal(err)
		}
		for _, href := range page.MDX.CSS {
			css := string(res.Files.Data[strings.TrimPrefix(href, "/docs/")])
			if !strings.Contains(css, "border-left:3px solid") {
				continue // the registry's stylesheet (docsd's theme components)
			}
			sheets++
			for _, r := range strings.Split(css, "}") {
				m := rule.FindStringSubmatch(strings.TrimSpace(r))
				if m == nil {
					continue
				}
				if was, ok := seen[m[1]]; ok && was != m[2] {
					t.Errorf("class %s is {%s} in one page's stylesheet and {%s} in another's", m[1], was, m[2])
				}
				seen[m[1]] = m[2]
			}
		}
	}
	if sheets != 2 {
		t.Errorf("found %d page stylesheets with the Aside's rule, want 2", sheets)
	}
	own := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/own")])
	if !regexp.MustCompile(`<p class="[^"]+">Card</p><div class="[^"]+">A card, and <aside class="[^"]+">an aside</aside> in it\.</div>`).MatchString(own) {
		t.Error("the page does not show its card with the given Aside in it")
	}
}

// A project's src/theme/<Name> may wrap docsd's own as @theme-original/<Name>, and a page may
// import docsd's map as @theme/MDXComponents when the project has none.
func TestMDXThemeOriginal(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/theme/Details.jsx", "import Original from '@theme-original/Details';\n\nexport default function Details(props) {\n  return <div className=\"wrapped-details\"><Original {...props} /></div>;\n}\n")
	write(t, root, "content/docs/guide/wrapped.mdx", "---\ntitle: Wrapped\n---\n\nimport Details from '@theme/Details';\nimport MDXComponents from '@theme/MDXComponents';\n\n<Details summary=\"More\">Inside.</Details>\n\n<MDXComponents.Admonition type=\"tip\">From the map.</MDXComponents.Admonition>\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	html := string(res.Files.Data[res.Site.HTMLPath("/docs/guide/wrapped")])
	for _, want := range []string{`<div class="wrapped-details"><details class="details"><summary>More</summary>`, `<div class="admonition admonition-tip" role="note">`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page's HTML lacks %q", want)
		}
	}
}

// A mistake in the site's MDXComponents is the writer's, at its file, line and column.
func TestMDXComponentsSyntaxErrorAtFileLineColumn(t *testing.T) {
	root, opts := providerSite(t)
	f := "src/theme/MDXComponents.js"
	write(t, root, f, strings.Replace(read(t, root, f), "  Shout,\n", "  Shout,,\n", 1))
	got := buildError(t, opts)
	if !strings.HasPrefix(got, "src/theme/MDXComponents.js:9:9: ") {
		t.Errorf("error %q, want it at src/theme/MDXComponents.js:9:9", got)
	}
}

// A mistake in a component the site's MDXComponents imports is the writer's too, at its place.
func TestMDXComponentsComponentErrorAtFileLineColumn(t *testing.T) {
	root, opts := providerSite(t)
	f := "src/components/Shout.jsx"
	write(t, root, f, strings.Replace(read(t, root, f), "return <strong", "return <strong <", 1))
	got := buildError(t, opts)
	if !strings.HasPrefix(got, "src/components/Shout.jsx:3:18: ") {
		t.Errorf("error %q, want it at src/components/Shout.jsx:3:18", got)
	}
}
