package search

// BenchmarkPublish measures what docsd watch pays for the search files on every edit: the merge of
// every shard into the entry files and chunks, here of 3,000 pages that share most of their words
// (as the products of bench/scale's generated sites do) plus a few words of their own.
//
//	go test ./pkg/search -run '^$' -bench Publish -benchmem -count 6

import (
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
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

// BenchmarkPublishBodyEdit measures the publish after a body edit at 10,000 pages, the edit of
// bench/scale/watch.mjs: a new word appended to a page's last section (a different page and word
// each time). It uses only the index's public API, so that the same file measures an older
// commit (the publish wrote every chunk again then).
//
//	go test ./pkg/search -run '^$' -bench PublishBodyEdit -benchtime 40x -count 5
func BenchmarkPublishBodyEdit(b *testing.B) {
	const pages = 10000
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
	// The edited pages' shards are made first: the edit's own indexing is not the publish.
	edits := make([]*Shard, b.N)
	for n := range edits {
		edits[n] = NewShardWith(page(n*7919%pages, fmt.Sprintf(" bench%dmarker", n)), terms)
	}
	runtime.GC()
	cpu0 := cpuTime()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		x.Update(edits[n].Route(), edits[n])
		if _, _, err := x.Publish(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	// CPU time (the garbage collector's on the other core included) is steadier than wall time on
	// a shared machine.
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// cpuTime is the CPU time of the process so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// zipfPages makes generated pages of 7 sections of 80 words, drawn from a vocabulary of 4,000 with a
// Zipf distribution as prose uses words, 300 pages a product; extra is appended to the last section.
func zipfPages() func(i int, extra string) Page {
	// A vocabulary of 4,000 words used with a Zipf distribution, as prose uses words.
	vocab := make([]string, 4000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("%s%s%d", []string{"pipe", "build", "sec", "work", "serv", "hook", "run", "temp"}[i%8], []string{"ra", "lo", "mi", "ne"}[i/8%4], i/32)
	}
	return func(i int, extra string) Page {
		rng := rand.New(rand.NewSource(int64(i)))
		zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
		var secs []Section
		for s := 0; s < 7; s++ {
			var text strings.Builder
			for w := 0; w < 80; w++ {
				text.WriteString(vocab[zipf.Uint64()])
				text.WriteByte(' ')
			}
			secs = append(secs, Section{ID: fmt.Sprintf("part-%d", s), Heading: "Part " + vocab[s*11], Text: text.String()})
		}
		secs[len(secs)-1].Text += extra
		route := fmt.Sprintf("/docs/p%03d/page-%d", i/300, i)
		return Page{Route: route, Title: fmt.Sprintf("Page %s %s", vocab[i%97], vocab[i%389]), Crumbs: []string{fmt.Sprintf("Product %d", i/300)}, Sections: secs}
	}
}

// BenchmarkPublishNewPage measures the publish after a new page and after its deletion at 10,000
// pages (bench/scale/watch.mjs's structural edits): the other pages keep their numbers
// (numbers.go), so only the chunks of the page's words are rewritten (before, every term chunk:
// the pages after it were renumbered). Each op adds a page and deletes it, publishing after each,
// on one core and on every core in turn (Index.cores), so both are measured under the same load.
//
//	go test ./pkg/search -run '^$' -bench PublishNewPage -benchtime 10x -count 3
func BenchmarkPublishNewPage(b *testing.B) {
	const pages = 10000
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
	var wall, cpu [2]time.Duration
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for v, cores := range []int{1, 0} {
			x.cores = cores
			p := page(pages+n, "")
			p.Route = fmt.Sprintf("/docs/p000/page-0-new-%d-%d", n, v) // near the start: it was most pages renumbered
			s := NewShardWith(p, terms)
			runtime.GC()
			start, cpu0 := time.Now(), cpuTime()
			x.Update(p.Route, s)
			if _, _, err := x.Publish(); err != nil {
				b.Fatal(err)
			}
			x.Remove(p.Route)
			if _, _, err := x.Publish(); err != nil {
				b.Fatal(err)
			}
			wall[v] += time.Since(start)
			cpu[v] += cpuTime() - cpu0
		}
	}
	b.StopTimer()
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(2*b.N) }
	b.ReportMetric(per(wall[0]), "ms/publish-1core")
	b.ReportMetric(per(wall[1]), "ms/publish-allcores")
	b.ReportMetric(per(cpu[0]), "cpu-ms/publish-1core")
	b.ReportMetric(per(cpu[1]), "cpu-ms/publish-allcores")
}

// BenchmarkEncodeTermChunks compares writing every term chunk of 10,000 generated pages with
// appendTermChunk (chunkjson.go) and with encoding/json (marshalTermChunk, what it replaced), in
// turn in each op, so both meet the same load.
//
//	go test ./pkg/search -run '^$' -bench EncodeTermChunks -benchtime 5x -count 3
func BenchmarkEncodeTermChunks(b *testing.B) {
	const pages = 10000
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
	keys, _, lists, slot := everyTermList(b, x)
	starts := chunkStarts(keys, x.last.spacing)
	var took [2]time.Duration
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for v := range took {
			runtime.GC()
			cpu0 := cpuTime()
			for i := range starts {
				end := len(keys)
				if i+1 < len(starts) {
					end = starts[i+1]
				}
				var err error
				if v == 0 {
					_, err = x.marshalTermChunk(keys[starts[i]:end], lists, slot)
				} else {
					_, err = x.appendTermChunk(nil, keys[starts[i]:end], lists, slot, map[int32]int{})
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			took[v] += cpuTime() - cpu0
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(len(starts)), "chunks")
	b.ReportMetric(float64(took[0].Microseconds())/1000/float64(b.N), "cpu-ms/json")
	b.ReportMetric(float64(took[1].Microseconds())/1000/float64(b.N), "cpu-ms/append")
}
