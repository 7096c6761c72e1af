package build

// Hand-written sidebars files (Docusaurus's sidebars.js/.json/.ts and versioned_sidebars/*.json):
// the builder evaluates each with Node before assembly (pkg/jsmodule caches by content, so an
// unchanged file costs a bundle, not a Node start) and hands the JSON to site.Assemble through the
// configuration. Each is a graph node, graph.File(SidebarsNode(path)), that the docs of its version
// read, so an edit to it renders those routes.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"docsd/pkg/bundle"
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/jsmodule"
	"docsd/pkg/site"
)

// SidebarsNode is the key of a sidebars file's graph node: the file's path in the project, marked
// so it never equals a content path.
func SidebarsNode(rel string) string { return site.SidebarsNode(rel) }

// handSidebarFiles lists the sidebars files of the configuration, relative to the project.
func handSidebarFiles(cfg *config.Site) map[string]bool {
	out := map[string]bool{}
	for _, v := range cfg.DocSets() {
		if f := cfg.SidebarsFileOf(v); f != "" {
			out[filepath.ToSlash(filepath.Clean(f))] = true
		}
	}
	return out
}

// HandSidebarFiles are the sidebars files docsd reads, as paths under root: what the watcher
// watches besides content, docsd.toml and the shell.
func HandSidebarFiles(root string) []string {
	cfg, err := config.Load(filepath.Join(root, "docsd.toml"))
	if err != nil {
		return nil
	}
	var out []string
	for f := range handSidebarFiles(cfg) {
		out = append(out, filepath.Join(root, filepath.FromSlash(f)))
	}
	return out
}

// handSidebars evaluates every version's sidebars file of cfg, by version name (the value of
// config.Site.HandSidebars). It leaves cfg as it is: the configuration may be the last build's,
// which its site reads and which must not change under it, or be left half filled by an error.
func (b *Builder) handSidebars(cfg *config.Site) (map[string][]byte, error) {
	if b.eval == nil {
		b.eval = jsmodule.New()
	}
	hand := map[string][]byte{}
	for _, v := range cfg.DocSets() {
		f := cfg.SidebarsFileOf(v)
		if f == "" {
			continue
		}
		abs := filepath.Join(b.opts.Root, filepath.FromSlash(f))
		// The sidebars reach every page's data: a credential in them fails the build, at its place
		// in the file, or (read from a file it imports) named by the file that exports it.
		if raw, err := os.ReadFile(abs); err == nil {
			if e := content.SecretError(filepath.ToSlash(f), raw, cfg.Allowed()); e != nil {
				return nil, e
			}
		}
		res, err := b.eval.Eval(b.opts.Root, abs)
		var syntax *jsmodule.SyntaxError
		if errors.As(err, &syntax) {
			// The writer's mistake, at file:line:col like every other (the build and the watch
			// overlay place it there).
			return nil, &content.Error{File: syntax.File, Line: syntax.Line, Column: syntax.Column,
				Msg: fmt.Sprintf("sidebars of docs version %q: %s", v.Name, syntax.Msg)}
		}
		if err != nil {
			return nil, fmt.Errorf("sidebars of docs version %q: %w", v.Name, err)
		}
		if found, ok := cfg.Allowed().Find(res.JSON); ok {
			return nil, &content.Error{File: filepath.ToSlash(f),
				Msg: "exports " + found.String() + ", which the built site would publish: remove it from the file that holds it and revoke it"}
		}
		hand[v.Name] = res.JSON
	}
	return hand, nil
}

// WatchPaths are what a watching build watches in the project at root: the content folders (each
// section when the content folder is the project), docsd.toml, the shell, the sidebars files, and
// src/, where a Docusaurus site keeps the components, partials and MDXComponents its MDX pages
// import (an edit there rebuilds the pages that use it; without it, docsd watch never saw one):
// the project's, and the Docusaurus site's (docusaurus_dir, website/src) when that is elsewhere;
// and the folders of the site's own stylesheets (custom_css), with the partials beside them.
// Also what decides where the shell's and the pages' packages come from: node_modules (the watcher
// watches its top only: an install rewrites the package manager's state file there) and the
// package.json, tsconfig.json and jsconfig.json beside it, so that `npm install` of a package a
// page imports is seen without a restart.
func WatchPaths(root, siteDir string) []string {
	if siteDir == "" {
		siteDir = filepath.Join(root, "site")
	}
	paths := append(contentFolders(root), filepath.Join(root, "docsd.toml"), siteDir, filepath.Join(root, "src"))
	paths = append(paths, bundle.ResolutionPaths(root)...)
	if cfg, err := config.Load(filepath.Join(root, "docsd.toml")); err == nil {
		if cfg.DocusaurusDir != "" {
			paths = append(paths, filepath.Join(cfg.AtSite(root), "src"))
			if at := cfg.AtSite(root); at != root {
				paths = append(paths, bundle.ResolutionPaths(at)...)
			}
		}
		for _, f := range cfg.CustomCSSFiles(root) {
			paths = append(paths, filepath.Dir(f))
		}
	}
	return append(paths, HandSidebarFiles(root)...)
}

// WatchPathsAfter is WatchPaths once changed holds docsd.toml, and nil otherwise: the new
// configuration may name folders and files the watcher did not know of when it started (a version,
// a docs set, a static folder, a sidebars file).
func WatchPathsAfter(root, siteDir string, changed []string) []string {
	toml, err := filepath.Abs(filepath.Join(root, "docsd.toml"))
	for _, p := range changed {
		if err != nil || p == toml {
			return WatchPaths(root, siteDir)
		}
	}
	return nil
}
