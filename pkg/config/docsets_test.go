package config

import "testing"

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

	// Without a sidebars file, the navbar may open the sidebar generated for the set, named by it.
	if _, err := Parse("docsd.toml", []byte(head+"[[docs]]\nid = \"handbook\"\npath = \"/handbook\"\ndir = \"handbook\"\n\n"+
		"[[navbar.items]]\ntype = \"docSidebar\"\nsidebar = \"handbook\"\n")); err != nil {
		t.Errorf("a navbar item opening a set's generated sidebar: %v", err)
	}

	for _, c := range []struct{ set, want string }{
		{"id = \"a b\"\npath = \"/a\"\ndir = \"a\"\n", `docsd.toml:9:1: a [[docs]] set needs an id of letters, digits, - and _ (not "a b")`},
		{"id = \"current\"\npath = \"/a\"\ndir = \"a\"\n", `docsd.toml:10:1: [[docs]] id "current" is already the name of a docs version or set`},
		{"id = \"a\"\npath = \"/a\"\n", `docsd.toml:10:1: [[docs]] set "a" needs a dir`},
		{"id = \"a\"\ndir = \"a\"\n", `docsd.toml:10:1: [[docs]] set "a" needs a path starting with / (not "")`},
		{"id = \"a\"\npath = \"/docs/\"\ndir = \"a\"\n", `docsd.toml:10:1: [[docs]] set "a" has the path "/docs/" of docs version "current"`},
		{"id = \"a\"\npath = \"/a\"\ndir = \"../a\"\n", `docsd.toml:12:1: dir must be a relative path inside the project, not "../a"`},
	} {
		_, err := Parse("docsd.toml", []byte(head+"[[docs]]\n"+c.set))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.set, err, c.want)
		}
	}
}
