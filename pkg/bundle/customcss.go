package bundle

// A site's own stylesheets (docsd.toml's custom_css; a Docusaurus site's theme.customCss), on
// every page after docsd's: the shell's entry imports docsd:custom-css after its main.css, and
// this plugin makes that module @import each of them, after Infima's brand colours bridged to
// docsd's (src/styles/infima.css). Without custom_css the module is empty and the shell's
// stylesheet is what it was. Sass stylesheets are compiled as a component's are (sass.go); their
// files are inputs of the shell's bundle, so the credentials scan reads them (secrets.go) and
// an edit to one of them, or to a partial it loads, rebuilds the shell (Output.CustomDeps).

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

const customCSSNamespace = "docsd-custom-css"

// customCSSPlugin serves docsd:custom-css to the browser's bundle.
func (b *Bundler) customCSSPlugin() api.Plugin {
	return api.Plugin{Name: "docsd-custom-css", Setup: func(pb api.PluginBuild) {
		pb.OnResolve(api.OnResolveOptions{Filter: `^docsd:custom-css$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: "custom-css", Namespace: customCSSNamespace}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: customCSSNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src := b.customCSSModule()
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderCSS, ResolveDir: b.siteDir}, nil
		})
		// url(/img/x.png) in a site's stylesheet names a file of its static folders, as
		// Docusaurus's webpack finds it (resolve.roots), not a file at the disk's root: it is an
		// asset of the bundle, under the base path. One that is in none stays as written.
		pb.OnResolve(api.OnResolveOptions{Filter: `^/`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.Kind != api.ResolveCSSURLToken || !b.isCustomCSSInput(a.Importer) {
				return api.OnResolveResult{}, nil
			}
			if p := b.staticFile(a.Path); p != "" {
				return api.OnResolveResult{Path: p, Suffix: urlSuffix(a.Path)}, nil
			}
			return api.OnResolveResult{Path: a.Path, External: true}, nil
		})
		// url(@site/static/img/x.png) names a file of the Docusaurus site's folder, as webpack's
		// @site alias does in a stylesheet (jest's custom.css): never one outside the project.
		pb.OnResolve(api.OnResolveOptions{Filter: `^@site/`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.Kind != api.ResolveCSSURLToken || !b.isCustomCSSInput(a.Importer) {
				return api.OnResolveResult{}, nil
			}
			if p := b.siteFile(strings.TrimPrefix(a.Path, "@site/")); p != "" {
				return api.OnResolveResult{Path: p, Suffix: urlSuffix(a.Path)}, nil
			}
			return api.OnResolveResult{}, nil // esbuild says it could not resolve it, at its url()
		})
		b.sassStylesheets(pb)
	}}
}

// urlSuffix is a URL's query or fragment ("?v=2", "#icon"), which the asset's URL keeps, as
// esbuild keeps it for a url() it resolves itself.
func urlSuffix(url string) string {
	if i := strings.IndexAny(url, "?#"); i >= 0 {
		return url[i:]
	}
	return ""
}

// siteFile is the file at rel in the Docusaurus site's folder (docusaurus_dir, else the
// project), as fileIn finds it.
func (b *Bundler) siteFile(rel string) string {
	if b.mdx.Site == "" {
		return ""
	}
	return b.fileIn(b.mdx.Site, rel)
}

// fileIn is the file a URL's path names in dir (its query and fragment left out), its links
// followed, when it is a regular file in the project; else "". A path that climbs out of dir
// ("/../x") names nothing.
func (b *Bundler) fileIn(dir, url string) string {
	url, _, _ = strings.Cut(url, "?")
	url, _, _ = strings.Cut(url, "#")
	p := filepath.Join(dir, filepath.FromSlash(url))
	if _, ok := under(dir, p); !ok {
		return ""
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil || !b.inProject(real) {
		return ""
	}
	if st, err := os.Stat(real); err == nil && st.Mode().IsRegular() {
		return real
	}
	return ""
}

// customCSSModule is docsd:custom-css: the bridge and the site's stylesheets, or nothing.
func (b *Bundler) customCSSModule() string {
	if len(b.mdx.CustomCSS) == 0 {
		return ""
	}
	var s strings.Builder
	for _, f := range append([]string{filepath.Join(b.siteDir, "src", "styles", "infima.css")}, b.mdx.CustomCSS...) {
		spec, _ := json.Marshal(filepath.ToSlash(f))
		s.WriteString("@import " + string(spec) + ";\n")
	}
	return s.String()
}

// isCustomCSSInput says whether the file abs is one of the project's (not the shell's, not a
// package's): in the shell's bundle, only the custom stylesheets and what they import are.
func (b *Bundler) isCustomCSSInput(abs string) bool {
	if _, ok := under(b.siteDir, abs); ok || isNodeModules(abs) || abs == "" || !filepath.IsAbs(abs) {
		return false
	}
	return b.inProject(abs)
}

// customDeps are the project's files among the shell bundle's inputs (the custom stylesheets and
// the stylesheets they @import) and the Sass partials they load, absolute.
func (b *Bundler) customDeps(meta *metafile) []string {
	if len(b.mdx.CustomCSS) == 0 {
		return nil
	}
	var files []string
	for in := range meta.Inputs {
		if f := b.inputFile(in); f != "" && b.isCustomCSSInput(f) {
			files = append(files, f)
		}
	}
	return append(files, b.sassDeps(files)...)
}

// staticFile is the file of the site's static folders a rooted URL names ("/img/x.png"), its
// query or fragment left out, or "" when none holds it.
func (b *Bundler) staticFile(url string) string {
	for _, dir := range b.mdx.StaticDirs {
		if p := b.fileIn(dir, url); p != "" {
			return p
		}
	}
	return ""
}
