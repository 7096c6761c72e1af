package bundle

// A site's components written in Flow, as facebook/flow's are (its babel config adds
// @babel/preset-flow): esbuild reads JavaScript, JSX and TypeScript, not Flow's types or its
// component syntax, and failed at the first one (`Expected ")" but found ":"`). The project's .js
// and .jsx files are given to the project's own Babel in the MDX compiler's processes
// (pkg/mdx/flow.go) when docsd.toml's [docusaurus] flow says the site is Flow, or when a file's
// first comment says @flow, with @babel/preset-flow, @babel/plugin-syntax-jsx and, when the
// project has it, babel-plugin-syntax-hermes-parser (Flow's component syntax); esbuild reads what
// Babel gives, each line where the file has it. Other files load as before.

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"

	"github.com/evanw/esbuild/pkg/api"

	"docsd/pkg/mdx"
)

// flowPragma is a file that says it is Flow: @flow in a comment before any code, as Flow itself
// reads it (// @flow, or a doc comment's " * @flow strict" line), after a byte order mark or a
// #! line if the file has one.
var flowPragma = regexp.MustCompile(`\A\x{FEFF}?(?:#![^\n]*\n)?(?:\s|//[^\n]*\n|/\*(?:[^*]|\*[^/])*\*/)*?(?://[^\n]*|/\*(?:[^*]|\*[^/])*?)@flow\b`)

// flowComponents loads the project's Flow files without their types.
func (b *Bundler) flowComponents(pb api.PluginBuild) {
	pb.OnLoad(api.OnLoadOptions{Filter: `\.(js|jsx|mjs|cjs)$`, Namespace: "file"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		if b.mdx.StripFlow == nil || !b.inProject(a.Path) || isNodeModules(a.Path) {
			return api.OnLoadResult{}, nil
		}
		if _, shell := under(b.siteDir, a.Path); shell {
			return api.OnLoadResult{}, nil
		}
		js, err := b.stripped(a.Path)
		var se *mdx.FileError
		if errors.As(err, &se) {
			return api.OnLoadResult{Errors: fileErrorMessages(se)}, nil
		}
		if err != nil {
			return api.OnLoadResult{}, err
		}
		if js == "" {
			return api.OnLoadResult{}, nil // not Flow: esbuild loads it as it is
		}
		return api.OnLoadResult{Contents: &js, Loader: api.LoaderJSX, ResolveDir: filepath.Dir(a.Path)}, nil
	})
}

// stripped is the file abs without its Flow types, once per Build or Update; "" when it is no
// Flow file.
func (b *Bundler) stripped(abs string) (string, error) {
	return once(b.flowDone, abs, func() (string, error) { return b.StripFlowFile(abs, b.mdx.FlowAll, b.mdx.StripFlow) })
}

// StripFlowFile is abs without its Flow types ("" when it is no Flow file), for files read
// outside a page's build (the site's MDXComponents).
func (b *Bundler) StripFlowFile(abs string, all bool, stripFlow func(mdx.FlowRequest) (string, error)) (string, error) {
	if !all {
		// The marker is in the file's first comments: its head says whether to read it all.
		head, err := fileHead(abs, 4096)
		if err != nil {
			return "", err
		}
		if !flowPragma.Match(head) {
			return "", nil
		}
	}
	raw, err := os.ReadFile(abs)
	if err != nil {
		return "", err
	}
	req := mdx.FlowRequest{File: abs, Source: string(raw)}
	for _, need := range []struct {
		name string
		into *[]string
	}{{"@babel/core", nil}, {"@babel/preset-flow", &req.Presets}, {"@babel/plugin-syntax-jsx", &req.Plugins}} {
		dir := b.packageDir(abs, need.name)
		if dir == "" {
			return "", &mdx.FileError{File: abs, Msg: "a component written in Flow is compiled with the project's own Babel, as Docusaurus " +
				"compiles it, and " + need.name + " is not installed: install the site's packages (npm install)"}
		}
		if need.into == nil {
			req.Babel = dir
		} else {
			*need.into = append(*need.into, dir)
		}
	}
	// Flow's component syntax (`component Hero(title: string)`) needs Hermes's parser, which
	// the sites that write it install; Flow's enums, which the preset would drop without a word,
	// need their plugin (and its runtime, flow-enums-runtime), which such sites add to their
	// Babel config: without it a file with an enum fails at the enum (compile.mjs).
	if dir := b.packageDir(abs, "babel-plugin-syntax-hermes-parser"); dir != "" {
		req.Plugins = append([]string{dir}, req.Plugins...)
	}
	if dir := b.packageDir(abs, "babel-plugin-transform-flow-enums"); dir != "" {
		req.Enums = dir
	}
	return stripFlow(req)
}

// fileHead is the first n bytes of the file (all of it when shorter).
func fileHead(abs string, n int) ([]byte, error) {
	f, err := os.Open(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:k], nil
}
