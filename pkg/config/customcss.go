package config

// custom_css: a site's own stylesheets, which docsd init carries over from a Docusaurus site's
// theme.customCss. Their paths are checked inside the project with the others (checkPaths); that
// each exists is checked by Load, which knows the project's folder, so that a missing one is a
// mistake in docsd.toml at its line, not an error of the bundler about a file nobody imports.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// CustomCSSFiles are the custom stylesheets of the project at root, as absolute paths.
func (s *Site) CustomCSSFiles(root string) []string {
	out := make([]string, len(s.CustomCSS))
	for i, f := range s.CustomCSS {
		out[i] = filepath.Join(root, filepath.FromSlash(f))
	}
	return out
}

// checkCustomCSSFiles fails on a custom stylesheet that is not a file beside path (docsd.toml).
func (s *Site) checkCustomCSSFiles(path string, raw []byte) error {
	for i, abs := range s.CustomCSSFiles(filepath.Dir(path)) {
		st, err := os.Stat(abs)
		why := ""
		switch {
		case errors.Is(err, os.ErrNotExist):
			why = "does not exist"
		case err != nil:
			why = fmt.Sprintf("cannot be read: %v", err)
		case !st.Mode().IsRegular():
			why = "is not a file"
		}
		if why != "" {
			line := lineOf(raw, strconv.Quote(s.CustomCSS[i]))
			if line == 0 {
				line = lineOf(raw, "custom_css")
			}
			return &Error{File: path, Line: line, Column: 1,
				Msg: fmt.Sprintf("custom_css: %s %s (paths are relative to docsd.toml)", s.CustomCSS[i], why)}
		}
	}
	return nil
}
