package search

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"docsd/pkg/markdown"
	"docsd/pkg/site"
)

func TestWordsKeepIdentifiersAndTheirParts(t *testing.T) {
	got := Words("Set VELA_ADDR, run `vela add secret` and syncAll; café 2.0 — _x_")
	want := []string{"set", "vela_addr", "vela", "addr", "run", "vela", "add", "secret", "and", "syncall", "sync", "all",
		"café", "2", "0", "x"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Words:\n got %q\nwant %q", got, want)
	}
	// The tails of a long snake_case name are words too (BUILD_NUMBER finds VELA_BUILD_NUMBER).
	got = Words("VELA_BUILD_NUMBER")
	want = []string{"vela_build_number", "vela", "build", "number", "build_number"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Words:\n got %q\nwant %q", got, want)
	}
	if w := Words(strings.Repeat("a", maxWord+1) + " ok"); !reflect.DeepEqual(w, []string{"ok"}) {
		t.Fatalf("an over-long run is not a word: %q", w)
	}
}

func TestTermStemsEnglishAndKeepsCode(t *testing.T) {
	for word, want := range map[string]string{
		"secrets": "secret", "running": "run", "configuration": "configur", "configuring": "configur",
		"rulesets": "ruleset", "ruleset": "ruleset", "the": "", "how": "", "vela_addr": "vela_addr",
		"k8s": "k8s", "v0": "v0", "café": "café", "go": "go", "all": "all",
	} {
		if got := Term(word); got != want {
			t.Errorf("Term(%q) = %q, want %q", word, got, want)
		}
	}
}

// decode reads one posting string back (the inverse of encodePosting).
func decode(t *testing.T, s string) (sections, codes []int) {
	t.Helper()
	sec, v := 0, 0
	for i := 0; i < len(s); i++ {
		d := strings.IndexByte(digits, s[i])
		if d >= 32 {
			v = v*32 + d - 32
			continue
		}
		sec += v*32 + d
		v = 0
		i++
		sections = append(sections, sec)
		codes = append(codes, strings.IndexByte(digits, s[i]))
	}
	return sections, codes
}

// decodePages reads one posting string of a term chunk back (the inverse of encodePagePosting),
// numbering sections across the site as the browser does, from the pages' section counts.
func decodePages(t *testing.T, s string, sectionCounts []int) (sections, codes []int) {
	t.Helper()
	first := make([]int, len(sectionCounts)+1)
	for i, n := range sectionCounts {
		first[i+1] = first[i] + n
	}
	number := func(i *int) int {
		v := 0
		for ; ; *i++ {
			d := strings.IndexByte(digits, s[*i])
			if d < 32 {
				*i++
				return v*32 + d
			}
			v = v*32 + d - 32
		}
	}
	page, sec := 0, 0
	for i := 0; i < len(s); {
		x := number(&i)
		d := x & 7
		if d == 7 {
			d += number(&i)
		}
		if x>>3 > 0 {
			page += x >> 3
			sec = d
		} else {
			sec += d
		}
		if page >= len(sectionCounts) || sec >= sectionCounts[page] {
			t.Fatalf("posting of page %d section %d: out of range", page, sec)
		}
		sections = append(sections, first[page]+sec)
		codes = append(codes, strings.IndexByte(digits, s[i]))
		i++
	}
	return sections, codes
}

func TestPagePostingEncodingRoundTrips(t *testing.T) {
	var b strings.Builder
	in := []pagePosting{newPosting(0, 0, 9), newPosting(0, 3, 1), newPosting(0, 12, 15), newPosting(2, 0, 0), newPosting(2, 40, 7), newPosting(900, 6, 63), newPosting(901, 7, 8)}
	counts := make([]int, 902)
	for i := range counts {
		counts[i] = 50
	}
	var prev pagePosting
	for _, p := range in {
		encodePagePosting(&b, prev, p)
		prev = p
	}
	secs, codes := decodePages(t, b.String(), counts)
	for i, p := range in {
		if want := int(p.page)*50 + int(p.section()); secs[i] != want || codes[i] != int(p.code()) {
			t.Fatalf("posting %d: got section %d code %d, want %d %d", i, secs[i], codes[i], want, p.code())
		}
	}
}

func TestPostingEncodingRoundTrips(t *testing.T) {
	var b strings.Builder
	in := [][2]int{{0, 9}, {31, 1}, {32, 15}, {1000, 0}, {70000, 7}}
	for _, p := range in {
		encodePosting(&b, p[0], p[1])
	}
	secs, codes := decode(t, b.String())
	sum := 0
	for i, p := range in {
		sum += p[0]
		if secs[i] != sum || codes[i] != p[1] {
			t.Fatalf("posting %d: got section %d code %d, want %d %d", i, secs[i], codes[i], sum, p[1])
		}
	}
}

