package fspath

import "testing"

func TestWithinAndBelow(t *testing.T) {
	for _, c := range []struct {
		dir, path     string
		within, below bool
	}{
		{"/p", "/p", true, false},
		{"/p", "/p/a", true, true},
		{"/p", "/p/a/b.md", true, true},
		{"/p", "/p/..x", true, true}, // a file whose name starts with two dots is inside
		{"/p", "/", false, false},
		{"/p", "/q", false, false},
		{"/p", "/pq", false, false}, // a sibling that shares the prefix is not inside
		{"/p", "/p/../q", false, false},
		{"/p/a", "/p", false, false},
		{"/p/", "/p/a", true, true},      // a trailing slash changes nothing
		{"/p/", "/p", true, false},       // ... nor makes dir below itself
		{"/p", "/p/./a/..", true, false}, // names are cleaned before they are compared
		{"/", "/etc", true, true},        // the root holds everything
		{"/p", "/P/a", false, false},     // names are compared as written: case counts
		{"/p", "p/a", false, false},      // a relative path is in no absolute folder
		{"/p", "/p/..", false, false},
	} {
		if got := Within(c.dir, c.path); got != c.within {
			t.Errorf("Within(%q, %q) = %v, want %v", c.dir, c.path, got, c.within)
		}
		if got := Below(c.dir, c.path); got != c.below {
			t.Errorf("Below(%q, %q) = %v, want %v", c.dir, c.path, got, c.below)
		}
	}
}
