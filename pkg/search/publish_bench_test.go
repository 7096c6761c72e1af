package search

// BenchmarkPublish measures what docsd watch pays for the search files on every edit: the merge of
// every shard into the entry files and chunks, here of 3,000 pages that share most of their words
// (as the products of bench/scale's generated sites do) plus a few words of their own.
//
//	go test ./pkg/search -run '^$' -bench Publish -benchmem -count 6

import (
	"fmt"
	"strings"
	"testing"
)

func BenchmarkPublish(b *testing.B) {
	x := New()
	common := strings.Fields("pipeline build step secret worker server repository webhook runtime executor " +
		"template stage service image volume cache environment variable ruleset branch event deploy clone " +
		"status approval schedule token admin settings queue platform kubernetes docker container agent")
	for i := 0; i < 3000; i++ {
		route := fmt.Sprintf("/docs/p%03d/page-%d", i/100, i)
		var secs []Section
		for s := 0; s < 6; s++ {
			var text strings.Builder
			for w := 0; w < 120; w++ {
				text.WriteString(common[(i*7+s*3+w*w)%len(common)])
				text.WriteByte(' ')
				if w%15 == 0 {
					fmt.Fprintf(&text, "own%dword%d ", i, w)
				}
			}
			secs = append(secs, Section{ID: fmt.Sprintf("part-%d", s), Heading: "Part " + common[s], Text: text.String()})
		}
		x.Update(route, NewShard(Page{Route: route, Title: "Page about " + common[i%len(common)], Crumbs: []string{fmt.Sprintf("Product %d", i/100)}, Sections: secs}))
	}
	if _, _, err := x.Publish(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := x.Publish(); err != nil {
			b.Fatal(err)
		}
	}
}
