package config

import (
	"os"
	"path/filepath"
	"testing"
)

const customCSSBase = "title = \"T\"\n# the site's own stylesheets\ncustom_css = [\n  \"src/css/custom.css\",\n  \"src/css/gone.scss\",\n]\n"

// A custom stylesheet that is not there is a mistake in docsd.toml at the line that names it.
func TestCustomCSSMissingFile(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "docsd.toml")
	if err := os.WriteFile(path, []byte(customCSSBase), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "src", "css"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "src", "css", "custom.css"), []byte(".x{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	want := path + ":5:1: custom_css: src/css/gone.scss does not exist (paths are relative to docsd.toml)"
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, want %s", err, want)
	}
	if err := os.WriteFile(filepath.Join(root, "src", "css", "gone.scss"), []byte(".y{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.CustomCSSFiles(root); len(got) != 2 || got[1] != filepath.Join(root, "src", "css", "gone.scss") {
		t.Errorf("CustomCSSFiles = %q", got)
	}
}

// A folder named as a stylesheet, and a path that leaves the project, are refused.
func TestCustomCSSNotAFileOrOutside(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "docsd.toml")
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("title = \"T\"\ncustom_css = [\"src\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || err.Error() != path+":2:1: custom_css: src is not a file (paths are relative to docsd.toml)" {
		t.Errorf("a folder: error = %v", err)
	}
	_, err := Parse("docsd.toml", []byte("title = \"T\"\ncustom_css = [\"../theme.css\"]\n"))
	if err == nil || err.Error() != `docsd.toml:2:1: custom_css must be a relative path inside the project, not "../theme.css"` {
		t.Errorf("outside: error = %v", err)
	}
}
