package bundle

// A credential in a file a bundle reads (the shell's components, a site's src/components or
// src/theme, a partial outside the content folder, a file imported as text or as an SVG
// component) would be published in the bundle's JavaScript, CSS or assets, and rendered into the
// HTML: the build fails at its file:line:col, as a page holding one does (content.SecretError).
// The files are those esbuild's metafile lists as the bundle's inputs, after a build succeeded
// and before its output goes anywhere. Packages (node_modules) are not searched: they are not the
// project's text, and a package's test keys would fail every build.

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/content"
	"docsd/pkg/secrets"
)

// fileNamespaces are the namespaces of docsd's plugins whose inputs are files of the project,
// named by absolute path: their text, or a module made from it, is in the bundle.
var fileNamespaces = []string{rawNS, svgNamespace}

// inputFile is the file a metafile input names, absolute; "" for a module docsd makes (its text
// comes from files searched elsewhere: docsd.toml, the pages).
func (b *Bundler) inputFile(in string) string {
	ns, path, ok := strings.Cut(in, ":")
	if !ok || filepath.IsAbs(in) { // a drive letter is no namespace
		return filepath.Join(b.siteDir, filepath.FromSlash(in))
	}
	for _, n := range fileNamespaces {
		if ns == n {
			return path
		}
	}
	return ""
}

// secretsIn returns the errors of the input files of the metafiles that hold a credential, as
// SourceErrors named from the project, or nil. Each file is read once per Build or Update
// (b.scanned): many pages' builds read the same components.
func (b *Bundler) secretsIn(metas ...*metafile) error {
	var files []string
	for _, meta := range metas {
		for in := range meta.Inputs {
			if f := b.inputFile(in); f != "" {
				files = append(files, f)
			}
		}
	}
	// A stylesheet's Sass partials are in its CSS, though esbuild never reads them (sassDeps).
	return b.secretsOf(append(files, b.sassDeps(files)...))
}

// secretsOfErrors is, when esbuild's errors are in files holding a credential, those files'
// errors (SourceErrors), or nil: the credential is the mistake to show, and esbuild's message
// may quote it (`Could not resolve "./ghp_…"`), whole, in the log and the overlay.
func (b *Bundler) secretsOfErrors(msgs []api.Message) error {
	var files []string
	for _, m := range msgs {
		if m.Location != nil && m.Location.File != "" {
			if f := b.inputFile(m.Location.File); f != "" {
				files = append(files, f)
			}
		}
	}
	return b.secretsOf(files)
}

// secretsOf is the SourceErrors of the files (absolute) that hold a credential, sorted, or nil.
func (b *Bundler) secretsOf(files []string) error {
	var errs SourceErrors
	seen := map[string]bool{}
	for _, abs := range files {
		if seen[abs] || isNodeModules(abs) {
			continue
		}
		seen[abs] = true
		if e := b.secretIn(abs); e != nil {
			errs = append(errs, e)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
	return errs
}

// SetAllowed sets the site's allow-list of credentials (docsd.toml's [secrets] allow) for the
// builds to come: a file holding only credentials it allows is published.
func (b *Bundler) SetAllowed(allow secrets.Allow) { b.allowed = allow }

// secretIn is the error of the file abs when it holds a credential. A file that cannot be read
// has none (esbuild read it, or said why it could not); a binary file (an image, a font) is not
// searched, as a run of its bytes could take a token's shape.
func (b *Bundler) secretIn(abs string) *content.Error {
	if b.scanned != nil {
		if e, ok := b.scanned.Load(abs); ok {
			return e.(*content.Error)
		}
	}
	var found *content.Error
	if raw, err := os.ReadFile(abs); err == nil && bytes.IndexByte(raw, 0) < 0 {
		found = content.SecretError(b.projectName(abs), raw, b.allowed)
	}
	if b.scanned != nil {
		b.scanned.Store(abs, found)
	}
	return found
}
