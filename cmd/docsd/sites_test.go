// TestDocusaurusSites is issue 20's compatibility test per site: four small Docusaurus projects
// written for it (testdata/docusaurus/{vela,prettier,jest,pnpm}, our own text) shaped like go-vela/docs,
// prettier, jest and pnpm.io, each built with only `docsd init --from-docusaurus` run, as the real sites are
// by scripts/docusaurus-compat.sh. Each must build with no hard error, every routed .md/.mdx file a
// page, every doc with its sidebar, no raw Markdown or MDX syntax in any page, the text each rule
// renders, and exactly the warnings and link problems listed (one link broken on purpose per site,
// so the check cannot pass on an empty report).
package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"docsd/internal/testfs"
	"docsd/pkg/build"
)

// rawSyntax finds, in a page's text outside code, what a reader should never see: an admonition
// fence, an MDX import/export line or a JSX tag shown as text. jsxTag finds JSX passed through as
// an HTML tag (<Tabs>, <SharedNote />): HTML's own tags are lower case.
var (
	jsxTag       = regexp.MustCompile(`</?[A-Z][A-Za-z0-9.]*[\s/>]`)
	codeOrScript = regexp.MustCompile(`(?s)<(pre|code|script|style)\b.*?</(pre|code|script|style)>`)
	htmlTag      = regexp.MustCompile(`<[^>]+>`)
	rawSyntax    = regexp.MustCompile(`(?m)^[ \t]*(:::|import\s+\S.*\sfrom\s|export\s+(default|const|function)\b)|&lt;/?[A-Z][A-Za-z.]*[\s/&]`)
)

