package search

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseLookupParts(t *testing.T) {
	got, err := ParseLookupParts([]string{"API", "Plugins"})
	if err != nil || !reflect.DeepEqual(got, []string{"api", "plugin"}) {
		t.Errorf("got %q, %v; want [api plugin]", got, err)
	}
	for _, bad := range []string{"", "the", "REST API"} {
		_, err := ParseLookupParts([]string{"CLI", bad})
		if err == nil || !strings.Contains(err.Error(), "lookup_parts entry 2") {
			t.Errorf("%q: got error %v, want one naming entry 2", bad, err)
		}
	}
}

// The index file carries the terms, and a site without lookup parts writes the file it wrote
// before they existed (no "lookupParts" key).
func TestLookupPartsInTheIndexFile(t *testing.T) {
	for _, terms := range [][]string{{"api"}, nil} {
		x := New()
		x.SetLookupParts(terms)
		x.Update("/a", NewShard(Page{Route: "/a", Title: "A page", Sections: []Section{{Text: "Words."}}}))
		_, idx, err := x.Publish()
		if err != nil {
			t.Fatal(err)
		}
		var e IndexEntry
		if err := json.Unmarshal(idx, &e); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(e.LookupParts, terms) || (terms == nil && strings.Contains(string(idx), "lookupParts")) {
			t.Errorf("set %q: the index file has %q (%s)", terms, e.LookupParts, idx)
		}
	}
}
