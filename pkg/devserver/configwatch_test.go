package devserver

// docsd.toml can name folders that docsd watch did not watch when it started: a docs set or a
// version added to a Docusaurus-shaped project (whose content folder is the project, watched by its
// sections only). Such a folder is watched from the rebuild that reads the new docsd.toml: an edit
// there afterwards reaches the page.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/build"
)

func TestFolderNamedByAnEditedConfigIsWatched(t *testing.T) {
	root, s := fixtureProject(t, "mdx-website")
	page := filepath.Join(root, "community/welcome.md")
	write := func(p, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(page, "# Welcome\n\nThe first words.\n")
	results := make(chan error, 100)
	s.OnRebuild = func(_ *build.Result, err error) { results <- err }
	startWatching(t, s)

	toml := filepath.Join(root, "docsd.toml")
	cfg, err := os.ReadFile(toml)
	if err != nil {
		t.Fatal(err)
	}
	write(toml, string(cfg)+"\n[[docs]]\nid = \"community\"\npath = \"/community\"\ndir = \"community\"\n")
	shows := func(text string) bool {
		return strings.Contains(string(s.pageBytes(t, "/community/welcome")), text)
	}
	// The deadlines only bound a failure: no rebuild after the second edit is the bug.
	waitRebuild(t, results, func(err error) bool { return err == nil && shows("The first words.") })
	write(page, "# Welcome\n\nThe edited words.\n")
	waitRebuild(t, results, func(err error) bool { return err == nil && shows("The edited words.") })
}
