package search

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"
)

// The published format (2): the browser must not fetch the whole index to answer one query (a
// 10,000-page site's index is megabytes). The two entry files SPEC §7 names stay, small: the index
// file says how pages and sections are numbered and where the term chunks start; the documents file
// how many documents each documents chunk holds. A query fetches the term chunks of its words, then
// the documents chunks of the pages it shows. A chunk's name is its entry file's with "-N" before
// ".json" (search-index-<stamp>-3.json), so nothing but the entry files needs to know the stamp.
//
// The names stay when the files are rewritten (docsd watch, or a deploy with the same docsd.toml),
// so a page open across a rebuild may hold old entry files and fetch new chunks. Sections and
// pages are numbered across the site, so such a chunk would put words on the wrong pages. Each
// entry file therefore carries a stamp, a hash of what its chunks depend on, and every chunk the
// stamp of the entry it was written with; the browser drops a chunk whose stamp differs and loads
// the entry files again. A chunk's bytes change only when its stamp does, so per-chunk republish
// still rewrites few documents chunks: their stamp is the hash of the routes in order alone.

// PublishedVersion is the format of the entry files and chunks.
const PublishedVersion = 2

// chunkBytes is about how much raw JSON a term chunk holds (a third of that gzipped): a few
// chunks answer a query. A term's lists are never split, so a chunk with a very common term is
// bigger.
const chunkBytes = 24 << 10

// docsPerChunk is how many pages' documents a documents chunk holds: a query shows 8 pages, and
// small chunks keep what it fetches for them small.
const docsPerChunk = 8

// Chunk is one published chunk file: Of is "docs" or "index" (the entry file it belongs to), N its
// number.
type Chunk struct {
	Of   string
	N    int
	Data []byte
}

// ChunkName is the name of chunk n of the entry file named entry ("search-index-1.json" → -3).
func ChunkName(entry string, n int) string {
	return entry[:len(entry)-len(".json")] + "-" + strconv.Itoa(n) + ".json"
}

// Chunks are the chunks of the last Publish.
func (x *Index) Chunks() []Chunk { return x.chunks }

// IndexEntry is the published search index file.
type IndexEntry struct {
	Version      int        `json:"version"`
	Pages        int        `json:"pages"`
	Sections     int        `json:"sections"`
	StopWords    []string   `json:"stopWords"`
	Synonyms     [][]string `json:"synonyms"`
	TitleLengths []int      `json:"titleLengths"`
	PartShares   []int      `json:"partShares"` // IndexFile.PartShares
	// SectionCounts are the number of sections of each page: sections are numbered across pages.
	SectionCounts []int `json:"sectionCounts"`
	// Versions are the docs versions of the pages ("" outside the docs); PageVersions index it.
	Versions     []string `json:"versions"`
	PageVersions []int    `json:"pageVersions"`
	// Chunks are the first key of each term chunk, sorted: a key (a term, or a word as written
	// that stems to one) is in the last chunk whose first key is not after it.
	Chunks []string `json:"chunks"`
	// Stamp is the hash of the rest of this file, which every term chunk written with it carries.
	Stamp string `json:"stamp"`
}

// TermChunk is one term chunk: the terms any of whose keys fall in its range, with their lists as
// in IndexFile, and the keys of its range, sorted, each with its term's position in Terms.
type TermChunk struct {
	Version  int      `json:"version"`
	Stamp    string   `json:"stamp"` // the IndexEntry's
	Keys     []string `json:"keys"`
	KeyTerms []int    `json:"keyTerms"`
	Terms    []string `json:"terms"`
	Titles   [][]int  `json:"titles"`
	Crumbs   [][]int  `json:"crumbs"`
	Names    [][]int  `json:"names"`
	Postings []string `json:"postings"`
}

// DocsEntry is the published search documents file.
type DocsEntry struct {
	Version int `json:"version"`
	Pages   int `json:"pages"`
	// PerChunk pages' documents are in each documents chunk: page p is in chunk p / PerChunk.
	PerChunk int `json:"perChunk"`
	Chunks   int `json:"chunks"`
	// Stamp is the hash of the routes in order (the page numbering), which every documents chunk
	// carries ("stamp" beside "searchDocs"). A chunk's pages must also have the section counts of
	// the index file (the browser checks).
	Stamp string `json:"stamp"`
}

