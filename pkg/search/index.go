// Package search builds the site's full-text search index: one shard per page, computed when the
// page changes, merged into the two static files the browser loads (the search documents file, with
// the `searchDocs` list that results show, and the search index file, with the terms and their
// postings). The query code that reads them is site/src/search/engine.js; the formats below are the
// contract between the two.
//
// Why a format of our own rather than a JS library's serialised index: the index of the Vela site
// must stay under 250 KB gzip together with the documents, and a posting here is one small integer
// (section delta, heading flag and a quantised BM25 body weight), several times smaller than the
// nested objects of general-purpose libraries' formats.
package search

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// FormatVersion is bumped whenever the file formats change, so an old client never misreads them.
// Format 1 is the whole index in one file (merged); format 2 (chunks.go) the entry files and
// their chunks, which is what docsd publishes.
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
}

// Terms remembers the term of each word it was asked about: a site says the same words on every
// page, and stemming is most of the work of indexing one. It is safe for concurrent use.
type Terms struct {
	mu sync.RWMutex
	m  map[string]wordTerm
}

// wordTerm is a word as written and its term, both strings of their own (see lookup).
type wordTerm struct{ word, term string }

// NewTerms makes an empty cache. Keep one for a build, not longer: it holds the site's vocabulary.
func NewTerms() *Terms { return &Terms{m: map[string]wordTerm{}} }

// Term is Term(w), remembered; a nil cache computes it.
func (c *Terms) Term(w string) string {
	_, t := c.lookup(w)
	return t
}

// lookup gives w and its term as strings of their own, the same ones for every page that has the
// word: w is a piece of a page's text, and a shard that kept it would keep all of that text.
func (c *Terms) lookup(w string) (word, term string) {
	if c == nil {
		w = strings.Clone(w)
		return w, Term(w)
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
			c.m[e.word] = e
		}
		c.mu.Unlock()
	}
	return e.word, e.term
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
	chunks   []Chunk     // of the last Publish
	stop     func() bool // while PublishUnless runs
	// chunkBytes is the size of a term chunk (chunkBytes by default; tests make it small).
	chunkBytes int
	dict       *dictionary
	sorted     []int32 // the dictionary's numbers in the order of their terms
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
	return &Index{shards: map[string]*Shard{}, dict: newDictionary(), chunkBytes: chunkBytes}
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
func (x *Index) Update(route string, s *Shard) { x.shards[route] = s }

// Remove drops a route (a deleted, unlisted or draft page).
func (x *Index) Remove(route string) { delete(x.shards, route) }

