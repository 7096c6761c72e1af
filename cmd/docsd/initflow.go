package main

// What docsd init carries over of a site whose components are written in Flow: [docusaurus] flow,
// which makes docsd compile them with the project's Babel (pkg/bundle/flow.go), when the site's
// Babel config reads Flow, as facebook/flow's does.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
)

// flowInBabel is a Babel config that reads Flow: its preset (or plugin), or Hermes's parser,
// which reads Flow's component syntax.
var flowInBabel = regexp.MustCompile(`@babel/(?:preset-)?flow\b|babel-preset-flow|plugin-transform-flow-strip-types|syntax-hermes-parser`)

// flowBabelConfig is the site's Babel config file (relative to root) when it reads Flow, else "".
// The config is read as text: evaluating it would load its packages, which docsd does not.
func flowBabelConfig(absRoot, siteDir string) string {
	rel := func(p string) string {
		if r, err := filepath.Rel(absRoot, p); err == nil {
			return filepath.ToSlash(r)
		}
		return p
	}
	for _, name := range []string{"babel.config.js", "babel.config.cjs", "babel.config.mjs", "babel.config.json", "babel.config.ts", "babel.config.cts",
		".babelrc", ".babelrc.json", ".babelrc.js", ".babelrc.cjs", ".babelrc.mjs"} {
		p := filepath.Join(siteDir, name)
		if raw, err := os.ReadFile(p); err == nil && flowInBabel.Match(raw) {
			return rel(p)
		}
	}
	// package.json's "babel" key, the other place Babel reads.
	p := filepath.Join(siteDir, "package.json")
	raw, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	var pkg struct {
		Babel json.RawMessage `json:"babel"`
	}
	if json.Unmarshal(raw, &pkg) == nil && flowInBabel.Match(pkg.Babel) {
		return rel(p) + ` ("babel")`
	}
	return ""
}
