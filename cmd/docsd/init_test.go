package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"docsd/internal/testfs"
)

// TestInitFromDocusaurus runs docsd init on testdata/docusaurus/basic, a Docusaurus site written
// for this test (docs beside the site folder, a sidebars.js with every item kind, a version, no
// blog, no Markdown landing page): the config evaluates although its plugins are not installed,
// docsd.toml is the one in testdata, and what is not carried over is listed with file and key.
func TestInitFromDocusaurus(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/docusaurus/basic", root)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"init", "--from-docusaurus", filepath.Join(root, "website"), "--root", root}, &stdout, &stderr); code != 0 {
		t.Fatalf("docsd init exited %d: %s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../testdata/docusaurus/basic.docsd.toml")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("docsd.toml differs from testdata/docusaurus/basic.docsd.toml:\n%s", got)
	}
	for _, note := range []string{
		"website/docusaurus.config.js: plugins[0]: plugin \"docusaurus-plugin-made-up\" is not carried over (2 entries)",
		"website/docusaurus.config.js: plugins[1]: a plugin given as code is not carried over",
		"website/docusaurus.config.js: themeConfig.navbar.items[5]: navbar item type \"html\" is not carried over",
		"website/docusaurus.config.js: themeConfig.footer.links[1].items[1]: /help is the React page website/src/pages/help.jsx, which docsd does not build: the link goes to https://fixture.example/help",
		"website/docusaurus.config.js: themeConfig.footer.links[0].items[1]: an html footer item is not carried over",
		"website/docusaurus.config.js: i18n.locales: fr not carried over",
		"website/docusaurus.config.js: trailingSlash:",
		"website/docusaurus.config.js: markdown.mermaid: no docsd equivalent; not carried over",
		// customFields computed from a package docsd does not load: said where it is imported.
		`website/docusaurus.config.js:7:30: import "eslint-plugin-made-up": the config reads what this package exports`,
		"website/docusaurus.config.js: customFields.unset: null; TOML has no null",
		// Docs plugins with ids of their own are [[docs]] sets, without their versions.
		"website/docusaurus.config.js: themeConfig.navbar.items[8]: navbar item docsVersionDropdown of the docs set \"community\" is not carried over",
		"website/docusaurus.config.js: plugins[3].editUrl: not carried over",
	} {
		if !strings.Contains(stdout.String(), note) {
			t.Errorf("the report lacks %q:\n%s", note, stdout.String())
		}
	}
	if strings.Contains(stdout.String(), "customFields: no docsd equivalent") || strings.Contains(stdout.String(), `import "prism-react-renderer"`) {
		t.Errorf("customFields are carried over, and a stub only read (not listed) is no loss:\n%s", stdout.String())
	}
	for _, w := range []string{`href = "https://fixture.example/playground/"`, `{ label = "Help", href = "https://fixture.example/help" }`} {
		if !strings.Contains(string(got), w) {
			t.Errorf("docsd.toml lacks %s: links to pages docsd does not build go to the production site", w)
		}
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".docsd.toml") {
			t.Errorf("a temporary file is left: %s", e.Name())
		}
	}

	// A second run refuses to replace docsd.toml, unless --force.
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"init", "--from-docusaurus", filepath.Join(root, "website"), "--root", root}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "already exists; pass --force") {
		t.Errorf("init over an existing docsd.toml: exit %d, %q", code, stderr.String())
	}
	if code := run([]string{"init", "--from-docusaurus", filepath.Join(root, "website"), "--root", root, "--force"}, &stdout, &stderr); code != 0 {
		t.Errorf("init --force exited %d: %s", code, stderr.String())
	}
}

// TestInitRefusesASiteOutsideTheProject: docsd reads nothing above the project, so a site folder
// outside --root is refused before anything is read or written.
func TestInitRefusesASiteOutsideTheProject(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "project")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	testfs.CopyTree(t, "../../testdata/docusaurus/basic", filepath.Join(parent, "other"))
	var stdout, stderr bytes.Buffer
	code := run([]string{"init", "--from-docusaurus", filepath.Join(parent, "other", "website"), "--root", root}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "is outside the project") {
		t.Errorf("exit %d, %q", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(root, "docsd.toml")); err == nil {
		t.Errorf("docsd.toml was written")
	}
}

