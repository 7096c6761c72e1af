package search

// Publishing, and why an edit rewrites few files. docsd watch publishes after every edit, and at
// 10,000 pages writing every term chunk again took ~180 ms of CPU for one changed page. So a
// publish keeps what it wrote and rewrites only:
//   - the term chunks holding a term the changed pages had or have (any field), or whose keys
//     changed (layout.go: chunk boundaries depend on the keys alone);
//   - the documents chunks holding a changed page;
//   - the page files holding a changed page's number (pages.go);
//   - the two entry files (small: a stamp per term chunk and per 1,024 pages).
//
// That needs every other chunk to stay valid, so nothing in a chunk depends on the rest of the
// site except through numbers an edit of a page's body leaves alone:
//   - a page keeps its number while it is indexed (numbers.go): a new, deleted or renamed page
//     changes its own number only;
//   - a posting names its section by page and number within the page (chunks.go), so a page
//     gaining a section renumbers nothing else;
//   - the BM25 body weight a posting carries divides the section's length by the site's average,
//     taken on a grid of 4.4 % steps (avgStep), which an edit moves across once in thousands.
//
// Anything else (the grid step, the chunk spacing, the synonym table, a first publish, many free
// numbers) rewrites every file, with the pages numbered in route order. What the files mean
// depends only on the shards, never on what was published before: an index that published its
// way through edits writes files that mean what a fresh index's of the same pages mean, by route
// (ReadMeaning, TestIncrementalPublishEqualsFresh), and are its bytes while no page came or went
// since the pages were last numbered in route order.

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// lastPublish is what a publish wrote, kept for the next.
type lastPublish struct {
	numbers    *numbering // numbers.go
	avgStep    int
	spacing    uint32
	synonyms   string
	chunkBytes int
	chunks     []termChunkFile // in key order
	terms      []uint64        // the terms with lists, as bits by number (patch.go)
	docs       [][]byte
	docStamps  []string // each documents chunk's stamp (numbering.docChunkStamp)
	// rewritten are the term chunks (by number) and documents chunks this publish wrote anew.
	rewritten      []int
	rewrittenDocs  []int
	rewrittenPages []int
	// gathered is how many pages' shards were read for the rewritten chunks' lists: every page's
	// (collect) or only the changed pages' (patch.go).
	gathered int
	// pages are the page files (pages.go).
	pages *pageFiles
}

// termChunkFile is a published term chunk: of its keys, the first and a hash of them all (a
// publish compares them; keeping every key of the site for it cost megabytes at 10,000 pages).
type termChunkFile struct {
	id       int
	stamp    string
	first    key
	keysHash uint64
	data     []byte
}

// Publish writes the two entry files, the search documents file and the search index file, and
// keeps the chunks they point to for Chunks (chunks.go). The output depends only on the shards, so
// it is deterministic.
func (x *Index) Publish() (docs, index []byte, err error) { return x.PublishUnless(nil) }

// ErrStopped is PublishUnless's error when stop said so.
var ErrStopped = errors.New("search: publish stopped")

