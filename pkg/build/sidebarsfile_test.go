package build

import (
	"bytes"
	"maps"
	"path/filepath"
	"strings"
	"testing"
)

// A rebuild that evaluates the sidebars files again leaves the last build's configuration, which
// its site reads, as it was: a good edit's sidebars go into the new build's configuration, and a
// bad edit's error leaves the last good build's sidebars whole. handSidebars used to fill the
// configuration it was given, the last build's: a sidebars file with a mistake left that build
// with some versions' sidebars gone.
func TestSidebarsFileEditLeavesTheLastConfigurationAlone(t *testing.T) {
	b, _, root := docusaurusSite(t, nil)
	file := filepath.Join(root, "website", "sidebars.js")
	hand := func() map[string][]byte {
		out := maps.Clone(b.last.cfg.HandSidebars)
		for v, raw := range out {
			out[v] = bytes.Clone(raw)
		}
		return out
	}
	same := func(a, b map[string][]byte) bool { return maps.EqualFunc(a, b, bytes.Equal) }

	first, firstHand := b.last.cfg, hand()
	write(t, root, "website/sidebars.js", strings.Replace(read(t, root, "website/sidebars.js"), "    'intro',\n", "    'intro',\n    'outside',\n", 1))
	if _, err := b.Rebuild([]string{file}); err != nil {
		t.Fatal(err)
	}
	if same(b.last.cfg.HandSidebars, firstHand) {
		t.Fatal("the edit changed no sidebars: the test shows nothing")
	}
	if !same(first.HandSidebars, firstHand) {
		t.Error("a good edit of the sidebars file changed the last build's configuration")
	}

	second, secondHand := b.last.cfg, hand()
	write(t, root, "website/sidebars.js", strings.Replace(read(t, root, "website/sidebars.js"), "  short: {", "  short: {;", 1))
	if _, err := b.Rebuild([]string{file}); err == nil {
		t.Fatal("a sidebars file with a syntax error built")
	}
	if b.last.cfg != second || !same(second.HandSidebars, secondHand) {
		t.Errorf("a failed evaluation changed the last good build's sidebars: %d versions, want %d", len(b.last.cfg.HandSidebars), len(secondHand))
	}
}
