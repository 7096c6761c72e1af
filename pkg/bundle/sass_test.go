package bundle

import (
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/mdx"
	"docsd/pkg/secrets"
)

// sassProject is a project folder and a shell folder (siteDir) beside it, in a test folder, with a
// stylesheet; the bundler's MDX compiler is compile, when set.
func sassProject(t *testing.T, compile func(mdx.SassRequest) (mdx.SassResult, error)) (*Bundler, string, string) {
	t.Helper()
	dir := t.TempDir()
	root, shell := filepath.Join(dir, "project"), filepath.Join(dir, "shell", "site")
	file := filepath.Join(root, "src", "components", "Card.module.scss")
	for _, d := range []string{filepath.Dir(file), shell} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file, []byte(".card { color: red; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := &Bundler{siteDir: shell}
	b.SetMDX(MDX{Root: root, Sass: compile})
	return b, dir, file
}

// fakeSassPackage makes node_modules/sass in dir (a package.json is what sassPackage looks for).
func fakeSassPackage(t *testing.T, dir string) string {
	t.Helper()
	pkg := filepath.Join(dir, "node_modules", "sass")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"name": "sass"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return pkg
}

// Without sass in the project (nor in the shell's node_modules), the stylesheet's error names it
// and the command that installs the package, and no process is asked.
func TestSassNotInstalled(t *testing.T) {
	asked := false
	b, _, file := sassProject(t, func(mdx.SassRequest) (mdx.SassResult, error) {
		asked = true
		return mdx.SassResult{}, nil
	})
	_, err := b.compileSass(file)
	var se *mdx.FileError
	if !errors.As(err, &se) || se.File != file || se.Line != 0 || !strings.Contains(se.Msg, "(npm install sass)") {
		t.Errorf("error = %v, want the stylesheet's, saying npm install sass", err)
	}
	if asked {
		t.Error("the compiler was asked without a sass package")
	}
	// The message as the build shows it: the file named from the project, no line.
	errs := b.mdxSourceErrors(fileErrorMessages(se))
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "src/components/Card.module.scss: a Sass stylesheet is compiled with the project's own sass package") {
		t.Errorf("the build's error = %v", errs)
	}
}

// The project's own sass is taken before the shell's, as docusaurus-plugin-sass takes the site's;
// the shell's when the project has none.
func TestSassPackageIsTheProjectsFirst(t *testing.T) {
	var got mdx.SassRequest
	b, dir, file := sassProject(t, func(req mdx.SassRequest) (mdx.SassResult, error) {
		got = req
		return mdx.SassResult{CSS: ".card{}", Loaded: []string{req.File}}, nil
	})
	shells := fakeSassPackage(t, filepath.Join(dir, "shell"))
	if _, err := b.compileSass(file); err != nil || got.Package != shells {
		t.Errorf("without the project's: package %q, %v; want the shell's %q", got.Package, err, shells)
	}
	projects := fakeSassPackage(t, filepath.Join(dir, "project"))
	if _, err := b.compileSass(file); err != nil || got.Package != projects {
		t.Errorf("package %q, %v; want the project's %q", got.Package, err, projects)
	}
	if len(got.Roots) == 0 || got.Roots[0] != filepath.Join(dir, "project") || len(got.Modules) != 1 || got.Modules[0] != b.shellModules() {
		t.Errorf("roots %q, modules %q", got.Roots, got.Modules)
	}
}

// A file the compiler says it loaded is checked again: one outside the project and every
// node_modules folder (here through a link in the project) fails the stylesheet.
func TestSassLoadedFilesCheckedAgain(t *testing.T) {
	var link string
	b, dir, file := sassProject(t, func(req mdx.SassRequest) (mdx.SassResult, error) {
		return mdx.SassResult{CSS: ".card{}", Loaded: []string{req.File, link}}, nil
	})
	fakeSassPackage(t, filepath.Join(dir, "project"))
	outside := filepath.Join(dir, "_outside.scss")
	if err := os.WriteFile(outside, []byte("$x: 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link = filepath.Join(dir, "project", "src", "_link.scss")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	_, err := b.compileSass(file)
	var se *mdx.FileError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "outside the project folder") {
		t.Errorf("error = %v, want the loaded file refused", err)
	}
}

// A Sass partial that a stylesheet among the bundle's inputs loaded is searched for credentials as
// the stylesheet is: its text is in the CSS, though esbuild never reads it.
func TestSassPartialSearchedForCredentials(t *testing.T) {
	b, dir, file := sassProject(t, nil)
	partial := filepath.Join(dir, "project", "src", "css", "_keys.scss")
	if err := os.MkdirAll(filepath.Dir(partial), 0o755); err != nil {
		t.Fatal(err)
	}
	const body = "Pm4Vk8Tz2QwXr6Nb9Hd3Ls7Jc5Gy1A"
	token := "ghp_" + body + secrets.Base62(crc32.ChecksumIEEE([]byte(body)), 6)
	if err := os.WriteFile(partial, []byte("// deploy\n$k: \""+token+"\";\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := &onceResult[mdx.SassResult]{done: make(chan struct{}), v: mdx.SassResult{Loaded: []string{file, partial}}}
	close(done.done)
	b.startBuild()
	b.sassDone.Store(file, done)
	rel, err := filepath.Rel(b.siteDir, file)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := parseMeta(`{"inputs": {"` + filepath.ToSlash(rel) + `": {"imports": []}}}`)
	if err != nil {
		t.Fatal(err)
	}
	err = b.secretsIn(meta)
	if err == nil || !strings.HasPrefix(err.Error(), "src/css/_keys.scss:2:6: holds a GitHub token (ghp_…)") {
		t.Errorf("error = %v, want the partial's credential at its line", err)
	}
}