// PublishUnless is Publish, given up with ErrStopped as soon as stop (if not nil) returns true,
// asked between its parts: docsd watch leaves the search files of a rebuild that newer edits make
// stale to the next rebuild. A publish given up leaves the index as it was: the next one rewrites
// what both had to.
func (x *Index) PublishUnless(stop func() bool) (docs, index []byte, err error) {
	x.stop = stop
	defer func() { x.stop = nil }()
	if err := x.numberShards(); err != nil {
		return nil, nil, err
	}
	routes := x.sortedRoutes()
	last := x.last
	// The keys, and the figures that decide the weights and the chunks' spacing.
	synonyms := strings.Join(flatten(x.synonyms.encode()), "\n")
	counts := x.recount(synonyms)
	x.sortTerms()
	keys := x.keys(counts)
	listBytes := counts.listSize
	for _, k := range keys {
		listBytes += len(k.word) + 16
	}
	spacing := spacingFor(len(keys), listBytes, x.chunkBytes)
	keys = withTypoKeys(keys)
	starts := chunkStarts(keys, spacing)
	ids := chunkIDs(keys, starts)
	next := &lastPublish{avgStep: avgStep(counts.totalLen, counts.sections), spacing: spacing,
		synonyms: synonyms, chunkBytes: x.chunkBytes, terms: termsWithLists(counts)}
	// Every file is written again for a first publish or other weights, chunks or synonyms; the
	// pages are then numbered in route order, as too when many numbers are free (numbers.go).
	full := last == nil || last.avgStep != next.avgStep || last.spacing != spacing ||
		last.synonyms != next.synonyms || last.chunkBytes != x.chunkBytes
	if !full {
		// nil: no room between a new page's neighbours' ranks (pages.go).
		next.numbers = last.numbers.next(x.changed, x.shards, routes)
		full = next.numbers == nil || next.numbers.tooSparse()
	}
	if full {
		next.numbers = freshNumbering(routes)
	}
	shards := x.shardsByNumber(next.numbers)
	next.numbers.from = nil // kept, it would keep every numbering before it
	// Each number's alias terms, for gathering every page's lists (collect): not for an edit's
	// publish, which patches the last lists (patch.go).
	var aliasesByNo [][]int32
	aliases := func() [][]int32 {
		if aliasesByNo == nil {
			aliasesByNo = make([][]int32, len(shards))
			for i, r := range next.numbers.slots {
				if r != "" {
					aliasesByNo[i] = counts.shards[r].aliases
				}
			}
		}
		return aliasesByNo
	}
	var pages []changedPage
	if !full {
		pages = x.changedPages(last.numbers, next.numbers)
	}
	changedTerms, changedNos := x.changes(pages, stepAvg(next.avgStep))
	if x.stopped() {
		return nil, nil, ErrStopped
	}

	if err := x.termChunks(next, full, keys, starts, ids, changedTerms, shards, aliases, pages); err != nil {
		return nil, nil, err
	}
	x.docsChunks(next, full, shards, changedNos)
	if err := x.publishPages(next, full, shards, counts, pages, len(routes)); err != nil {
		return nil, nil, err
	}
	if index, err = x.entry(next, counts.sections, routes); err != nil {
		return nil, nil, err
	}
	de := DocsEntry{Version: PublishedVersion, Pages: len(routes), PerChunk: docsPerChunk, Chunks: len(next.docs), Stamp: next.numbers.docsStamp}
	for k, st := range next.docStamps {
		if st != de.Stamp {
			de.Restamped, de.Restamps = append(de.Restamped, k), append(de.Restamps, st)
		}
	}
	if docs, err = docsJSON(de); err != nil {
		return nil, nil, err
	}
	x.last, x.changed, counts.before = next, map[string]*Shard{}, nil
	return docs, index, nil
}

// termChunks makes next's term chunks: the last publish's where their keys and their terms'
// lists are the same (unless full), the others written anew.
func (x *Index) termChunks(next *lastPublish, full bool, keys []key, starts, ids []int, changedTerms map[int32]bool, shards []*Shard, aliases func() [][]int32, pages []changedPage) error {
	var before map[key]*termChunkFile
	if !full {
		before = make(map[key]*termChunkFile, len(x.last.chunks))
		for i := range x.last.chunks {
			c := &x.last.chunks[i]
			before[c.first] = c
		}
	}
	next.chunks = make([]termChunkFile, len(starts))
	need := make([]bool, len(x.dict.terms))
	var todo []int
	chunkKeys := func(i int) []key {
		if i+1 < len(starts) {
			return keys[starts[i]:starts[i+1]]
		}
		return keys[starts[i]:]
	}
	for i := range starts {
		ck := chunkKeys(i)
		next.chunks[i] = termChunkFile{id: ids[i], first: ck[0], keysHash: hashKeys(ck)}
		if old := before[ck[0]]; old != nil && old.keysHash == next.chunks[i].keysHash && !anyTerm(ck, changedTerms) {
			next.chunks[i].stamp, next.chunks[i].data = old.stamp, old.data
			continue
		}
		todo = append(todo, i)
		for _, k := range ck {
			if !isTypoKey(k) {
				need[k.term] = true
			}
		}
	}
	if len(todo) == 0 {
		return nil
	}
	many := 2*len(todo) > len(starts)
	var lists []termLists
	var slot []int32
	ok := false
	if !full && !many {
		// An edit's few chunks: the last publish's lists of their terms, patched (patch.go).
		lists, slot, ok = x.patchLists(need, pages, stepAvg(next.avgStep))
	}
	next.gathered = len(pages)
	if !ok {
		lists, slot = x.collect(shards, aliases(), need, stepAvg(next.avgStep), many)
		if lists == nil {
			return ErrStopped
		}
		next.gathered = len(shards)
	}
	if x.stopped() {
		return ErrStopped
	}
	errs := make([]error, len(todo))
	encodeEach(x.workers(len(todo)/32), len(todo), func(j int) {
		c := &next.chunks[todo[j]]
		c.data, c.stamp, errs[j] = x.encodeTermChunk(chunkKeys(todo[j]), lists, slot)
	})
	for j, i := range todo {
		if errs[j] != nil {
			return errs[j]
		}
		next.rewritten = append(next.rewritten, next.chunks[i].id)
	}
	return nil
}

