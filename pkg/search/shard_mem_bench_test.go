package search

// BenchmarkShardMemory measures what docsd watch keeps per indexed page between rebuilds: the
// live heap of an Index of generated pages after it has published once (so every shard is in its
// published form), divided by the pages. Reported as retained-B/page; the time is of indexing.
//
//	go test ./pkg/search -run '^$' -bench ShardMemory -benchtime 1x -count 5

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func BenchmarkShardMemory(b *testing.B) { shardMemory(b, false) }

// BenchmarkShardMemoryBuilding is BenchmarkShardMemory before the publish: what a build holds per
// page while it renders (docsd build --once keeps every shard, and the build's Terms cache, until
// its search step publishes them).
//
//	go test ./pkg/search -run '^$' -bench ShardMemoryBuilding -benchtime 1x -count 5
func BenchmarkShardMemoryBuilding(b *testing.B) { shardMemory(b, true) }

// BenchmarkShardMemoryBuildingZipf is BenchmarkShardMemoryBuilding with pages whose words are drawn
// from one vocabulary as prose draws them (zipfPages), no page with words of its own.
//
//	go test ./pkg/search -run '^$' -bench ShardMemoryBuildingZipf -benchtime 1x -count 3
func BenchmarkShardMemoryBuildingZipf(b *testing.B) {
	zipf := zipfPages()
	shardMemoryOf(b, true, func(i int) Page { return zipf(i, "") })
}

// genPages makes the generated pages of the shard benchmarks: 8 sections of 150 words from a
// small vocabulary, with identifiers of their own.
func genPages() func(i int) Page {
	common := strings.Fields("pipeline build step secret worker server repository webhook runtime executor " +
		"template stage service image volume cache environment variable ruleset branch event deploy clone " +
		"status approval schedule token admin settings queue platform kubernetes docker container agent " +
		"configured configuring builds pipelines steps secrets workers deployments cloned scheduling tokens")
	return func(i int) Page {
		route := fmt.Sprintf("/docs/p%03d/page-%d", i/100, i)
		var secs []Section
		for s := 0; s < 8; s++ {
			var text strings.Builder
			for w := 0; w < 150; w++ {
				text.WriteString(common[(i*7+s*3+w*w)%len(common)])
				text.WriteByte(' ')
				if w%10 == 0 {
					fmt.Fprintf(&text, "Own%dWord%d VELA_%d_ADDR ", i, w, s)
				}
			}
			secs = append(secs, Section{ID: fmt.Sprintf("part-%d", s), Heading: "Part " + common[s] + " " + common[(i+s)%len(common)],
				Text: text.String(), Keys: common[(i+2*s)%len(common)]})
		}
		return Page{Route: route, Title: "Page about " + common[i%len(common)], Label: "About", Name: fmt.Sprintf("page-%d", i),
			Version: "v1", Description: "A page on " + common[(i+1)%len(common)] + ".", Keywords: []string{common[(i+3)%len(common)]},
			Crumbs: []string{fmt.Sprintf("Product %d", i/100), "Reference"}, Sections: secs}
	}
}

func shardMemory(b *testing.B, building bool) { shardMemoryOf(b, building, nil) }

func shardMemoryOf(b *testing.B, building bool, gen func(i int) Page) {
	const pages = 2000
	page := genPages()
	if gen != nil {
		page = gen
	}
	var perPage float64
	for n := 0; n < b.N; n++ {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		x := New()
		terms := NewTerms()
		for i := 0; i < pages; i++ {
			p := page(i)
			x.Update(p.Route, NewShardWith(p, terms))
		}
		if building {
			runtime.GC()
			runtime.ReadMemStats(&after)
			perPage = float64(after.HeapAlloc-before.HeapAlloc) / pages
			runtime.KeepAlive(x)
			runtime.KeepAlive(terms)
			continue
		}
		terms = nil
		if _, _, err := x.Publish(); err != nil {
			b.Fatal(err)
		}
		x.last = nil // the published files (which the build holds too) are not the shards
		runtime.GC()
		runtime.ReadMemStats(&after)
		perPage = float64(after.HeapAlloc-before.HeapAlloc) / pages
		runtime.KeepAlive(x)
	}
	b.ReportMetric(perPage, "retained-B/page")
}
