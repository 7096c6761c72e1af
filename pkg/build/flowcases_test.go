package build

// Cases of Flow components a review found or checked (session 33): the MDXComponents file, edits
// in docsd watch, a byte order mark, .cjs and .mjs files, enums and error lines.

import (
	"path/filepath"
	"strings"
	"testing"
)

const flowOn = "\n[docusaurus]\nflow = true\n"

func typedPage(t *testing.T, root string) {
	write(t, root, "content/docs/guide/typed.mdx", "---\ntitle: Typed\n---\n\nimport Typed from '@site/src/components/Typed';\n\n<Typed tone=\"warn\" count={3}>seen</Typed>\n")
}

// The site's MDXComponents written in Flow ([docusaurus] flow): every page reads it.
func TestFlowMDXComponentsFile(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+flowOn)
	write(t, root, "src/theme/MDXComponents.js", "// @flow\nimport MDXComponents from '@theme-original/MDXComponents';\nimport Badge from '@site/src/components/Badge';\n\nconst components: {[string]: mixed} = {\n  ...MDXComponents,\n  Badge,\n};\nexport default components;\n")
	builtPage(t, opts, "/docs/guide/install")
}

// An edit of a Flow component in docsd watch.
func TestFlowComponentEditsInWatch(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+flowOn)
	write(t, root, "src/components/Typed.js", flowComponent)
	typedPage(t, root)
	inc := New(opts)
	defer inc.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	edit := func(class string) func() []string {
		return func() []string {
			write(t, root, "src/components/Typed.js", strings.Replace(flowComponent, `className="typed"`, `className="`+class+`"`, 1))
			return []string{filepath.Join(root, "src/components/Typed.js")}
		}
	}
	rebuildsEqualFresh(t, inc, opts, "/docs/guide/typed", []editStep{{"edit 1", "edited-one", edit("edited-one")}, {"edit 2", "edited-two", edit("edited-two")}})
}

// Turning the key on in docsd watch.
func TestFlowKeyTurnedOnInWatch(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/Typed.js", "export default function Typed() { return <span className=\"plain\">p</span>; }\n")
	typedPage(t, root)
	inc := New(opts)
	defer inc.Close()
	if _, err := inc.Build(); err != nil {
		t.Fatal(err)
	}
	rebuildsEqualFresh(t, inc, opts, "/docs/guide/typed", []editStep{
		{"component made Flow", "", func() []string {
			write(t, root, "docsd.toml", read(t, root, "docsd.toml")+flowOn)
			write(t, root, "src/components/Typed.js", flowComponent)
			return []string{filepath.Join(root, "docsd.toml"), filepath.Join(root, "src/components/Typed.js")}
		}},
	})
}

// A BOM before the @flow comment.
func TestFlowPragmaAfterByteOrderMark(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/Typed.js", "\uFEFF// @flow\n"+flowComponent)
	typedPage(t, root)
	if html := builtPage(t, opts, "/docs/guide/typed"); !strings.Contains(html, "warn:3") {
		t.Errorf("not rendered:\n%s", html)
	}
}

// .cjs and .mjs Flow files.
func TestFlowCJSAndMJS(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+flowOn)
	write(t, root, "src/components/label.cjs", "function label(tone: string): string { return 'cjs-' + tone; }\nmodule.exports = label;\n")
	write(t, root, "src/components/shout.mjs", "export default function shout(s: string): string { return s.toUpperCase(); }\n")
	write(t, root, "src/components/Typed.js", "import * as React from 'react';\nimport label from './label.cjs';\nimport shout from './shout.mjs';\nexport default component Typed(tone: string = 'info') {\n  return <span className=\"typed\">{shout(label(tone))}</span>;\n}\n")
	typedPage(t, root)
	if html := builtPage(t, opts, "/docs/guide/typed"); !strings.Contains(html, "CJS-WARN") {
		t.Errorf("not rendered:\n%s", html)
	}
}

// A Flow enum.
func TestFlowEnum(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+flowOn)
	write(t, root, "src/components/Typed.js", "import * as React from 'react';\nenum Tone {Info, Warn}\nexport default component Typed() {\n  return <span className=\"typed\">{String(Tone.Warn)}</span>;\n}\n")
	typedPage(t, root)
	html, err := buildErrorOrPage(t, opts, "/docs/guide/typed")
	if err == nil && !strings.Contains(html, "Warn") {
		t.Errorf("enum silently dropped:\n%s", html)
	}
	if err != nil && !strings.Contains(err.Error(), "Typed.js:2:") {
		t.Errorf("enum error is not at the enum: %v", err)
	}
}

// Esbuild's own error after Babel is at the file's line.
func TestFlowLaterErrorLine(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "docsd.toml", read(t, root, "docsd.toml")+flowOn)
	write(t, root, "src/components/Typed.js", "import * as React from 'react';\nimport type {\n  A,\n  B,\n} from './types';\ntype P = {\n  a: string,\n};\nimport Missing from './Missing';\nexport default component Typed(\n  a: string,\n) {\n  return <Missing />;\n}\n")
	typedPage(t, root)
	if got := buildError(t, opts); !strings.Contains(got, "Typed.js:9:") {
		t.Errorf("not at line 9: %s", got)
	}
}
