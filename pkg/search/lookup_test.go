package search

import (
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

// The index file carries the terms and the pages whose breadcrumbs have them (each the difference
// from the page before), and a site without lookup parts writes the file it wrote before they
// existed (no "lookup" key).
func TestLookupPartsInTheIndexFile(t *testing.T) {
	for _, c := range []struct {
		terms []string
		pages []int
	}{{[]string{"api"}, []int{0, 2}}, {nil, nil}} {
		x := New()
		x.SetLookupParts(c.terms)
		for _, p := range []struct{ route, crumb string }{{"/a", "API"}, {"/b", "Guides"}, {"/c", "API"}} {
			x.Update(p.route, NewShard(Page{Route: p.route, Title: "A page", Crumbs: []string{p.crumb}, Sections: []Section{{Text: "Words."}}}))
		}
		_, idx, err := x.Publish()
		if err != nil {
			t.Fatal(err)
		}
		e := readEntry(t, x, idx)
		if !reflect.DeepEqual(e.LookupParts, c.terms) || !reflect.DeepEqual(e.LookupPages, c.pages) ||
			(c.terms == nil && strings.Contains(string(idx), "lookup")) {
			t.Errorf("set %q: the index file has parts %q, pages %v; want pages %v (%s)", c.terms, e.LookupParts, e.LookupPages, c.pages, idx)
		}
	}
}

// Action parts mark the pages whose breadcrumbs or title have their terms: the part's landing page
// ("Build API", whose breadcrumb "API" is a title word) as well as its endpoints; a lookup part
// does not count a title ("Build API" is no lookup page), and a site without action parts writes
// no "action" key.
func TestActionPartsInTheIndexFile(t *testing.T) {
	for _, c := range []struct {
		terms, lookup []string
		pages         []int
	}{{[]string{"api"}, []string{"api"}, []int{0, 1}}, {nil, []string{"api"}, nil}} {
		x := New()
		x.SetActionParts(c.terms)
		x.SetLookupParts(c.lookup)
		for _, p := range []struct{ route, title, crumb string }{{"/a", "Get a build", "API"}, {"/b", "Build API", "API"}, {"/c", "Start a build", "Guides"}} {
			x.Update(p.route, NewShard(Page{Route: p.route, Title: p.title, Crumbs: []string{p.crumb}, Sections: []Section{{Text: "Words."}}}))
		}
		_, idx, err := x.Publish()
		if err != nil {
			t.Fatal(err)
		}
		e := readEntry(t, x, idx)
		if !reflect.DeepEqual(e.ActionParts, c.terms) || !reflect.DeepEqual(e.ActionPages, c.pages) || !reflect.DeepEqual(e.LookupPages, []int{0}) ||
			(c.terms == nil && strings.Contains(string(idx), "action")) {
			t.Errorf("set %q: the index file has action parts %q, pages %v, lookup pages %v; want pages %v, lookup [0] (%s)", c.terms, e.ActionParts, e.ActionPages, e.LookupPages, c.pages, idx)
		}
	}
}