// encodeEach runs encode(0 … n-1), on every core when there are many: a publish that numbers the
// pages anew rewrites every term chunk (1,200 at 30,000 pages, 170 ms of CPU), and each chunk is
// encoded from lists no one changes meanwhile. A few chunks (a body
// edit's) are encoded in turn.
func encodeEach(workers, n int, encode func(i int)) {
	if workers < 2 {
		for i := 0; i < n; i++ {
			encode(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				encode(i)
			}
		}()
	}
	wg.Wait()
}

// docsChunks makes next's documents chunks: the last publish's but those holding a changed page
// (by number: a freed number's chunk too), or all anew when full.
func (x *Index) docsChunks(next *lastPublish, full bool, shards []*Shard, changedNos map[int32]bool) {
	n := next.numbers
	count := (len(shards) + docsPerChunk - 1) / docsPerChunk
	next.docs, next.docStamps = make([][]byte, count), make([]string, count)
	for k := range next.docs {
		if !full && k < len(x.last.docs) && !anyNumber(k*docsPerChunk, min((k+1)*docsPerChunk, len(shards)), changedNos) {
			next.docs[k], next.docStamps[k] = x.last.docs[k], x.last.docStamps[k]
			continue
		}
		next.docStamps[k] = n.docChunkStamp(k)
		next.docs[k] = encodeDocsChunk(shards, k, next.docStamps[k])
		next.rewrittenDocs = append(next.rewrittenDocs, k)
	}
}

// entry writes the index file of next.
func (x *Index) entry(next *lastPublish, sections int, routes []string) ([]byte, error) {
	e := &IndexEntry{Version: PublishedVersion, Pages: len(routes), Sections: sections, StopWords: StopWords,
		Synonyms: x.synonyms.encode(), LookupParts: x.lookupParts, ActionParts: x.actionParts, NameParts: x.nameParts, WalkParts: x.walkParts, PerPageFile: next.pages.per,
		PageFiles: make([]string, len(next.pages.files)), Chunks: make([]string, len(next.chunks)),
		ChunkIDs: make([]int, len(next.chunks)), ChunkStamps: make([]string, len(next.chunks))}
	if next.pages.slots != len(routes) {
		e.Slots = next.pages.slots
	}
	for k, f := range next.pages.files {
		e.PageFiles[k] = f.stamp
	}
	for i, c := range next.chunks {
		e.Chunks[i], e.ChunkIDs[i], e.ChunkStamps[i] = c.first.word, c.id, c.stamp
	}
	return encodeEntry(e)
}

// Rewritten lists the term chunks (by number) and the documents chunks (by position) the last
// publish wrote anew; it kept the others' bytes.
func (x *Index) Rewritten() (terms, docs []int) {
	if x.last == nil {
		return nil, nil
	}
	return x.last.rewritten, x.last.rewrittenDocs
}

// RewrittenPages lists the page files (by position) the last publish wrote anew (pages.go).
func (x *Index) RewrittenPages() []int {
	if x.last == nil {
		return nil
	}
	return x.last.rewrittenPages
}

// Gathered is how many pages' shards the last publish read to write the term chunks it rewrote:
// the changed pages' when it patched the last chunks' lists (patch.go), else every page's.
func (x *Index) Gathered() int {
	if x.last == nil {
		return 0
	}
	return x.last.gathered
}

func (x *Index) stopped() bool { return x.stop != nil && x.stop() }

// changed is a page whose shard changed since the last publish: its shard then and now (nil
// when it had or has none), each with its alias terms, and its number (a page that went keeps its
// last number here, which a new page may have taken: both are then changes of that number).
type changedPage struct {
	route               string
	no                  int32
	old, now            *Shard
	oldAliases, aliases []int32
}

// changedPages are the pages whose shards changed since the last publish, the old shards numbered
// in this index (another index may have renumbered them since) and their aliases found, so that
// every term the publish meets has its number before it counts them. last and now are the page
// numbers of the last publish and of this one.
func (x *Index) changedPages(last, now *numbering) []changedPage {
	var out []changedPage
	for route, old := range x.changed {
		c := changedPage{route: route, old: old, now: x.shards[route]}
		if c.old != nil && x.numbered(c.old) != nil {
			c.old = nil // never published: it had an error
		}
		if c.old == nil && c.now == nil {
			continue // came and went between two publishes
		}
		if c.old != nil {
			c.oldAliases = x.aliasesOf(c.old)
			c.no = last.no(route)
		}
		if c.now != nil {
			c.aliases = x.aliasesOf(c.now)
			c.no = now.no(route) // the same number as before, if it had one
		}
		out = append(out, c)
	}
	return out
}

