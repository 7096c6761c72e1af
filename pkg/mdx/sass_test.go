package mdx

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// sassCompiler is the real compiler with the repository's sass package (package.json lists it),
// or skips the test when it is not installed.
func sassCompiler(t *testing.T) (*Compiler, string) {
	t.Helper()
	script, err := filepath.Abs("../../site/mdx-compiler/compile.mjs")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := filepath.Abs("../../node_modules/sass")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(pkg, "package.json")); err != nil {
		t.Skipf("sass is not installed (npm ci): %v", err)
	}
	c := NewCompiler(script)
	t.Cleanup(c.Close)
	return c, pkg
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Sass's load rules through docsd's importer: a partial by its name, an indented-syntax file, an
// index file, an import-only file for @import, a package in the project's node_modules (named as
// it is, by webpack's "~", and alone through its package.json's "sass" file) and one in the
// shell's (Modules); the files loaded are listed.
func TestSassLoads(t *testing.T) {
	c, pkg := sassCompiler(t)
	dir := t.TempDir()
	root, shell := filepath.Join(dir, "project"), filepath.Join(dir, "shell", "node_modules")
	writeFiles(t, root, map[string]string{
		"src/css/_tokens.scss":               "$accent: #123456;\n",
		"src/css/_spacing.sass":              "$gap: 7px\n",
		"src/css/theme/_index.scss":          "$radius: 2px;\n",
		"src/css/_legacy.import.scss":        ".legacy-import-only { a: b; }\n",
		"src/css/_legacy.scss":               ".legacy-plain { a: b; }\n",
		"node_modules/kit/scss/_mixins.scss": "@mixin boxed { border: 1px solid; }\n",
		"node_modules/named/package.json":    `{"name": "named", "sass": "lib/main.scss"}`,
		"node_modules/named/lib/main.scss":   "$named: 4px;\n",
		"src/components/Card.module.scss": "@use '../css/tokens';\n@use '../css/spacing';\n@use '../css/theme';\n@use 'kit/scss/mixins';\n" +
			"@use '~named' as named;\n@use 'shared';\n@import '../css/legacy';\n" +
			".card {\n  color: tokens.$accent;\n  margin: spacing.$gap;\n  border-radius: theme.$radius;\n  padding: named.$named shared.$shared;\n" +
			"  .title { @include mixins.boxed; }\n}\n",
	})
	writeFiles(t, shell, map[string]string{"shared/_index.scss": "$shared: 9px;\n"})
	file := filepath.Join(root, "src", "components", "Card.module.scss")
	res, err := c.Sass(SassRequest{File: file, Package: pkg, Roots: []string{root}, Modules: []string{shell}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".legacy-import-only", "color: #123456;", "margin: 7px;", "border-radius: 2px;", "padding: 4px 9px;",
		".card .title {\n  border: 1px solid;\n}"} {
		if !strings.Contains(res.CSS, want) {
			t.Errorf("the CSS lacks %q:\n%s", want, res.CSS)
		}
	}
	if strings.Contains(res.CSS, ".legacy-plain") {
		t.Errorf("@import took the plain file over the import-only one:\n%s", res.CSS)
	}
	want := []string{file}
	for _, rel := range []string{"src/css/_tokens.scss", "src/css/_spacing.sass", "src/css/theme/_index.scss", "node_modules/kit/scss/_mixins.scss",
		"node_modules/named/lib/main.scss", "src/css/_legacy.import.scss"} {
		want = append(want, filepath.Join(root, filepath.FromSlash(rel)))
	}
	want = append(want[:6], append([]string{filepath.Join(shell, "shared", "_index.scss")}, want[6:]...)...)
	if !reflect.DeepEqual(res.Loaded, want) {
		t.Errorf("loaded\n %q\nwant\n %q", res.Loaded, want)
	}
}

// A mistake is at the file where it is (a partial), line and column; a load that names nothing,
// or a file outside the project (climbing out, or through a link), fails at the @use.
func TestSourceErrors(t *testing.T) {
	c, pkg := sassCompiler(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "project")
	writeFiles(t, dir, map[string]string{"_secret.scss": ".secret { a: b; }\n"})
	writeFiles(t, root, map[string]string{
		"src/_broken.scss":     "$ok: 1px;\n$pad: 3px +;\n",
		"src/uses-broken.scss": "@use 'broken';\n",
		"src/missing.scss":     "// nothing is there\n@use 'nothing';\n",
		"src/climb.scss":       "\n  @use '../../secret';\n",
		"src/linked.scss":      "@use 'link';\n",
		"src/undefined.scss":   ".a {\n  color: $nope;\n}\n",
	})
	if err := os.Symlink(filepath.Join(dir, "_secret.scss"), filepath.Join(root, "src", "_link.scss")); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "src")
	for _, c2 := range []struct {
		file, at, msg string
		line, col     int
	}{
		{"uses-broken.scss", "_broken.scss", "Expected expression.", 2, 12},
		{"missing.scss", "missing.scss", "Can't find stylesheet to import.", 2, 1},
		{"climb.scss", "climb.scss", filepath.Join(dir, "_secret.scss") + " is outside the project folder; docsd reads no file there", 2, 3},
		{"linked.scss", "linked.scss", filepath.Join(src, "_link.scss") + " (a link to " + filepath.Join(dir, "_secret.scss") + ") is outside the project folder; docsd reads no file there", 1, 1},
		{"undefined.scss", "undefined.scss", "Undefined variable.", 2, 10},
	} {
		_, err := c.Sass(SassRequest{File: filepath.Join(src, c2.file), Package: pkg, Roots: []string{root}})
		var se *FileError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want a *FileError", c2.file, err)
			continue
		}
		if se.File != filepath.Join(src, c2.at) || se.Line != c2.line || se.Column != c2.col || se.Msg != c2.msg {
			t.Errorf("%s: %s:%d:%d: %s\nwant %s:%d:%d: %s", c2.file, se.File, se.Line, se.Column, se.Msg, filepath.Join(src, c2.at), c2.line, c2.col, c2.msg)
		}
	}
}

// sass is loaded from V8's code cache, kept in the compiler's cache folder: the first process
// writes it when it ends, and the next loads sass from it without writing it again (V8 accepted
// it); both compile the same CSS. (A copy of the compiler, compilerCopy, so that the repository's
// cache folder is not the one looked at.)
func TestSassCodeCache(t *testing.T) {
	_, pkg := sassCompiler(t)
	dir := compilerCopy(t)
	writeFiles(t, dir, map[string]string{"project/a.scss": "$c: #abcdef;\n.a { .b { color: $c; } }\n"})
	compile := func() (string, os.FileInfo) {
		c := NewCompiler(filepath.Join(dir, "compile.mjs"))
		res, err := c.Sass(SassRequest{File: filepath.Join(dir, "project", "a.scss"), Package: pkg, Roots: []string{filepath.Join(dir, "project")}})
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
		found, _ := filepath.Glob(filepath.Join(dir, cacheDir, "sass-*.v8cache*"))
		if len(found) != 1 {
			t.Fatalf("the cache folder holds %v, want one code cache of sass", found)
		}
		st, err := os.Stat(found[0])
		if err != nil {
			t.Fatal(err)
		}
		return res.CSS, st
	}
	css1, first := compile()
	css2, second := compile()
	if css1 != css2 || !strings.Contains(css1, ".a .b {\n  color: #abcdef;\n}") {
		t.Errorf("the CSS with and without the cache:\n%s\n%s", css1, css2)
	}
	if !os.SameFile(first, second) {
		t.Error("the second process wrote the cache again: V8 rejected it, or it was not read")
	}
}
