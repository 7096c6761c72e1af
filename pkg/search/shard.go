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
	b := &shardBuilder{terms: terms, forms: map[string]string{}, dict: newDictionary(), local: make(map[string]string, hint)}
	if terms != nil {
		// The cache's dictionary: its numbers of the page's terms and forms, found as it looks
		// the words up.
		b.dict, b.nos, b.formNos = terms.dict, make(map[string]int32, hint), map[string]int32{}
	}
	s := &Shard{route: p.Route, version: p.Version, dict: b.dict}
	title := b.distinct(p.Title + " " + p.Label)
	s.title = b.numbers(title)
	// The title's length and phrases are of its whole words: the parts of "OpenID" are terms of the
	// title, but a query that has "openid" and "connect" has all of "OpenID Connect".
	whole := map[string]bool{}
	s.names = b.numbers(b.distinct(p.Name))
	for _, text := range []string{p.Title, p.Label} {
		var seq []string
		for _, w := range WholeWords(text) {
			if t := b.term(w); t != "" {
				seq = append(seq, t)
				whole[t] = true
			}
		}
		s.titleSeqs = append(s.titleSeqs, seq)
	}
	var titleWhole []string
	for t := range whole {
		titleWhole = append(titleWhole, t)
	}
	sort.Strings(titleWhole)
	s.titleWhole = b.numbers(titleWhole)
	var crumbs []string
	for _, t := range b.distinct(strings.Join(p.Crumbs, " ")) {
		if _, found := slices.BinarySearch(title, t); !found {
			crumbs = append(crumbs, t)
		}
	}
	s.crumbs = b.numbers(crumbs)
	secs := p.Sections
	if len(secs) == 0 {
		secs = []Section{{}}
	}
	rec := DocRec{Route: p.Route, Title: p.Title, Version: p.Version, Crumbs: p.Crumbs}
	var secTerms []string
	// One pair of maps for every section, emptied between them: making them anew per section,
	// and growing them, was a fifth of indexing's CPU.
	headingTerms, tf := map[string]bool{}, map[string]int32{}
	for i, sec := range secs {
		clear(headingTerms)
		clear(tf)
		text := sec.Text
		if i == 0 && p.Description != "" && !strings.HasPrefix(text, p.Description) {
			text = strings.TrimSpace(p.Description + " " + text)
		}
		rec.Sections = append(rec.Sections, [3]string{sec.ID, sec.Heading, truncate(text, snippetLen)})
		own := b.distinct(sec.Heading)
		for _, t := range b.distinct(sec.Heading + " " + sec.Keys) {
			headingTerms[t] = true
		}
		if i == 0 {
			for _, k := range p.Keywords {
				for _, t := range b.distinct(k) {
					headingTerms[t] = true
				}
			}
		}
		length := 0
		eachWord(text, true, func(w string) {
			if t := b.term(w); t != "" {
				tf[t]++
				length++
			}
		})
		secTerms = secTerms[:0]
		for t := range tf {
			secTerms = append(secTerms, t)
		}
		for t := range headingTerms {
			if tf[t] == 0 {
				secTerms = append(secTerms, t)
			}
		}
		sort.Strings(secTerms) // a map's order is random; the shard must not be
		for _, t := range secTerms {
			code := uint32(min(tf[t], tfMask)) // a section of a billion words would reach the flags
			if headingTerms[t] {
				code |= inHeading
			}
			if _, found := slices.BinarySearch(own, t); found {
				code |= ownHeading
			}
			s.terms = append(s.terms, b.number(t))
			s.codes = append(s.codes, code)
		}
		s.sections = append(s.sections, sectionSpan{end: int32(len(s.terms)), length: int32(length), headLen: int32(len(own))})
	}
	// Exactly the room they use: appending left up to twice that, kept as long as the shard.
	s.terms, s.codes = slices.Clone(s.terms), slices.Clone(s.codes)
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
		s.forms[i] = b.dict.form(w, b.number(b.forms[w]))
	}
	if b.nos == nil {
		// The shard only looks its own numbers up: an index renumbers it.
		b.dict.numbers, b.dict.formNos = nil, nil
		b.dict.terms, b.dict.forms = slices.Clone(b.dict.terms), slices.Clone(b.dict.forms)
	}
	s.docJSON, s.err = marshal(rec)
	return s
}

// shardBuilder is the state of NewShardWith: the words as written and their terms, and the
// shard's dictionary: its own, or the Terms cache's, whose numbers nos and formNos keep for the
// page's terms and forms (the cache's dictionary is not read while shards are made).
type shardBuilder struct {
	terms        *Terms
	forms        map[string]string
	dict         *dictionary
	nos, formNos map[string]int32
	// local are the page's words already looked up: a word seen again costs one lookup in a map
	// of the page's own, not the shared cache's lock and the three maps below.
	local map[string]string
}

func (b *shardBuilder) term(w string) string {
	if t, ok := b.local[w]; ok {
		return t
	}
	e := b.terms.entry(w)
	b.local[e.word] = e.term // e.word, not w: a key must not keep the page's text
	if e.term != "" && e.term != e.word {
		b.forms[e.word] = e.term
		if b.formNos != nil {
			b.formNos[e.word] = e.formNo
		}
	}
	if b.nos != nil && e.term != "" {
		b.nos[e.term] = e.termNo
	}
	return e.term
}

func (b *shardBuilder) number(t string) int32 {
	if b.nos != nil {
		return b.nos[t]
	}
	return b.dict.number(t)
}

func (b *shardBuilder) numbers(ts []string) []int32 {
	var out []int32
	for _, t := range ts {
		out = append(out, b.number(t))
	}
	return out
}

// distinct are the distinct terms of text's words, sorted.
func (b *shardBuilder) distinct(text string) []string {
	var out []string
	eachWord(text, true, func(w string) {
		if t := b.term(w); t != "" {
			out = append(out, t)
		}
	})
	sort.Strings(out)
	return slices.Compact(out)
}