func publish(t *testing.T, x *Index) (*DocsFile, *IndexFile, map[string][2][]int) {
	t.Helper()
	docs, merged, _, err := x.merged(x.Routes())
	if err != nil {
		t.Fatal(err)
	}
	var df DocsFile
	if err := json.Unmarshal(docs, &df); err != nil {
		t.Fatal(err)
	}
	ix := *merged
	posts := map[string][2][]int{}
	for i, term := range ix.Terms {
		s, c := decode(t, ix.Postings[i])
		posts[term] = [2][]int{s, c}
	}
	return &df, &ix, posts
}

func samplePages() []Page {
	return []Page{
		{Route: "/docs/usage/secrets", Title: "Secrets", Version: "current", Description: "Keep credentials out of pipelines.",
			Sections: []Section{
				{Text: "Vela stores secrets for your builds."},
				{ID: "add-a-secret", Heading: "Add a secret", Text: "Run vela add secret with the name and value. Set VELA_ADDR first."},
			}},
		{Route: "/docs/usage/tour/rulesets", Title: "Rulesets", Crumbs: []string{"Tour"},
			Sections: []Section{{Text: "A ruleset limits when a step runs. Rulesets match events, branches and paths."}}},
		{Route: "/docs/reference/cli", Title: "Vela CLI", Sections: []Section{
			{Text: "Global flags."},
			{ID: "global-flags", Heading: "Global flags", Text: "--api.addr VELA_ADDR Address of the server.", Keys: "--api.addr VELA_ADDR"},
		}},
	}
}

func TestPublishWritesTitlesHeadingsKeysAndForms(t *testing.T) {
	x := New()
	for _, p := range samplePages() {
		x.Update(p.Route, NewShard(p))
	}
	df, ix, posts := publish(t, x)
	// Pages are sorted by route; sections are numbered across them.
	var routes []string
	for _, d := range df.SearchDocs {
		routes = append(routes, d.Route)
	}
	if want := []string{"/docs/reference/cli", "/docs/usage/secrets", "/docs/usage/tour/rulesets"}; !reflect.DeepEqual(routes, want) {
		t.Fatalf("pages %v, want %v", routes, want)
	}
	if ix.Sections != 5 || ix.Pages != 3 {
		t.Fatalf("%d sections in %d pages, want 5 in 3", ix.Sections, ix.Pages)
	}
	// A result shows the page's category titles, not its folders.
	if got := df.SearchDocs[2].Crumbs; !reflect.DeepEqual(got, []string{"Tour"}) {
		t.Fatalf("crumbs of the rulesets page %v, want [Tour]", got)
	}
	// The description leads the first section's snippet.
	if got := df.SearchDocs[1].Sections[0][2]; !strings.HasPrefix(got, "Keep credentials out of pipelines. Vela stores") {
		t.Fatalf("snippet %q", got)
	}
	at := func(term string) int {
		for i, x := range ix.Terms {
			if x == term {
				return i
			}
		}
		t.Fatalf("term %q is not in the index", term)
		return -1
	}
	// Title: "secret" is in the title of page 1.
	if got := ix.Titles[at("secret")]; !reflect.DeepEqual(got, []int{1}) {
		t.Fatalf("title postings of secret: %v", got)
	}
	// Breadcrumbs: "tour" for page 2.
	if got := ix.Crumbs[at("tour")]; !reflect.DeepEqual(got, []int{2}) {
		t.Fatalf("crumb postings of tour: %v", got)
	}
	// Heading flag: "add" is in the heading of section 3 (page 1, second section), and in its text.
	p := posts["add"]
	if !reflect.DeepEqual(p[0], []int{3}) || p[1][0]&8 == 0 || p[1][0]&7 == 0 {
		t.Fatalf("postings of add: %v", p)
	}
	// A table key ranks like a heading: VELA_ADDR in the CLI's global flags.
	p = posts["vela_addr"]
	if !reflect.DeepEqual(p[0], []int{1, 3}) || p[1][0]&8 == 0 || p[1][1]&8 != 0 {
		t.Fatalf("postings of vela_addr: %v", p)
	}
	// Stop words are not indexed; the words as written are kept for prefix matching.
	for _, stop := range []string{"the", "and", "a"} {
		if _, ok := posts[stop]; ok {
			t.Errorf("stop word %q is indexed", stop)
		}
	}
	if forms := ix.Forms[at("ruleset")]; forms != "rulesets" {
		t.Errorf("forms of ruleset: %q, want %q", forms, "rulesets")
	}
	if forms := ix.Forms[at("secret")]; forms != "secrets" {
		t.Errorf("forms of secret: %q", forms)
	}
}

