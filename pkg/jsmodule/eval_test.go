package jsmodule

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEvalTypeScriptWithMissingPackages: a .ts module with types, an ESM default export, a
// relative import and packages that are not installed (stubs, left out of the JSON).
func TestEvalTypeScriptWithMissingPackages(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"sidebars.ts": `import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {themes} from 'prism-react-renderer';
import * as yaml from 'js-yaml';
import parts from './parts.json';
const extra = yaml.load('x');
const sidebars: SidebarsConfig = {docs: ['intro', ...parts.more, {type: 'link', label: 'L', href: 'https://x.invalid'}], theme: themes.github};
export default sidebars;`,
		"parts.json": `{"more": ["a", "b"]}`,
	})
	res, err := New().Eval(dir, filepath.Join(dir, "sidebars.ts"))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(res.JSON, &got); err != nil {
		t.Fatal(err)
	}
	docs, _ := json.Marshal(got["docs"])
	if string(docs) != `["intro","a","b",{"href":"https://x.invalid","label":"L","type":"link"}]` {
		t.Errorf("docs = %s", docs)
	}
	if _, ok := got["theme"]; ok {
		t.Errorf("a stub's value reached the JSON: %v", got["theme"])
	}
}

// TestEvalModuleThatPrints: what a config prints as it loads (tRPC's logs its TypeDoc entry points
// with console.log, some JSON-like) is not read as its result.
func TestEvalModuleThatPrints(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"docusaurus.config.js": "console.log('TypeDoc entrypoints:', ['a']);\nprocess.stdout.write('{\"title\": \"printed\"}\\n');\n" +
			"module.exports = async () => { console.log('loading'); return { title: 'Site' }; };\n",
	})
	res, err := New().Eval(dir, filepath.Join(dir, "docusaurus.config.js"))
	if err != nil {
		t.Fatal(err)
	}
	if string(res.JSON) != `{"title":"Site"}` {
		t.Errorf("result %s, want the exported config", res.JSON)
	}
}

// TestEvalSecretsStayOut: the module sees none of docsd's environment, and a module that throws
// without a variable is evaluated again with a placeholder, which the result names.
func TestEvalSecretsStayOut(t *testing.T) {
	t.Setenv("DOCSD_TEST_SECRET", "s3cret")
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"a.js": `module.exports = {seen: process.env.DOCSD_TEST_SECRET || 'unset'};`,
		"b.js": `if (!process.env.NEEDED_TOKEN) throw new Error('NEEDED_TOKEN is not set'); module.exports = {title: 'ok'};`,
	})
	e := New()
	res, err := e.Eval(dir, filepath.Join(dir, "a.js"))
	if err != nil {
		t.Fatal(err)
	}
	if string(res.JSON) != `{"seen":"unset"}` {
		t.Errorf("a.js = %s", res.JSON)
	}
	res, err = e.Eval(dir, filepath.Join(dir, "b.js"))
	if err != nil {
		t.Fatal(err)
	}
	if string(res.JSON) != `{"title":"ok"}` || strings.Join(res.Placeholders, ",") != "NEEDED_TOKEN" {
		t.Errorf("b.js = %s, placeholders %v", res.JSON, res.Placeholders)
	}
}

// TestEvalStaysInTheProject: a file outside the project is refused, and an import that climbs
// out of it is a stub, never read.
func TestEvalStaysInTheProject(t *testing.T) {
	parent := t.TempDir()
	project := filepath.Join(parent, "p")
	write(t, parent, map[string]string{
		"secret.js":     `module.exports = {secret: 'outside'};`,
		"p/sidebars.js": `const s = require('../secret.js'); module.exports = {got: s.secret || null};`,
	})
	if _, err := New().Eval(project, filepath.Join(parent, "secret.js")); err == nil || !strings.Contains(err.Error(), "outside the project") {
		t.Errorf("a file outside the project: %v", err)
	}
	res, err := New().Eval(project, filepath.Join(project, "sidebars.js"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(res.JSON), "outside") {
		t.Errorf("read a file outside the project: %s", res.JSON)
	}
}

// TestEvalErrorNamesTheProblem: a syntax error is at file:line:col; a throw names its message.
func TestEvalErrorNamesTheProblem(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"bad.js": "module.exports = {\n  a: [1,\n};\n", "throws.js": "throw new TypeError('no sidebars here');"})
	if _, err := New().Eval(dir, filepath.Join(dir, "bad.js")); err == nil || err.Error() != `bad.js:3:1: Unexpected "}"` {
		t.Errorf("syntax error: %v, want it at bad.js:3:1", err)
	}
	if _, err := New().Eval(dir, filepath.Join(dir, "throws.js")); err == nil || !strings.Contains(err.Error(), "no sidebars here") {
		t.Errorf("a throw: %v", err)
	}
}

