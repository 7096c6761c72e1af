package bundle

// A page that needs no bundler (mdxquick.go) leaves esbuild's transform as a script followed by
// one export clause: its imports became registry lookups, and a minified ES module's exports are
// printed together at its end (`export{h as Frame,i as default,p as id};`). Such a module is
// CommonJS once the clause becomes assignments to `exports`, so the renderers' module needs no
// second transform of the page (a transform is mostly esbuild's fixed cost per call: its
// goroutines, their stacks grown by the parser's recursion, and GC). Anything else (an import, a
// second export, a top-level await, a clause of another shape) goes through esbuild as before.

import (
	"regexp"
	"strings"
)

// exportItem is one item of a minified export clause: `local` or `local as exported`.
var exportItem = regexp.MustCompile(`^([A-Za-z_$][\w$]*)(?: as ([A-Za-z_$][\w$]*))?$`)

// commonJSOf is the CommonJS form of the browser module code when it is a script and one
// trailing export clause; ok is false otherwise.
func commonJSOf(code []byte) (string, bool) {
	js := string(code)
	// The words are looked for anywhere, strings and comments included: a page whose text says
	// "import" is transformed by esbuild, which costs time, never correctness.
	if strings.Contains(js, "import") || strings.Contains(js, "await") || strings.Count(js, "export") != 1 {
		return "", false
	}
	at := strings.LastIndex(js, "export{")
	if at < 0 || at > 0 && !strings.ContainsRune(";}\n", rune(js[at-1])) {
		return "", false
	}
	body, ok := strings.CutSuffix(js[at+len("export{"):], "};\n")
	if !ok {
		return "", false
	}
	var sets []string
	for _, item := range strings.Split(body, ",") {
		m := exportItem.FindStringSubmatch(item)
		if m == nil {
			return "", false
		}
		name := m[2]
		if name == "" {
			name = m[1]
		}
		sets = append(sets, "exports."+name+"="+m[1])
	}
	// The flag is what esbuild's CommonJS gives an ES module: a default import of it is its
	// default export.
	return js[:at] + `Object.defineProperty(exports,"__esModule",{value:!0});` + strings.Join(sets, ",") + ";\n", true
}
