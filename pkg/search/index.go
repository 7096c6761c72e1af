// Package search builds the site's full-text search index: one shard per page, computed when the
// page changes, published as the two static entry files the browser loads (the search documents
// file and the search index file) and the chunks they point to (chunks.go), of which a publish
// rewrites only those an edit changed (publish.go). The query code that reads them is
// site/src/search/engine.js; the formats are the contract between the two.
//
// Why a format of our own rather than a JS library's serialised index: the index of the Vela site
// must stay under 250 KB gzip together with the documents, and a posting here is a few digits (page
// and section deltas, heading flag and a quantised BM25 body weight), several times smaller than
// the nested objects of general-purpose libraries' formats.
package search

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// FormatVersion is the format of the whole index in one file (merged), which nothing publishes
// any more; PublishedVersion (chunks.go) is that of the entry files and their chunks. Either is
// bumped whenever its format changes, so an old client never misreads it.
const FormatVersion = 1

// snippetLen is how much of each section's text the documents file keeps for result snippets: the
// whole text of the site would be larger than the size budget of the two files.
const snippetLen = 180

// BM25 parameters of the body weight.
const (
	k1 = 1.2
	b  = 0.75
)

// Page is what is indexed of one page.
type Page struct {
	Route string
	Title string
	// Label is the sidebar label when the page has its own; Name is the file name (the route's last
	// part). Both rank like the title: readers type the words of the sidebar and of the URL.
	Label, Name string
	Version     string // docs version name; "" for pages outside the docs (blog)
	Description string // shown as the page's snippet and searched as its first section
	Keywords    []string
	// Crumbs are the titles of the categories above the page (its breadcrumbs): "yaml" finds the
	// stages page of the Pipeline YAML reference.
	Crumbs   []string
	Sections []Section // the first is the top of the page (ID "")
}

// Section is the part of a page under one heading; each is a search result of its own.
type Section struct {
	ID      string // heading id, the anchor a result links to; "" for the top of the page
	Heading string
	Text    string
	Keys    string // what the section's tables define (first cells): ranked like the heading
	// Quotes are the messages the section quotes (code spans of three words or more, no flag): a
	// shown page that quotes the words a reader pasted comes first (the documents file's quotes).
	Quotes []string
}

// Terms remembers the term of each word it was asked about: a site says the same words on every
// page, and stemming is most of the work of indexing one. It also numbers the terms and word forms
// it gives, in one dictionary the shards made with it share: a dictionary of its own per shard was
// 4.4 KB of the 10 KB a page docsd build --once holds until its search step. It is safe for
// concurrent use.
type Terms struct {
	mu   sync.RWMutex
	m    map[string]wordTerm
	dict *dictionary // written under mu; read by an index once no shard is being made with it
	// builders are NewShardWith's maps of a page's words and terms, emptied and used again for
	// the next page: making them for each page was most of the bytes indexing allocated.
	builders sync.Pool
}

// wordTerm is a word as written and its term, both strings of their own (see lookup), with their
// numbers in the cache's dictionary (form -1: the word is its own term, or has none).
type wordTerm struct {
	word, term string
	termNo     int32
	formNo     int32
}

// NewTerms makes an empty cache. Keep one for a build, not longer: it holds the site's vocabulary.
func NewTerms() *Terms { return &Terms{m: map[string]wordTerm{}, dict: newDictionary()} }

// Term is Term(w), remembered; a nil cache computes it.
func (c *Terms) Term(w string) string {
	_, t := c.lookup(w)
	return t
}

// lookup gives w and its term as strings of their own, the same ones for every page that has the
// word: w is a piece of a page's text, and a shard that kept it would keep all of that text.
func (c *Terms) lookup(w string) (word, term string) {
	e := c.entry(w)
	return e.word, e.term
}

// entry is w's word, term and numbers (a nil cache: no numbers).
func (c *Terms) entry(w string) wordTerm {
	if c == nil {
		w = strings.Clone(w)
		return wordTerm{word: w, term: Term(w), termNo: -1, formNo: -1}
	}
	c.mu.RLock()
	e, ok := c.m[w]
	c.mu.RUnlock()
	if !ok {
		e.word = strings.Clone(w)
		e.term = Term(e.word)
		c.mu.Lock()
		if old, ok := c.m[w]; ok {
			e = old // another page's, so that every shard shares one
		} else {
			e.termNo, e.formNo = -1, -1
			if e.term != "" {
				e.termNo = c.dict.number(e.term)
				if e.term != e.word {
					e.formNo = c.dict.form(e.word, e.termNo)
				}
			}
			c.m[e.word] = e
		}
		c.mu.Unlock()
	}
	return e
}

