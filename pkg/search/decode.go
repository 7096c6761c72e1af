package search

// Why this file: docsd watch keeps a page's number across new and deleted pages (numbers.go), so
// its search files after such an edit are not a fresh build's byte for byte, though they must mean
// the same. ReadMeaning reads published files back with pages named by route: two publishes of the
// same pages have equal Meanings whatever numbers their pages got. It also checks what the browser
// relies on (stamps, section counts, lists naming only indexed pages), so a test that compares
// Meanings catches files the browser would misread.

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Meaning is what published search files say, by route.
type Meaning struct {
	Pages, Sections int
	StopWords       []string
	Synonyms        [][]string
	LookupParts     []string
	ActionParts     []string
	NameParts       []string
	WalkParts       []string
	PerPage         map[string]PageMeaning
	Terms           map[string]TermMeaning
	// Chunks are the keys of each term chunk ("word term"), in the index file's order, and
	// ChunkIDs their numbers: where the chunks begin depends on the keys alone.
	Chunks   [][]string
	ChunkIDs []int
	// Order is the routes in the order results of equal score list (by rank, else by number).
	Order []string
	// Fresh is true when the pages are numbered as a fresh publish numbers them (route order, none
	// free, no chunk stamped apart): the files are then a fresh publish's byte for byte.
	Fresh bool `json:"-"`
}

// PageMeaning is what the files say of one page besides its words.
type PageMeaning struct {
	Doc         string // its documents record (JSON)
	TitleLength int
	PartShare   int
	Version     string
	Lookup      bool // a page of a lookup part
	Action      bool // a page of an action part
	Name        bool // a page of a name part
	Walk        bool // a page of a walk part
}

// TermMeaning is one term's lists: the routes whose title, breadcrumbs or file name have it, and
// its postings as "route #section code", sorted.
type TermMeaning struct {
	Titles, Crumbs, Names, Postings []string
}

