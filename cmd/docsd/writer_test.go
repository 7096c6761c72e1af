package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Mistakes that used to build silently warn at file:line:col and the build goes on: unknown
// front-matter keys (with a suggestion), unknown admonition kinds, unclosed fences and admonitions,
// and a binary file named .md, which is skipped.
func TestBuildOnceWarnsAboutWritersMistakes(t *testing.T) {
	root := fixtureRoot(t)
	write := func(rel, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("content/docs/guide/typos.md", "---\ntitle: Typos\nsidebar_postion: 3\ncustom_edit_url: null\nzzz: 1\n---\n\n"+
		"Text.\n\n:::cauton\nCareful.\n:::\n\n  ```go\nfunc main() {}\n")
	write("content/docs/guide/open.md", "# Open\n\n:::note\nNever closed.\n")
	write("content/docs/guide/picture.md", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	out := filepath.Join(t.TempDir(), "build")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--root", root, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	for _, want := range []string{
		`warning: content/docs/guide/typos.md:3:1: unknown front-matter key "sidebar_postion" (did you mean "sidebar_position"?); ignored`,
		`warning: content/docs/guide/typos.md:5:1: unknown front-matter key "zzz"; ignored`,
		`warning: content/docs/guide/typos.md:10:1: unknown admonition kind "cauton", shown as a note (did you mean "caution"?); Docusaurus knows`,
		"warning: content/docs/guide/typos.md:14:3: code fence ``` is never closed",
		"warning: content/docs/guide/open.md:3:1: admonition :::note is never closed",
		"warning: content/docs/guide/picture.md:3:1: a binary file (it holds NUL bytes), not text; skipped",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "custom_edit_url") {
		t.Errorf("a Docusaurus key docsd ignores is warned about:\n%s", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(out, "guide/picture.html")); !os.IsNotExist(err) {
		t.Errorf("the binary file became a page: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "guide/typos.html")); err != nil {
		t.Errorf("the page with warnings is not built: %v", err)
	}
}

// [markdown] front_matter_keys lists the site's own keys: no warning for them, the others still
// warned about; a key of another shape fails the load at its line.
func TestSiteFrontMatterKeysAreNotWarnedAbout(t *testing.T) {
	root := fixtureRoot(t)
	toml, err := os.ReadFile(filepath.Join(root, "docsd.toml"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(rel, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docsd.toml", string(toml)+"\n[markdown]\nfront_matter_keys = [\"contributors\", \"editApiUrl\"]\n")
	write("content/docs/guide/theirs.md", "---\ntitle: Theirs\ncontributors:\n  - someone\neditApiUrl: https://example.test/x\nzzz: 1\n---\n\nText.\n")
	out := filepath.Join(t.TempDir(), "build")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--once", "--root", root, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), `warning: content/docs/guide/theirs.md:6:1: unknown front-matter key "zzz"; ignored`) {
		t.Errorf("the key the site does not list is not warned about:\n%s", stderr.String())
	}
	if strings.Contains(stderr.String(), "contributors") || strings.Contains(stderr.String(), "editApiUrl") {
		t.Errorf("a key the site lists is warned about:\n%s", stderr.String())
	}
	write("docsd.toml", string(toml)+"\n[markdown]\nfront_matter_keys = [\"contributors\", \"edit url\"]\n")
	stderr.Reset()
	if code := run([]string{"build", "--once", "--root", root, "--out", out}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), `[markdown] front_matter_keys entry 2 "edit url" is no front-matter key`) {
		t.Errorf("exit %d, want a failed load naming the entry:\n%s", code, stderr.String())
	}
}

// A category file's mistakes name the category file, the key and the expected type in words. An
// unknown key is a warning, as Docusaurus builds such a file (issue #20).
func TestCategoryFileErrorsSayWhatIsExpected(t *testing.T) {
	for _, c := range []struct {
		yml, want string
		code      int
	}{
		{"label: Cat\nposition: first\n", "content/docs/guide/cat/_category_.yml:2:11: category file: `position` must be a number, not text", 1},
		{"label: Cat\ncolapsed: true\n", `warning: content/docs/guide/cat/_category_.yml:2:1: unknown category key "colapsed" (did you mean "collapsed"?); ignored`, 0},
	} {
		root := fixtureRoot(t)
		matches, _ := filepath.Glob(filepath.Join(root, "content/docs/guide/cat/_category_.*"))
		for _, m := range matches {
			os.Remove(m)
		}
		if err := os.WriteFile(filepath.Join(root, "content/docs/guide/cat/_category_.yml"), []byte(c.yml), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{"build", "--once", "--root", root, "--out", filepath.Join(t.TempDir(), "build")}, &stdout, &stderr); code != c.code {
			t.Fatalf("exit %d, want %d\n%s", code, c.code, stderr.String())
		}
		if !strings.Contains(stderr.String(), c.want) {
			t.Errorf("stderr lacks %q:\n%s", c.want, stderr.String())
		}
		if strings.Contains(stderr.String(), "Go struct") || strings.Contains(stderr.String(), "front matter") {
			t.Errorf("the message speaks Go or calls the file front matter:\n%s", stderr.String())
		}
	}
}
