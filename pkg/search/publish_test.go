package search

// What a publish rewrites after an edit (publish.go), and that an index that published its way
// through edits writes exactly what a fresh index of the same pages writes.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// published are the files of a publish by name: "docs" and "index" (the entry files), "index-N"
// and "docs-N" (the chunks).
func published(t *testing.T, x *Index) map[string][]byte {
	t.Helper()
	docs, index, err := x.Publish()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{"docs": docs, "index": index}
	for _, c := range x.Chunks() {
		out[fmt.Sprintf("%s-%d", c.Of, c.N)] = c.Data
	}
	return out
}

// readEntry reads an index file of x's last publish with its page files.
func readEntry(t *testing.T, x *Index, index []byte) *IndexEntry {
	t.Helper()
	pages := map[int][]byte{}
	for _, c := range x.Chunks() {
		if c.Of == "pages" {
			pages[c.N] = c.Data
		}
	}
	e, err := ReadIndexEntry(index, func(of string, n int) ([]byte, error) {
		if data, ok := pages[n]; ok && of == "pages" {
			return data, nil
		}
		return nil, fmt.Errorf("no %s file %d", of, n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// termChunks reads the term chunks of a publish by number.
func termChunks(t *testing.T, files map[string][]byte) map[int]TermChunk {
	t.Helper()
	out := map[int]TermChunk{}
	for name, data := range files {
		if n, ok := strings.CutPrefix(name, "index-"); ok {
			var c TermChunk
			if err := json.Unmarshal(data, &c); err != nil {
				t.Fatal(err)
			}
			var id int
			fmt.Sscan(n, &id)
			out[id] = c
		}
	}
	return out
}

// vocabulary are words pages share; each page also has words of its own.
var vocabulary = strings.Fields("pipeline build step secret worker server repository webhook runtime executor " +
	"template stage service image volume cache environment variable ruleset branch event deploy clone " +
	"status approval schedule token admin settings queue platform kubernetes docker container agent")

// genPage is page i of a generated site, in its variant v (an edit changes v).
func genPage(i, v int) Page {
	rng := rand.New(rand.NewSource(int64(i*1000 + v)))
	route := fmt.Sprintf("/docs/p%02d/page-%03d", i%7, i)
	var secs []Section
	for s := 0; s < 1+rng.Intn(4); s++ {
		var text strings.Builder
		for w := 0; w < 10+rng.Intn(60); w++ {
			text.WriteString(vocabulary[rng.Intn(len(vocabulary))])
			text.WriteByte(' ')
			if rng.Intn(12) == 0 {
				fmt.Fprintf(&text, "own%dv%dw%d ", i, v, w) // a word of this page and variant only
			}
		}
		id, heading := "", ""
		if s > 0 {
			id, heading = fmt.Sprintf("part-%d", s), "Part "+vocabulary[rng.Intn(len(vocabulary))]
		}
		secs = append(secs, Section{ID: id, Heading: heading, Text: text.String()})
	}
	return Page{Route: route, Title: fmt.Sprintf("Page %d about %s", i, vocabulary[i%len(vocabulary)]), Version: []string{"", "1.0"}[i%2],
		Crumbs: []string{fmt.Sprintf("Product %d", i%7)}, Sections: secs}
}

// A body edit rewrites the term chunks holding a word the page had or has (and those whose keys
// changed: a word new to the site, or one gone from it), the documents chunk of the page and the
// entry files; every other file keeps its bytes.
func TestBodyEditRewritesOnlyItsChunks(t *testing.T) {
	x := New()
	x.chunkBytes = 1 << 10
	for i := 0; i < 60; i++ {
		p := genPage(i, 0)
		x.Update(p.Route, NewShard(p))
	}
	before := published(t, x)
	// Page 17's body changes: one more section and other words; its title stays.
	edited := genPage(17, 0)
	edited.Sections = append(edited.Sections, Section{ID: "zz", Heading: "Rotating tokens", Text: "Rotate the zanzibar token of a worker."})
	edited.Sections[0].Text = strings.Replace(edited.Sections[0].Text, "build", "kubernetes", 1)
	x.Update(edited.Route, NewShard(edited))
	after := published(t, x)

	// The terms whose lists changed, read from the chunks, and the chunks that hold one of them or
	// whose keys changed.
	want, changedTerms, chunks := termChunksToRewrite(t, before, after)
	var got []string
	for name, data := range after {
		if strings.HasPrefix(name, "index-") && string(data) != string(before[name]) {
			got = append(got, name)
		}
	}
	sort.Strings(got)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rewritten term chunks %v; want those holding a term whose lists changed or whose keys changed, %v", got, want)
	}
	if g := x.Gathered(); g != 1 {
		t.Errorf("the publish read %d pages' shards for the rewritten chunks; want 1, the edited page's (the others' lists are the last chunks')", g)
	}
	page := slices.Index(x.Routes(), edited.Route)
	rewritten, docs := x.Rewritten()
	if len(rewritten) != len(want) || !reflect.DeepEqual(docs, []int{page / docsPerChunk}) {
		t.Errorf("Rewritten says %v and documents chunks %v; want %d term chunks and documents chunk %d", rewritten, docs, len(want), page/docsPerChunk)
	}
	// The fixture is fixed, and so is the layout: pin the count (one of the 23 holds deletion keys,
	// typokeys.go, which the new word "zanzibar" adds to).
	t.Logf("terms whose lists changed: %v; chunks rewritten: %v", changedTerms, want)
	if len(want) != 4 || chunks != 23 {
		t.Errorf("%d of %d term chunks rewritten; want 4 of 23", len(want), chunks)
	}
	for name, data := range after {
		if strings.HasPrefix(name, "docs-") && name != fmt.Sprint("docs-", page/docsPerChunk) && string(data) != string(before[name]) {
			t.Errorf("%s changed though none of its pages did", name)
		}
	}
	// Publishing again with nothing changed rewrites nothing; a shard made again from the same
	// page (its sidebar's edit renders it again) changes nothing either.
	x.Update(edited.Route, NewShard(edited))
	again := published(t, x)
	if r, d := x.Rewritten(); len(r) != 0 || len(d) != 0 || !reflect.DeepEqual(again, after) {
		t.Errorf("a publish with the same pages rewrote term chunks %v and documents chunks %v", r, d)
	}
}

// Random edits: bodies, sections gained and lost, titles, pages added and deleted, a publish
// given up; after each, the files are byte for byte those of a fresh index of the same pages.
func TestIncrementalPublishEqualsFresh(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	pages := map[string]Page{}
	x := New()
	x.chunkBytes = 2 << 10
	x.perPageFile = 16 // several page files, so a parts change must rewrite more than one
	set := func(p Page) {
		pages[p.Route] = p
		x.Update(p.Route, NewShard(p))
	}
	// The parts flags: "plugins" names a breadcrumb word no page has at first (a page moved
	// into the part brings it), "guides" a title word (only action parts read titles).
	var partSets [][]string
	for _, entries := range [][]string{nil, {"Plugins"}, {"Product", "Plugins"}, {"Guides"}} {
		terms, err := ParseNameParts(entries)
		if err != nil {
			t.Fatal(err)
		}
		partSets = append(partSets, terms)
	}
	var lookup, action, name, walk []string
	flagged := map[string]int{}
	for i := 0; i < 80; i++ {
		p := genPage(i, 0)
		if i%6 == 0 {
			p.Crumbs = []string{"Guides", "Plugins"}
		}
		set(p)
	}
	published(t, x)
	for step := 0; step < 80; step++ {
		i := rng.Intn(90)
		route := genPage(i, 0).Route
		var what string
		switch k := rng.Intn(12); {
		case k < 6:
			what = "body"
			set(genPage(i, step+1))
		case k < 8:
			what = "deleted page"
			delete(pages, route)
			x.Remove(route)
		case k < 9:
			what = "title"
			p, ok := pages[route]
			if !ok {
				p = genPage(i, 0)
			}
			p.Title = "Renamed " + p.Title
			if rng.Intn(2) == 0 {
				p.Title = "Guides to " + p.Title
			}
			set(p)
		case k < 10:
			what = "breadcrumbs"
			p, ok := pages[route]
			if !ok {
				p = genPage(i, 0)
			}
			p.Crumbs = [][]string{{"Plugins"}, {"Guides", "Plugins"}, {"Other"}}[rng.Intn(3)]
			set(p)
		default:
			what = "parts"
			// One kind at a time: each must rewrite the page files on its own.
			*[]*[]string{&lookup, &action, &name, &walk}[rng.Intn(4)] = partSets[rng.Intn(len(partSets))]
			x.SetLookupParts(lookup)
			x.SetActionParts(action)
			x.SetNameParts(name)
			x.SetWalkParts(walk)
		}
		if rng.Intn(5) == 0 {
			// Given up half way: the next publish must still rewrite what this one would have.
			// (A publish with no term chunk to write, a parts edit, is done before it asks again.)
			asked := 0
			if _, _, err := x.PublishUnless(func() bool { asked++; return asked > 1 }); err != nil && !errors.Is(err, ErrStopped) {
				t.Fatalf("step %d: a publish told to stop returned %v", step, err)
			}
		}
		got := published(t, x)
		fresh := freshOf(pages, x.chunkBytes)
		fresh.perPageFile = x.perPageFile
		fresh.SetLookupParts(lookup)
		fresh.SetActionParts(action)
		fresh.SetNameParts(name)
		fresh.SetWalkParts(walk)
		if diff := sameAsFresh(t, got, published(t, fresh)); diff != nil {
			t.Fatalf("step %d (%s of page %d): the files differ from a fresh index's: %v", step, what, i, diff)
		}
		flagged[what] += flags(meaning(t, got))
	}
	// The walk must have flagged pages of each kind, or it compared empty lists.
	if flagged["parts"] == 0 || flagged["breadcrumbs"] == 0 {
		t.Errorf("pages flagged after parts and breadcrumb edits: %v; want some after each", flagged)
	}
}

// flags counts the lookup, action and name flags of a publish's pages.
func flags(m *Meaning) (n int) {
	for _, p := range m.PerPage {
		for _, f := range []bool{p.Lookup, p.Action, p.Name, p.Walk} {
			if f {
				n++
			}
		}
	}
	return n
}

// meaning reads the files of a publish (published) back by route.
func meaning(t *testing.T, files map[string][]byte) *Meaning {
	t.Helper()
	m, err := ReadMeaning(files["docs"], files["index"], func(of string, n int) ([]byte, error) {
		data, ok := files[fmt.Sprintf("%s-%d", of, n)]
		if !ok {
			return nil, fmt.Errorf("no chunk %s-%d", of, n)
		}
		return data, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// sameAsFresh reports how the files of a publish differ from a fresh index's (want): in what they
// mean, by route, and, when they number the pages as a fresh index does, in their bytes. It
// returns nil when they do not.
func sameAsFresh(t *testing.T, got, want map[string][]byte) []string {
	t.Helper()
	g, w := meaning(t, got), meaning(t, want)
	if !w.Fresh {
		t.Fatal("a fresh index's files do not say they are numbered in route order")
	}
	diff := g.Diff(w)
	if !g.Fresh {
		return diff
	}
	for name := range want {
		if string(got[name]) != string(want[name]) {
			diff = append(diff, name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			diff = append(diff, name+" (not in the fresh index)")
		}
	}
	sort.Strings(diff)
	return diff
}

// freshOf is a new index of the pages, each indexed anew.
func freshOf(pages map[string]Page, chunkBytes int) *Index {
	y := New()
	y.chunkBytes = chunkBytes
	for r, p := range pages {
		y.Update(r, NewShard(p))
	}
	return y
}

// A deleted page's words are gone from every chunk (and its sole words from the keys), and a page
// that gains or loses sections is found in the sections it has.
func TestDeletedPagesAndChangedSections(t *testing.T) {
	x := New()
	x.chunkBytes = 1 << 10
	pages := map[string]Page{}
	set := func(p Page) {
		pages[p.Route] = p
		x.Update(p.Route, NewShard(p))
	}
	for i := 0; i < 30; i++ {
		set(genPage(i, 0))
	}
	set(Page{Route: "/docs/gone", Title: "Gone", Sections: []Section{{Text: "Only here: walrusword pipeline."}}})
	published(t, x)
	delete(pages, "/docs/gone")
	x.Remove("/docs/gone")
	files := published(t, x)
	for id, c := range termChunks(t, files) {
		if slices.Contains(c.Keys, "walrusword") || slices.Contains(c.Terms, "walrusword") {
			t.Errorf("term chunk %d still has the deleted page's word", id)
		}
	}
	if diff := sameAsFresh(t, files, published(t, freshOf(pages, x.chunkBytes))); diff != nil {
		t.Errorf("after the deletion, the files differ from a fresh index's: %v", diff)
	}

	// Sections: the page gains two, then keeps only its top and the last.
	p := genPage(4, 0)
	p.Sections = append(p.Sections, Section{ID: "alpha", Heading: "Alpha", Text: "quokkaword here"}, Section{ID: "beta", Heading: "Beta", Text: "numbatword here"})
	set(p)
	check := func(word string, wantSection int) map[string][]byte {
		t.Helper()
		files := published(t, x)
		entry := readEntry(t, x, files["index"])
		page := x.last.numbers.no(p.Route)
		if entry.SectionCounts[page] != len(p.Sections) {
			t.Fatalf("section count %d, want %d", entry.SectionCounts[page], len(p.Sections))
		}
		first := 0
		for _, n := range entry.SectionCounts[:page] {
			first += n
		}
		found := false
		for _, c := range termChunks(t, files) {
			if k := slices.Index(c.Terms, word); k >= 0 {
				secs, _ := decodePages(t, c.Postings[k], entry.SectionCounts)
				found = reflect.DeepEqual(secs, []int{first + wantSection})
				if !found {
					t.Errorf("%q is in sections %v; want [%d]", word, secs, first+wantSection)
				}
			}
		}
		if !found {
			t.Errorf("%q is in no chunk", word)
		}
		if diff := sameAsFresh(t, files, published(t, freshOf(pages, x.chunkBytes))); diff != nil {
			t.Errorf("the files differ from a fresh index's: %v", diff)
		}
		return files
	}
	check("numbatword", len(p.Sections)-1)
	p.Sections = []Section{p.Sections[0], p.Sections[len(p.Sections)-1]}
	set(p)
	for _, c := range termChunks(t, check("numbatword", 1)) {
		if slices.Contains(c.Terms, "quokkaword") {
			t.Error("the section that went still has its word")
		}
	}
}

// TestCollectOnCoresIsOnePass: a publish that gathers every term's lists (a new or deleted page)
// cuts the pages in one range per core (collectOnCores); the lists must be those of one pass over
// the pages, whatever the number of ranges, including ranges that split a product's pages.
func TestCollectOnCoresIsOnePass(t *testing.T) {
	x := New()
	syn, err := ParseSynonyms([]string{"docker, moby engine", "kubernetes => orchestrator"})
	if err != nil {
		t.Fatal(err)
	}
	x.SetSynonyms(syn) // titles gain aliases: their terms join the title lists
	for i := 0; i < 301; i++ {
		p := genPage(i, i%3)
		x.Update(p.Route, NewShard(p))
	}
	if _, _, err := x.Publish(); err != nil {
		t.Fatal(err)
	}
	shards := x.shardsByNumber(x.last.numbers)
	aliases := x.pageAliases(shards)
	need := make([]bool, len(x.dict.terms))
	for i := range need {
		need[i] = i%5 != 0 // most terms, not all: slots differ from term numbers
	}
	avg := stepAvg(x.last.avgStep)
	want, wantSlot := x.collectOn(1, shards, aliases, need, avg, true)
	for _, workers := range []int{2, 3, 7} {
		got, slot := x.collectOn(workers, shards, aliases, need, avg, true)
		if !slices.Equal(slot, wantSlot) || len(got) != len(want) {
			t.Fatalf("%d ranges: %d lists, want %d", workers, len(got), len(want))
		}
		for k := range want {
			g, w := got[k], want[k]
			if !slices.Equal(g.titles, w.titles) || !slices.Equal(g.crumbs, w.crumbs) || !slices.Equal(g.names, w.names) || !slices.Equal(g.posts, w.posts) {
				t.Fatalf("%d ranges: list %d is %+v, want %+v", workers, k, g, w)
			}
			if cap(g.posts) != len(g.posts) {
				t.Fatalf("%d ranges: list %d has room for %d postings, holds %d", workers, k, cap(g.posts), len(g.posts))
			}
		}
	}
}

// TestPublishOnCoresWritesTheSameFiles: a publish that rewrites many chunks encodes them on every
// core (encodeEach) and gathers their lists by ranges of pages (collectOnCores); its files are
// those of a publish on one core, first publish and after a new page (given the next number).
func TestPublishOnCoresWritesTheSameFiles(t *testing.T) {
	one, many := New(), New()
	one.cores, many.cores = 1, 3
	one.chunkBytes, many.chunkBytes = 512, 512 // many chunks, so that every core has some
	for i := 0; i < 200; i++ {
		p := genPage(i, 0)
		one.Update(p.Route, NewShard(p))
		many.Update(p.Route, NewShard(p))
	}
	for step := 0; step < 2; step++ {
		want, got := published(t, one), published(t, many)
		if len(want) < 64 {
			t.Fatalf("step %d: %d files, want many chunks", step, len(want))
		}
		if len(got) != len(want) {
			t.Fatalf("step %d: %d files on 3 cores, %d on one", step, len(got), len(want))
		}
		for name, data := range want {
			if !bytes.Equal(got[name], data) {
				t.Fatalf("step %d: %s differs on 3 cores", step, name)
			}
		}
		p := genPage(1000, 0)
		p.Route = "/docs/p00/page-000a" // second in route order, last in number: the index file ranks it
		one.Update(p.Route, NewShard(p))
		many.Update(p.Route, NewShard(p))
	}
}

// marshalTermChunk is the TermChunk of keys marshalled: what appendTermChunk must write.
func (x *Index) marshalTermChunk(keys []key, lists []termLists, slot []int32) ([]byte, error) {
	c := TermChunk{Version: PublishedVersion, Keys: make([]string, len(keys)), KeyTerms: make([]int, len(keys)), Terms: []string{},
		Titles: [][]int{}, Crumbs: [][]int{}, Names: [][]int{}, Postings: []string{}}
	pos := map[int32]int{}
	var enc strings.Builder
	for i, k := range keys {
		p, ok := pos[k.term]
		if !ok {
			p = len(c.Terms)
			pos[k.term] = p
			l := &lists[slot[k.term]]
			c.Terms = append(c.Terms, x.dict.terms[k.term])
			c.Titles = append(c.Titles, deltas(l.titles))
			c.Crumbs = append(c.Crumbs, deltas(l.crumbs))
			c.Names = append(c.Names, deltas(l.names))
			enc.Reset()
			var prev pagePosting
			for _, pp := range l.posts {
				encodePagePosting(&enc, prev, pp)
				prev = pp
			}
			c.Postings = append(c.Postings, enc.String())
		}
		c.Keys[i] = k.word
		c.KeyTerms[i] = p
	}
	return marshal(c)
}

// TestAppendTermChunkIsMarshal: the term chunks are written without encoding/json (chunkjson.go),
// byte for byte as encoding/json writes them: every chunk of an index whose words include accents,
// other scripts and characters JSON escapes, and JSON strings of such words.
// everyTermList gathers the lists of every term of a published index on one core, as a publish that
// rewrites every chunk does: the keys, the counts they come from, the lists and each term's slot.
func everyTermList(tb testing.TB, x *Index) ([]key, *counts, []termLists, []int32) {
	tb.Helper()
	shards := x.shardsByNumber(x.last.numbers)
	counts := x.recount(strings.Join(flatten(x.synonyms.encode()), "\n"))
	keys := x.keys(counts)
	need := make([]bool, len(x.dict.terms))
	for _, k := range keys {
		need[k.term] = true
	}
	lists, slot := x.collectOn(1, shards, x.pageAliases(shards), need, stepAvg(x.last.avgStep), true)
	return keys, counts, lists, slot
}

// TestAppendTermChunkIsMarshal: appendTermChunk writes what encoding/json writes, and readTermChunk
// reads it as encoding/json does.
func TestAppendTermChunkIsMarshal(t *testing.T) {
	x := New()
	x.chunkBytes = 512
	odd := []string{"café", "naïve", "日本語", "a\u2028b", "quote\"d", "back\\slash", "tab\there", "ctl\x01x", "bad\xffutf8", "<html>&amp;"}
	for i := 0; i < 120; i++ {
		p := genPage(i, 0)
		p.Sections[0].Text += " " + odd[i%len(odd)] + " " + strings.ToUpper(odd[(i+3)%len(odd)])
		p.Title += " " + odd[(i+5)%len(odd)]
		x.Update(p.Route, NewShard(p))
	}
	if _, _, err := x.Publish(); err != nil {
		t.Fatal(err)
	}
	keys, counts, lists, slot := everyTermList(t, x)
	starts := chunkStarts(keys, spacingFor(len(keys), counts.listSize, x.chunkBytes))
	if len(starts) < 10 {
		t.Fatalf("%d chunks, want many", len(starts))
	}
	nonASCII, direct, escaped := 0, 0, 0
	for i := range starts {
		end := len(keys)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		want, err := x.marshalTermChunk(keys[starts[i]:end], lists, slot)
		if err != nil {
			t.Fatal(err)
		}
		got, err := x.appendTermChunk(nil, keys[starts[i]:end], lists, slot, map[int32]int{})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("chunk %d:\n%s\nwant\n%s", i, got, want)
		}
		// And read back as encoding/json reads it (chunkread.go).
		var unmarshalled TermChunk
		if err := json.Unmarshal(want, &unmarshalled); err != nil {
			t.Fatal(err)
		}
		if read, err := readTermChunk(want); err != nil || !reflect.DeepEqual(*read, unmarshalled) {
			t.Fatalf("chunk %d read as %+v, %v\nwant %+v", i, read, err, unmarshalled)
		}
		if r := (chunkReader{b: want}); r.chunk(&TermChunk{}) {
			direct++
		} else {
			escaped++
		}
		if bytes.ContainsFunc(want, func(r rune) bool { return r >= 0x80 }) {
			nonASCII++
		}
	}
	if nonASCII == 0 || direct != len(starts) || escaped != 0 {
		t.Fatalf("%d chunks hold a word with a character outside ASCII, %d were read directly, %d by encoding/json; want some, all, none", nonASCII, direct, escaped)
	}
	// Words never hold what JSON escapes; a chunk that did is read by encoding/json.
	odder := TermChunk{Version: PublishedVersion, Keys: []string{"quote\"d"}, KeyTerms: []int{0}, Terms: []string{"back\\slash\x01"},
		Titles: [][]int{{1, 2}}, Crumbs: [][]int{{}}, Names: [][]int{{-3}}, Postings: []string{"0a"}}
	data, err := marshal(odder)
	if err != nil {
		t.Fatal(err)
	}
	if read, err := readTermChunk(data); err != nil || !reflect.DeepEqual(*read, odder) {
		t.Errorf("a chunk with escapes read as %+v, %v; want %+v", read, err, odder)
	}
	for _, n := range []int{0, 1, 31, 32, 1023, 1024, 32767, 32768, 1 << 20, 1<<30 + 12345, 1<<40 - 1} {
		var w strings.Builder
		writeNumber(&w, n)
		if got := string(appendNumber([]byte("x"), n)); got != "x"+w.String() {
			t.Errorf("appendNumber(%d) = %s, want x%s", n, got, w.String())
		}
	}
	for _, s := range append(odd, "", "plain", "\u2029", "\x7f") {
		want, err := marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendJSONString([]byte("x"), s)
		if err != nil || string(got) != "x"+string(want) {
			t.Errorf("appendJSONString(%q) = %s, %v; want x%s", s, got, err, want)
		}
	}
}