// init lists the site's own front-matter keys in [markdown] front_matter_keys (capacitor's theme
// reads contributors from 562 pages, and the build warned once a page): a key that is no
// misspelling, or that three pages use (react-native-website's authorTwitter, close to
// authorTitle), and the build then warns about neither; a misspelling in one page is left out,
// and the build still says what was meant.
func TestInitListsTheSitesOwnFrontMatterKeys(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/docusaurus/basic", root)
	write := func(rel, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/reference/cli.md", "---\ntitle: CLI\ncontributors:\n  - someone\nauthorTwitter: someone\n---\n\nThe command line.\n")
	write("docs/reference/api.md", "---\ntitle: API\ncontributors: [someone]\nauthorTwitter: someone\n---\n\nThe API.\n")
	write("docs/outside.md", "---\ntitle: Outside\nauthorTwitter: someone\nsidebar_postion: 2\n---\n\nOutside.\n")
	got, said := initBasic(t, root)
	if want := "[markdown]\n# The site's own front-matter keys, which docsd does not read: listed so that builds do not warn about them.\n" +
		"front_matter_keys = [\"authorTwitter\", \"contributors\"]\nformat = \"detect\"\n"; !strings.Contains(got, want) {
		t.Errorf("docsd.toml lacks\n%s\nin:\n%s", want, got)
	}
	if want := "  authorTwitter (3 pages)\n  contributors (2 pages)\n"; !strings.Contains(said, want) {
		t.Errorf("the report lacks\n%s\nin:\n%s", want, said)
	}
	shell, err := filepath.Abs("../../site")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(shell, filepath.Join(root, "site")); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--root", root, "--out", filepath.Join(t.TempDir(), "out")}, &stdout, &stderr); code != 0 {
		t.Fatalf("docsd build exited %d: %s", code, stderr.String())
	}
	if strings.Contains(stderr.String(), "contributors") || strings.Contains(stderr.String(), "authorTwitter") {
		t.Errorf("the build warns about a key init listed:\n%s", stderr.String())
	}
	if want := `docs/outside.md:4:1: unknown front-matter key "sidebar_postion" (did you mean "sidebar_position"?)`; !strings.Contains(stderr.String(), want) {
		t.Errorf("the build does not warn about the misspelling:\n%s", stderr.String())
	}
}

