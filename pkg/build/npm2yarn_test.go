package build

import (
	"path/filepath"
	"strings"
	"testing"

	"docsd/internal/testhtml"
	"docsd/pkg/mdx"
	"docsd/pkg/npm2yarn"
)

// A site with [markdown] npm2yarn builds a block marked npm2yarn as tabs of npm-to-yarn's commands
// (the shell's tools/npm2yarn.mjs, with the repository's node_modules): in a Markdown page, in an
// MDX page's Markdown and in a fence inside a component of an MDX page alike. Taking the key away
// and building again (a docsd.toml edit in docsd watch) gives the plain blocks back.
func TestNpm2YarnBlocksAreTabs(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/setup.md", "---\ntitle: Setup\n---\n\nInstall it:\n\n```bash npm2yarn\nnpm install --save-dev made-up\n```\n")
	write(t, root, "content/docs/guide/more.mdx", "---\ntitle: More\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n"+
		"```bash npm2yarn\nnpm run build\n```\n\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\n\n```sh npm2yarn\nnpm install -g made-up\n```\n\n</TabItem>\n</Tabs>\n")
	plainToml := read(t, root, "docsd.toml")
	write(t, root, "docsd.toml", plainToml+"\n[markdown]\nnpm2yarn = [\"yarn\", \"pnpm\"]\n")
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for route, want := range map[string][]string{
		"/docs/guide/setup": {"npm install --save-dev made-up", "yarn add --dev made-up", "pnpm add --save-dev made-up"},
		"/docs/guide/more":  {"npm run build", "yarn build", "pnpm run build", "npm install -g made-up", "yarn global add made-up", "pnpm add -g made-up"},
	} {
		html := pageHTML(t, res, route)
		for _, cmd := range want {
			if !strings.Contains(testhtml.Text(html), cmd) {
				t.Errorf("%s lacks %q", route, cmd)
			}
		}
		if !strings.Contains(html, `<form class="code-tabs">`) || !strings.Contains(html, `value="yarn" />Yarn</label>`) {
			t.Errorf("%s has no code tabs:\n%s", route, html)
		}
	}
	write(t, root, "docsd.toml", plainToml)
	res, err = b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if html := pageHTML(t, res, "/docs/guide/setup"); strings.Contains(html, "code-tabs") || strings.Contains(testhtml.Text(html), "yarn add") {
		t.Errorf("without the key the block is still tabs:\n%s", html)
	}
}

// An MDX page's search text is read from its HTML (pkg/mdx/text.go): it holds a block's npm
// commands once, as a Markdown page's, read from its tree, does, not the tab labels and every
// package manager's commands.
func TestNpm2YarnSearchTextIsNpmsCommandsOnce(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/setup.md", "---\ntitle: Setup\n---\n\nInstall it:\n\n```bash npm2yarn\nnpm install --save-dev made-up\n```\n\nDone.\n")
	write(t, root, "content/docs/guide/more.mdx", "---\ntitle: More\n---\n\nInstall it:\n\n```bash npm2yarn\nnpm install --save-dev made-up\n```\n\nDone <b>now</b>.\n")
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+"\n[markdown]\nnpm2yarn = [\"yarn\", \"pnpm\"]\n")
	res := built(t, opts)
	md := res.Site.Routes.Get("/docs/guide/setup").Doc.Sections()
	secs, ok := mdx.Sections(pageHTML(t, res, "/docs/guide/more"))
	if !ok {
		t.Fatal("no MDX content")
	}
	if want := "Install it: npm install --save-dev made-up Done."; md[0].Text != want {
		t.Errorf("the Markdown page's search text is %q, want %q", md[0].Text, want)
	}
	if want := "Install it: npm install --save-dev made-up Done now."; secs[0].Text != want {
		t.Errorf("the MDX page's search text is %q, want %q", secs[0].Text, want)
	}
}

// A converter that cannot run fails the build at the page, saying why.
func TestNpm2YarnConverterMissingIsAnError(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "content/docs/guide/setup.md", "---\ntitle: Setup\n---\n\n```bash npm2yarn\nnpm install made-up\n```\n")
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+"\n[markdown]\nnpm2yarn = [\"yarn\"]\n")
	b := New(opts)
	defer b.Close()
	b.npm = npm2yarn.New(filepath.Join(t.TempDir(), "absent.mjs")) // a shell without its converter
	_, err := b.Build()
	if err == nil || !strings.Contains(err.Error(), "content/docs/guide/setup.md") || !strings.Contains(err.Error(), "npm2yarn: the converter is missing") {
		t.Errorf("err = %v", err)
	}
}

// docsd watch: adding [markdown] npm2yarn, editing pages with blocks and taking the key away
// again each give what a fresh build gives (Markdown and MDX pages alike).
func TestNpm2YarnRebuildsEqualFresh(t *testing.T) {
	root, opts := mdxSite(t)
	md := "content/docs/guide/setup.md"
	mdxf := "content/docs/guide/more.mdx"
	write(t, root, md, "---\ntitle: Setup\n---\n\nInstall it:\n\n```bash npm2yarn\nnpm install --save-dev made-up\n```\n")
	write(t, root, mdxf, "---\ntitle: More\n---\n\n```bash npm2yarn\nnpm run build\n```\n\nText <b>bold</b>.\n")
	plain := read(t, root, "docsd.toml")
	inc := New(opts)
	defer inc.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	rebuildsEqualFresh(t, inc, opts, "/docs/guide/more", []editStep{
		{"key added", "code-tabs", func() []string {
			write(t, root, "docsd.toml", plain+"\n[markdown]\nnpm2yarn = [\"yarn\", \"pnpm\"]\n")
			return []string{"docsd.toml"}
		}},
		{"MDX page edited", "code-tabs", func() []string {
			write(t, root, mdxf, read(t, root, mdxf)+"\n```bash npm2yarn\nnpm install -g other\n```\n")
			return []string{mdxf}
		}},
		{"Markdown page edited", "code-tabs", func() []string {
			write(t, root, md, read(t, root, md)+"\n```bash npm2yarn\nnpm install -g other\n```\n")
			return []string{md}
		}},
		{"converters changed", "code-tabs", func() []string {
			write(t, root, "docsd.toml", plain+"\n[markdown]\nnpm2yarn = [\"bun\"]\n")
			return []string{"docsd.toml"}
		}},
		{"key removed", "", func() []string {
			write(t, root, "docsd.toml", plain)
			return []string{"docsd.toml"}
		}},
	})
}