// TestEvalHasNoSideEffects: a config that copies, writes and deletes files as it loads (some do,
// for Docusaurus's build) changes nothing when docsd evaluates it, and reads only inside the
// project; it still evaluates to its value.
func TestEvalHasNoSideEffects(t *testing.T) {
	parent := t.TempDir()
	project := filepath.Join(parent, "p")
	write(t, parent, map[string]string{
		"outside.txt": "outside",
		"p/keep.md":   "kept",
		"p/data.txt":  "inside",
		"p/config.js": `const fs = require('fs');
const path = require('node:path');
fs.unlinkSync(path.join(__dirname, 'keep.md'));
fs.writeFileSync(path.join(__dirname, 'new.md'), 'x');
fs.copyFileSync(path.join(__dirname, 'data.txt'), path.join(__dirname, 'copy.txt'));
let outside = 'unread';
try { outside = fs.readFileSync(path.join(__dirname, '..', 'outside.txt'), 'utf8'); } catch (e) { outside = e.code; }
module.exports = {inside: fs.readFileSync(path.join(__dirname, 'data.txt'), 'utf8'), outside};`,
	})
	res, err := New().Eval(project, filepath.Join(project, "config.js"))
	if err != nil {
		t.Fatal(err)
	}
	if string(res.JSON) != `{"inside":"inside","outside":"ENOENT"}` {
		t.Errorf("config = %s", res.JSON)
	}
	if _, err := os.Stat(filepath.Join(project, "keep.md")); err != nil {
		t.Errorf("the config deleted a file: %v", err)
	}
	for _, f := range []string{"new.md", "copy.txt"} {
		if _, err := os.Stat(filepath.Join(project, f)); err == nil {
			t.Errorf("the config wrote %s", f)
		}
	}
}

// TestEvalThrowNamesItsLine: a sidebars file that throws while it runs is reported at the line and
// column of the file that threw (here one it imports, after TypeScript's types are gone), not only
// by its message; a throw on what a stubbed package gave is at the project's line too.
func TestEvalThrowNamesItsLine(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"sidebars.ts":    "import {items} from './parts/items';\n\ntype S = {docs: string[]};\nconst s: S = {docs: items()};\nexport default s;\n",
		"parts/items.ts": "// the generated list\nexport function items(): string[] {\n  const list: any = undefined;\n  return [...list.docs];\n}\n",
		"stubbed.js":     "const x = require('not-installed');\n\nif (typeof x.count() !== 'number') {\n  throw new Error('the package gave no count');\n}\nmodule.exports = {};\n",
	})
	_, err := New().Eval(dir, filepath.Join(dir, "sidebars.ts"))
	var se *SyntaxError
	if !errors.As(err, &se) || se.File != "parts/items.ts" || se.Line != 4 || se.Column < 12 || !strings.Contains(se.Msg, "TypeError") {
		t.Errorf("a throw in an imported file: %v, want it at parts/items.ts:4 with its TypeError", err)
	}
	_, err = New().Eval(dir, filepath.Join(dir, "stubbed.js"))
	if !errors.As(err, &se) || se.File != "stubbed.js" || se.Line != 4 {
		t.Errorf("a throw on a stub's value: %v, want it at stubbed.js:4", err)
	}
	// It says which package gave the empty value, where it is imported, and what to do.
	if err == nil || !strings.Contains(err.Error(), `imports "not-installed" at stubbed.js:1:19`) || !strings.Contains(err.Error(), "write docsd.toml by hand") {
		t.Errorf("a throw on a stub's value does not name the stubbed package and what to do: %v", err)
	}
	// A file that imports no package says nothing of stubs.
	if _, err := New().Eval(dir, filepath.Join(dir, "sidebars.ts")); err == nil || strings.Contains(err.Error(), "stubs") {
		t.Errorf("a throw with no package imported speaks of stubs: %v", err)
	}
}

