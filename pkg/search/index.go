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
	"slices"
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

// Shard is the index of one page. It is computed once when the page changes and kept, so that a
// rebuild re-indexes only the pages that changed.
type Shard struct {
	page  Page
	title []string // distinct title terms, sorted
	// titleWhole are the distinct terms of the title's and label's whole words (a title's length).
	titleWhole []string
	crumbs     []string // distinct breadcrumb terms that are not title terms, sorted
	names      []string // distinct file name terms, sorted
	// titleSeqs are the terms of the title and of the label in order, for the synonym table.
	titleSeqs [][]string
	sections  []shardSection
	forms     map[string]string // word as written → its term, where they differ
	terms     *Terms            // while the shard is built
	// numbered is the shard in the term numbers of the index that published it (Publish runs on
	// every rebuild; numbers and the page's JSON make it cheap).
	numbered *numberedShard
}

type numberedShard struct {
	index         *Index
	title, crumbs []int32
	titleWhole    []int32
	names         []int32
	forms         []form
	sections      []numberedSection
	docJSON       []byte // the page's record of the documents file
}

type form struct {
	word string
	term int32
}

type numberedSection struct {
	terms   []int32 // every term of the heading, keys or text, once
	tf      []int32 // its count in the text (0: heading or keys only)
	heading []bool  // in the heading or keys
	own     []bool  // in the heading itself
	length  int
	headLen int // distinct terms of the heading (see encodePosting)
}

// shardSection lists the section's terms sorted, with their counts in the text and whether the
// heading or keys have them (slices: a shard is kept for the life of docsd watch).
type shardSection struct {
	id, heading, snippet string
	terms                []string
	tf                   []int32 // 0: heading or keys only
	inHeading            []bool
	ownHeading           []bool // in the heading itself, not only in the keys
	length               int
	headLen              int // distinct terms of the heading alone
}

// commonTitleMin is the fewest titles a word is in to be left out of title lengths: on a small
// site a tenth of the pages is a handful.
const commonTitleMin = 20

// NewShard indexes one page.
func NewShard(p Page) *Shard { return NewShardWith(p, nil) }

// NewShardWith indexes one page, taking the terms of its words from terms (nil: stem every word).
func NewShardWith(p Page, terms *Terms) *Shard {
	s := &Shard{page: p, forms: map[string]string{}, terms: terms}
	s.title = s.distinct(p.Title + " " + p.Label)
	// The title's length and phrases are of its whole words: the parts of "OpenID" are terms of the
	// title, but a query that has "openid" and "connect" has all of "OpenID Connect".
	whole := map[string]bool{}
	s.names = s.distinct(p.Name)
	for _, text := range []string{p.Title, p.Label} {
		var seq []string
		for _, w := range WholeWords(text) {
			if t := s.term(w); t != "" {
				seq = append(seq, t)
				whole[t] = true
			}
		}
		s.titleSeqs = append(s.titleSeqs, seq)
	}
	for t := range whole {
		s.titleWhole = append(s.titleWhole, t)
	}
	sort.Strings(s.titleWhole)
	inTitle := map[string]bool{}
	for _, t := range s.title {
		inTitle[t] = true
	}
	for _, t := range s.distinct(strings.Join(p.Crumbs, " ")) {
		if !inTitle[t] {
			s.crumbs = append(s.crumbs, t)
		}
	}
	secs := p.Sections
	if len(secs) == 0 {
		secs = []Section{{}}
	}
	for i, sec := range secs {
		ss := shardSection{id: sec.ID, heading: sec.Heading}
		headingTerms, tf := map[string]bool{}, map[string]int32{}
		text := sec.Text
		if i == 0 && p.Description != "" && !strings.HasPrefix(text, p.Description) {
			text = strings.TrimSpace(p.Description + " " + text)
		}
		ss.snippet = truncate(text, snippetLen)
		own := s.distinct(sec.Heading)
		ss.headLen = len(own)
		for _, t := range s.distinct(sec.Heading + " " + sec.Keys) {
			headingTerms[t] = true
		}
		if i == 0 {
			for _, k := range p.Keywords {
				for _, t := range s.distinct(k) {
					headingTerms[t] = true
				}
			}
		}
		for _, w := range Words(text) {
			if t := s.term(w); t != "" {
				tf[t]++
				ss.length++
			}
		}
		for t := range tf {
			ss.terms = append(ss.terms, t)
		}
		for t := range headingTerms {
			if tf[t] == 0 {
				ss.terms = append(ss.terms, t)
			}
		}
		sort.Strings(ss.terms) // a map's order is random; the output must not be
		for _, t := range ss.terms {
			ss.tf = append(ss.tf, tf[t])
			ss.inHeading = append(ss.inHeading, headingTerms[t])
			_, found := slices.BinarySearch(own, t)
			ss.ownHeading = append(ss.ownHeading, found)
		}
		s.sections = append(s.sections, ss)
	}
	s.terms = nil
	return s
}

// Terms remembers the term of each word it was asked about: a site says the same words on every
// page, and stemming is most of the work of indexing one. It is safe for concurrent use.
type Terms struct {
	mu sync.RWMutex
	m  map[string]string
}

// NewTerms makes an empty cache. Keep one for a build, not longer: it holds the site's vocabulary.
func NewTerms() *Terms { return &Terms{m: map[string]string{}} }

// Term is Term(w), remembered; a nil cache computes it.
func (c *Terms) Term(w string) string {
	if c == nil {
		return Term(w)
	}
	c.mu.RLock()
	t, ok := c.m[w]
	c.mu.RUnlock()
	if !ok {
		t = Term(w)
		c.mu.Lock()
		c.m[w] = t
		c.mu.Unlock()
	}
	return t
}

