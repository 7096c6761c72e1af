package bundle

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// minifiedESM is src as quickPage's transform prints it for the browser.
func minifiedESM(t *testing.T, src string) []byte {
	t.Helper()
	out := api.Transform(src, api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatESModule, Platform: api.PlatformBrowser,
		Target: api.ES2020, MinifyWhitespace: true, MinifyIdentifiers: true, MinifySyntax: true, LogLevel: api.LogLevelSilent})
	if len(out.Errors) > 0 {
		t.Fatalf("transform: %v", out.Errors)
	}
	return out.Code
}

// evaluated is what the renderers see of a CommonJS module (entry-server.jsx's evaluate): its
// exports' names, types and values (functions by what they return, a class by its static kind()).
func evaluated(t *testing.T, code string) string {
	t.Helper()
	script := `const { runInThisContext } = require('node:vm');
const code = require('node:fs').readFileSync(0, 'utf8');
const module = { exports: {} };
runInThisContext('(function (module, exports, require) {' + code + '\n})')(module, module.exports, require);
const e = module.exports, out = {};
for (const k of Object.keys(e).sort()) out[k] = typeof e[k] === 'function' ? ['function', e[k].kind ? e[k].kind() : e[k]()] : e[k];
process.stdout.write(JSON.stringify({ esModule: e.__esModule === true, exports: out }));`
	cmd := exec.Command("node", "-e", script)
	cmd.Stdin = strings.NewReader(code)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s\n%s", err, out, code)
	}
	return string(out)
}

// TestCommonJSOfMatchesEsbuild: where commonJSOf converts a page's browser module itself, the
// renderers get the exports esbuild's CommonJS transform gives them; every other shape is left
// to esbuild.
func TestCommonJSOfMatchesEsbuild(t *testing.T) {
	converted := []string{
		// A compiled page as quickPage makes it: registry lookups, the content, id and Frame.
		`const {jsx: _jsx} = globalThis.reg("pkg:react/jsx-runtime.js");
function _createMdxContent(props) { return "content:" + (props.n || 0); }
export default function MDXContent(props = {}) { return _createMdxContent(props); }
export const id = "docs/a.mdx";
export const Frame = function Frame() { return "frame"; };`,
		// The page's own exports, a top-level this (undefined in an ES module) and a class.
		`export const meta = {title: "T", tags: ["a", "b"]};
export const self = typeof this;
export class Box { static kind() { return "box"; } }
export function helper() { return meta.title + self; }
export default function MDXContent() { return helper(); }`,
		// Text that mentions export{ inside a string is not the clause.
		`const note = "see the docs";
export default function MDXContent() { return note; }
export const id = "x";`,
	}
	for i, src := range converted {
		esm := minifiedESM(t, src)
		mine, ok := commonJSOf(esm)
		if !ok {
			t.Fatalf("case %d: not converted:\n%s", i, esm)
		}
		ref := api.Transform(string(esm), api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatCommonJS, Platform: api.PlatformNode,
			Target: api.ES2020, LogLevel: api.LogLevelSilent})
		if len(ref.Errors) > 0 {
			t.Fatalf("case %d: esbuild: %v", i, ref.Errors)
		}
		mineOut := evaluated(t, strings.ReplaceAll(mine, "globalThis.reg(", "((k) => ({jsx: k}))("))
		refOut := evaluated(t, strings.ReplaceAll(string(ref.Code), "globalThis.reg(", "((k) => ({jsx: k}))("))
		if mineOut != refOut {
			t.Errorf("case %d: exports differ:\nmine:    %s\nesbuild: %s\n%s", i, mineOut, refOut, mine)
		}
		var got struct{ ESModule bool }
		if err := json.Unmarshal([]byte(mineOut), &got); err != nil || !got.ESModule {
			t.Errorf("case %d: not marked as an ES module: %s", i, mineOut)
		}
	}
	left := map[string]string{
		"an import":          `import x from "./x.js"; export default function MDXContent() { return x; }`,
		"a re-export":        `export * from "./x.js"; export default function MDXContent() { return 1; }`,
		"the word in a text": `export default function MDXContent() { return "export it first"; }`,
		"no exports":         `globalThis.x = 1;`,
	}
	for name, src := range left {
		if code, ok := commonJSOf(minifiedESM(t, src)); ok {
			t.Errorf("%s: converted, want it left to esbuild:\n%s", name, code)
		}
	}
	// A target that allows a top-level await would print one: CommonJS has none.
	if code, ok := commonJSOf([]byte("const o=await f();export{o as default};\n")); ok {
		t.Errorf("a top-level await: converted, want it left to esbuild:\n%s", code)
	}
}

// TestDefinesIn: a page's transform gets the defines when its code names a define's global (so
// process.env.NODE_ENV is still replaced), and none otherwise.
func TestDefinesIn(t *testing.T) {
	defines := map[string]string{"process.env.NODE_ENV": `"production"`}
	if got := definesIn(defines, `export const mode = process.env.NODE_ENV;`); got == nil {
		t.Error("a page naming process.env.NODE_ENV got no defines")
	}
	if got := definesIn(defines, `export default function MDXContent() { return "text"; }`); got != nil {
		t.Errorf("a page naming no define's global got %v", got)
	}
	src := `export const mode = process.env.NODE_ENV;`
	out := api.Transform(src, api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatESModule, Define: definesIn(defines, src), LogLevel: api.LogLevelSilent})
	if !strings.Contains(string(out.Code), `"production"`) {
		t.Errorf("process.env.NODE_ENV not replaced: %s", out.Code)
	}
}
