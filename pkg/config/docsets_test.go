package config

import (
	"os"
	"path/filepath"
	"testing"
)

// [[docs]] sets are read as docs versions of their own after the versions (DocSets), and a set
// without an id, dir or path, or with a name or path another version or set has, is a mistake at
// its line.
func TestDocsSets(t *testing.T) {
	head := "title = \"T\"\ncontent_dir = \".\"\n\n[[versions]]\nname = \"current\"\npath = \"/docs\"\nis_last = true\n\n"
	s, err := Parse("docsd.toml", []byte(head+"[[docs]]\nid = \"community\"\npath = \"/community\"\ndir = \"community\"\n"+
		"sidebars_file = \"sidebarsCommunity.js\"\n\n[[navbar.items]]\ntype = \"docSidebar\"\nsidebar = \"community\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	sets := s.DocSets()
	if len(sets) != 2 || sets[0].Name != "current" || sets[0].Instance != "" {
		t.Fatalf("doc sets %+v", sets)
	}
	if c := sets[1]; c.Name != "community" || c.Instance != "community" || !c.IsLast || c.Path != "/community" || c.Dir != "community" ||
		s.SidebarsFileOf(c) != "sidebarsCommunity.js" {
		t.Errorf("the community set %+v", c)
	}
	if len(s.Versions) != 1 {
		t.Errorf("the set is among the versions the version menu lists: %+v", s.Versions)
	}
	if got := s.Sections(); len(got) == 0 || got[len(got)-1] != "community" {
		t.Errorf("sections %v lack the set's folder", got)
	}

	// Without a sidebars file, the navbar and the landing page may open the sidebar generated for
	// the set, named by it; its folder is read as the scan compares folders.
	s, err = Parse("docsd.toml", []byte(head+"[[docs]]\nid = \"handbook\"\npath = \"/handbook\"\ndir = \"./handbook/\"\n\n"+
		"[[navbar.items]]\ntype = \"docSidebar\"\nsidebar = \"handbook\"\n\n[[landing.cards]]\nlabel = \"Handbook\"\nsidebar = \"handbook\"\n"))
	if err != nil {
		t.Errorf("a navbar item and a landing card opening a set's generated sidebar: %v", err)
	} else if d := s.DocSets()[1].Dir; d != "handbook" {
		t.Errorf("the set's folder is %q", d)
	}
	// A mistake is at the line of its set's id, not at the first id of the file.
	_, err = Parse("docsd.toml", []byte("title = \"T\"\n\n[[sidebars]]\nid = \"guide\"\ndir = \".\"\n\n[[docs]]\nid = \"guide\"\ndir = \"g\"\n"))
	if want := `docsd.toml:8:1: [[docs]] set "guide" needs a path starting with / (not "")`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}

	for _, c := range []struct{ set, want string }{
		{"id = \"a b\"\npath = \"/a\"\ndir = \"a\"\n", `docsd.toml:10:1: a [[docs]] set needs an id of letters, digits, - and _ (not "a b")`},
		{"id = \"current\"\npath = \"/a\"\ndir = \"a\"\n", `docsd.toml:10:1: [[docs]] id "current" is already the name of a docs version or set`},
		{"id = \"a\"\npath = \"/a\"\n", `docsd.toml:10:1: [[docs]] set "a" needs a dir`},
		{"id = \"a\"\ndir = \"a\"\n", `docsd.toml:10:1: [[docs]] set "a" needs a path starting with / (not "")`},
		{"id = \"a\"\npath = \"/docs/\"\ndir = \"a\"\n", `docsd.toml:10:1: [[docs]] set "a" has the path "/docs/" of docs version "current"`},
		{"id = \"a\"\npath = \"/a\"\ndir = \"../a\"\n", `docsd.toml:12:1: dir must be a relative path inside the project, not "../a"`},
		// A folder another version or set builds: the scan would give its files to one of them.
		{"id = \"a\"\npath = \"/a\"\ndir = \"./docs/\"\n", `docsd.toml:10:1: [[docs]] set "a" has the folder "docs" of docs version "current": each docs folder is built once`},
		{"id = \"a\"\npath = \"/a\"\ndir = \"x\"\n\n[[docs]]\nid = \"b\"\npath = \"/b\"\ndir = \"x/\"\n", `docsd.toml:15:1: [[docs]] set "b" has the folder "x" of docs set "a": each docs folder is built once`},
	} {
		_, err := Parse("docsd.toml", []byte(head+"[[docs]]\n"+c.set))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.set, err, c.want)
		}
	}
}

// A set whose folder is not there is a mistake at its line of docsd.toml (it failed as a render
// error about a sidebar).
func TestDocsSetFolderMissing(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "docsd.toml")
	src := "title = \"T\"\ncontent_dir = \".\"\n\n[[docs]]\nid = \"community\"\npath = \"/community\"\ndir = \"community\"\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(file)
	if want := file + `:5:1: [[docs]] set "community": its folder community does not exist (dir is relative to the content folder)`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if err := os.Mkdir(filepath.Join(root, "community"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(file); err != nil {
		t.Error(err)
	}
}

// A [[docs]] header with a comment after it still places its set's mistakes.
func TestDocsSetLineWithAComment(t *testing.T) {
	_, err := Parse("docsd.toml", []byte("title = \"T\"\n\n[[docs]] # the community section\npath = \"/c\"\ndir = \"c\"\n"))
	if want := `docsd.toml:3:1: a [[docs]] set needs an id of letters, digits, - and _ (not "")`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}
