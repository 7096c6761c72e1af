package search

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// A page's record in the documents file carries the messages its sections quote, each once, at
// most maxQuotes of at most maxQuoteLen bytes (the browser's quotedFirst reads them); a page that
// quotes none has no quotes field.
func TestDocRecordCarriesTheQuotes(t *testing.T) {
	x := New()
	var many []string
	for i := 0; i < maxQuotes+10; i++ {
		many = append(many, fmt.Sprintf("message number %d here", i))
	}
	x.Update("/docs/a", NewShard(Page{Route: "/docs/a", Title: "A", Sections: []Section{
		{Text: "Top.", Quotes: []string{"no tag provided", "no tag provided"}},
		{ID: "t", Heading: "Troubleshooting", Text: "Errors.", Quotes: []string{strings.Repeat("long ", maxQuoteLen), "client address is not a valid url"}},
	}}))
	x.Update("/docs/b", NewShard(Page{Route: "/docs/b", Title: "B", Sections: []Section{{Text: "Many.", Quotes: many}}}))
	x.Update("/docs/c", NewShard(Page{Route: "/docs/c", Title: "C", Sections: []Section{{Text: "None."}}}))
	df, _, _ := publish(t, x)
	if got, want := df.SearchDocs[0].Quotes, []string{"no tag provided", "client address is not a valid url"}; !reflect.DeepEqual(got, want) {
		t.Errorf("quotes of /docs/a %q, want %q", got, want)
	}
	if got := df.SearchDocs[1].Quotes; len(got) != maxQuotes || got[0] != many[0] {
		t.Errorf("/docs/b has %d quotes, want the first %d", len(got), maxQuotes)
	}
	if got := df.SearchDocs[2].Quotes; got != nil {
		t.Errorf("quotes of /docs/c %q, want none", got)
	}
}