// entryBytes is entry(string(w)), making the string only for a word the cache has not seen.
func (c *Terms) entryBytes(w []byte) wordTerm {
	if c != nil {
		c.mu.RLock()
		e, ok := c.m[string(w)]
		c.mu.RUnlock()
		if ok {
			return e
		}
	}
	return c.entry(string(w))
}

// truncate cuts text to at most n bytes at a word boundary (never inside a UTF-8 sequence).
func truncate(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(text[:cut], ' '); i > n/2 {
		cut = i
	}
	return strings.TrimSpace(text[:cut]) + " …"
}

// Index holds the shards of every indexed page of one locale. It is not safe for concurrent use.
type Index struct {
	shards   map[string]*Shard
	synonyms *Synonyms
	stop     func() bool // while PublishUnless runs
	// chunkBytes is the size of a term chunk (chunkBytes by default; tests make it small).
	chunkBytes int
	// perPageFile is how many page numbers a page file holds (pagesPerFile; tests make it small).
	perPageFile int
	dict        *dictionary
	sorted      []int32 // the dictionary's term numbers in the order of their terms
	formsOrder  []int32 // its form numbers in the order of (word, term)
	// last is what the last publish wrote, and changed the routes updated or removed since, each
	// with its shard of then (nil: it had none): a publish rewrites only what they touch
	// (publish.go).
	last    *lastPublish
	changed map[string]*Shard
	counts  *counts  // counts.go
	routes  []string // the indexed routes, sorted
	// ordered are the shards by page number (nil for a free number) of the numbering orderedBy
	// (shardsByNumber).
	ordered   []*Shard
	orderedBy *numbering

	// lookupParts are the terms of [search] lookup_parts (lookup.go).
	lookupParts []string
	// actionParts are the terms of [search] action_parts (lookup.go).
	actionParts []string
	// nameParts are the terms of [search] name_parts (lookup.go).
	nameParts []string
	// walkParts are the terms of [search] walk_parts (lookup.go).
	walkParts []string
	// cores is how many cores a publish may use (0: as many as Go runs on); tests set it.
	cores int
}

// dictionary numbers the terms every shard of an index has had, in the order they came: it only
// grows (a few words per edit), so a number, once given, names its term for good. Shards hold
// their terms as these numbers, and a shard another index publishes is renumbered through it.
// Words as written that stem to a term other than themselves are numbered in it too.
type dictionary struct {
	numbers map[string]int32
	terms   []string
	formNos map[string]int32
	forms   []form
}

// form is a word as written and the number of its term.
type form struct {
	word string
	term int32
}

func newDictionary() *dictionary {
	return &dictionary{numbers: map[string]int32{}, formNos: map[string]int32{}}
}

func (d *dictionary) number(t string) int32 {
	n, ok := d.numbers[t]
	if !ok {
		n = int32(len(d.terms))
		d.numbers[t] = n
		d.terms = append(d.terms, t)
	}
	return n
}

// form numbers a word as written whose term is numbered term (a word has one term).
func (d *dictionary) form(word string, term int32) int32 {
	n, ok := d.formNos[word]
	if !ok {
		n = int32(len(d.forms))
		d.formNos[word] = n
		d.forms = append(d.forms, form{word, term})
	}
	return n
}

// New makes an empty index.
func New() *Index {
	return &Index{shards: map[string]*Shard{}, dict: newDictionary(), chunkBytes: chunkBytes, perPageFile: pagesPerFile, changed: map[string]*Shard{}}
}

func (x *Index) number(t string) int32 { return x.dict.number(t) }

// numbered puts the shard's terms in this index's numbers, the first time this index publishes it.
func (x *Index) numbered(s *Shard) error {
	if s.err != nil {
		return fmt.Errorf("writing the search record of %s: %w", s.route, s.err)
	}
	if s.dict == x.dict {
		return nil
	}
	renumber := func(ns []int32) {
		for i, n := range ns {
			ns[i] = x.number(s.term(n))
		}
	}
	renumber(s.title)
	renumber(s.titleWhole)
	renumber(s.crumbs)
	renumber(s.names)
	renumber(s.terms)
	for i, n := range s.forms {
		f := s.dict.forms[n]
		s.forms[i] = x.dict.form(f.word, x.number(s.term(f.term)))
	}
	s.dict = x.dict
	return nil
}

// SetSynonyms sets the site's synonym table (nil: none); Publish applies it to titles and writes it
// into the index file for the browser.
func (x *Index) SetSynonyms(s *Synonyms) { x.synonyms = s }

