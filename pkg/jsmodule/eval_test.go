package jsmodule

import (
	"encoding/json"
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
