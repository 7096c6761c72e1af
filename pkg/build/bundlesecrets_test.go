package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/site"
)

// shellInProject copies the repository's shell into the project at root (root/site, its packages
// linked as root/node_modules), as the Vela repository holds its own, and builds with it.
func shellInProject(t *testing.T, root string, opts Options) Options {
	t.Helper()
	testfs.CopyTree(t, "../../site", filepath.Join(root, "site"))
	modules, err := filepath.Abs("../../node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(modules, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	opts.SiteDir = filepath.Join(root, "site")
	return opts
}

// checkSecretError fails unless msg names want and shows no more of token than its prefix.
func checkSecretError(t *testing.T, msg, want, token string) {
	t.Helper()
	if !strings.Contains(msg, want) {
		t.Errorf("build error %q, want %q", msg, want)
	}
	if strings.Contains(msg, token[:5]) || strings.Contains(msg, token[4:]) {
		t.Errorf("the error echoes the token: %q", msg)
	}
}

// A credential in a file of the shell's bundles (site/src) fails the build at its file:line:col,
// as a page holding one does: the bundle would publish it. In docsd watch the edit that adds it
// fails, the last good bundle stays, and the edit that removes it builds again.
func TestSecretInTheShellFailsTheBuild(t *testing.T) {
	root, opts := siteCopy(t, true)
	opts = shellInProject(t, root, opts)
	token := testToken("ghp_")
	file := "site/src/analytics.js"
	write(t, root, file, "// Sent with every page view.\nexport const key = '"+token+"';\n")
	app := read(t, root, "site/src/entry-client.jsx")
	write(t, root, "site/src/entry-client.jsx", "import { key } from './analytics.js';\nglobalThis.analyticsKey = key;\n"+app)
	checkSecretError(t, buildError(t, opts), "site/src/analytics.js:2:21: holds a GitHub token (ghp_…), which the built site would publish", token)

	write(t, root, file, "export const key = '<token>';\n")
	b := New(opts)
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	good := b.assets
	write(t, root, file, "\nexport const key = '"+token+"';\n")
	_, err := b.Rebuild([]string{file})
	if err == nil || !site.IsError(err) {
		t.Fatalf("the edit adding a token: error %v, want the writer's mistake", err)
	}
	checkSecretError(t, err.Error(), "site/src/analytics.js:2:21: holds a GitHub token (ghp_…)", token)
	if b.assets != good {
		t.Error("the failed edit replaced the last good bundle")
	}
	for name, data := range b.assets.Files {
		if strings.Contains(string(data), token) {
			t.Errorf("%s holds the token", name)
		}
	}
	write(t, root, file, "export const key = '<token>';\n")
	if _, err := b.Rebuild([]string{file}); err != nil {
		t.Errorf("the edit removing the token: %v", err)
	}
}

// A credential in a file an MDX page's build reads (a site component, a file imported as text, an
// .svg imported as a component) or in the site's MDXComponents fails the build at its place.
func TestSecretInAPageImportFailsTheBuild(t *testing.T) {
	token := testToken("ghs_")
	page := "---\ntitle: Deploy\n---\n\nimport Badge from '@site/src/components/Badge';\nimport script from '!!raw-loader!./deploy.sh';\nimport Logo from '@site/src/logo.svg';\n\n<Badge>1</Badge> <Logo /> {script}\n"
	for _, c := range []struct{ file, text, want string }{
		{"src/components/Badge.jsx", "export default function Badge({ children }) {\n  return <span data-key=\"" + token + "\">{children}</span>;\n}\n",
			"src/components/Badge.jsx:2:26: holds a GitHub token (ghs_…)"},
		{"content/docs/guide/deploy.sh", "#!/bin/sh\nGH_TOKEN=" + token + " ./deploy\n",
			"content/docs/guide/deploy.sh:2:10: holds a GitHub token (ghs_…)"},
		{"src/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<!-- " + token + " -->\n</svg>\n",
			"src/logo.svg:2:6: holds a GitHub token (ghs_…)"},
		{"src/theme/MDXComponents.jsx", "import MDXComponents from '@theme-original/MDXComponents';\n\nconst key = '" + token + "';\nexport default { ...MDXComponents, Key: () => key };\n",
			"src/theme/MDXComponents.jsx:3:14: holds a GitHub token (ghs_…)"},
	} {
		t.Run(c.file, func(t *testing.T) {
			root, opts := mdxSite(t)
			write(t, root, "content/docs/guide/deploy.mdx", page)
			write(t, root, "content/docs/guide/deploy.sh", "#!/bin/sh\n./deploy\n")
			write(t, root, "src/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n")
			write(t, root, c.file, c.text)
			checkSecretError(t, buildError(t, opts), c.want, token)
		})
	}
}

// A credential in a hand-written sidebars file (a label, a link's href), or in a file it imports,
// fails the build: every page's data carries the sidebar. It is placed at its line and column in
// the sidebars file, or named by the sidebars file that exports it.
func TestSecretInASidebarsFileFailsTheBuild(t *testing.T) {
	token := testToken("gho_")
	replace := func(t *testing.T, root, file, find, repl string) {
		text := read(t, root, file)
		if !strings.Contains(text, find) {
			t.Fatalf("%s lacks %q", file, find)
		}
		write(t, root, file, strings.Replace(text, find, repl, 1))
	}
	for _, c := range []struct {
		name string
		edit func(t *testing.T, root string)
		want string
	}{
		{"in the file", func(t *testing.T, root string) {
			replace(t, root, "website/sidebars.js", "label: 'Example site'", "label: 'Example "+token+"'")
		}, "website/sidebars.js:13:36: holds a GitHub token (gho_…)"},
		{"imported", func(t *testing.T, root string) {
			replace(t, root, "website/sidebar-parts.json", "{", "{\"note\": \""+token+"\",")
			replace(t, root, "website/sidebars.js", "label: 'Example site'", "label: api.note")
		}, "website/sidebars.js: exports a GitHub token (gho_…)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := docusaurusProject(t, func(root string) { c.edit(t, root) })
			checkSecretError(t, buildError(t, Options{Root: root, SiteDir: "../../site", Production: true}), c.want, token)
		})
	}
}

// A file whose build fails, holding a credential, is reported for the credential (esbuild's own
// error quotes what it stopped at, `Could not resolve "./ghp_…"`, which the log, CI and the
// overlay would show whole); a webhook URL the browser would import is one too.
func TestSecretInAFileThatDoesNotBundle(t *testing.T) {
	token := testToken("ghp_")
	root, opts := mdxSite(t)
	write(t, root, "src/components/Badge.jsx", "import key from './"+token+".js';\n\nexport default function Badge() {\n  return <span>{key}</span>;\n}\n")
	checkSecretError(t, buildError(t, opts), "src/components/Badge.jsx:1:20: holds a GitHub token (ghp_…)", token)

	root, opts = siteCopy(t, true)
	opts = shellInProject(t, root, opts)
	app := read(t, root, "site/src/entry-client.jsx")
	write(t, root, "site/src/entry-client.jsx", "import 'https://hooks.slack.com/services/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';\n"+app)
	msg := buildError(t, opts)
	if want := "site/src/entry-client.jsx:1:9: holds a Slack webhook URL, which the built site would publish"; !strings.Contains(msg, want) || strings.Contains(msg, "Zq8Lw3") {
		t.Errorf("build error %q, want %q without the webhook's secret", msg, want)
	}
}
