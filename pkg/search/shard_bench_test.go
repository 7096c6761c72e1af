package search

// BenchmarkNewShard measures the CPU of indexing pages as a build does: every page through one
// Terms cache, as docsd build --once makes a shard per page while pages render (a tenth of a Vela
// build's CPU in session 12's profile). The pages are made before the timer starts; each op indexes
// 500 of them with a fresh cache, or (warm) with one cache that has seen them all: a large build
// meets most words on earlier pages (the generated 10k site is Vela's docs copied 33 times).
//
//	go test ./pkg/search -run '^$' -bench NewShard -benchmem -count 5

import "testing"

func BenchmarkNewShard(b *testing.B) {
	for _, c := range []struct {
		name string
		gen  func(i int) Page
	}{
		{"identifiers", genPages()},
		{"zipf", func(i int) Page { return zipfPages()(i, "") }},
	} {
		pages := make([]Page, 500)
		for i := range pages {
			pages[i] = c.gen(i)
		}
		b.Run(c.name, func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				terms := NewTerms()
				for _, p := range pages {
					NewShardWith(p, terms)
				}
			}
		})
		b.Run(c.name+"-warm", func(b *testing.B) {
			terms := NewTerms()
			for _, p := range pages {
				NewShardWith(p, terms)
			}
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				for _, p := range pages {
					NewShardWith(p, terms)
				}
			}
		})
	}
}
