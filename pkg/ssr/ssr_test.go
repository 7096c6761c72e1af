package ssr

import (
	"reflect"
	"sort"
	"testing"
)

// The renderer keeps one version of each site and sidebar record: in docsd watch a writer who edits
// a title 500 times makes 500 versions of a sidebar, and neither side may keep them all.
func TestRememberKeepsOneKeyPerName(t *testing.T) {
	r := &Renderer{sent: map[string]bool{}}
	for _, step := range []struct {
		key string
		new bool
	}{
		{"site:en-aaa", true},
		{"sidebar:current-en-usage-111", true},
		{"sidebar:current-en-usage-extra-222", true}, // another sidebar whose name extends the first's
		{"sidebar:current-en-usage-111", false},
		{"sidebar:current-en-usage-333", true}, // a new version of the usage sidebar
		{"sidebar:current-en-usage-111", true}, // back to the old content: sent again
		{"site:fr-bbb", true},
	} {
		if got := r.remember(step.key); got != step.new {
			t.Fatalf("remember(%q) = %v, want %v", step.key, got, step.new)
		}
	}
	var keys []string
	for k := range r.sent {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"sidebar:current-en-usage-111", "sidebar:current-en-usage-extra-222", "site:en-aaa", "site:fr-bbb"}
	if !reflect.DeepEqual(keys, want) {
		t.Fatalf("the renderer holds %v, want %v", keys, want)
	}
}
