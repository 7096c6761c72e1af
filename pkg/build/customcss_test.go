package build

// A site's own stylesheets (docsd.toml's custom_css, from a Docusaurus site's theme.customCss;
// testdata/sites/custom-css): in every page's CSS after docsd's, Sass compiled, mistakes and
// credentials at their file:line:col, and an edit to one, or to a partial it loads, in the
// rebuilt CSS.

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func customCSSSite(t *testing.T) (string, Options) { return fixtureSite(t, "custom-css") }

var stylesheetLink = regexp.MustCompile(`<link rel="stylesheet" href="/docs/([^"]+\.css)">`)

// pageCSS is the text of the stylesheets the page's HTML links, joined.
func pageCSS(t *testing.T, res *Result, htmlPath string) string {
	t.Helper()
	html := string(res.Files.Data[htmlPath])
	if html == "" {
		t.Fatalf("no page %s", htmlPath)
	}
	var sheets []string
	for _, m := range stylesheetLink.FindAllStringSubmatch(html, -1) {
		sheets = append(sheets, string(res.Files.Data[m[1]]))
	}
	return strings.Join(sheets, "\n")
}

const (
	customRule = ".button-group{display:flex;gap:13px;align-items:center}"
	sassRule   = ".feature-card{border:1px solid rgb(12,34,56);padding:9px}" // _tokens.scss's $edge and $pad
	bridgeRule = "--brand: var(--docsd-ifm-brand, #0e6fd8)"
)

// Every page, Markdown or MDX, links the site's stylesheets, after docsd's own (so the site's
// rules win at equal specificity), the Sass one compiled, with the bridge of Infima's colours.
func TestCustomCSSOnEveryPage(t *testing.T) {
	_, opts := customCSSSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	for p := range res.Files.Data {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		pages++
		css := pageCSS(t, res, p)
		ours, bridge, custom, sass := strings.Index(css, ".button-primary{"), strings.Index(css, bridgeRule),
			strings.Index(css, customRule), strings.Index(css, sassRule)
		if ours < 0 || bridge < 0 || custom < 0 || sass < 0 {
			t.Fatalf("%s: the stylesheets lack docsd's (%d), the bridge (%d), custom.css's (%d) or extra.scss's (%d) rules", p, ours, bridge, custom, sass)
		}
		if !(ours < bridge && bridge < custom && custom < sass) {
			t.Errorf("%s: order docsd %d, bridge %d, custom.css %d, extra.scss %d; want them in that order", p, ours, bridge, custom, sass)
		}
		if strings.Contains(css, "@use") || strings.Contains(css, "tokens.$") {
			t.Errorf("%s: Sass left in the CSS", p)
		}
	}
	// Its font, an image written from the site's root (found in the static folder) and one
	// written through @site/ (its fragment kept) are the bundle's assets, under the base path.
	css := pageCSS(t, res, res.Site.HTMLPath("/docs/guide/intro"))
	for _, asset := range []*regexp.Regexp{regexp.MustCompile(`url\("/docs/(assets/brand-[A-Z0-9]+\.woff2)"\)`),
		regexp.MustCompile(`url\("/docs/(assets/favicon-[A-Z0-9]+\.svg)"\) no-repeat`),
		regexp.MustCompile(`\.hero__card\{background:url\("/docs/(assets/favicon-[A-Z0-9]+\.svg)#mark"\)`)} {
		m := asset.FindStringSubmatch(css)
		if m == nil {
			t.Errorf("the CSS lacks %s", asset)
		} else if len(res.Files.Data[m[1]]) == 0 {
			t.Errorf("%s is not in the output", m[1])
		}
	}
	if pages < 4 {
		t.Errorf("%d pages, want the fixture's 4 (with 404)", pages)
	}
}

// Without custom_css the shell's stylesheet has no bridge: a site's CSS is what it was.
func TestNoCustomCSSNoBridge(t *testing.T) {
	_, opts := sassSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if css := pageCSS(t, res, res.Site.HTMLPath("/docs/guide/intro")); strings.Contains(css, "--docsd-ifm") || !strings.Contains(css, "--brand: #0e6fd8;") {
		t.Errorf("a site without custom_css has the bridge, or lost docsd's brand colour")
	}
}