// A near miss of a key docsd reads is never listed, however many pages have it: one doc's
// sidebar_postion is in each version cut since, and listing it would hide it for good.
func TestInitDoesNotListAMisspeltKeyDocsdReads(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/docusaurus/basic", root)
	for _, rel := range []string{"docs/intro.md", "docs/outside.md", "website/versioned_docs/version-1.0/intro.md"} {
		if err := os.WriteFile(filepath.Join(root, rel), []byte("---\ntitle: T\nsidebar_postion: 2\n---\n\nText.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got, said := initBasic(t, root); strings.Contains(got, "sidebar_postion") || strings.Contains(said, "sidebar_postion") {
		t.Errorf("the misspelling is listed:\n%s\n%s", got, said)
	}
}

// initBasic runs docsd init on root, a copy of testdata/docusaurus/basic, and gives the
// docsd.toml it wrote and what it printed.
func initBasic(t *testing.T, root string) (toml, stdout string) {
	t.Helper()
	var out, stderr bytes.Buffer
	if code := run([]string{"init", "--from-docusaurus", filepath.Join(root, "website"), "--root", root}, &out, &stderr); code != 0 {
		t.Fatalf("docsd init exited %d: %s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(got), out.String()
}

// A config that loads @docusaurus/remark-plugin-npm2yarn makes each code block marked npm2yarn
// tabs of the command for npm, Yarn and pnpm: init writes [markdown] npm2yarn, which makes docsd
// write them too, and names the blocks (jest's 38 pages). A fence a page shows inside another
// block is text. The plugin's options are read from its entry: converters docsd cannot give, and
// sync, are said. Without the plugin, Docusaurus shows the blocks as code: nothing is written.
func TestInitCarriesNpm2yarnOver(t *testing.T) {
	setup := func(t *testing.T, plugin string) string {
		root := basicWithRemarkPlugins(t, plugin)
		pages := map[string]string{
			"docs/reference/cli.md": "---\ntitle: CLI\n---\n\nInstall it:\n\n```bash npm2yarn\nnpm install --save-dev made-up\n```\n\n" +
				"Then:\n\n```sh npm2yarn\nnpm run made-up\n```\n",
			"docs/reference/api.md": "---\ntitle: API\n---\n\nWrite it so:\n\n````md\n```bash npm2yarn\nnpm install made-up\n```\n````\n\n" +
				"```bash\nnpm install made-up\n```\n\n- In a list:\n\n  ```bash npm2yarn\n  npm ci\n  ```\n",
		}
		for rel, text := range pages {
			if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return root
	}
	toml, said := initBasic(t, setup(t, "[require('@docusaurus/remark-plugin-npm2yarn'), {sync: true}]"))
	if want := "\nnpm2yarn = [\"yarn\", \"pnpm\"]\n"; !strings.Contains(toml, want) {
		t.Errorf("docsd.toml lacks %q:\n%s", want, toml)
	}
	if want := "Code blocks marked npm2yarn: 3 blocks in 2 files (docs/reference/api.md:19, docs/reference/cli.md:7, docs/reference/cli.md:13) " +
		"are tabs for npm and yarn, pnpm, as @docusaurus/remark-plugin-npm2yarn makes them ([markdown] npm2yarn).\n" +
		"  npm2yarn's sync is not carried over: each block's tabs choose on their own.\n"; !strings.Contains(said, want) {
		t.Errorf("the report lacks\n%s\nin:\n%s", want, said)
	}
	toml, said = initBasic(t, setup(t, "[require('@docusaurus/remark-plugin-npm2yarn'), {converters: ['pnpm', 'bun', ['deno', (code) => code], 'npx']}]"))
	if want := "\nnpm2yarn = [\"pnpm\", \"bun\"]\n"; !strings.Contains(toml, want) {
		t.Errorf("docsd.toml lacks %q:\n%s", want, toml)
	}
	if want := `  npm2yarn's converters not carried over: deno (a converter given as a function), "npx" (docsd converts for yarn, pnpm, bun).`; !strings.Contains(said, want) {
		t.Errorf("the report lacks\n%s\nin:\n%s", want, said)
	}
	if toml, said := initBasic(t, setup(t, "")); strings.Contains(said, "npm2yarn") || strings.Contains(toml, "npm2yarn") {
		t.Errorf("without the plugin, init speaks of npm2yarn:\n%s\n%s", toml, said)
	}
}

// Docusaurus 3's plugin turns a code node into tabs only when node.meta === 'npm2yarn'
// (packages/docusaurus-remark-plugin-npm2yarn/src/index.ts, isNpm2Yarn): the info string is a
// language, then exactly the word npm2yarn. The lines are where mdast-util-from-markdown puts the
// code node (checked with node_modules' parser).
func TestNpm2yarnBlocksFollowThePluginsRule(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []int
	}{
		{"plain", "```bash npm2yarn\nnpm i\n```\n", []int{1}},
		{"crlf", "---\r\ntitle: T\r\n---\r\n\r\n```bash npm2yarn\r\nnpm i\r\n```\r\n", []int{5}},
		{"tilde", "~~~sh npm2yarn\nnpm i\n~~~\n", []int{1}},
		// The plugin's own rule: these are plain code blocks in Docusaurus too.
		{"no language (lang is npm2yarn, meta is null)", "```npm2yarn\nnpm i\n```\n", nil},
		{"more meta after it", "```bash npm2yarn title=\"Install\"\nnpm i\n```\n", nil},
		{"meta before it", "```bash title=\"Install\" npm2yarn\nnpm i\n```\n", nil},
		// mdast keeps trailing blanks in the meta, which the plugin's === then refuses; goldmark
		// trims the info string, and docsd makes tabs as its renderer reads the block.
		{"trailing blanks (trimmed, as goldmark reads the info)", "```bash npm2yarn  \nnpm i\n```\n", []int{1}},
		// A fence in a block quote is a code node, which the plugin visits as any other.
		{"block quote", "Note:\n\n> ```bash npm2yarn\n> npm i\n> ```\n", []int{3}},
		// micromark drops a leading byte order mark.
		{"byte order mark, no front matter", "\ufeff```bash npm2yarn\nnpm i\n```\n", []int{1}},
	} {
		if got := npm2yarnBlocks(c.src); !slices.Equal(got, c.want) {
			t.Errorf("%s: npm2yarnBlocks(%q) = %v, want %v", c.name, c.src, got, c.want)
		}
	}
}

// Docusaurus compiles a partial (docs/_install.mdx, which pages import) with the docs plugin's
// remark plugins, so its npm2yarn blocks are tabs wherever it is shown: scanPages reads partials too.
func TestInitNamesNpm2yarnBlocksInPartials(t *testing.T) {
	root := basicWithRemarkPlugins(t, "[require('@docusaurus/remark-plugin-npm2yarn'), {sync: true}]")
	if err := os.WriteFile(filepath.Join(root, "docs/_install.mdx"), []byte("```bash npm2yarn\nnpm install made-up\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs/reference/cli.mdx"), []byte("---\ntitle: CLI\n---\n\nimport Install from '../_install.mdx';\n\n<Install />\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, said := initBasic(t, root)
	if !strings.Contains(said, "docs/_install.mdx:1") {
		t.Errorf("the report does not name the partial's npm2yarn block:\n%s", said)
	}
}

// Every stubbed plugin is null in the evaluated config, so npm2yarn's entry is told by its
// options: one with converters wins over another plugin's {sync} (docusaurus-remark-plugin-tab-
// blocks has sync too), and two entries of sync alone say nothing.
func TestInitFindsNpm2yarnsOptionsAmongOtherPlugins(t *testing.T) {
	toml, said := initBasic(t, basicWithRemarkPlugins(t, "[require('remark-made-up'), {sync: true}], [require('@docusaurus/remark-plugin-npm2yarn'), {converters: ['bun']}]"))
	if !strings.Contains(toml, "\nnpm2yarn = [\"bun\"]\n") || strings.Contains(said, "sync is not carried over") {
		t.Errorf("the other plugin's options were taken:\n%s\n%s", toml, said)
	}
	toml, said = initBasic(t, basicWithRemarkPlugins(t, "[require('remark-made-up'), {sync: false}], [require('@docusaurus/remark-plugin-npm2yarn'), {sync: true}]"))
	if !strings.Contains(toml, "\nnpm2yarn = [\"yarn\", \"pnpm\"]\n") || strings.Contains(said, "sync is not carried over") {
		t.Errorf("two entries of sync alone: want the defaults and nothing said of sync:\n%s\n%s", toml, said)
	}
}

// A site whose Babel config reads Flow (facebook/flow's adds @babel/preset-flow) gets
// [docusaurus] flow = true, beside the customFields docsd.toml already has, and init says so; a
// config without Flow, nothing.
func TestInitCarriesFlowOver(t *testing.T) {
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/docusaurus/basic", root)
	babel := "module.exports = {\n  presets: [require.resolve('@docusaurus/core/lib/babel/preset'), require.resolve('@babel/preset-flow')],\n};\n"
	if err := os.WriteFile(filepath.Join(root, "website", "babel.config.js"), []byte(babel), 0o644); err != nil {
		t.Fatal(err)
	}
	toml, said := initBasic(t, root)
	if want := "[docusaurus]\n# website/babel.config.js reads the site's JavaScript as Flow: docsd compiles it with the project's Babel.\nflow = true\n"; !strings.Contains(toml, want) {
		t.Errorf("docsd.toml lacks\n%s\nin:\n%s", want, toml)
	}
	if !strings.Contains(said, "The site's components are written in Flow (website/babel.config.js adds it to Babel)") {
		t.Errorf("the report does not say so:\n%s", said)
	}
	if err := os.WriteFile(filepath.Join(root, "website", "babel.config.js"), []byte("module.exports = {presets: [require.resolve('@docusaurus/core/lib/babel/preset')]};\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "docsd.toml")); err != nil {
		t.Fatal(err)
	}
	if toml, said := initBasic(t, root); strings.Contains(toml, "flow = true") || strings.Contains(said, "written in Flow") {
		t.Errorf("a config without Flow is read as Flow:\n%s\n%s", toml, said)
	}
	// A comment naming the preset says nothing; nor does a .babelrc, which Docusaurus does not read.
	if err := os.WriteFile(filepath.Join(root, "website", "babel.config.js"), []byte("// We dropped @babel/preset-flow for TypeScript.\nmodule.exports = {presets: [require.resolve('@docusaurus/core/lib/babel/preset')]};\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "website", ".babelrc"), []byte(`{"presets": ["@babel/preset-flow"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "docsd.toml")); err != nil {
		t.Fatal(err)
	}
	if toml, said := initBasic(t, root); strings.Contains(toml, "flow = true") || strings.Contains(said, "written in Flow") {
		t.Errorf("a comment or a .babelrc is read as Flow:\n%s\n%s", toml, said)
	}
}

// basicWithRemarkPlugins is testdata/docusaurus/basic copied, its main docs given the remark
// plugins entries (JavaScript, "" for none).
func basicWithRemarkPlugins(t *testing.T, entries string) string {
	t.Helper()
	root := t.TempDir()
	testfs.CopyTree(t, "../../testdata/docusaurus/basic", root)
	if entries == "" {
		return root
	}
	cfg := filepath.Join(root, "website", "docusaurus.config.js")
	raw, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	const at = "          versions: {current:"
	if !bytes.Contains(raw, []byte(at)) {
		t.Fatalf("the fixture's config lacks %q", at)
	}
	raw = bytes.Replace(raw, []byte(at), []byte("          remarkPlugins: ["+entries+"],\n"+at), 1)
	if err := os.WriteFile(cfg, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}
