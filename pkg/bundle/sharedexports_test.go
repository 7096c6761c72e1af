package bundle

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A shell module's names as the facade lists them: its own and those of the files it star
// re-exports (never their default, which `export *` does not pass on); a name the list cannot
// write bare, a star re-export of a package, or CommonJS leaves them unknown (the facade is then
// `export *`, as before).
func TestSharedExports(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"hooks.js":     "export function useA() {}\nexport default function Hidden() {}\n",
		"common.js":    "export * from './hooks.js';\nexport const b = 1;\nexport default function C() {}\n",
		"odd.js":       "const x = 1;\nexport { x as \"a-b\", x as ok };\n",
		"package.js":   "export * from 'react';\nexport const c = 1;\n",
		"cjs.js":       "module.exports = { d: 1 };\n",
		"Tabs.jsx":     "export default function Tabs() { return <div />; }\n",
		"nodefault.js": "export const e = 1;\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := &Bundler{siteDir: dir}
	for _, c := range []struct {
		file  string
		names []string
		known bool
	}{
		{"common.js", []string{"b", "default", "useA"}, true},
		{"Tabs.jsx", []string{"default"}, true},
		{"nodefault.js", []string{"e"}, true},
		{"odd.js", nil, false},
		{"package.js", nil, false},
		{"cjs.js", nil, false},
	} {
		names, known := b.sharedExports(sharedSiteKey + c.file)
		if known != c.known || !slices.Equal(names, c.names) {
			t.Errorf("%s: %v %v, want %v %v", c.file, names, known, c.names, c.known)
		}
	}
	if !b.sharedGives(sharedSiteKey+"common.js", true, "useA, b as B") || b.sharedGives(sharedSiteKey+"nodefault.js", true, "") ||
		b.sharedGives(sharedSiteKey+"common.js", false, "useZ") || !b.sharedGives(sharedSiteKey+"cjs.js", true, "anything") {
		t.Errorf("sharedGives does not follow the names")
	}
}