// Route is the page the shard indexes.
func (s *Shard) Route() string { return s.page.Route }

func (s *Shard) term(w string) string {
	t := s.terms.Term(w)
	if t != "" && t != w {
		s.forms[w] = t
	}
	return t
}

func (s *Shard) distinct(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range Words(text) {
		if t := s.term(w); t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
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
	// The terms every shard has had, numbered in the order they came (a dictionary that only
	// grows: a few words per edit), and the numbers in the order of the terms.
	numbers map[string]int32
	terms   []string
	sorted  []int32
}

// New makes an empty index.
func New() *Index {
	return &Index{shards: map[string]*Shard{}, numbers: map[string]int32{}, chunkBytes: chunkBytes}
}

func (x *Index) number(t string) int32 {
	n, ok := x.numbers[t]
	if !ok {
		n = int32(len(x.terms))
		x.numbers[t] = n
		x.terms = append(x.terms, t)
	}
	return n
}

// numbered gives the shard in this index's term numbers, computing it the first time.
func (x *Index) numbered(s *Shard) (*numberedShard, error) {
	if s.numbered != nil && s.numbered.index == x {
		return s.numbered, nil
	}
	ns := &numberedShard{index: x}
	for _, t := range s.titleWhole {
		ns.titleWhole = append(ns.titleWhole, x.number(t))
	}
	for _, t := range s.title {
		ns.title = append(ns.title, x.number(t))
	}
	for _, t := range s.crumbs {
		ns.crumbs = append(ns.crumbs, x.number(t))
	}
	for _, t := range s.names {
		ns.names = append(ns.names, x.number(t))
	}
	for w, t := range s.forms {
		ns.forms = append(ns.forms, form{w, x.number(t)})
	}
	rec := DocRec{Route: s.page.Route, Title: s.page.Title, Version: s.page.Version, Crumbs: s.page.Crumbs}
	for _, sec := range s.sections {
		rec.Sections = append(rec.Sections, [3]string{sec.id, sec.heading, sec.snippet})
		nsec := numberedSection{length: sec.length, tf: sec.tf, heading: sec.inHeading, own: sec.ownHeading, headLen: sec.headLen}
		for _, t := range sec.terms {
			nsec.terms = append(nsec.terms, x.number(t))
		}
		ns.sections = append(ns.sections, nsec)
	}
	var err error
	if ns.docJSON, err = marshal(rec); err != nil {
		return nil, fmt.Errorf("writing the search record of %s: %w", s.page.Route, err)
	}
	s.numbered = ns
	return ns, nil
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
func (x *Index) merged(routes []string) (docs []byte, ix *IndexFile, shards []*numberedShard, err error) {
	return x.merge(routes, true)
}

// merge is merged; the documents file of format 1 only when withDocs (Publish writes the chunks of
// the documents instead, and building one file of every page's record was wasted at every edit).
func (x *Index) merge(routes []string, withDocs bool) (docs []byte, ix *IndexFile, shards []*numberedShard, err error) {
	shards = make([]*numberedShard, len(routes))
	total, totalLen := 0, 0
	for i, r := range routes {
		if shards[i], err = x.numbered(x.shards[r]); err != nil {
			return nil, nil, nil, err
		}
		for _, sec := range shards[i].sections {
			totalLen += sec.length
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
	for i, r := range routes {
		seen := map[string]bool{}
		for _, seq := range x.shards[r].titleSeqs {
			for _, t := range x.synonyms.aliases(seq) {
				if !seen[t] {
					seen[t] = true
					aliases[i] = append(aliases[i], x.number(t))
				}
			}
		}
	}
	if len(x.sorted) != len(x.terms) {
		x.sorted = make([]int32, len(x.terms))
		for i := range x.sorted {
			x.sorted[i] = int32(i)
		}
		sort.Slice(x.sorted, func(i, j int) bool { return x.terms[x.sorted[i]] < x.terms[x.sorted[j]] })
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
		for _, f := range s.forms {
			forms[f.term] = append(forms[f.term], f.word)
		}
		for _, sec := range s.sections {
			for k, t := range sec.terms {
				code := 0
				if sec.heading[k] {
					code |= 8
					if sec.own[k] && sec.headLen <= maxHeadLen {
						code |= sec.headLen << 4
					}
				}
				if tf := int(sec.tf[k]); tf > 0 {
					code |= bodyWeight(tf, sec.length, avg)
				}
				posts[t] = append(posts[t], posting{int32(secNo), uint8(code)})
			}
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
		Terms: []string{}, Forms: []string{}, Titles: [][]int{}, Crumbs: [][]int{}, Names: [][]int{}, Postings: []string{},
		Synonyms: x.synonyms.encode()}
	var enc strings.Builder
	for _, t := range x.sorted {
		if titles[t] == nil && crumbs[t] == nil && names[t] == nil && posts[t] == nil {
			continue // a term of pages that changed or went away
		}
		ix.Terms = append(ix.Terms, x.terms[t])
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
func (x *Index) lists(shards []*numberedShard, aliases [][]int32) (titles, crumbs, names [][]int, posts [][]posting, forms [][]string) {
	n := len(x.terms)
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
		for _, f := range s.forms {
			nForms[f.term]++
		}
		totForms += len(s.forms)
		for _, sec := range s.sections {
			for _, t := range sec.terms {
				nPosts[t]++
			}
			totPosts += len(sec.terms)
		}
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
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
