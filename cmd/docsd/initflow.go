package main

// What docsd init carries over of a site whose components are written in Flow: [docusaurus] flow,
// which makes docsd compile them with the project's Babel (pkg/bundle/flow.go), when the site's
// Babel config reads Flow, as facebook/flow's does.

import (
	"os"
	"path/filepath"
	"regexp"
)

// flowInBabel is a Babel config that reads Flow: its preset (or plugin), or Hermes's parser, which
// reads Flow's component syntax, named in a string (a comment naming them says nothing).
var flowInBabel = regexp.MustCompile(`['"` + "`" + `][^'"` + "`" + `\n]*(?:@babel/(?:preset-)?flow\b|babel-preset-flow|plugin-transform-flow-strip-types|syntax-hermes-parser)[^'"` + "`" + `\n]*['"` + "`" + `]`)

// flowBabelConfig is the site's babel.config.js (relative to root) when it reads Flow, else "".
// Docusaurus 3 gives its Babel that file only (getCustomBabelConfigFilePath), never .babelrc or
// package.json's "babel". It is read as text: evaluating it would load its packages.
func flowBabelConfig(absRoot, siteDir string) string {
	p := filepath.Join(siteDir, "babel.config.js")
	raw, err := os.ReadFile(p)
	if err != nil || !flowInBabel.Match(raw) {
		return ""
	}
	if r, err := filepath.Rel(absRoot, p); err == nil {
		return filepath.ToSlash(r)
	}
	return p
}