// ReadMeaning reads the two entry files and, through chunk, the chunks they name (of "index" or
// "docs", and the chunk's number as in its file name).
func ReadMeaning(docsFile, indexFile []byte, chunk func(of string, n int) ([]byte, error)) (*Meaning, error) {
	var de DocsEntry
	if err := json.Unmarshal(docsFile, &de); err != nil {
		return nil, fmt.Errorf("the documents file: %w", err)
	}
	iep, err := ReadIndexEntry(indexFile, chunk)
	if err != nil {
		return nil, err
	}
	ie := *iep
	if de.Version != PublishedVersion || ie.Version != PublishedVersion {
		return nil, fmt.Errorf("versions %d and %d, want %d", de.Version, ie.Version, PublishedVersion)
	}
	slots := ie.Pages
	if ie.Slots != 0 {
		slots = ie.Slots
	}
	if len(ie.SectionCounts) != slots || len(ie.TitleLengths) != slots || len(ie.PartShares) != slots || len(ie.PageVersions) != slots ||
		len(ie.Ranks) != slots {
		return nil, fmt.Errorf("per-page arrays are not %d long", slots)
	}
	if de.Chunks != (slots+de.PerChunk-1)/max(de.PerChunk, 1) || len(de.Restamped) != len(de.Restamps) {
		return nil, fmt.Errorf("%d documents chunks of %d for %d page numbers, %d restamped with %d stamps", de.Chunks, de.PerChunk, slots, len(de.Restamped), len(de.Restamps))
	}
	m := &Meaning{Pages: ie.Pages, Sections: ie.Sections, StopWords: ie.StopWords, Synonyms: ie.Synonyms, LookupParts: ie.LookupParts, ActionParts: ie.ActionParts, NameParts: ie.NameParts, WalkParts: ie.WalkParts,
		PerPage: map[string]PageMeaning{}, Terms: map[string]TermMeaning{}, ChunkIDs: ie.ChunkIDs}
	// The documents: the route of each number ("" free).
	routes := make([]string, slots)
	stamps := map[int]string{}
	for i, k := range de.Restamped {
		stamps[k] = de.Restamps[i]
	}
	sections := 0
	for k := 0; k < de.Chunks; k++ {
		data, err := chunk("docs", k)
		if err != nil {
			return nil, err
		}
		var c struct {
			Stamp      string            `json:"stamp"`
			SearchDocs []json.RawMessage `json:"searchDocs"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("documents chunk %d: %w", k, err)
		}
		want, ok := stamps[k]
		if !ok {
			want = de.Stamp
		}
		if c.Stamp != want || len(c.SearchDocs) != min(de.PerChunk, slots-k*de.PerChunk) {
			return nil, fmt.Errorf("documents chunk %d: stamp %s and %d records, want %s and %d", k, c.Stamp, len(c.SearchDocs), want, min(de.PerChunk, slots-k*de.PerChunk))
		}
		for i, raw := range c.SearchDocs {
			no := k*de.PerChunk + i
			if string(raw) == "null" {
				if ie.SectionCounts[no] != 0 {
					return nil, fmt.Errorf("free number %d has %d sections", no, ie.SectionCounts[no])
				}
				continue
			}
			var d DocRec
			if err := json.Unmarshal(raw, &d); err != nil {
				return nil, fmt.Errorf("documents chunk %d: %w", k, err)
			}
			if d.Route == "" || len(d.Sections) != ie.SectionCounts[no] {
				return nil, fmt.Errorf("page %d (%q): %d sections, the index file says %d", no, d.Route, len(d.Sections), ie.SectionCounts[no])
			}
			if _, dup := m.PerPage[d.Route]; dup {
				return nil, fmt.Errorf("%s has two numbers", d.Route)
			}
			routes[no] = d.Route
			sections += len(d.Sections)
			version := ""
			if v := ie.PageVersions[no]; v < len(ie.Versions) {
				version = ie.Versions[v]
			}
			m.PerPage[d.Route] = PageMeaning{Doc: string(raw), TitleLength: ie.TitleLengths[no], PartShare: ie.PartShares[no], Version: version}
		}
	}
	if len(m.PerPage) != ie.Pages || sections != ie.Sections {
		return nil, fmt.Errorf("%d pages of %d sections, the index file says %d of %d", len(m.PerPage), sections, ie.Pages, ie.Sections)
	}
	for _, part := range []struct {
		what   string
		deltas []int
		mark   func(*PageMeaning)
	}{
		{"lookup", ie.LookupPages, func(p *PageMeaning) { p.Lookup = true }},
		{"action", ie.ActionPages, func(p *PageMeaning) { p.Action = true }},
		{"name", ie.NamePages, func(p *PageMeaning) { p.Name = true }},
		{"walk", ie.WalkPages, func(p *PageMeaning) { p.Walk = true }},
	} {
		no := 0
		for _, d := range part.deltas {
			no += d
			if no < 0 || no >= slots || routes[no] == "" {
				return nil, fmt.Errorf("%s page %d is no page", part.what, no)
			}
			p := m.PerPage[routes[no]]
			part.mark(&p)
			m.PerPage[routes[no]] = p
		}
	}
	// The order of equal scores.
	rank := make([]int, 0, ie.Pages)
	byRank := map[int]string{}
	for no, r := range routes {
		if r == "" {
			continue
		}
		rk := ie.Ranks[no]
		if _, dup := byRank[rk]; dup {
			return nil, fmt.Errorf("rank %d is given twice", rk)
		}
		byRank[rk] = r
		rank = append(rank, rk)
	}
	sort.Ints(rank)
	for _, rk := range rank {
		m.Order = append(m.Order, byRank[rk])
	}
	// The term chunks.
	if len(ie.Chunks) != len(ie.ChunkIDs) || len(ie.Chunks) != len(ie.ChunkStamps) {
		return nil, fmt.Errorf("%d chunks, %d numbers, %d stamps", len(ie.Chunks), len(ie.ChunkIDs), len(ie.ChunkStamps))
	}
	page := func(no int32) (string, error) {
		if no < 0 || int(no) >= slots || routes[no] == "" {
			return "", fmt.Errorf("a list names page %d, which is no page", no)
		}
		return routes[no], nil
	}
	pages := func(ds []int) ([]string, error) {
		var out []string
		for _, no := range sums32(ds) {
			r, err := page(no)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		sort.Strings(out)
		return out, nil
	}
	for i, id := range ie.ChunkIDs {
		data, err := chunk("index", id)
		if err != nil {
			return nil, err
		}
		var c TermChunk
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("term chunk %d: %w", id, err)
		}
		if c.Stamp != ie.ChunkStamps[i] || len(c.Keys) == 0 || c.Keys[0] != ie.Chunks[i] || len(c.KeyTerms) != len(c.Keys) {
			return nil, fmt.Errorf("term chunk %d: stamp %s (want %s), keys from %v (want %q)", id, c.Stamp, ie.ChunkStamps[i], c.Keys[:min(1, len(c.Keys))], ie.Chunks[i])
		}
		var keys []string
		for j, k := range c.Keys {
			if c.KeyTerms[j] == int(noTerm) && strings.HasPrefix(k, typoMark) {
				keys = append(keys, k) // a deletion key (typokeys.go)
				continue
			}
			if c.KeyTerms[j] < 0 || c.KeyTerms[j] >= len(c.Terms) {
				return nil, fmt.Errorf("term chunk %d: key %q has no term", id, k)
			}
			keys = append(keys, k+" "+c.Terms[c.KeyTerms[j]])
		}
		m.Chunks = append(m.Chunks, keys)
		for j, term := range c.Terms {
			var tm TermMeaning
			if tm.Titles, err = pages(c.Titles[j]); err == nil {
				if tm.Crumbs, err = pages(c.Crumbs[j]); err == nil {
					tm.Names, err = pages(c.Names[j])
				}
			}
			if err != nil {
				return nil, fmt.Errorf("term chunk %d, %q: %w", id, term, err)
			}
			posts, err := decodePagePostings(c.Postings[j])
			if err != nil {
				return nil, fmt.Errorf("term chunk %d, %q: %w", id, term, err)
			}
			for _, p := range posts {
				r, err := page(p.page)
				if err != nil {
					return nil, fmt.Errorf("term chunk %d, %q: %w", id, term, err)
				}
				if int(p.section()) >= ie.SectionCounts[p.page] {
					return nil, fmt.Errorf("term chunk %d, %q: section %d of %s, which has %d", id, term, p.section(), r, ie.SectionCounts[p.page])
				}
				tm.Postings = append(tm.Postings, fmt.Sprintf("%s #%d %d", r, p.section(), p.code()))
			}
			sort.Strings(tm.Postings)
			// A term whose keys (its word, words that stem to it) fall in two chunks is in both,
			// with the same lists.
			if o, dup := m.Terms[term]; dup && !reflect.DeepEqual(o, tm) {
				return nil, fmt.Errorf("term %q has other lists in another chunk", term)
			}
			m.Terms[term] = tm
		}
	}
	ranked := false
	for no, rk := range ie.Ranks {
		ranked = ranked || rk != no*rankGap
	}
	m.Fresh = ie.Slots == 0 && !ranked && len(de.Restamped) == 0 && slices.IsSorted(routes) &&
		de.Stamp == stamp(strings.Join(routes, "\n"))
	return m, nil
}

// Diff lists how m differs from o (at most ten differences), Fresh aside: nil when they mean the
// same.
func (m *Meaning) Diff(o *Meaning) []string {
	var out []string
	add := func(what string, a, b any) {
		if len(out) < 10 && !reflect.DeepEqual(a, b) {
			out = append(out, fmt.Sprintf("%s: %.300v, want %.300v", what, a, b))
		}
	}
	add("pages", m.Pages, o.Pages)
	add("sections", m.Sections, o.Sections)
	add("stop words", m.StopWords, o.StopWords)
	add("synonyms", m.Synonyms, o.Synonyms)
	add("lookup parts", m.LookupParts, o.LookupParts)
	add("action parts", m.ActionParts, o.ActionParts)
	add("name parts", m.NameParts, o.NameParts)
	add("walk parts", m.WalkParts, o.WalkParts)
	add("chunk numbers", m.ChunkIDs, o.ChunkIDs)
	add("chunk keys", m.Chunks, o.Chunks)
	add("order of equal scores", m.Order, o.Order)
	for _, r := range unionKeys(m.PerPage, o.PerPage) {
		add("page "+r, m.PerPage[r], o.PerPage[r])
	}
	for _, t := range unionKeys(m.Terms, o.Terms) {
		add("term "+t, m.Terms[t], o.Terms[t])
	}
	return out
}

// unionKeys are the keys of a and b, sorted.
func unionKeys[V any](a, b map[string]V) []string {
	var out []string
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
