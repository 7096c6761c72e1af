package search

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// The published format (3): the browser must not fetch the whole index to answer one query (a
// 10,000-page site's index is megabytes). The two entry files SPEC §7 names stay, small: the index
// file says how pages and sections are numbered and where the term chunks start; the documents file
// how many documents each documents chunk holds. A query fetches the term chunks of its words, then
// the documents chunks of the pages it shows. A chunk's name is its entry file's with "-N" before
// ".json" (search-index-<stamp>-3.json), so nothing but the entry files needs to know the stamp.
// A term chunk's N is not its position but a number the index file lists beside its first key
// (layout.go): a chunk keeps its name while chunks before it come and go.
//
// A posting names a section by its page and its number within the page, so a page that gains a
// section leaves every other page's postings as they were; the browser numbers sections across
// the site from the index file's section counts.
//
// The names stay when the files are rewritten (docsd watch, or a deploy with the same docsd.toml),
// so a page open across a rebuild may hold old entry files and fetch new chunks, which would put
// words on the wrong pages. The index file therefore lists the stamp of each term chunk (a hash of
// its content), which the chunk carries too; the browser drops a chunk whose stamp is not the one
// its entry file lists, and loads the entry files again. A chunk a publish leaves alone keeps its
// bytes and its stamp, so entry files of before and after both accept it: it is right for both.
// Documents chunks carry the stamp of the documents file (a hash of the routes in order when the
// pages were last numbered in route order), or, when their numbers name other pages since, one of
// their own that the documents file lists (numbers.go); the browser checks that and their pages'
// section counts against the index file's.

// PublishedVersion is the format of the entry files and chunks.
const PublishedVersion = 4

// chunkBytes is about how much raw JSON a term chunk holds (a third of that gzipped): a few
// chunks answer a query. A term's lists are never split, so a chunk with a very common term is
// bigger.
const chunkBytes = 24 << 10

// docsPerChunk is how many pages' documents a documents chunk holds: a query shows 8 pages, and
// small chunks keep what it fetches for them small.
const docsPerChunk = 8

// Chunk is one published chunk file: Of is "docs" or "index" (the entry file it belongs to) or
// "pages" (a page file of the index file, PageFileName), N its number (a documents chunk's or page
// file's position; a term chunk's number in IndexEntry.ChunkIDs).
type Chunk struct {
	Of   string
	N    int
	Data []byte
}

// ChunkName is the name of chunk n of the entry file named entry ("search-index-1.json" → -3).
func ChunkName(entry string, n int) string {
	return entry[:len(entry)-len(".json")] + "-" + strconv.Itoa(n) + ".json"
}

// FileName is the name of the chunk's file beside the entry files named docs and index.
func (c Chunk) FileName(docs, index string) string {
	switch c.Of {
	case "docs":
		return ChunkName(docs, c.N)
	case "pages":
		return PageFileName(index, c.N)
	}
	return ChunkName(index, c.N)
}

// Chunks are the chunks of the last Publish: the term chunks in the order of their keys, then the
// documents chunks in order, then the page files in order.
func (x *Index) Chunks() []Chunk {
	if x.last == nil {
		return nil
	}
	return x.Last().Chunks()
}

// IndexEntry is the published search index file.
type IndexEntry struct {
	Version int `json:"version"`
	Pages   int `json:"pages"`
	// Slots is how many page numbers there are when some are free (numbers.go): the page files
	// and the documents chunks run over them. Pages counts the indexed pages (what a term's
	// frequency is a share of).
	Slots     int        `json:"slots,omitempty"`
	Sections  int        `json:"sections"`
	StopWords []string   `json:"stopWords"`
	Synonyms  [][]string `json:"synonyms"`
	// LookupParts are the terms of the parts readers reach by naming them (lookup.go); ActionParts
	// those of the parts whose pages each do one action (a command, an endpoint).
	LookupParts []string `json:"lookupParts,omitempty"`
	ActionParts []string `json:"actionParts,omitempty"`
	// NameParts are the terms of the parts whose pages each document one named thing (a plugin).
	NameParts []string `json:"nameParts,omitempty"`
	// WalkParts are the terms of the walkthroughs whose stops repeat standalone pages (a tour).
	WalkParts []string `json:"walkParts,omitempty"`
	// PageFiles are the stamps of the page files (pages.go), each of PerPageFile page numbers.
	PerPageFile int      `json:"perPageFile"`
	PageFiles   []string `json:"pageFiles"`
	// Chunks are the first key of each term chunk, sorted: a key (a term, or a word as written
	// that stems to one) is in the last chunk whose first key is not after it. ChunkIDs are the
	// chunks' numbers (their file names), ChunkStamps their stamps, parallel to it.
	Chunks      []string `json:"chunks"`
	ChunkIDs    []int    `json:"chunkIds"`
	ChunkStamps []string `json:"chunkStamps"`
	// Stamp is the hash of the rest of this file: the browser asks for the files again once per
	// stamp when it meets a chunk of another build.
	Stamp string `json:"stamp"`

	// The page files' facts, one per page number (ReadIndexEntry fills them in; not in the file).
	// TitleLengths are the distinct uncommon terms of each title; PartShares IndexFile.PartShares;
	// SectionCounts each page's sections (the browser numbers sections across pages in order);
	// Versions the docs versions ("" outside the docs) that PageVersions index; LookupPages,
	// ActionPages, NamePages and WalkPages the pages of lookup, action, name and walk parts (lookup.go), each as its
	// difference from the one before; Ranks each page's rank: equal scores list by it (route order).
	TitleLengths  []int    `json:"-"`
	PartShares    []int    `json:"-"`
	SectionCounts []int    `json:"-"`
	Versions      []string `json:"-"`
	PageVersions  []int    `json:"-"`
	LookupPages   []int    `json:"-"`
	ActionPages   []int    `json:"-"`
	NamePages     []int    `json:"-"`
	WalkPages     []int    `json:"-"`
	Ranks         []int    `json:"-"`
}

