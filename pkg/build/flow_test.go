package build

import (
	"strings"
	"testing"
)

// flowComponent is a site component written in Flow as facebook/flow's are: a type alias, typed
// parameters, a generic call and Flow's component syntax, which esbuild does not read.
const flowComponent = `import * as React from 'react';

type Tone = 'info' | 'warn';

function label(tone: Tone, count: number): string {
  return tone + ':' + String(count);
}

export default component Typed(tone: Tone = 'info', count?: number = 1, children: React.Node) {
  const [n] = React.useState<number>(count);
  return <span className="typed">{label(tone, n)} {children}</span>;
}
`

// A site whose babel config adds @babel/preset-flow ([docusaurus] flow) has its components
// compiled with the project's Babel (here the shell's node_modules, as a project without its own
// has them from docsd's): the page renders what the component gives.
func TestFlowComponentsAreBuilt(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/Typed.js", flowComponent)
	write(t, root, "content/docs/guide/typed.mdx", "---\ntitle: Typed\n---\n\nimport Typed from '@site/src/components/Typed';\n\n<Typed tone=\"warn\" count={3}>seen</Typed>\n")
	plain := read(t, root, "docsd.toml")
	if html, err := buildErrorOrPage(t, opts, "/docs/guide/typed"); err == nil || !strings.Contains(err.Error(), "src/components/Typed.js:3:") {
		t.Fatalf("without [docusaurus] flow the component built (%v): %s", err, html)
	}
	write(t, root, "docsd.toml", plain+"\n[docusaurus]\nflow = true\n")
	if html := builtPage(t, opts, "/docs/guide/typed"); !strings.Contains(html, `<span class="typed">warn:3<!-- --> <!-- -->seen</span>`) {
		t.Errorf("the component's output is not on the page:\n%s", html)
	}
}

// Without the key, a file whose first comment says @flow is compiled as Flow (flow-remove-types'
// and Babel's own rule); a mistake in a Flow file is an error at its line.
func TestFlowPragmaAndFlowMistakes(t *testing.T) {
	root, opts := mdxSite(t)
	write(t, root, "src/components/Typed.js", "/**\n * @flow strict\n */\n"+flowComponent)
	write(t, root, "content/docs/guide/typed.mdx", "---\ntitle: Typed\n---\n\nimport Typed from '@site/src/components/Typed';\n\n<Typed count={2}>seen</Typed>\n")
	if html := builtPage(t, opts, "/docs/guide/typed"); !strings.Contains(html, `info:2`) {
		t.Errorf("the @flow file was not compiled as Flow:\n%s", html)
	}
	write(t, root, "src/components/Typed.js", "// @flow\nimport * as React from 'react';\n\nexport default component Typed(count: number = ) {\n  return null;\n}\n")
	if got := buildError(t, opts); !strings.Contains(got, "src/components/Typed.js:4:") {
		t.Errorf("the mistake is not at its line: %s", got)
	}
}

// buildErrorOrPage builds the site and gives route's HTML, or the build's error.
func buildErrorOrPage(t *testing.T, opts Options, route string) (string, error) {
	t.Helper()
	b := New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		return "", err
	}
	return pageHTML(t, res, route), nil
}