// Routes lists the indexed routes, sorted.
func (x *Index) Routes() []string {
	out := make([]string, 0, len(x.shards))
	for r := range x.shards {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
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
	// part a little lower when the query does not name it (site/src/search/engine.js, partPrior).
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
	// after it stands for the rest).
	Synonyms [][]string `json:"synonyms"`
	// Postings are the sections that have the term in their heading or text, one string per term
	// (see encodePostings): the smallest encoding of those tried, a third smaller than integers
	// once gzipped.
	Postings []string `json:"postings"`
}

// Publish merges the shards into the two entry files, the search documents file and the search
// index file, and keeps the chunks they point to for Chunks (chunks.go). The output depends only on
// the shards, so it is deterministic.
func (x *Index) Publish() (docs, index []byte, err error) { return x.PublishUnless(nil) }

// ErrStopped is PublishUnless's error when stop said so.
var ErrStopped = errors.New("search: publish stopped")

// PublishUnless is Publish, given up with ErrStopped as soon as stop (if not nil) returns true,
// asked between its parts: docsd watch leaves the search files of a rebuild that newer edits make
// stale to the next rebuild (at 10,000 pages a publish takes a good part of a second).
func (x *Index) PublishUnless(stop func() bool) (docs, index []byte, err error) {
	x.stop = stop
	defer func() { x.stop = nil }()
	routes := x.Routes()
	_, ix, shards, err := x.merge(routes, false)
	if err != nil {
		return nil, nil, err
	}
	if x.stopped() {
		return nil, nil, ErrStopped
	}
	return x.split(routes, ix, shards)
}

func (x *Index) stopped() bool { return x.stop != nil && x.stop() }

// merged is the whole index in one piece: the documents file and the index file of format 1,
// which split cuts into chunks.
func (x *Index) merged(routes []string) (docs []byte, ix *IndexFile, shards []*Shard, err error) {
	return x.merge(routes, true)
}

// merge is merged; the documents file of format 1 only when withDocs (Publish writes the chunks of
// the documents instead, and building one file of every page's record was wasted at every edit).
func (x *Index) merge(routes []string, withDocs bool) (docs []byte, ix *IndexFile, shards []*Shard, err error) {
	shards = make([]*Shard, len(routes))
	total, totalLen := 0, 0
	for i, r := range routes {
		shards[i] = x.shards[r]
		if err = x.numbered(shards[i]); err != nil {
			return nil, nil, nil, err
		}
		for _, sec := range shards[i].sections {
			totalLen += int(sec.length)
			total++
		}
	}
	avg := 1.0
	if total > 0 && totalLen > 0 {
		avg = float64(totalLen) / float64(total)
	}
	// Everything by term number. Pages and sections are visited in order, so every list is sorted.
	// Titles gain the terms of the synonyms of their phrases (numbered first: they may be new).
	aliases := make([][]int32, len(shards))
	for i, s := range shards {
		seen := map[string]bool{}
		for _, seq := range s.titleSeqs {
			for _, t := range x.synonyms.aliases(seq) {
				if !seen[t] {
					seen[t] = true
					aliases[i] = append(aliases[i], x.number(t))
				}
			}
		}
	}
	terms := x.dict.terms
	if len(x.sorted) != len(terms) {
		x.sorted = make([]int32, len(terms))
		for i := range x.sorted {
			x.sorted[i] = int32(i)
		}
		sort.Slice(x.sorted, func(i, j int) bool { return terms[x.sorted[i]] < terms[x.sorted[j]] })
	}
	if x.stopped() {
		return nil, nil, nil, ErrStopped
	}
	titles, crumbs, names, posts, forms := x.lists(shards, aliases)
	titleLens := make([]int, 0, len(routes))
	var docsBuf bytes.Buffer
	docsBuf.WriteString(`{"version":` + fmt.Sprint(FormatVersion) + `,"searchDocs":[`)
	secNo := 0
	for pageNo, s := range shards {
		if withDocs {
			if pageNo > 0 {
				docsBuf.WriteByte(',')
			}
			docsBuf.Write(s.docJSON)
		}
		inTitle := map[int32]bool{}
		for _, t := range s.title {
			titles[t] = append(titles[t], pageNo)
			inTitle[t] = true
		}
		for _, t := range aliases[pageNo] {
			if !inTitle[t] {
				titles[t] = append(titles[t], pageNo)
			}
		}
		for _, t := range s.names {
			names[t] = append(names[t], pageNo)
		}
		for _, t := range s.crumbs {
			crumbs[t] = append(crumbs[t], pageNo)
		}
		for _, n := range s.forms {
			f := x.dict.forms[n]
			forms[f.term] = append(forms[f.term], f.word)
		}
		start := int32(0)
		for _, sec := range s.sections {
			for k := start; k < sec.end; k++ {
				t, c := s.terms[k], s.codes[k]
				code := 0
				if c&inHeading != 0 {
					code |= 8
					if c&ownHeading != 0 && sec.headLen <= maxHeadLen {
						code |= int(sec.headLen) << 4
					}
				}
				if tf := int(c & tfMask); tf > 0 {
					code |= bodyWeight(tf, int(sec.length), avg)
				}
				posts[t] = append(posts[t], posting{int32(secNo), uint8(code)})
			}
			start = sec.end
			secNo++
		}
	}
	docsBuf.WriteString(`]}`)
	// A title's length leaves out the words in the titles of a tenth of the pages or more (the
	// product's name in "vela cancel build"): a query without them still names the page.
	common := max(commonTitleMin, len(routes)/10)
	for _, s := range shards {
		n := 0
		for _, t := range s.titleWhole {
			if len(titles[t]) < common {
				n++
			}
		}
		titleLens = append(titleLens, max(n, 1))
	}
	ix = &IndexFile{Version: FormatVersion, Pages: len(routes), Sections: secNo, StopWords: StopWords, TitleLengths: titleLens,
		PartShares: partShares(shards, crumbs, len(routes)),
		Terms:      []string{}, Forms: []string{}, Titles: [][]int{}, Crumbs: [][]int{}, Names: [][]int{}, Postings: []string{},
		Synonyms: x.synonyms.encode()}
	var enc strings.Builder
	for _, t := range x.sorted {
		if titles[t] == nil && crumbs[t] == nil && names[t] == nil && posts[t] == nil {
			continue // a term of pages that changed or went away
		}
		ix.Terms = append(ix.Terms, terms[t])
		ix.Forms = append(ix.Forms, joinDistinct(forms[t]))
		ix.Titles = append(ix.Titles, deltas(titles[t]))
		ix.Crumbs = append(ix.Crumbs, deltas(crumbs[t]))
		ix.Names = append(ix.Names, deltas(names[t]))
		enc.Reset()
		prev := 0
		for _, p := range posts[t] {
			encodePosting(&enc, int(p.section)-prev, int(p.code))
			prev = int(p.section)
		}
		ix.Postings = append(ix.Postings, enc.String())
	}
	return docsBuf.Bytes(), ix, shards, nil
}

// posting is a section that has a term, and its code (see encodePosting).
type posting struct {
	section int32
	code    uint8
}

// lists makes the empty lists merged fills, by term number, each with room for exactly what it
// will hold (counted first). Growing millions of lists by appending was most of a publish's time
// at 10,000 pages (copying, clearing and collecting the arrays it outgrew), on every edit. A term
// that nothing has keeps nil lists.
func (x *Index) lists(shards []*Shard, aliases [][]int32) (titles, crumbs, names [][]int, posts [][]posting, forms [][]string) {
	n := len(x.dict.terms)
	nTitles, nCrumbs, nNames, nPosts, nForms := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
	var totTitles, totCrumbs, totNames, totPosts, totForms int
	for pageNo, s := range shards {
		for _, t := range s.title {
			nTitles[t]++
		}
		totTitles += len(s.title)
		for _, t := range aliases[pageNo] {
			nTitles[t]++ // at most once more than needed (an alias that is a title term)
			totTitles++
		}
		for _, t := range s.names {
			nNames[t]++
		}
		totNames += len(s.names)
		for _, t := range s.crumbs {
			nCrumbs[t]++
		}
		totCrumbs += len(s.crumbs)
		for _, n := range s.forms {
			nForms[x.dict.forms[n].term]++
		}
		totForms += len(s.forms)
		for _, t := range s.terms {
			nPosts[t]++
		}
		totPosts += len(s.terms)
	}
	titles, crumbs, names = carve[int](nTitles, totTitles), carve[int](nCrumbs, totCrumbs), carve[int](nNames, totNames)
	return titles, crumbs, names, carve[posting](nPosts, totPosts), carve[string](nForms, totForms)
}

// carve cuts one array of total elements into empty lists with room for counts[i] each (nil when 0).
func carve[T any](counts []int32, total int) [][]T {
	out := make([][]T, len(counts))
	flat := make([]T, total)
	off := 0
	for i, c := range counts {
		if c > 0 {
			out[i] = flat[off : off : off+int(c)]
			off += int(c)
		}
	}
	return out
}

// joinDistinct sorts words and joins the distinct ones with spaces.
func joinDistinct(words []string) string {
	sort.Strings(words)
	out := words[:0]
	for i, w := range words {
		if i == 0 || w != words[i-1] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// bodyWeight is the BM25 term-frequency part of a term in a section, scaled to 1–7.
func bodyWeight(tf, length int, avg float64) int {
	f := float64(tf)
	w := f * (k1 + 1) / (f + k1*(1-b+b*float64(length)/avg))
	q := int(math.Ceil(7 * w / (k1 + 1)))
	return min(max(q, 1), 7)
}

// maxHeadLen is the longest heading, in terms, whose length a posting code carries (two bits).
const maxHeadLen = 3

// digits of the posting strings: the first 32 end a number, the last 32 carry 5 more bits of it.
const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"

// encodePosting writes one posting: the delta of the section number in base 32, most significant
// group first (every group but the last from the upper half of digits), then one digit for
// code, which is 8 if the heading or a table key has the term plus the body weight (0–7), plus 16
// times the number of distinct terms of a heading of at most maxHeadLen (0 for longer ones): a
// query that has every word of a short heading names that section.
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

func deltas(xs []int) []int {
	out := make([]int, len(xs))
	prev := 0
	for i, x := range xs {
		out[i] = x - prev
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

// partShares is IndexFile.PartShares: per page, the largest share (in percent, rounded down) of the
// pages whose breadcrumbs have one of its breadcrumb terms. crumbs holds every term's pages.
func partShares(shards []*Shard, crumbs [][]int, pages int) []int {
	out := make([]int, len(shards))
	for i, s := range shards {
		for _, t := range s.crumbs {
			if share := 100 * len(crumbs[t]) / max(pages, 1); share > out[i] {
				out[i] = share
			}
		}
	}
	return out
}