func TestBodyWeightFavoursFrequentTermsInShortSections(t *testing.T) {
	if !(bodyWeight(3, 20, 50) > bodyWeight(1, 20, 50)) {
		t.Error("more occurrences should weigh more")
	}
	if !(bodyWeight(1, 10, 50) > bodyWeight(1, 400, 50)) {
		t.Error("the same occurrence in a shorter section should weigh more")
	}
	if w := bodyWeight(1000, 1, 50); w != 7 {
		t.Errorf("weights saturate at 7, got %d", w)
	}
	if w := bodyWeight(1, 100000, 1); w != 1 {
		t.Errorf("a present term weighs at least 1, got %d", w)
	}
}

func TestPublishIsDeterministicAndIncremental(t *testing.T) {
	pages := samplePages()
	a, b := New(), New()
	for _, p := range pages {
		a.Update(p.Route, NewShard(p))
	}
	for i := len(pages) - 1; i >= 0; i-- {
		b.Update(pages[i].Route, NewShard(pages[i]))
	}
	da, ia, _ := a.Publish()
	db, ib, _ := b.Publish()
	if !bytes.Equal(da, db) || !bytes.Equal(ia, ib) || !reflect.DeepEqual(a.Chunks(), b.Chunks()) {
		t.Fatal("the same pages indexed in another order publish different files")
	}
	// Updating one shard and removing another is the same as indexing the result from scratch.
	changed := pages[1]
	changed.Sections = []Section{{Text: "Rulesets now mention tags."}}
	a.Update(changed.Route, NewShard(changed))
	a.Remove(pages[2].Route)
	fresh := New()
	fresh.Update(pages[0].Route, NewShard(pages[0]))
	fresh.Update(changed.Route, NewShard(changed))
	da, ia, _ = a.Publish()
	df, iff, _ := fresh.Publish()
	if !bytes.Equal(da, df) || !bytes.Equal(ia, iff) || !reflect.DeepEqual(a.Chunks(), fresh.Chunks()) {
		t.Fatal("update and remove differ from a fresh index of the same pages")
	}
	ts := time.Date(2026, 11, 22, 3, 4, 5, 0, time.FixedZone("x", 3600))
	d, i := FileNames(ts)
	if d != "search-docs-20261122020405.json" || i != "search-index-20261122020405.json" {
		t.Fatalf("file names %s %s", d, i)
	}
}

func TestEmptyIndexPublishesValidFiles(t *testing.T) {
	docs, index, err := New().Publish()
	if err != nil {
		t.Fatal(err)
	}
	if string(docs) != `{"version":4,"pages":0,"perChunk":8,"chunks":0,"stamp":"cbf29ce484222325"}` {
		t.Fatalf("docs %s", docs)
	}
	if !strings.Contains(string(index), `"chunks":[]`) || !strings.Contains(string(index), `"pages":0`) {
		t.Fatalf("index %s", index)
	}
}