// TermChunk is one term chunk: the terms any of whose keys fall in its range, with their lists,
// and the keys of its range, sorted, each with its term's position in Terms. Titles, Crumbs and
// Names are the pages whose title, breadcrumbs (but not title) or file name have the term, as
// deltas of page numbers; Postings the sections that have it in their heading or text, one string
// per term (see appendPagePosting).
type TermChunk struct {
	Version  int      `json:"version"`
	Stamp    string   `json:"stamp"` // the one IndexEntry.ChunkStamps lists for it
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
	// Stamp is the hash of the routes in order when the pages were last numbered in route order,
	// which every documents chunk carries ("stamp" beside "searchDocs") but those listed in
	// Restamped, which carry Restamps (numbers.go). A chunk's pages must also have the section
	// counts of the index file (the browser checks).
	Stamp     string   `json:"stamp"`
	Restamped []int    `json:"restamped,omitempty"`
	Restamps  []string `json:"restamps,omitempty"`
}

// encodeTermChunk writes a term chunk of the given keys (sorted) from the lists of their terms,
// and gives its stamp.
func (x *Index) encodeTermChunk(keys []key, lists []termLists, slot []int32) (data []byte, stamp string, err error) {
	unstamped, err := x.appendTermChunk(nil, keys, lists, slot, map[int32]int{})
	if err != nil {
		return nil, "", fmt.Errorf("writing a search index chunk: %w", err)
	}
	// The stamp is the hash of the chunk without it, put in the place marshal left empty.
	stamp = shortStamp(unstamped)
	head := `{"version":` + strconv.Itoa(PublishedVersion) + `,"stamp":""`
	if !strings.HasPrefix(string(unstamped), head) {
		return nil, "", fmt.Errorf("writing a search index chunk: unexpected start %.40q", unstamped)
	}
	data = make([]byte, 0, len(unstamped)+len(stamp))
	data = append(data, head[:len(head)-1]...)
	data = append(data, stamp...)
	data = append(data, unstamped[len(head)-1:]...)
	return data, stamp, nil
}

// encodeDocsChunk writes documents chunk n of the pages' shards (by number; a free number's
// record is null).
func encodeDocsChunk(shards []*Shard, n int, docsStamp string) []byte {
	from, to := n*docsPerChunk, min((n+1)*docsPerChunk, len(shards))
	size := 64
	for i := from; i < to; i++ {
		if shards[i] != nil {
			size += len(shards[i].docJSON)
		}
		size += 5
	}
	b := make([]byte, 0, size)
	b = append(b, `{"version":`+strconv.Itoa(PublishedVersion)+`,"stamp":"`+docsStamp+`","searchDocs":[`...)
	for i := from; i < to; i++ {
		if i > from {
			b = append(b, ',')
		}
		if shards[i] == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, shards[i].docJSON...)
	}
	return append(b, "]}"...)
}

// stamp is a short hash of s (FNV-1a, 64 bits, in hex): it tells builds apart, it protects nothing.
func stamp(s string) string {
	h := fnv.New64a()
	h.Write([]byte(s))
	return strconv.FormatUint(h.Sum64(), 16)
}

// shortStamp is a chunk's stamp: 32 bits of FNV-1a in hex, since the index file lists one per
// chunk. Telling a chunk from the one it replaces is all it does.
func shortStamp(b []byte) string {
	h := fnv.New32a()
	h.Write(b)
	return fmt.Sprintf("%08x", h.Sum32())
}

// docsJSON writes the documents file.
func docsJSON(d DocsEntry) ([]byte, error) {
	out, err := marshal(d)
	if err != nil {
		return nil, fmt.Errorf("writing the search documents file: %w", err)
	}
	return out, nil
}
