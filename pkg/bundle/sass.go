package bundle

// Sass stylesheets (.scss, .sass) a site's components import, as Docusaurus sites do with
// docusaurus-plugin-sass: compiled with the project's own `sass` package in the MDX compiler's
// processes (pkg/mdx/sass.go), then given to esbuild as CSS; `*.module.scss` is a CSS module, as
// `*.module.css` is. Nothing runs for a site that imports no stylesheet of these.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/mdx"
)

var sassExt = map[string]bool{".scss": true, ".sass": true}

// sassStylesheets loads the Sass files a build imports as CSS, or as a CSS module.
func (b *Bundler) sassStylesheets(pb api.PluginBuild) {
	pb.OnLoad(api.OnLoadOptions{Filter: `\.s[ac]ss$`, Namespace: "file"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		res, err := b.sass(a.Path)
		var se *mdx.FileError
		if errors.As(err, &se) {
			return api.OnLoadResult{Errors: fileErrorMessages(se)}, nil
		}
		if err != nil {
			return api.OnLoadResult{}, err
		}
		loader := api.LoaderCSS
		if strings.HasSuffix(strings.TrimSuffix(a.Path, filepath.Ext(a.Path)), ".module") {
			loader = api.LoaderLocalCSS
		}
		css := res.CSS
		return api.OnLoadResult{Contents: &css, Loader: loader, ResolveDir: filepath.Dir(a.Path), WatchFiles: res.Loaded}, nil
	})
}

// fileErrorMessages is a mistake in a file the compiler's processes read (a stylesheet or a
// partial it loads, a Flow component) as esbuild's error: at its line and column, which
// mdxSourceErrors names from the project.
func fileErrorMessages(se *mdx.FileError) []api.Message {
	return []api.Message{{Text: se.Msg, Location: &api.Location{File: se.File, Line: se.Line, Column: max(se.Column-1, 0)}}}
}

// sass is the stylesheet abs compiled, once per Build or Update.
func (b *Bundler) sass(abs string) (mdx.SassResult, error) {
	return once(b.sassDone, abs, func() (mdx.SassResult, error) { return b.compileSass(abs) })
}

// compileSass compiles the stylesheet abs with the project's sass package. The files it loaded
// are checked again here (the compiler's importer refuses them first, at the @use): each must be
// the project's or a package's, its links followed, as any file a page imports (mayImport).
func (b *Bundler) compileSass(abs string) (mdx.SassResult, error) {
	pkg := b.sassPackage(abs)
	if pkg == "" {
		return mdx.SassResult{}, &mdx.FileError{File: abs, Msg: "a Sass stylesheet is compiled with the project's own sass package, as " +
			"docusaurus-plugin-sass compiles it, and the project has none: install it (npm install sass)"}
	}
	if b.mdx.Sass == nil {
		return mdx.SassResult{}, fmt.Errorf("%s: Sass is not set up", abs)
	}
	var roots []string // none without a project folder: then only packages may be loaded
	for _, r := range []string{b.mdx.Root, b.mdx.realRoot} {
		if r != "" {
			roots = append(roots, r)
		}
	}
	res, err := b.mdx.Sass(mdx.SassRequest{File: abs, Package: pkg, Roots: roots, Modules: []string{b.shellModules()}})
	if err != nil {
		return mdx.SassResult{}, err
	}
	for i, f := range res.Loaded {
		real, err := filepath.EvalSymlinks(f)
		if err != nil || !b.mayImport(real) {
			return mdx.SassResult{}, &mdx.FileError{File: abs, Msg: fmt.Sprintf("it loads %s, which is outside the project folder; docsd reads no file there", f)}
		}
		res.Loaded[i] = real
	}
	return res, nil
}

// sassPackage is the folder of the sass package a stylesheet is compiled with: the first
// node_modules/sass above it, as Node finds a package, else the shell's (docsd's package.json
// lists it); "" when there is none.
func (b *Bundler) sassPackage(abs string) string {
	return b.packageDir(abs, "sass")
}

// packageDir is the folder of the package name in the first node_modules above abs that has it,
// else in the shell's node_modules; "" when none has it.
func (b *Bundler) packageDir(abs, name string) string {
	has := func(modules string) string {
		dir := filepath.Join(modules, filepath.FromSlash(name))
		if st, err := os.Stat(filepath.Join(dir, "package.json")); err == nil && st.Mode().IsRegular() {
			return dir
		}
		return ""
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if p := has(filepath.Join(dir, "node_modules")); p != "" {
			return p
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return has(b.shellModules())
}

// sassDeps are the files the stylesheets among a build's inputs (absolute) loaded besides
// themselves (partials), in the current Build or Update: a page that imports a stylesheet reads
// them too, so an edit to one builds the page again.
func (b *Bundler) sassDeps(inputs []string) []string {
	if b.sassDone == nil {
		return nil
	}
	var out []string
	for _, in := range inputs {
		if !sassExt[filepath.Ext(in)] {
			continue
		}
		c, ok := b.sassDone.Load(in)
		if !ok {
			continue
		}
		s := c.(*onceResult[mdx.SassResult])
		<-s.done
		for _, f := range s.v.Loaded {
			if f != in && !isNodeModules(f) {
				out = append(out, f)
			}
		}
	}
	return out
}