// TestEvalRequireGivesTheDefaultExport: `...require("./generated.ts").items` of an ES module gives
// its default export with its named exports, as Docusaurus (jiti's interopDefault) reads it; a
// CommonJS file and a JSON file are required as they are.
func TestEvalRequireGivesTheDefaultExport(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"sidebars.js": `module.exports = {
  docs: [...require('./gen/typedoc.ts').items, require('./gen/typedoc').extra, ...require('./plain.cjs').items, require('./data.json').id],
};`,
		"gen/typedoc.ts": "const sidebar = {items: ['api/a', 'api/b']};\nexport const extra = 'api/extra';\nexport default sidebar;\n",
		"plain.cjs":      "module.exports = {items: ['plain'], default: 'not a module'};\n",
		"data.json":      `{"id": "from-json"}`,
	})
	res, err := New().Eval(dir, filepath.Join(dir, "sidebars.js"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.JSON), `{"docs":["api/a","api/b","api/extra","plain","from-json"]}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestEvalFollowsNoLinkOutOfTheProject: a link inside the project to a file outside it is read as
// the file it points to, so it is outside: the file given to Eval, a module it requires and a file
// it reads through fs are refused (the module is a stub), and the secret never reaches the result.
func TestEvalFollowsNoLinkOutOfTheProject(t *testing.T) {
	parent := t.TempDir()
	project := filepath.Join(parent, "p")
	write(t, parent, map[string]string{
		"secret.js":     `module.exports = {secret: 'outside'};`,
		"secret.json":   `{"secret": "outside"}`,
		"secret.txt":    "outside",
		"p/requires.js": `const s = require('./linked.js'); module.exports = {got: s.secret || null};`,
		"p/imports.mjs": `import s from './linked.js'; export default {got: s.secret || null};`,
		"p/reads.js": `const fs = require('fs');
let got = 'unread';
try { got = fs.readFileSync(require('path').join(__dirname, 'linked.txt'), 'utf8'); } catch (e) { got = e.code; }
module.exports = {got};`,
	})
	for link, target := range map[string]string{"linked.js": "secret.js", "linked.json": "secret.json", "linked.txt": "secret.txt"} {
		if err := os.Symlink(filepath.Join(parent, target), filepath.Join(project, link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, entry := range []string{"linked.js", "linked.json"} {
		res, err := New().Eval(project, filepath.Join(project, entry))
		if err == nil || !strings.Contains(err.Error(), "outside the project") {
			t.Errorf("%s, a link out of the project: %v, want refused", entry, err)
		}
		if res != nil && strings.Contains(string(res.JSON), "outside") {
			t.Errorf("%s: read through the link: %s", entry, res.JSON)
		}
	}
	// A module required through the link is refused or a stub, as one that climbs out by its path.
	res, err := New().Eval(project, filepath.Join(project, "requires.js"))
	if err == nil && strings.Contains(string(res.JSON), "outside") {
		t.Errorf("a require of a link out of the project read it: %s", res.JSON)
	}
	if err != nil && !strings.Contains(err.Error(), "outside the project") {
		t.Errorf("a require of a link out of the project: %v", err)
	}
	res, err = New().Eval(project, filepath.Join(project, "imports.mjs"))
	if err == nil && strings.Contains(string(res.JSON), "outside") {
		t.Errorf("an import of a link out of the project read it: %s", res.JSON)
	}
	if err != nil && !strings.Contains(err.Error(), "outside the project") {
		t.Errorf("an import of a link out of the project: %v", err)
	}
	res, err = New().Eval(project, filepath.Join(project, "reads.js"))
	if err != nil {
		t.Fatal(err)
	}
	if string(res.JSON) != `{"got":"ENOENT"}` {
		t.Errorf("fs read through a link out of the project: %s, want ENOENT", res.JSON)
	}
}
