package search

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The table turns writers' words into index terms, one way or both, and says which entry is wrong.
func TestParseSynonyms(t *testing.T) {
	s, err := ParseSynonyms([]string{"k8s, Kubernetes", "env vars, environment variables", "rerun => restart, retry", "Who can => permissions"})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"k8s", "kubernet"}, {"env var", "environ variabl"}, {"=>", "rerun", "restart", "retri"}, {"=>", "who can", "permiss"}}
	if got := s.encode(); !reflect.DeepEqual(got, want) {
		t.Fatalf("encoded table %q, want %q", got, want)
	}
	for _, bad := range []struct{ entry, says string }{
		{"k8s", "at least two phrases"},
		{"the, kubernetes", `phrase "the" has no searchable word`},
		{"permissions => who can", `phrase "who can" has no searchable word`},
		{"the => kubernetes", "two common words or more"},
		{"a, b => c", "one phrase before"},
		{"a => b => c", `more than one "=>"`},
		{"… not => troubleshooting", "an ellipsis on one side"},
		{"not ... => troubleshooting", "an ellipsis on one side"},
		{"… not, never …", "an ellipsis in a two-way entry"},
		{"… not … => … troubleshooting …", `an ellipsis after "=>"`},
		{"… not … never … => troubleshooting", "an ellipsis inside the first phrase"},
	} {
		_, err := ParseSynonyms([]string{"ok, fine", bad.entry})
		if err == nil || !strings.Contains(err.Error(), "entry 2") || !strings.Contains(err.Error(), bad.says) {
			t.Errorf("%q: got %v; want an error naming entry 2 and saying %q", bad.entry, err, bad.says)
		}
	}
}

// A one-way entry whose first phrase is written between ellipses ("…" or "...") applies between
// other words only: the index file marks its row "…=>", and a one-way row still starts "=>" (an
// older index file reads the same).
func TestParseSynonymsBetween(t *testing.T) {
	s, err := ParseSynonyms([]string{"… not … => troubleshooting", "...never... => troubleshooting", "never => pull", "… who can … => permissions"})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"…=>", "not", "troubleshoot"}, {"…=>", "never", "troubleshoot"}, {"=>", "never", "pull"}, {"…=>", "who can", "permiss"}}
	if got := s.encode(); !reflect.DeepEqual(got, want) {
		t.Fatalf("encoded table %q, want %q", got, want)
	}
	for i, between := range []bool{true, true, false, true} {
		if g := s.Groups[i]; g.Between != between || !g.OneWay {
			t.Errorf("entry %d: between %v, one way %v; want between %v, one way", i+1, g.Between, g.OneWay, between)
		}
	}
}

// A page whose title (or sidebar label) has a phrase of the table is published with the other
// one-word phrases of a two-way entry in its title too: not with the words of a longer phrase one
// by one ("re-run" would title "Restart a build" with "run"), nor with a one-way entry's first
// phrase ("list => get": "vela get build" is not titled "list").
func TestPublishGivesTitlesTheirSynonyms(t *testing.T) {
	x := New()
	x.Update("/k", NewShard(Page{Route: "/k", Title: "Run the worker on Kubernetes", Sections: []Section{{Text: "x"}}}))
	x.Update("/e", NewShard(Page{Route: "/e", Title: "Variables", Label: "Environment variables", Sections: []Section{{Text: "x"}}}))
	x.Update("/r", NewShard(Page{Route: "/r", Title: "Restart a build", Name: "restart", Sections: []Section{{Text: "x"}}}))
	x.Update("/g", NewShard(Page{Route: "/g", Title: "vela get build", Sections: []Section{{Text: "x"}}}))
	syn, err := ParseSynonyms([]string{"k8s, kubernetes", "env vars, environment variables", "rerun, re-run, restart", "list => get"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	_, ix, _ := publish(t, x)
	titled := map[string][]int{}
	for i, term := range ix.Terms {
		page := 0
		for _, d := range ix.Titles[i] {
			page += d
			titled[term] = append(titled[term], page)
		}
	}
	// Pages are numbered in route order: /e 0, /g 1, /k 2, /r 3.
	for term, want := range map[string][]int{"k8s": {2}, "kubernet": {2}, "environ": {0}, "env": nil, "var": nil,
		"rerun": {3}, "restart": {3}, "re": nil, "run": {2}, "get": {1}, "list": nil} {
		if !reflect.DeepEqual(titled[term], want) {
			t.Errorf("pages titled %q: %v, want %v", term, titled[term], want)
		}
	}
	if len(ix.Synonyms) != 4 || ix.Names == nil {
		t.Errorf("the index file carries %d synonym entries and names %v", len(ix.Synonyms), ix.Names)
	}
	// The labels' terms rank as title terms; the title lengths do not count the synonyms.
	if !reflect.DeepEqual(ix.TitleLengths, []int{2, 3, 3, 2}) {
		t.Errorf("title lengths %v, want [2 3 3 2]", ix.TitleLengths)
	}
}

// A title's length, its phrases and its terms are of whole words: "OpenID Connect" is two words
// long, its terms are not "open" and "id", the parts of "OpenID" (a product's name: "max open
// connections" is no query of its title), and the entry "oidc, openid connect" gives it "oidc".
func TestTitleLengthCountsWholeWords(t *testing.T) {
	x := New()
	x.Update("/o", NewShard(Page{Route: "/o", Title: "OpenID Connect", Sections: []Section{{Text: "x"}}}))
	syn, err := ParseSynonyms([]string{"oidc, openid connect"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn)
	_, ix, _ := publish(t, x)
	if !reflect.DeepEqual(ix.TitleLengths, []int{2}) {
		t.Errorf("title lengths %v, want [2]", ix.TitleLengths)
	}
	titled := map[string]bool{}
	for i, term := range ix.Terms {
		if len(ix.Titles[i]) > 0 {
			titled[term] = true
		}
	}
	for _, term := range []string{"openid", "connect", "oidc"} {
		if !titled[term] {
			t.Errorf("%q is not a title term; title terms %v", term, titled)
		}
	}
	for _, term := range []string{"open", "id"} {
		if titled[term] {
			t.Errorf("%q, a part of a title's camel-case word, is a title term; title terms %v", term, titled)
		}
	}
}

// A word in the titles of a tenth of the pages or more (at least commonTitleMin), like the
// product's name in "vela cancel build", does not count in title lengths.
func TestTitleLengthLeavesOutCommonTitleWords(t *testing.T) {
	x := New()
	for i := range commonTitleMin {
		r := fmt.Sprintf("/c%02d", i)
		x.Update(r, NewShard(Page{Route: r, Title: fmt.Sprintf("vela cancel%c thing", 'a'+i), Sections: []Section{{Text: "x"}}}))
	}
	x.Update("/z", NewShard(Page{Route: "/z", Title: "Cancel a build", Sections: []Section{{Text: "x"}}}))
	_, ix, _ := publish(t, x)
	// Pages in route order: /c00 … /c19 ("vela" and "thing" are in all their titles), then /z.
	for i, n := range ix.TitleLengths {
		want := 1
		if i == commonTitleMin {
			want = 2
		}
		if n != want {
			t.Errorf("page %d: title length %d, want %d", i, n, want)
		}
	}
}
