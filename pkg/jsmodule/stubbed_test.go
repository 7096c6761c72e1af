package jsmodule

import (
	"path/filepath"
	"slices"
	"testing"
)

// An ES module config that requires its CommonJS plugins through createRequire (Docusaurus's
// docs show `const require = createRequire(import.meta.url)` for configs that keep require())
// loads @docusaurus/remark-plugin-npm2yarn as surely as an import does; Stubbed must name it.
func TestStubbedNamesWhatARuntimeRequireStubs(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"docusaurus.config.mjs": `import {createRequire} from 'node:module';
const require = createRequire(import.meta.url);
export default {
  title: 'T',
  presets: [['classic', {docs: {remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), {sync: true}]]}}]],
};`,
	})
	ev := New()
	for i := range 2 { // the second answer is the cache's
		res, err := ev.Eval(dir, filepath.Join(dir, "docusaurus.config.mjs"))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(res.Stubbed, "@docusaurus/remark-plugin-npm2yarn") {
			t.Errorf("eval %d: Stubbed = %q, lacks the plugin", i+1, res.Stubbed)
		}
	}
}

// The plain spellings: an import in a .ts config and a require in a .js one, evaluated twice.
func TestStubbedNamesImportsAndRequires(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"a.ts": `import npm2yarn from '@docusaurus/remark-plugin-npm2yarn';
export default {presets: [['classic', {docs: {remarkPlugins: [npm2yarn]}}]]};`,
		"b.js": `module.exports = {plugins: [['content-docs', {remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), {sync: true}]]}]]};`,
	})
	ev := New()
	for _, f := range []string{"a.ts", "b.js", "a.ts", "b.js"} {
		res, err := ev.Eval(dir, filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(res.Stubbed, "@docusaurus/remark-plugin-npm2yarn") {
			t.Errorf("%s: Stubbed = %q", f, res.Stubbed)
		}
	}
}
