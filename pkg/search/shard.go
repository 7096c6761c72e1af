package search

// A shard is what the index keeps of one page between rebuilds: docsd watch holds one per indexed
// page for its whole life, so its form is chosen for size. Terms are numbers (4 bytes, not a
// 16-byte string header) into a dictionary, each section's flags and counts are packed in one
// word per term, and of the page itself only what publishing reads is kept: the route, the
// version and the page's record of the documents file, already written.

import (
	"slices"
	"sort"
	"strings"
)

// Shard is the index of one page. It is computed once when the page changes and kept, so that a
// rebuild re-indexes only the pages that changed.
type Shard struct {
	route, version string
	docJSON        []byte // the page's record of the documents file
	err            error  // writing docJSON's (Publish reports it)
	// titleSeqs are the terms of the title and of the label in order, for the synonym table.
	titleSeqs [][]string
	// dict numbers the terms below: the shard's own until an index publishes it, then that
	// index's (a shard another index publishes is renumbered through it).
	dict  *dictionary
	title []int32 // distinct title terms
	// titleWhole are the distinct terms of the title's and label's whole words (a title's length).
	titleWhole []int32
	crumbs     []int32 // distinct breadcrumb terms that are not title terms
	names      []int32 // distinct file name terms
	forms      []int32 // the dictionary's forms of the words as written that differ from their term
	// terms are every section's distinct terms (heading, keys or text), section after section, and
	// codes, parallel to them, each one's count in the text with the heading flags (see code).
	terms    []int32
	codes    []uint32
	sections []sectionSpan
}

// sectionSpan is one section of a shard: its terms are terms[previous end:end].
type sectionSpan struct {
	end     int32
	length  int32 // words of the text that have a term
	headLen int32 // distinct terms of the heading alone (see encodePosting)
}

// A term's code in a section: its count in the text in the low bits (0: heading or keys only),
// inHeading when the heading or keys have it, ownHeading when the heading itself does.
const (
	inHeading  = 1 << 30
	ownHeading = 1 << 31
	tfMask     = inHeading - 1
)

// Route is the page the shard indexes.
func (s *Shard) Route() string { return s.route }

// term is the term numbered n in the shard's dictionary.
func (s *Shard) term(n int32) string { return s.dict.terms[n] }

// maxQuotes and maxQuoteLen bound what a page's record carries of the messages it quotes
// (DocRec.Quotes): a troubleshooting section lists a handful, and a long code span is no message.
const (
	maxQuotes   = 64
	maxQuoteLen = 200
)

// commonTitleMin is the fewest titles a word is in to be left out of title lengths: on a small
// site a tenth of the pages is a handful.
const commonTitleMin = 20

// NewShard indexes one page.
func NewShard(p Page) *Shard { return NewShardWith(p, nil) }

