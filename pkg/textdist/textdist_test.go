package textdist

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"sidebar_postion", "sidebar_position", 1}, {"ab", "ba", 2}, {"same", "same", 0},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestClosestKey(t *testing.T) {
	keys := []string{"title", "sidebar_position", "sidebar_label", "collapsed", "position"}
	for _, c := range []struct{ key, want string }{
		{"sidebar_postion", "sidebar_position"},
		{"Colapsed", "collapsed"},
		{"titel", "title"},
		{"description", ""}, // nothing close: no suggestion
		{"x", ""},
	} {
		if got := ClosestKey(c.key, keys); got != c.want {
			t.Errorf("ClosestKey(%q) = %q, want %q", c.key, got, c.want)
		}
	}
}