// Update sets the shard of a route (a new or changed page).
func (x *Index) Update(route string, s *Shard) {
	if old := x.shards[route]; old != nil && old != s && sameShard(old, s) {
		return // the same words (same.go): nothing for a publish to do
	}
	x.note(route)
	if _, ok := x.shards[route]; !ok && x.routes != nil {
		i, _ := slices.BinarySearch(x.routes, route)
		x.routes = slices.Insert(x.routes, i, route)
	}
	x.shards[route] = s
}

// Remove drops a route (a deleted, unlisted or draft page).
func (x *Index) Remove(route string) {
	if _, ok := x.shards[route]; ok {
		x.note(route)
		delete(x.shards, route)
		if i, found := slices.BinarySearch(x.routes, route); found {
			x.routes = slices.Delete(x.routes, i, i+1)
		}
	}
}

// note remembers a route's shard of the last publish before it changes.
func (x *Index) note(route string) {
	if _, ok := x.changed[route]; !ok {
		x.changed[route] = x.shards[route]
	}
}

// Routes lists the indexed routes, sorted.
func (x *Index) Routes() []string { return slices.Clone(x.sortedRoutes()) }

// sortedRoutes are the indexed routes, sorted (not to be changed): sorted once, then kept so as
// routes come and go.
func (x *Index) sortedRoutes() []string {
	if x.routes == nil {
		x.routes = make([]string, 0, len(x.shards))
		for r := range x.shards {
			x.routes = append(x.routes, r)
		}
		sort.Strings(x.routes)
	}
	return x.routes
}