// split cuts the merged index into the entry files and the chunks (kept in x.chunks).
func (x *Index) split(routes []string, ix *IndexFile, shards []*Shard) (docs, index []byte, err error) {
	x.chunks = nil
	entry := IndexEntry{Version: PublishedVersion, Pages: ix.Pages, Sections: ix.Sections, StopWords: ix.StopWords,
		Synonyms: ix.Synonyms, TitleLengths: ix.TitleLengths, PartShares: ix.PartShares, SectionCounts: make([]int, len(shards)),
		Versions: []string{}, PageVersions: make([]int, len(shards)), Chunks: []string{}}
	versionNo := map[string]int{}
	for i, s := range shards {
		entry.SectionCounts[i] = len(s.sections)
		v := s.version
		n, ok := versionNo[v]
		if !ok {
			n = len(entry.Versions)
			versionNo[v] = n
			entry.Versions = append(entry.Versions, v)
		}
		entry.PageVersions[i] = n
	}

	// Every key with its term, sorted by key; chunk boundaries fall between keys once a chunk's
	// terms have about chunkBytes of lists.
	type key struct {
		key  string
		term int
	}
	var keys []key
	size := make([]int, len(ix.Terms))
	for t, term := range ix.Terms {
		keys = append(keys, key{term, t})
		if ix.Forms[t] != "" {
			start := 0
			f := ix.Forms[t]
			for i := 0; i <= len(f); i++ {
				if i == len(f) || f[i] == ' ' {
					keys = append(keys, key{f[start:i], t})
					start = i + 1
				}
			}
		}
		size[t] = len(term) + len(ix.Postings[t]) + 4*(len(ix.Titles[t])+len(ix.Crumbs[t])+len(ix.Names[t])) + 16
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].key < keys[j].key || keys[i].key == keys[j].key && keys[i].term < keys[j].term
	})
	var chunks []*TermChunk
	inChunk := map[int]int{} // term → its position in the current chunk
	acc := 0
	for i, k := range keys {
		if i == 0 || (acc >= x.chunkBytes && k.key != keys[i-1].key) {
			entry.Chunks = append(entry.Chunks, k.key)
			chunks = append(chunks, &TermChunk{Version: PublishedVersion, Keys: []string{}, KeyTerms: []int{}, Terms: []string{},
				Titles: [][]int{}, Crumbs: [][]int{}, Names: [][]int{}, Postings: []string{}})
			inChunk = map[int]int{}
			acc = 0
		}
		c := chunks[len(chunks)-1]
		pos, ok := inChunk[k.term]
		if !ok {
			pos = len(c.Terms)
			inChunk[k.term] = pos
			t := k.term
			c.Terms = append(c.Terms, ix.Terms[t])
			c.Titles = append(c.Titles, ix.Titles[t])
			c.Crumbs = append(c.Crumbs, ix.Crumbs[t])
			c.Names = append(c.Names, ix.Names[t])
			c.Postings = append(c.Postings, ix.Postings[t])
			acc += size[t]
		}
		c.Keys = append(c.Keys, k.key)
		c.KeyTerms = append(c.KeyTerms, pos)
	}
	unstamped, err := marshal(entry)
	if err != nil {
		return nil, nil, fmt.Errorf("writing the search index file: %w", err)
	}
	entry.Stamp = stamp(string(unstamped))
	for n, c := range chunks {
		c.Stamp = entry.Stamp
		data, err := marshal(c)
		if err != nil {
			return nil, nil, fmt.Errorf("writing search index chunk %d: %w", n, err)
		}
		x.chunks = append(x.chunks, Chunk{Of: "index", N: n, Data: data})
	}

	de := DocsEntry{Version: PublishedVersion, Pages: len(shards), PerChunk: docsPerChunk, Stamp: stamp(strings.Join(routes, "\n"))}
	for from := 0; from < len(shards); from += docsPerChunk {
		var b []byte
		b = append(b, `{"version":`+strconv.Itoa(PublishedVersion)+`,"stamp":"`+de.Stamp+`","searchDocs":[`...)
		for i := from; i < min(from+docsPerChunk, len(shards)); i++ {
			if i > from {
				b = append(b, ',')
			}
			b = append(b, shards[i].docJSON...)
		}
		b = append(b, "]}"...)
		x.chunks = append(x.chunks, Chunk{Of: "docs", N: de.Chunks, Data: b})
		de.Chunks++
	}
	if docs, err = marshal(de); err != nil {
		return nil, nil, fmt.Errorf("writing the search documents file: %w", err)
	}
	if index, err = marshal(entry); err != nil {
		return nil, nil, fmt.Errorf("writing the search index file: %w", err)
	}
	return docs, index, nil
}

// stamp is a short hash of s (FNV-1a, 64 bits, in hex): it tells builds apart, it protects nothing.
func stamp(s string) string {
	h := fnv.New64a()
	h.Write([]byte(s))
	return strconv.FormatUint(h.Sum64(), 16)
}
