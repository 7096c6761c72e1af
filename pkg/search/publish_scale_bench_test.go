package search

// BenchmarkPublishBySize measures what one edit's publish costs as the site grows (issue #16: each
// step of an edit should stay flat from 1,000 to 30,000 pages): a body edit (a word appended), a
// title edit and a new page then its deletion, each publish's CPU time (the garbage collector's
// included) at 1k, 10k and 30k pages of zipfPages. It uses only the index's public API, so the
// same file measures an older commit:
//
//	go test ./pkg/search -run '^$' -bench PublishBySize -benchtime 20x -count 1

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

func BenchmarkPublishBySize(b *testing.B) {
	for _, pages := range []int{1000, 10000, 30000} {
		b.Run(fmt.Sprint(pages), func(b *testing.B) {
			page := zipfPages()
			x := New()
			terms := NewTerms()
			for i := 0; i < pages; i++ {
				p := page(i, "")
				x.Update(p.Route, NewShardWith(p, terms))
			}
			if _, _, err := x.Publish(); err != nil {
				b.Fatal(err)
			}
			var cpu [3]time.Duration
			publish := func(kind int, s *Shard, remove string) {
				runtime.GC()
				cpu0 := cpuTime()
				if s != nil {
					x.Update(s.Route(), s)
				} else {
					x.Remove(remove)
				}
				if _, _, err := x.Publish(); err != nil {
					b.Fatal(err)
				}
				cpu[kind] += cpuTime() - cpu0
			}
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				no := n * 7919 % pages
				publish(0, NewShardWith(page(no, fmt.Sprintf(" bench%dmarker", n)), terms), "")
				p := page(no, "")
				p.Title += fmt.Sprintf(" Retitled%d", n)
				publish(1, NewShardWith(p, terms), "")
				p = page(no, "")
				p.Route += "-new" // beside the page: its product's pages share its breadcrumbs
				publish(2, NewShardWith(p, terms), "")
				publish(2, nil, p.Route)
			}
			b.StopTimer()
			per := func(d time.Duration, n int) float64 { return float64(d.Microseconds()) / 1000 / float64(n) }
			b.ReportMetric(per(cpu[0], b.N), "body-cpu-ms")
			b.ReportMetric(per(cpu[1], b.N), "title-cpu-ms")
			b.ReportMetric(per(cpu[2], 2*b.N), "page-cpu-ms")
		})
	}
}
