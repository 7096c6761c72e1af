package mdx

// Some Docusaurus sites write their components in Flow (facebook/flow's babel config adds
// @babel/preset-flow and babel-plugin-syntax-hermes-parser, for Flow's component syntax), which
// esbuild does not read. The compiler's processes give such a file to the project's own Babel, as
// Docusaurus does, with only the presets and plugins that take Flow out
// (site/mdx-compiler/compile.mjs, stripFlow), as they compile Sass with the project's sass: a
// build that bundles a site's component already runs them.

import "errors"

// FlowRequest is one file to strip.
type FlowRequest struct {
	File   string // absolute, for messages
	Source string // its text
	// Babel is the project's @babel/core folder; Presets are preset folders (given {all: true}:
	// every file is Flow) and Plugins plugin folders, in order.
	Babel            string
	Presets, Plugins []string
	// Enums is the project's babel-plugin-transform-flow-enums folder, or "": then a Flow enum is
	// a mistake at its line (the preset would drop it, and the page fail where it is used).
	Enums string
}

// StripFlow gives req.Source without its Flow: types gone, component syntax made functions, JSX
// left as it is, each line where the file has it. A mistake in the file is a *FileError; other
// errors are the process's.
func (c *Compiler) StripFlow(req FlowRequest) (string, error) {
	a, err := c.call(request{Kind: "flow", File: req.File, Source: req.Source, Babel: req.Babel, Presets: req.Presets, Plugins: req.Plugins, Enums: req.Enums})
	var hung *hungError
	if errors.As(err, &hung) {
		return "", &FileError{File: req.File, Msg: hung.msg}
	}
	if err != nil {
		return "", err
	}
	if a.Error != nil {
		return "", &FileError{File: req.File, Line: a.Error.Line, Column: a.Error.Column, Msg: a.Error.Message}
	}
	return a.JS, nil
}
