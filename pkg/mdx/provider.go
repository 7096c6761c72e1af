package mdx

// A Docusaurus site gives components to every MDX page, without an import, through its swizzled
// src/theme/MDXComponents: its default export is an object of components. The bundler gives that
// object to each page at run time (pkg/bundle); the compiler must know its names beforehand, to
// tell a component nothing defines (an error at file:line:col) from one the site gives.

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/content"
)

// Provided is what a site's MDXComponents gives every page.
type Provided struct {
	// Names are the keys of its default export's object.
	Names []string
	// Open is true when the object is not all written out (a spread of something other than
	// docsd's own map, a computed key): any name may be given, and a component missing after all
	// shows when the page renders, not at file:line:col.
	Open bool
}

// ProvidedBy reads which components the site's MDXComponents file gives every page; file names it
// in errors (e.g. "src/theme/MDXComponents.js"), abs is where it is. A syntax error is a
// *content.Error at its line and column.
func (c *Compiler) ProvidedBy(file, abs string, raw []byte) (Provided, error) {
	loader := api.LoaderJSX
	switch strings.ToLower(filepath.Ext(abs)) {
	case ".ts":
		loader = api.LoaderTS
	case ".tsx":
		loader = api.LoaderTSX
	}
	// esbuild makes TypeScript and JSX plain JavaScript the compiler's parser reads; the object's
	// keys stay as written.
	js := api.Transform(string(raw), api.TransformOptions{Loader: loader, Format: api.FormatESModule, Target: api.ESNext,
		Sourcefile: file, LogLevel: api.LogLevelSilent})
	if len(js.Errors) > 0 {
		e := &content.Error{File: file, Line: 1, Column: 1, Msg: js.Errors[0].Text}
		if l := js.Errors[0].Location; l != nil {
			e.Line, e.Column = l.Line, l.Column+1
		}
		return Provided{}, e
	}
	sum := sha256.Sum256(js.Code)
	req := request{Kind: "components", File: file, Source: string(js.Code)}
	a, err := c.answer(file, fmt.Sprintf("components\x00%x", sum), func() (answer, error) { return c.call(req) })
	if err != nil {
		return Provided{}, err
	}
	if a.Error != nil {
		return Provided{}, &content.Error{File: file, Line: a.Error.Line, Column: a.Error.Column, Msg: "reading MDXComponents: " + a.Error.Message}
	}
	return Provided{Names: a.Names, Open: a.Open}, nil
}

// plainTags reports whether the site's MDXComponents may not stand for an HTML element or for
// docsd's code block: it names no lower-case component (`p`, `a`, `h2`…) nor DocsdHTML, and is
// written out. A run's blocks may then be given to React as HTML (runhtml.go), and its code
// blocks as the element DocsdHTML renders (runjs.go).
func (p Provided) plainTags() bool {
	if p.Open {
		return false
	}
	for _, name := range p.Names {
		if name != "" && name[0] >= 'a' && name[0] <= 'z' || name == "DocsdHTML" {
			return false
		}
	}
	return true
}
