package content

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var testLayout = Layout{DefaultLocale: "en", Versions: map[string]string{"docs": "current"}}

// project makes a project folder with content/ and a folder beside it that is not part of the
// project, holding a secret that no scan may reach.
func project(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "project"), filepath.Join(base, "elsewhere")
	for _, d := range []string{"project/content/docs", "project/content/static", "project/common/dir", "elsewhere/dir"} {
		mkdir(t, filepath.Join(base, d))
	}
	write(t, filepath.Join(outside, "secret.md"), "# SECRET-OUTSIDE")
	write(t, filepath.Join(outside, "dir/page.md"), "# SECRET-OUTSIDE")
	write(t, filepath.Join(root, ".env"), "TOKEN=SECRET-HIDDEN")
	write(t, filepath.Join(root, "common/page.md"), "# Shared")
	write(t, filepath.Join(root, "common/dir/inner.md"), "# Inner")
	write(t, filepath.Join(root, "content/docs/intro.md"), "# Intro")
	return root, outside
}

func mkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func link(t *testing.T, target, p string) {
	t.Helper()
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

func paths(sources []Source) []string {
	var out []string
	for _, s := range sources {
		out = append(out, s.Path)
	}
	return out
}

func messages(ws []*Error) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Error())
	}
	return out
}

func TestScanRefusesSymlinksOutOfTheProject(t *testing.T) {
	root, outside := project(t)
	content := filepath.Join(root, "content")
	link(t, filepath.Join(outside, "secret.md"), filepath.Join(content, "docs/secret.md"))
	link(t, "../../../elsewhere/secret.md", filepath.Join(content, "static/relative.txt"))
	link(t, filepath.Join(outside, "dir"), filepath.Join(content, "docs/outdir"))
	link(t, "../../.env", filepath.Join(content, "static/env.txt"))
	link(t, "missing.md", filepath.Join(content, "docs/dangling.md"))

	sources, warnings, err := Scan(content, testLayout)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(paths(sources)); got != "[docs/intro.md]" {
		t.Errorf("sources %s, want only docs/intro.md", got)
	}
	want := []string{
		"content/docs/dangling.md: broken symlink; skipped",
		"content/docs/outdir: symlink to a target outside the project; skipped",
		"content/docs/secret.md: symlink to a target outside the project; skipped",
		"content/static/env.txt: symlink to a hidden file or folder; skipped",
		"content/static/relative.txt: symlink to a target outside the project; skipped",
	}
	if got := messages(warnings); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, w := range warnings {
		if strings.Contains(w.Error(), "elsewhere") || strings.Contains(w.Error(), ".env") {
			t.Errorf("a warning names the target: %s", w)
		}
	}
}

func TestScanFollowsSymlinksInsideTheProjectAndStopsAtLoops(t *testing.T) {
	root, _ := project(t)
	content := filepath.Join(root, "content")
	link(t, "../../common/page.md", filepath.Join(content, "docs/alias.md"))
	link(t, filepath.Join(root, "common/dir"), filepath.Join(content, "docs/linked"))
	link(t, ".", filepath.Join(content, "docs/self"))
	link(t, "..", filepath.Join(content, "docs/linked-parent")) // content/, which holds docs/
	link(t, "../../content", filepath.Join(root, "common/dir/back"))

	sources, warnings, err := Scan(content, testLayout)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(paths(sources)), "[docs/alias.md docs/intro.md docs/linked/inner.md]"; got != want {
		t.Errorf("sources %s, want %s", got, want)
	}
	want := []string{
		"content/docs/linked-parent: symlink to a folder that contains it (a loop); skipped",
		"content/docs/linked/back: symlink to a folder that contains it (a loop); skipped",
		"content/docs/self: symlink to a folder that contains it (a loop); skipped",
	}
	if got := messages(warnings); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, s := range sources {
		if s.Path == "docs/alias.md" {
			data, err := ReadFile(s)
			if err != nil || string(data) != "# Shared" {
				t.Errorf("the in-project link reads %q, %v", data, err)
			}
		}
	}
}

func TestScanRefusesAContentFolderOutsideTheProject(t *testing.T) {
	root, outside := project(t)
	if err := os.RemoveAll(filepath.Join(root, "content")); err != nil {
		t.Fatal(err)
	}
	link(t, outside, filepath.Join(root, "content"))
	_, _, err := Scan(filepath.Join(root, "content"), testLayout)
	if err == nil || !strings.HasPrefix(err.Error(), "content: symlink to a folder outside the project") {
		t.Fatalf("err %v, want a refusal naming content", err)
	}
}

func TestScanSkipsEditorTemporaryFiles(t *testing.T) {
	root, _ := project(t)
	docs := filepath.Join(root, "content/docs")
	for _, name := range []string{"intro.md___jb_tmp___", "intro.md___jb_old___", "intro.md~", ".intro.md.swp", "#intro.md#", "4913"} {
		write(t, filepath.Join(docs, name), "# Temp")
	}
	sources, warnings, err := Scan(filepath.Join(root, "content"), testLayout)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	if got := fmt.Sprint(paths(sources)); got != "[docs/intro.md]" {
		t.Errorf("sources %s, want only docs/intro.md", got)
	}
}

func TestIsEditorTemp(t *testing.T) {
	for name, want := range map[string]bool{
		"a.md___jb_tmp___": true, "a.md___jb_old___": true, "a.md~": true, ".a.md.swp": true, "4913": true,
		"a.md": false, "jb_tmp.md": false, "a___jb_tmp___.md": false,
	} {
		if IsEditorTemp(name) != want {
			t.Errorf("IsEditorTemp(%q) = %v, want %v", name, !want, want)
		}
	}
}

// docsd runs with --root . by default: a relative content folder follows the same rules.
func TestScanWithARelativeRoot(t *testing.T) {
	root, outside := project(t)
	content := filepath.Join(root, "content")
	link(t, filepath.Join(outside, "secret.md"), filepath.Join(content, "docs/secret.md"))
	link(t, "../../../elsewhere/secret.md", filepath.Join(content, "docs/relative.md"))
	link(t, "../../common/page.md", filepath.Join(content, "docs/alias.md"))
	link(t, "..", filepath.Join(content, "docs/up"))
	link(t, filepath.Join(root, "common/page.md"), filepath.Join(content, "docs/absolute.md"))
	t.Chdir(root)
	sources, warnings, err := Scan("content", testLayout)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(paths(sources)), "[docs/absolute.md docs/alias.md docs/intro.md]"; got != want {
		t.Errorf("sources %s, want %s", got, want)
	}
	want := []string{
		"content/docs/relative.md: symlink to a target outside the project; skipped",
		"content/docs/secret.md: symlink to a target outside the project; skipped",
		"content/docs/up: symlink to a folder that contains it (a loop); skipped",
	}
	if got := messages(warnings); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Devices cannot be made without privileges in a test; the warning's wording is checked here.
func TestDescribeSpecialFiles(t *testing.T) {
	for mode, want := range map[fs.FileMode]string{
		fs.ModeDevice | fs.ModeCharDevice: "a character device", fs.ModeDevice: "a device",
		fs.ModeNamedPipe: "a named pipe", fs.ModeSocket: "a socket", fs.ModeIrregular: "a special file",
	} {
		if got := describe(mode); got != want {
			t.Errorf("describe(%v) = %q, want %q", mode, got, want)
		}
	}
}