// NewShardWith indexes one page, taking the terms of its words from terms (nil: stem every word).
func NewShardWith(p Page, terms *Terms) *Shard {
	// Sized for the page's distinct words (about one per 32 bytes of text on Vela's pages):
	// growing these maps word by word was most of what indexing allocated. At most 4,096: a
	// page of megabytes repeats its words, and maps sized for its bytes would be tens of MB.
	hint := len(p.Title) + len(p.Description)
	for _, sec := range p.Sections {
		hint += len(sec.Text) + len(sec.Heading) + len(sec.Keys)
	}
	hint = min(hint/32, 4096)
	b := terms.builder(hint)
	if terms != nil {
		defer terms.builders.Put(b)
	}
	s := &Shard{route: p.Route, version: p.Version, dict: b.dict}
	// A title's terms are its whole words: a camel-case word in a title is a product's name
	// ("OpenID", "PostgreSQL", "GitHub"), and its parts are no words the page is titled with ("open"
	// of "OpenID" made "OpenID Connect" the title of "max open connections"). The text keeps them.
	title := b.distinctWhole(p.Title + " " + p.Label)
	s.title = b.numbers(title)
	// The title's length and phrases are of its whole words too: a query that has "openid" and
	// "connect" has all of "OpenID Connect".
	whole := map[int32]bool{}
	s.names = b.numbers(b.distinct(p.Name))
	for _, text := range []string{p.Title, p.Label} {
		var seq []string
		eachWordBytes(text, false, &b.buf, func(w []byte) {
			if j := b.term(w); j >= 0 {
				seq = append(seq, b.lterms[j].term)
				whole[j] = true
			}
		})
		s.titleSeqs = append(s.titleSeqs, seq)
	}
	titleWhole := make([]int32, 0, len(whole))
	for j := range whole {
		titleWhole = append(titleWhole, j)
	}
	b.sortByTerm(titleWhole)
	s.titleWhole = b.numbers(titleWhole)
	var crumbs []int32
	for _, j := range b.distinct(strings.Join(p.Crumbs, " ")) {
		if !slices.Contains(title, j) {
			crumbs = append(crumbs, j)
		}
	}
	s.crumbs = b.numbers(crumbs)
	secs := p.Sections
	if len(secs) == 0 {
		secs = []Section{{}}
	}
	rec := DocRec{Route: p.Route, Title: p.Title, Version: p.Version, Crumbs: p.Crumbs}
	// A section's terms are marked in the page's own list of terms (localTerm) and listed once;
	// the marks are cleared for the next section. Maps of the section's terms, one lookup of a
	// term string per word, were most of indexing's CPU.
	var listed []int32
	list := func(j int32) *localTerm {
		t := &b.lterms[j]
		if !t.listed {
			t.listed = true
			listed = append(listed, j)
		}
		return t
	}
	for i, sec := range secs {
		for _, j := range listed {
			b.lterms[j].tf, b.lterms[j].heading, b.lterms[j].own, b.lterms[j].listed = 0, false, false, false
		}
		listed = listed[:0]
		text := sec.Text
		if i == 0 && p.Description != "" && !strings.HasPrefix(text, p.Description) {
			text = strings.TrimSpace(p.Description + " " + text)
		}
		rec.Sections = append(rec.Sections, [3]string{sec.ID, sec.Heading, truncate(text, snippetLen)})
		for _, q := range sec.Quotes {
			if len(rec.Quotes) < maxQuotes && len(q) <= maxQuoteLen && !slices.Contains(rec.Quotes, q) {
				rec.Quotes = append(rec.Quotes, q)
			}
		}
		// The heading's own terms (their count is the heading's length), and with the keys'
		// and (first section) the keywords', the terms of the heading.
		headLen := 0
		eachWordBytes(sec.Heading, true, &b.buf, func(w []byte) {
			if j := b.term(w); j >= 0 {
				if t := list(j); !t.own {
					t.own, t.heading = true, true
					headLen++
				}
			}
		})
		heading := func(w []byte) {
			if j := b.term(w); j >= 0 {
				list(j).heading = true
			}
		}
		eachWordBytes(sec.Keys, true, &b.buf, heading)
		if i == 0 {
			for _, k := range p.Keywords {
				eachWordBytes(k, true, &b.buf, heading)
			}
		}
		length := 0
		eachWordBytes(text, true, &b.buf, func(w []byte) {
			if j := b.term(w); j >= 0 {
				list(j).tf++
				length++
			}
		})
		// The section's terms and codes, put in term order once the page's terms are all known.
		for _, j := range listed {
			t := &b.lterms[j]
			code := uint32(min(t.tf, tfMask)) // a section of a billion words would reach the flags
			if t.heading {
				code |= inHeading
			}
			if t.own {
				code |= ownHeading
			}
			b.entries = append(b.entries, uint64(j)<<32|uint64(code))
		}
		s.sections = append(s.sections, sectionSpan{end: int32(len(b.entries)), length: int32(length), headLen: int32(headLen)})
	}
	// Each section's terms in term order, as the shard must be (not the order they came in): the
	// page's terms are sorted once, and each section's by their places in that order (integers,
	// where sorting each section's terms as strings was a tenth of indexing's CPU).
	order := make([]int32, len(b.lterms))
	for j := range order {
		order[j] = int32(j)
	}
	b.sortByTerm(order)
	for r, j := range order {
		b.lterms[j].rank = uint32(r)
	}
	if len(b.entries) > 0 {
		s.terms, s.codes = make([]int32, len(b.entries)), make([]uint32, len(b.entries))
	}
	start := int32(0)
	for _, sec := range s.sections {
		entries := b.entries[start:sec.end]
		for i, e := range entries {
			entries[i] = uint64(b.lterms[e>>32].rank)<<32 | e&0xffffffff
		}
		slices.Sort(entries)
		for i, e := range entries {
			s.terms[int(start)+i], s.codes[int(start)+i] = b.number(order[e>>32]), uint32(e)
		}
		start = sec.end
	}
	words := make([]string, 0, len(b.forms))
	for w := range b.forms {
		words = append(words, w)
	}
	sort.Strings(words) // numbered in a fixed order, as every term here
	s.forms = make([]int32, len(words))
	for i, w := range words {
		if b.formNos != nil {
			s.forms[i] = b.formNos[w]
			continue
		}
		s.forms[i] = b.dict.form(w, b.number(b.termIdx[b.forms[w]]))
	}
	if terms == nil {
		// The shard only looks its own numbers up: an index renumbers it.
		b.dict.numbers, b.dict.formNos = nil, nil
		b.dict.terms, b.dict.forms = slices.Clone(b.dict.terms), slices.Clone(b.dict.forms)
	}
	s.docJSON, s.err = marshal(rec)
	return s
}