func TestDocusaurusSites(t *testing.T) {
	shell, err := filepath.Abs("../../site")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, siteDir string
		// contentDirs hold the files Docusaurus routes (docs of every version, posts, pages).
		contentDirs []string
		// noSidebar lists the docs that are in no sidebar on the Docusaurus site either.
		noSidebar []string
		// notBuilt lists the files Docusaurus gives another page's URL (that page is built).
		notBuilt []string
		links    []string // file:line: target: message
		warnings []string // what docsd warns about, file:line:col: message
		// pages maps an output file to text it must hold: what each Docusaurus rule gives.
		pages map[string][]string
	}{
		{
			name: "vela", siteDir: ".",
			contentDirs: []string{"docs", "blog"},
			links:       []string{"docs/intro.md:29: /docs/usage/gone.md: link to /docs/usage/gone.md: no such page"},
			// A stray fence is left out with a warning (it once panicked the parser).
			warnings: []string{"docs/usage/secrets.md:13:1: ::: closes no admonition (one ::: too many?); left out of the page"},
			pages: map[string][]string{
				"intro.html": {
					`<p class="admonition-title">Before you start</p>`, `admonition-warning" role="note"><p class="admonition-title">Caution</p>`,
					`<p class="admonition-title">Important</p>`, `<p class="admonition-title">A bracketed title</p>`,
					// /docs/x.md and docs/x.md resolve against the site folder (the repository root).
					`href="/docs/usage/pipelines"`, `href="/docs/usage/secrets"`, `href="/docs/reference/cli/run"`, `href="/docs/reference"`,
				},
				"usage/secrets.html":         {`<h1>secrets</h1>`, `id="in-a-step"`, `<p class="admonition-title">Do not print secrets</p>`, `The page goes on after it.`},
				"usage/advanced/matrix.html": {`<h1>matrix</h1>`, `href="/docs/usage/advanced/caching"`},
				"reference/api.html":         {`<h1>API</h1>`},
				// The hand-written category's generated index, not docs/install/_category_.json's.
				"category/install.html":            {`Where Rover runs.`, `On macOS`},
				"blog/2025/01/27.html":             {`src="/docs/assets/files/blog/screenshot.png"`, `Ada Example`, `href="/docs/intro"`},
				"blog/2025/03/02/second-post.html": {`href="/docs/blog/2025/01/27"`},
				"blog/tags/release.html":           {`Second post`},
			},
		},
		{
			name: "prettier", siteDir: "website",
			contentDirs: []string{"docs", "website/blog"},
			links:       []string{"docs/options.md:13: options.md#semi: anchor #semi does not exist on /docs/options"},
			pages: map[string][]string{
				"docs.html": {`<h1>What is Tidy?</h1>`, `href="/docs/install"`, `href="/docs/why"`},
				// The .md page in MDX: both tab panels, the imported partial's admonition, the page's own.
				"docs/install.html": {`npm install --save-dev tidy`, `yarn add --dev tidy`,
					`This text lives in a partial`, `Shared note`, `Check it works`, `href="/docs/options"`},
				"docs/options.html": {`id="tab-width"`, `id="usetabs-booleandefault-false"`},
				"docs/editors.html": {`editors we know of: <!-- -->Vim, Emacs, VS Code`, `Format on save`},
				"docs/why.html":     {`<h1>Why Tidy</h1>`, `href="/docs/options#tab-width"`},
				// Posts at three depths, inline and authors.yml authors, inline tags.
				"blog/2023/05/01/tidy-1.0.html":           {`Sam Example`, `href="/docs"`},
				"blog/2024/02/10/2024/tidy-1.1.html":      {`Lee Example`, `href="/blog/2023/05/01/tidy-1.0"`},
				"blog/2024/04/02/2024/spring/deeper.html": {`src="/assets/files/website/blog/2024/spring/2024-04-02-deeper/pipeline.png"`},
				"blog/tags/announcement.html":             {`Tidy 1.0`},
			},
		},
		{
			name: "jest", siteDir: "website",
			contentDirs: []string{"docs", "website/versioned_docs", "website/blog"},
			links:       []string{"website/versioned_docs/version-1.0/getting-started.md:6: ./configure.md: link to ./configure.md: no such page"},
			pages: map[string][]string{
				// The last version in versions.json is at /docs, the current docs at /docs/next.
				"docs/getting-started.html": {`Add Probe 2`, `href="/docs/guides/basics"`, `href="/help"`},
				"docs/next/getting-started.html": {`href="/docs/next/setup/configure"`, `href="/docs/next/guides/basics"`,
					`<p class="admonition-title">Upcoming version</p>`},
				"docs/next/setup/configure.html":      {`id="testglob-arraystring"`, `href="/docs/next/guides/basics#writing-a-test"`},
				"docs/next/guides/recipes/mocks.html": {`<h1>mocks</h1>`},
				// Its versioned sidebar is in the older form, names and ids prefixed with version-1.0/.
				"docs/1.0/getting-started.html": {`href="/docs/1.0/legacy-api"`, `<p class="admonition-title">Old version</p>`, `sidebars/1.0-en-docs.json`},
				"blog/2024/06/01/probe-2.html":  {`Kim Example`, `href="/help"`},
			},
		},
		{
			// Shaped like pnpm.io and capacitor: docs at the site root with versions (the last at
			// /, the current at /next), a folder's README.md beside its index.md, and a sidebars
			// file spreading the items of a generated ES module it require()s.
			name: "pnpm", siteDir: ".",
			contentDirs: []string{"docs", "versioned_docs"},
			notBuilt:    []string{"docs/guide/README.md", "versioned_docs/version-2.x/guide/README.md"},
			links: []string{
				"docs/guide/README.md:1: guide: README.md has the URL of docs/guide/index.md (/next/guide), as in Docusaurus; only docs/guide/index.md is built",
				"versioned_docs/version-2.x/guide/README.md:1: guide: README.md has the URL of versioned_docs/version-2.x/guide/index.md (/guide), as in Docusaurus; only versioned_docs/version-2.x/guide/index.md is built",
			},
			pages: map[string][]string{
				"intro.html":            {`href="/guide"`, `href="/1.x/intro"`},
				"next/intro.html":       {`href="/next/guide"`},
				"next/guide.html":       {`Everything about the guide`, `href="/next/guide/setup"`},
				"next/guide/setup.html": {`href="/next/intro"`},
				"1.x/intro.html":        {`had no guide`},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			testfs.CopyTree(t, filepath.Join("../../testdata/docusaurus", tc.name), root)
			var stdout, stderr bytes.Buffer
			if code := run([]string{"init", "--from-docusaurus", filepath.Join(root, tc.siteDir), "--root", root}, &stdout, &stderr); code != 0 {
				t.Fatalf("docsd init exited %d: %s", code, stderr.String())
			}
			b := build.New(build.Options{Root: root, SiteDir: shell, Production: true})
			t.Cleanup(b.Close)
			res, err := b.Build()
			if err != nil {
				t.Fatalf("build: %v\ninit said:\n%s", err, stdout.String())
			}

			// Every routed .md/.mdx file is a page; docs carry a sidebar.
			byFile := map[string]string{} // project-relative file → route
			for path, r := range res.Site.Routes.All() {
				if r.File != "" {
					byFile[filepath.ToSlash(r.File)] = path
				}
			}
			for _, dir := range tc.contentDirs {
				err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
					if err != nil {
						return err
					}
					if strings.HasPrefix(d.Name(), "_") {
						if d.IsDir() {
							return filepath.SkipDir
						}
						return nil
					}
					ext := filepath.Ext(p)
					if d.IsDir() || (ext != ".md" && ext != ".mdx") {
						return nil
					}
					rel, _ := filepath.Rel(root, p)
					rel = filepath.ToSlash(rel)
					route, ok := byFile[rel]
					if slices.Contains(tc.notBuilt, rel) {
						if ok {
							t.Errorf("%s is built at %s, the URL of another page", rel, route)
						}
						return nil
					}
					if !ok {
						t.Errorf("%s is not built", rel)
						return nil
					}
					data := res.Site.Routes.Get(route).Data
					if data.Kind == "doc" && data.Sidebar == "" && !slices.Contains(tc.noSidebar, rel) {
						t.Errorf("%s (%s) has no sidebar", rel, route)
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}

			for file, wants := range tc.pages {
				data, _, ok := res.Files.Get(file)
				if !ok {
					t.Errorf("no page %s", file)
					continue
				}
				for _, w := range wants {
					if !strings.Contains(string(data), w) {
						t.Errorf("%s lacks %s", file, w)
					}
				}
			}

			// No raw syntax in any page.
			for _, p := range res.Files.Paths() {
				if !strings.HasSuffix(p, ".html") {
					continue
				}
				data, _, _ := res.Files.Get(p)
				html := codeOrScript.ReplaceAllString(string(data), "")
				if m := rawSyntax.FindString(htmlTag.ReplaceAllString(html, "\n")); m != "" {
					t.Errorf("%s shows raw syntax %q", p, m)
				}
				if m := jsxTag.FindString(html); m != "" {
					t.Errorf("%s holds the JSX tag %q", p, m)
				}
			}

			// The link report is exactly what is broken on the Docusaurus site too.
			var got []string
			for _, p := range res.Problems {
				got = append(got, fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Target, p.Message))
			}
			sort.Strings(got)
			if !slices.Equal(got, tc.links) {
				t.Errorf("link problems:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.links, "\n  "))
			}

			// What docsd cannot show as Docusaurus does, it names at file:line; nothing else.
			got = nil
			for _, w := range res.Warnings {
				got = append(got, w.Error())
			}
			sort.Strings(got)
			if !slices.Equal(got, tc.warnings) {
				t.Errorf("warnings:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.warnings, "\n  "))
			}
		})
	}
}