// numberShards puts every shard's terms in this index's numbers: a shard another index published
// since (a new index after a docsd.toml change shares the builder's shards) holds that index's.
// After the first publish, the shards by number and the changed ones are all the shards, and a
// pass over a slice costs less than one over the map.
func (x *Index) numberShards() error {
	if x.last == nil || x.ordered == nil {
		for _, s := range x.shards {
			if err := x.numbered(s); err != nil {
				return err
			}
		}
		return nil
	}
	for _, s := range x.ordered {
		if s != nil && s.dict != x.dict && x.shards[s.route] == s {
			if err := x.numbered(s); err != nil {
				return err
			}
		}
	}
	for r := range x.changed {
		if s := x.shards[r]; s != nil {
			if err := x.numbered(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// shardsByNumber are the shards by page number (nil for a free number). With the numbering of
// the last call, only the changed routes' shards are looked up: a lookup per route cost an edit's
// publish 7 ms at 30,000 pages.
func (x *Index) shardsByNumber(n *numbering) []*Shard {
	if x.orderedBy != n && x.ordered != nil && n.from == x.orderedBy {
		// A page came or went (numbers.go's next): only the changed routes' numbers moved, and a
		// pass over every route looked up 30,000 routes for a new page.
		for len(x.ordered) < len(n.slots) {
			x.ordered = append(x.ordered, nil)
		}
		for r := range x.changed {
			if no, ok := x.orderedBy.slot(r); ok && n.slots[no] != r {
				x.ordered[no] = nil
			}
		}
		for r := range x.changed {
			if no, ok := n.slot(r); ok {
				x.ordered[no] = x.shards[r]
			}
		}
		x.orderedBy = n
		return x.ordered
	}
	if x.orderedBy != n {
		x.ordered = make([]*Shard, len(n.slots))
		for i, r := range n.slots {
			if r != "" {
				x.ordered[i] = x.shards[r]
			}
		}
		x.orderedBy = n
		return x.ordered
	}
	for r := range x.changed {
		if i, ok := n.slot(r); ok {
			x.ordered[i] = x.shards[r]
		}
	}
	return x.ordered
}

// FileNames are the names of the two published files for a build timestamp. The timestamp is an
// input (not the clock) so that two builds of the same sources are byte-identical.
func FileNames(ts time.Time) (docs, index string) {
	stamp := ts.UTC().Format("20060102150405")
	return "search-docs-" + stamp + ".json", "search-index-" + stamp + ".json"
}

// DocsFile is the search documents file: what results show.
type DocsFile struct {
	Version    int      `json:"version"`
	SearchDocs []DocRec `json:"searchDocs"`
}

// DocRec is one page of the documents file. Sections are [id, heading, snippet]; sections are
// numbered across the whole file in order, and postings refer to those numbers.
type DocRec struct {
	Route   string `json:"route"`
	Title   string `json:"title"`
	Version string `json:"version,omitempty"`
	// Crumbs are the category titles above the page, which a result shows to tell pages with the
	// same title apart ("Tour", not the folder "tour").
	Crumbs   []string    `json:"crumbs,omitempty"`
	Sections [][3]string `json:"sections"`
	// Quotes are the messages the page's sections quote (Section.Quotes), each once, at most
	// maxQuotes of maxQuoteLen bytes: the browser reads them for the pages it shows.
	Quotes []string `json:"quotes,omitempty"`
}

// IndexFile is the search index file.
type IndexFile struct {
	Version   int      `json:"version"`
	Pages     int      `json:"pages"`
	Sections  int      `json:"sections"`
	StopWords []string `json:"stopWords"`
	// TitleLengths is the number of distinct terms of each page's title (short titles that match
	// rank above long ones).
	TitleLengths []int `json:"titleLengths"`
	// PartShares is, for each page, the percentage of the site's pages that share its most shared
	// breadcrumb word ("API" above a hundred endpoint pages): the browser ranks the pages of a large
	// part a little lower when the query does not name it (site/src/search/pages.js, partPrior).
	PartShares []int `json:"partShares"`
	// Terms are sorted; the arrays below are parallel to it.
	Terms []string `json:"terms"`
	// Forms are the words as written that stem to each term, space-separated ("" when none): the
	// browser matches a half-typed word against them.
	Forms []string `json:"forms"`
	// Titles are the pages whose title has the term, as deltas of page numbers.
	Titles [][]int `json:"titles"`
	// Crumbs are the pages whose breadcrumbs (but not title) have the term, as deltas of page numbers.
	Crumbs [][]int `json:"crumbs"`
	// Names are the pages whose file name has the term, as deltas of page numbers.
	Names [][]int `json:"names"`
	// Synonyms is the site's table in index terms: each entry a list of phrases (terms joined by
	// spaces) that stand for each other; an entry starting with "=>" is one way (the first phrase
	// after it stands for the rest), and one starting with "…=>" is one way where the first phrase
	// stands between other words of a query that is no task (SynonymGroup.Between).
	Synonyms [][]string `json:"synonyms"`
	// Postings are the sections that have the term in their heading or text, one string per term
	// (see encodePostings): the smallest encoding of those tried, a third smaller than integers
	// once gzipped.
	Postings []string `json:"postings"`
}

// bodyWeight is the BM25 term-frequency part of a term in a section, scaled to 1–7.
func bodyWeight(tf, length int, avg float64) int {
	f := float64(tf)
	w := f * (k1 + 1) / (f + k1*(1-b+b*float64(length)/avg))
	q := int(math.Ceil(7 * w / (k1 + 1)))
	return min(max(q, 1), 7)
}

// maxHeadLen is the longest heading, in terms, whose length a posting code carries with the heading
// bit set (two bits; longer ones, up to maxHeadLen + 3, carry theirs without it).
const maxHeadLen = 3

// digits of the posting strings: the first 32 end a number, the last 32 carry 5 more bits of it.
const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"

// encodePosting writes one posting: the delta of the section number in base 32, most significant
// group first (every group but the last from the upper half of digits), then one digit for
// code: the body weight (0–7) plus 16 × h plus 8 when the heading or a table key has the term. h
// (two bits) is the number of distinct terms of the section's own heading when it has the term
// and is at most maxHeadLen long (a query that has every word of a short heading names that
// section), 0 for a table key's term. A term of a longer own heading has the 8 clear and h its
// length less maxHeadLen (3: six terms or more), a code no other term has: a heading, however long,
// is what the section is about, a table key is one row of it ("Make yourself a platform
// administrator" is a task the page teaches; a key column's words are not).
func encodePosting(b *strings.Builder, delta, code int) {
	var groups [8]int
	n := 0
	for {
		groups[n] = delta & 31
		n++
		delta >>= 5
		if delta == 0 {
			break
		}
	}
	for i := n - 1; i > 0; i-- {
		b.WriteByte(digits[32+groups[i]])
	}
	b.WriteByte(digits[groups[0]])
	b.WriteByte(digits[code])
}

// deltas are the differences of sorted numbers, each from the one before (the first from 0).
func deltas(xs []int32) []int {
	out := make([]int, len(xs))
	prev := int32(0)
	for i, x := range xs {
		out[i] = int(x - prev)
		prev = x
	}
	return out
}

// marshal writes JSON without HTML escaping (the files are data, never inlined into a page).
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	// A copy of exactly its size: the buffer grew by doubling, and shards and chunks are kept.
	return bytes.Clone(bytes.TrimRight(buf.Bytes(), "\n")), nil
}