// changes are the terms (by number) whose lists the changed pages changed, and the page numbers
// whose documents records changed. A term's lists change when a page gains or loses it in a field,
// or a section's number or code (its body weight with the average of avg) of it: a page's edit
// that adds a word changes the terms of that word and of the section's other words whose weight
// moved, not the page's other words.
func (x *Index) changes(pages []changedPage, avg float64) (terms map[int32]bool, nos map[int32]bool) {
	terms, nos = map[int32]bool{}, map[int32]bool{}
	for _, c := range pages {
		before, after := pageEntries(c.old, c.oldAliases, avg), pageEntries(c.now, c.aliases, avg)
		for t, e := range before {
			if !slices.Equal(e, after[t]) {
				terms[t] = true
			}
		}
		for t := range after {
			if _, ok := before[t]; !ok {
				terms[t] = true
			}
		}
		if c.old == nil || c.now == nil || !bytes.Equal(c.old.docJSON, c.now.docJSON) {
			nos[c.no] = true
		}
	}
	return terms, nos
}

// What a page puts in a term's lists (pageEntries): a posting is its section's number << 8 | its
// code; the fields are the numbers below, above any posting's.
const (
	inTitleList = math.MaxUint32 - iota
	inCrumbList
	inNameList
)

// pageEntries are what a shard puts in each term's lists (nil shard: nothing).
func pageEntries(s *Shard, aliases []int32, avg float64) map[int32][]uint32 {
	out := map[int32][]uint32{}
	if s == nil {
		return out
	}
	for _, t := range s.title {
		out[t] = append(out[t], inTitleList)
	}
	for _, t := range aliases {
		out[t] = append(out[t], inTitleList)
	}
	for _, t := range s.crumbs {
		out[t] = append(out[t], inCrumbList)
	}
	for _, t := range s.names {
		out[t] = append(out[t], inNameList)
	}
	start := int32(0)
	for secNo, sec := range s.sections {
		for j := start; j < sec.end; j++ {
			out[s.terms[j]] = append(out[s.terms[j]], uint32(secNo)<<8|uint32(postingCode(s.codes[j], sec, avg)))
		}
		start = sec.end
	}
	return out
}

// hashKeys is a hash of keys, words and term numbers (which name their terms for the index's life):
// FNV-1a, written out, since a publish hashes every key of the site.
func hashKeys(keys []key) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for _, k := range keys {
		for i := 0; i < len(k.word); i++ {
			h = (h ^ uint64(k.word[i])) * prime
		}
		for t := uint32(k.term); ; t >>= 8 {
			h = (h ^ uint64(t&0xff|0x100)) * prime // 0x100: a word's end, and the term's bytes apart from letters
			if t>>8 == 0 {
				break
			}
		}
	}
	return h
}

func anyTerm(keys []key, terms map[int32]bool) bool {
	for _, k := range keys {
		if terms[k.term] {
			return true
		}
	}
	return false
}

// anyNumber reports whether a number of [from, to) is in nos.
func anyNumber(from, to int, nos map[int32]bool) bool {
	for no := from; no < to; no++ {
		if nos[int32(no)] {
			return true
		}
	}
	return false
}

func flatten(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r, "\x00"))
	}
	return out
}

// keys are the terms and forms present, sorted by word (then term), which is the order of the
// chunks.
func (x *Index) keys(c *counts) []key {
	terms, forms := x.dict.terms, x.dict.forms
	var out []key
	i, j := 0, 0
	for {
		for i < len(x.sorted) && (int(x.sorted[i]) >= len(c.terms) || c.terms[x.sorted[i]] == 0) {
			i++
		}
		for j < len(x.formsOrder) && (int(x.formsOrder[j]) >= len(c.forms) || c.forms[x.formsOrder[j]] == 0) {
			j++
		}
		if i == len(x.sorted) && j == len(x.formsOrder) {
			break
		}
		takeTerm := j == len(x.formsOrder)
		if i < len(x.sorted) && !takeTerm {
			t, f := terms[x.sorted[i]], forms[x.formsOrder[j]]
			takeTerm = t < f.word || t == f.word && t < terms[f.term]
		}
		if takeTerm {
			t := x.sorted[i]
			out = append(out, key{terms[t], t})
			i++
		} else {
			f := forms[x.formsOrder[j]]
			out = append(out, key{f.word, f.term})
			j++
		}
	}
	return out
}