// A mistake in a custom stylesheet (an @import of a file that is not there; esbuild reads CSS leniently,
// with warnings) or in a partial it @uses fails the build at its file:line:col.
func TestCustomCSSErrorAtFileLineColumn(t *testing.T) {
	for _, c := range []struct{ file, text, want string }{
		{"src/css/custom.css", "@import './base.css';\n@import './fonts.css';\n.x { color: red; }\n", "src/css/custom.css:1:9: Could not resolve \"./base.css\""},
		{"src/css/_tokens.scss", "$edge: rgb(12, 34, 56);\n$pad: 9px +;\n", "src/css/_tokens.scss:2:12: Expected expression."},
	} {
		t.Run(c.file, func(t *testing.T) {
			root, opts := customCSSSite(t)
			write(t, root, c.file, c.text)
			b := New(opts)
			defer b.Close()
			_, err := b.Build()
			if err == nil {
				t.Fatal("a stylesheet with a mistake built")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %q, want %q", err, c.want)
			}
		})
	}
}

// A credential in a custom stylesheet or its Sass partial would be published in the CSS: the
// build fails at its place, as in any file the bundle reads.
func TestCustomCSSCredentialFailsTheBuild(t *testing.T) {
	token := testToken("ghp_")
	for _, c := range []struct{ file, text, want string }{
		{"src/css/custom.css", "/* deploy key */\n.x::after { content: \"" + token + "\"; }\n", "src/css/custom.css:2:23: holds a GitHub token (ghp_…)"},
		{"src/css/_tokens.scss", "$edge: rgb(12, 34, 56);\n$pad: 9px;\n$key: \"" + token + "\";\n", "src/css/_tokens.scss:3:8: holds a GitHub token (ghp_…)"},
	} {
		t.Run(c.file, func(t *testing.T) {
			root, opts := customCSSSite(t)
			write(t, root, c.file, c.text)
			checkSecretError(t, buildError(t, opts), c.want, token)
		})
	}
}

// An edit to a custom stylesheet, or to a partial one @uses, rebuilds the shell's CSS (the usual
// hot update of a stylesheet: CSSChanged) with the edit.
func TestCustomCSSEditRebuildsTheCSS(t *testing.T) {
	root, opts := customCSSSite(t)
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	intro := res.Site.HTMLPath("/docs/guide/intro")
	for _, c := range []struct{ file, from, to, want string }{
		{"src/css/custom.css", "gap: 13px;", "gap: 17px;", ".button-group{display:flex;gap:17px;"},
		{"src/css/_tokens.scss", "$pad: 9px;", "$pad: 4px;", ".feature-card{border:1px solid rgb(12,34,56);padding:4px}"},
	} {
		write(t, root, c.file, strings.Replace(read(t, root, c.file), c.from, c.to, 1))
		res, err = b.Rebuild([]string{filepath.Join(root, c.file)})
		if err != nil {
			t.Fatal(err)
		}
		if !res.CSSChanged {
			t.Errorf("%s edited: CSSChanged is false, so no browser would update its stylesheet", c.file)
		}
		if css := pageCSS(t, res, intro); !strings.Contains(css, c.want) {
			t.Errorf("%s edited: the page's CSS lacks %s", c.file, c.want)
		}
	}
}

// docsd watch watches the folder of a custom stylesheet kept outside src/ (its partials beside it).
func TestCustomCSSFolderWatched(t *testing.T) {
	root, _ := customCSSSite(t)
	write(t, root, "theme/brand.css", ":root { --ifm-color-primary: #2e8555; }\n")
	write(t, root, "docsd.toml", strings.Replace(read(t, root, "docsd.toml"), `custom_css = [`, `custom_css = ["theme/brand.css", `, 1))
	paths := WatchPaths(root, "")
	if !slices.Contains(paths, filepath.Join(root, "theme")) {
		t.Errorf("WatchPaths = %q, want it to hold %s", paths, filepath.Join(root, "theme"))
	}
}

// A custom stylesheet that is not there fails the build at its line of docsd.toml.
func TestCustomCSSMissingFileFailsAtDocsdToml(t *testing.T) {
	root, opts := customCSSSite(t)
	write(t, root, "docsd.toml", strings.Replace(read(t, root, "docsd.toml"), `"src/css/extra.scss"`, `"src/css/gone.scss"`, 1))
	b := New(opts)
	defer b.Close()
	_, err := b.Build()
	want := filepath.Join(root, "docsd.toml") + ":9:1: custom_css: src/css/gone.scss does not exist (paths are relative to docsd.toml)"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}