// builder is an empty shardBuilder for a page of about hint distinct words: one the cache used
// before, or a new one (a nil cache: its own dictionary).
func (c *Terms) builder(hint int) *shardBuilder {
	if c == nil {
		return &shardBuilder{forms: map[string]string{}, dict: newDictionary(), local: make(map[string]int32, hint),
			termIdx: make(map[string]int32, hint), lterms: make([]localTerm, 0, hint)}
	}
	if b, ok := c.builders.Get().(*shardBuilder); ok {
		clear(b.forms)
		clear(b.formNos)
		clear(b.local)
		clear(b.termIdx)
		b.lterms, b.entries = b.lterms[:0], b.entries[:0]
		return b
	}
	// The cache's dictionary: its numbers of the page's terms and forms, found as it looks the
	// words up.
	return &shardBuilder{terms: c, forms: map[string]string{}, dict: c.dict, formNos: map[string]int32{},
		local: make(map[string]int32, hint), termIdx: make(map[string]int32, hint), lterms: make([]localTerm, 0, hint)}
}

// shardBuilder is the state of NewShardWith: the page's words as written and its terms, and the
// shard's dictionary: its own, or the Terms cache's (not read while shards are made), whose
// numbers of the page's terms the page's terms keep, and formNos of its forms.
type shardBuilder struct {
	terms   *Terms
	forms   map[string]string // the page's words whose term differs from them, and the term
	dict    *dictionary
	formNos map[string]int32
	// local are the page's words already looked up and their terms (by position in lterms; -1:
	// none): a word seen again costs one lookup in a map of the page's own, not the shared
	// cache's lock and map. termIdx finds a term's position when a new word has it.
	local   map[string]int32
	termIdx map[string]int32
	lterms  []localTerm
	buf     []byte // eachWordBytes's
	// entries are the sections' terms one after another, each its position in lterms (later its
	// rank) and its code.
	entries []uint64
}

// localTerm is a term of the page: its number (-1 until numbered in the shard's own dictionary)
// and what the section being indexed has of it.
type localTerm struct {
	term                 string
	no                   int32
	tf                   int32  // count in the text
	heading, own, listed bool   // in the heading or keys; in the heading; listed for the section
	rank                 uint32 // its place among the page's terms in term order
}

// term is the position of w's term in lterms (-1: w has none, a stop word).
func (b *shardBuilder) term(w []byte) int32 {
	if j, ok := b.local[string(w)]; ok {
		return j
	}
	e := b.terms.entryBytes(w)
	j := int32(-1)
	if e.term != "" {
		var ok bool
		if j, ok = b.termIdx[e.term]; !ok {
			j = int32(len(b.lterms))
			b.termIdx[e.term] = j
			b.lterms = append(b.lterms, localTerm{term: e.term, no: e.termNo})
		}
		if e.term != e.word {
			b.forms[e.word] = e.term
			if b.formNos != nil {
				b.formNos[e.word] = e.formNo
			}
		}
	}
	b.local[e.word] = j // e.word, not w: a key must not keep the page's text
	return j
}

// number is the shard's number of the term at j (the cache's, or given by its own dictionary
// when first asked, in the order it is asked).
func (b *shardBuilder) number(j int32) int32 {
	t := &b.lterms[j]
	if t.no < 0 {
		t.no = b.dict.number(t.term)
	}
	return t.no
}

func (b *shardBuilder) numbers(js []int32) []int32 {
	var out []int32
	for _, j := range js {
		out = append(out, b.number(j))
	}
	return out
}

// sortByTerm sorts positions in lterms by their terms.
func (b *shardBuilder) sortByTerm(js []int32) {
	slices.SortFunc(js, func(x, y int32) int { return strings.Compare(b.lterms[x].term, b.lterms[y].term) })
}

// distinct are the distinct terms of text's words (positions in lterms), sorted by term.
func (b *shardBuilder) distinct(text string) []int32 { return b.distinctOf(text, true) }

// distinctWhole is distinct of the whole words only, without the parts of identifiers and
// camel-case words.
func (b *shardBuilder) distinctWhole(text string) []int32 { return b.distinctOf(text, false) }

func (b *shardBuilder) distinctOf(text string, parts bool) []int32 {
	var out []int32
	eachWordBytes(text, parts, &b.buf, func(w []byte) {
		if j := b.term(w); j >= 0 {
			out = append(out, j)
		}
	})
	b.sortByTerm(out)
	return slices.Compact(out)
}
