package mdx

// A Docusaurus site's components import Sass stylesheets (.scss, .sass), which
// docusaurus-plugin-sass compiles with the site's own `sass` package. The compiler's processes
// compile them too (site/mdx-compiler/compile.mjs, compileSass): a build that bundles a site's
// component already runs them, and no other Node process is started for a stylesheet.

import "errors"

// SassRequest is one stylesheet to compile.
type SassRequest struct {
	// File is the stylesheet (absolute).
	File string
	// Package is the folder of the sass package it is compiled with (the project's).
	Package string
	// Roots are the project folder, as given and with its links resolved: a file the stylesheet
	// loads must be in one of them or in a node_modules folder (its real path), else the load
	// fails at its @use or @import.
	Roots []string
	// Modules are node_modules folders a package load ("bootstrap/scss/mixins") looks in after
	// those above the stylesheet (the shell's).
	Modules []string
}

// SassResult is a compiled stylesheet: its CSS and the files it read (File and those it loaded,
// absolute).
type SassResult struct {
	CSS    string
	Loaded []string
}

// Sass compiles one stylesheet. A mistake in it (or in a file it loads, or a load refused) is a
// *FileError; other errors are the process's.
func (c *Compiler) Sass(req SassRequest) (SassResult, error) {
	a, err := c.call(request{Kind: "sass", File: req.File, Sass: req.Package, Roots: req.Roots, Modules: req.Modules})
	var hung *hungError
	if errors.As(err, &hung) {
		return SassResult{}, &FileError{File: req.File, Msg: hung.msg}
	}
	if err != nil {
		return SassResult{}, err
	}
	if a.Error != nil {
		file := a.Error.File
		if file == "" {
			file = req.File
		}
		return SassResult{}, &FileError{File: file, Line: a.Error.Line, Column: a.Error.Column, Msg: a.Error.Message}
	}
	return SassResult{CSS: a.CSS, Loaded: a.Loaded}, nil
}
