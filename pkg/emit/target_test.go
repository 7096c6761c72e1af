package emit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A project in a temporary folder: content/, a site/ that is a link to a folder elsewhere (as the
// tests' projects have it), .git/, README.md. The current folder is the project's.
func project(t *testing.T) (root string, p Project) {
	t.Helper()
	outer := t.TempDir()
	root = filepath.Join(outer, "proj")
	shell := filepath.Join(outer, "shell")
	write(t, filepath.Join(root, "README.md"), "readme")
	write(t, filepath.Join(root, "content/docs/intro.md"), "# Intro")
	write(t, filepath.Join(root, ".git/HEAD"), "ref: refs/heads/main")
	write(t, filepath.Join(shell, "app.jsx"), "shell")
	if err := os.Symlink(shell, filepath.Join(root, "site")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "content"), filepath.Join(root, "docs-link")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	return root, Project{Root: ".", Sources: []string{"content", "site", ".git"}}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Target refuses every output that is the project, holds it, or lies inside its sources, however
// the path is spelt (.., symbolic links), and says why.
func TestTargetRefusesTheProjectAndItsSources(t *testing.T) {
	root, p := project(t)
	for out, want := range map[string]string{
		"README.md":             "refusing to replace a file",
		"content":               "into content/",
		"./content/../content":  "into content/",
		"content/static/live":   "into content/",
		"docs-link/static/live": "into content/",
		"site/x":                "into site/",
		".git/x":                "into .git/",
		".":                     "the project folder itself",
		"..":                    "holds the project folder",
		"/":                     "holds the project folder",
	} {
		_, err := Target(out, p)
		var refused *RefusedError
		if !errors.As(err, &refused) || refused.Out != out || !strings.Contains(err.Error(), want) {
			t.Errorf("Target(%q) = %v, want a refusal saying %q", out, err, want)
		}
	}
	// A folder inside the project, or beside it, is fine, and comes back resolved.
	for out, want := range map[string]string{
		"build":             filepath.Join(root, "build"),
		"./out/../build":    filepath.Join(root, "build"),
		"../www/docs":       filepath.Join(filepath.Dir(root), "www", "docs"),
		"content-build/new": filepath.Join(root, "content-build", "new"),
	} {
		got, err := Target(out, p)
		real, _ := filepath.EvalSymlinks(filepath.Dir(root))
		want = strings.Replace(want, filepath.Dir(root), real, 1)
		if err != nil || got != want {
			t.Errorf("Target(%q) = %q, %v; want %q", out, got, err, want)
		}
	}
}

// A folder that holds files but no marker is not replaced, and its files stay as they were.
func TestWriteAtomicRefusesAFolderItDidNotBuild(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	write(t, filepath.Join(dir, "notes.md"), "mine")
	err := WriteAtomic(dir, site("new"))
	var refused *RefusedError
	if !errors.As(err, &refused) || !strings.Contains(err.Error(), "not empty and has no "+Marker) {
		t.Fatalf("WriteAtomic = %v, want a refusal naming the marker", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "notes.md")); string(got) != "mine" {
		t.Error("the folder's file changed")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want its one file", len(entries))
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".build.*")); len(left) != 0 {
		t.Errorf("temporary folders left behind: %v", left)
	}
}

// A file at the output path is not replaced by a folder.
func TestWriteAtomicRefusesAFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "README.md")
	write(t, path, "readme")
	if err := WriteAtomic(path, site("new")); err == nil || !strings.Contains(err.Error(), "a file") {
		t.Fatalf("WriteAtomic = %v, want a refusal", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "readme" {
		t.Error("the file changed")
	}
}

// An empty folder is used, and the build in it carries the marker; a marked folder is replaced.
func TestWriteAtomicUsesEmptyAndMarkedFolders(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(dir, site("one")); err != nil {
		t.Fatal(err)
	}
	if !marked(dir) {
		t.Fatalf("the build has no %s", Marker)
	}
	write(t, filepath.Join(dir, "stale.html"), "from an older build")
	if err := WriteAtomic(dir, site("two")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "two" || !marked(dir) {
		t.Errorf("index.html = %q, marked %v", got, marked(dir))
	}
	if _, err := os.Stat(filepath.Join(dir, "stale.html")); !os.IsNotExist(err) {
		t.Error("a file of the replaced folder survived")
	}
}

// Folders that killed builds left beside the target are removed at the next build, if marked and
// if their build no longer runs; other folders stay.
func TestLeftoversOfKilledBuildsAreRemoved(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "build")
	if err := WriteAtomic(dir, site("previous")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".build.new-1234", ".build.old-1234"} {
		write(t, filepath.Join(parent, name, Marker), markerText)
		write(t, filepath.Join(parent, name, "index.html"), "killed")
	}
	write(t, filepath.Join(parent, ".build.new-notours", "index.html"), "someone's")
	running, err := NewStage(dir) // a build of the same folder that still runs
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(dir, site("next")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".build.new-1234", ".build.old-1234"} {
		if _, err := os.Stat(filepath.Join(parent, name)); !os.IsNotExist(err) {
			t.Errorf("%s was left", name)
		}
	}
	if _, err := os.Stat(filepath.Join(parent, ".build.new-notours", "index.html")); err != nil {
		t.Error("an unmarked folder was removed")
	}
	if err := running.Commit(site("running")); err != nil {
		t.Fatalf("the running build lost its folder: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "running" {
		t.Errorf("index.html = %q", got)
	}
}

// A kill between the two renames of the old swap left no build/, the previous build aside and the
// new one half done: the next build puts the previous one back before anything else, so a build
// that then fails leaves the previous site, as every failed build does.
func TestPreviousBuildLeftAsideIsPutBack(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "build")
	write(t, filepath.Join(parent, ".build.old-77", Marker), markerText)
	write(t, filepath.Join(parent, ".build.old-77", "index.html"), "previous")
	write(t, filepath.Join(parent, ".build.new-77", Marker), markerText)
	write(t, filepath.Join(parent, ".build.new-77", "index.html"), "half")
	stage, err := NewStage(dir)
	if err != nil {
		t.Fatal(err)
	}
	stage.Abort()
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "previous" {
		t.Errorf("index.html = %q, want the previous build back", got)
	}
	if left, _ := filepath.Glob(filepath.Join(parent, ".build.*")); len(left) != 0 {
		t.Errorf("folders left behind: %v", left)
	}
}

// Where folders cannot be exchanged atomically, the swap takes two renames; a kill between them is
// undone by the next build, and without a kill nothing is left behind.
func TestSwapWithoutExchange(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	if err := WriteAtomic(dir, site("previous")); err != nil {
		t.Fatal(err)
	}
	commit := func(text string, stopAt func(string) bool) error {
		stage, err := NewStage(dir)
		if err != nil {
			t.Fatal(err)
		}
		stage.exchange = func(a, b string) error { return errors.ErrUnsupported }
		stage.stopAt = stopAt
		return stage.Commit(site(text))
	}
	if err := commit("killed", func(step string) bool { return step == "aside" }); !errors.Is(err, errKilled) {
		t.Fatalf("Commit = %v, want the simulated kill", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the kill did not land between the renames: %v", err)
	}
	stage, err := NewStage(dir) // the next build starts, and fails
	if err != nil {
		t.Fatal(err)
	}
	stage.Abort()
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "previous" {
		t.Fatalf("index.html = %q, want the previous build back", got)
	}
	if err := commit("next", nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "next" {
		t.Errorf("index.html = %q", got)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".build.*")); len(left) != 0 {
		t.Errorf("folders left behind: %v", left)
	}
}

// With the atomic exchange, build/ is never missing: a kill right after it leaves the new build in
// place and the previous one beside it, which the next build removes.
func TestSwapByExchange(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "build")
	if err := WriteAtomic(dir, site("previous")); err != nil {
		t.Fatal(err)
	}
	stage, err := NewStage(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := exchange(stage.tmp, dir); errors.Is(err, errors.ErrUnsupported) {
		t.Skip("no atomic exchange on this system")
	} else if err := exchange(stage.tmp, dir); err != nil { // undo the probe
		t.Fatal(err)
	}
	stage.stopAt = func(step string) bool { return step == "exchanged" }
	if err := stage.Commit(site("new")); !errors.Is(err, errKilled) {
		t.Fatalf("Commit = %v, want the simulated kill", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(got) != "new" {
		t.Errorf("index.html = %q right after the exchange", got)
	}
	stage, err = NewStage(dir)
	if err != nil {
		t.Fatal(err)
	}
	stage.Abort()
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".build.*")); len(left) != 0 {
		t.Errorf("folders left behind: %v", left)
	}
}

// site is a one-page build.
func site(index string) *Files {
	f := NewFiles()
	f.Add("index.html", []byte(index))
	return f
}