func TestIndexedSkipsUnlistedAndOtherKinds(t *testing.T) {
	doc := func(kind string, listed, noIndex bool) *site.Route {
		return &site.Route{Path: "/docs/x", Listed: listed, Data: &site.PageData{Kind: kind, NoIndex: noIndex},
			Doc: nil}
	}
	withDoc := func(r *site.Route) *site.Route {
		r.Doc = newDoc(t)
		return r
	}
	cases := []struct {
		name string
		r    *site.Route
		want bool
	}{
		{"doc", withDoc(doc(site.KindDoc, true, false)), true},
		{"blog post", withDoc(doc(site.KindBlogPost, true, false)), true},
		{"category index", doc(site.KindCategory, true, false), true},
		{"unlisted doc", withDoc(doc(site.KindDoc, false, true)), false},
		{"noindex doc", withDoc(doc(site.KindDoc, true, true)), false},
		{"blog list", doc(site.KindBlogList, true, false), false},
		{"landing", withDoc(doc(site.KindLanding, true, false)), false},
		{"not found", doc(site.KindNotFound, false, true), false},
		{"nil", nil, false},
	}
	for _, c := range cases {
		if got := Indexed(c.r); got != c.want {
			t.Errorf("%s: Indexed = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestPageOfCategoryIndexesItsCards(t *testing.T) {
	r := &site.Route{Path: "/docs/category/go", Listed: true, Data: &site.PageData{Kind: site.KindCategory, Title: "Go",
		Description: "Go templates.", Breadcrumbs: []site.Link{{Title: "Templates"}},
		Cards: []site.Card{{Title: "Loops", Description: "Range over maps."}, {Title: "Functions"}}}}
	p := PageOf(r)
	if p.Title != "Go" || len(p.Sections) != 1 || p.Sections[0].Text != "Loops. Range over maps. Functions." {
		t.Fatalf("page %+v", p)
	}
	if !reflect.DeepEqual(p.Crumbs, []string{"Templates"}) {
		t.Fatalf("crumbs %v", p.Crumbs)
	}
}

// A [[docs]] set's page has no version in search: the filter keeps a query to one version of the
// versioned docs, and would otherwise hide the set's pages from every other page.
func TestPageOfADocsSetIsUnversioned(t *testing.T) {
	for _, c := range []struct {
		data site.PageData
		want string
	}{
		{site.PageData{Kind: site.KindCategory, Title: "Help", Version: "community", Instance: "community"}, ""},
		{site.PageData{Kind: site.KindCategory, Title: "Help", Version: "1.0"}, "1.0"},
	} {
		if p := PageOf(&site.Route{Path: "/x", Listed: true, Data: &c.data}); p.Version != c.want {
			t.Errorf("%+v: version %q, want %q", c.data, p.Version, c.want)
		}
	}
}

func newDoc(t *testing.T) *markdown.Doc {
	t.Helper()
	return markdown.New().Parse([]byte("Some text.\n\n## A heading\n\nMore.\n"), 1)
}

// A shared stemming cache changes nothing in what is published, used by one page or many.
func TestTermsCacheGivesTheSameIndex(t *testing.T) {
	plain, cached := New(), New()
	terms := NewTerms()
	for _, p := range samplePages() {
		plain.Update(p.Route, NewShard(p))
		cached.Update(p.Route, NewShardWith(p, terms))
	}
	d1, i1, _ := plain.Publish()
	d2, i2, _ := cached.Publish()
	if !bytes.Equal(d1, d2) || !bytes.Equal(i1, i2) {
		t.Fatal("the cached terms publish different files")
	}
	if terms.Term("running") != Term("running") || terms.Term("running") != "run" {
		t.Fatalf("cached term of running: %q", terms.Term("running"))
	}
}

// Shards made with one Terms cache, on several goroutines at once as a build makes them, share its
// dictionary (no dictionary of their own: 4.4 KB a page, BenchmarkShardMemoryBuildingZipf) and
// publish every file as shards made without it.
func TestShardsOfOneTermsCacheShareItsDictionary(t *testing.T) {
	terms := NewTerms()
	pages := make([]Page, 200)
	shards := make([]*Shard, len(pages))
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(pages); i += 4 {
				pages[i] = genPage(i, 0)
				shards[i] = NewShardWith(pages[i], terms)
			}
		}()
	}
	wg.Wait()
	cached, plain := New(), New()
	cached.chunkBytes, plain.chunkBytes = 1<<10, 1<<10
	for i, p := range pages {
		if shards[i].dict != terms.dict {
			t.Fatalf("the shard of %s has a dictionary of its own", p.Route)
		}
		cached.Update(p.Route, shards[i])
		plain.Update(p.Route, NewShard(p))
	}
	if got, want := published(t, cached), published(t, plain); !reflect.DeepEqual(got, want) {
		t.Fatal("shards made with a shared dictionary publish other files")
	}
}

// A term of a short heading (three terms at most) carries the heading bit and the heading's length
// in its code, so that the browser knows when a query holds a whole heading; a table key's term
// carries the heading bit alone, and a long heading's term its length less three without the bit
// (three: six terms or more), so that the browser tells a heading from a table's key column.
func TestPostingCodesCarryShortHeadingLengths(t *testing.T) {
	x := New()
	x.Update("/a", NewShard(Page{Route: "/a", Title: "Start a build", Sections: []Section{
		{Text: "Builds start on events."},
		{ID: "approve", Heading: "Approve builds from forks", Text: "An admin approves a build.", Keys: "--fork-policy"},
		{ID: "long", Heading: "What the server checks before queueing", Text: "It checks the server."},
		{ID: "longer", Heading: "Make yourself a platform administrator of every organisation", Text: "Run one command."},
	}}))
	_, _, posts := publish(t, x)
	codeIn := func(term string, sec int) int {
		p := posts[term]
		for i, s := range p[0] {
			if s == sec {
				return p[1][i]
			}
		}
		t.Fatalf("%q is not in section %d: %v", term, sec, p)
		return 0
	}
	for _, term := range []string{"approv", "build", "fork"} {
		if c := codeIn(term, 1); c&8 == 0 || c>>4 != 3 {
			t.Errorf("%q in \"Approve builds from forks\": code %d, want the heading bit and length 3", term, c)
		}
	}
	if c := codeIn("polici", 1); c&8 == 0 || c>>4 != 0 {
		t.Errorf("a key's term: code %d, want the heading bit and no length", c)
	}
	if c := codeIn("server", 2); c&8 != 0 || c>>4 != 1 {
		t.Errorf("a heading's term of four: code %d, want no heading bit and length 4 - 3", c)
	}
	if c := codeIn("platform", 3); c&8 != 0 || c>>4 != 3 {
		t.Errorf("a heading's term of six: code %d, want no heading bit and length 6 - 3", c)
	}
}
