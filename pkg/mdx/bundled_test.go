package mdx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The bundled compiler is made once per script and set of installed packages, in the script's
// .cache folder, and again when either changes; without npm's record of the packages there is none.
func TestBundledScript(t *testing.T) {
	root := t.TempDir()
	put := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("node_modules/dep/package.json", `{"name": "dep", "type": "module", "main": "index.js"}`)
	put("node_modules/dep/index.js", "export const word = 'bundled';\n")
	put("site/compiler/run.mjs", "import { word } from 'dep';\nconsole.log(word);\n")
	script := filepath.Join(root, "site/compiler/run.mjs")
	if got, err := bundledScript(script); err != nil || got != "" {
		t.Fatalf("without .package-lock.json: %q, %v; want none", got, err)
	}
	put("node_modules/.package-lock.json", `{"packages": {"node_modules/dep": {"version": "1.0.0"}}}`)
	first, err := bundledScript(script)
	if err != nil || first == "" {
		t.Fatalf("bundledScript: %q, %v", first, err)
	}
	if filepath.Dir(first) != filepath.Join(root, "site/compiler/.cache") {
		t.Errorf("bundled into %s", first)
	}
	text, _ := os.ReadFile(first)
	if !strings.Contains(string(text), `"bundled"`) || strings.Contains(string(text), "from 'dep'") {
		t.Errorf("the bundle lacks the package's code:\n%s", text)
	}
	// Made once: a second start takes the same file as it is.
	os.WriteFile(first, []byte("kept"), 0o644)
	if again, err := bundledScript(script); err != nil || again != first {
		t.Fatalf("second call: %q, %v; want %s", again, err, first)
	}
	if text, _ := os.ReadFile(first); string(text) != "kept" {
		t.Error("the bundle was made again for the same script and packages")
	}
	put("node_modules/.package-lock.json", `{"packages": {"node_modules/dep": {"version": "1.0.1"}}}`)
	if other, err := bundledScript(script); err != nil || other == first || other == "" {
		t.Errorf("after the packages changed: %q, %v; want a new bundle", other, err)
	}
	put("site/compiler/run.mjs", "import { word } from 'dep';\nconsole.log(word, 2);\n")
	if other, err := bundledScript(script); err != nil || other == first || other == "" {
		t.Errorf("after the script changed: %q, %v; want a new bundle", other, err)
	}
}
