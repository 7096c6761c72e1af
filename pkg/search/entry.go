package search

// Why this file: the index file lists one number per page in four arrays (title lengths, part
// shares, section counts, versions). At 30,000 pages encoding them with encoding/json, and the
// whole file twice (once to hash it for its stamp), was 12 ms of every edit's publish, for arrays
// that an edit of a page's body leaves as they were. A publish keeps the arrays it wrote with their
// encoding, encodes again only those that changed, and stamps the file in one pass. The bytes are
// those of IndexEntry marshalled (TestIndexFileEncoding).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// pageArrays are the index file's per-page arrays as a publish wrote them, each with its JSON.
type pageArrays struct {
	values  [5][]int
	encoded [5]json.RawMessage
}

// indexEntryOut is IndexEntry, field for field, with the per-page arrays already encoded.
type indexEntryOut struct {
	Version       int             `json:"version"`
	Pages         int             `json:"pages"`
	Slots         int             `json:"slots,omitempty"`
	Sections      int             `json:"sections"`
	StopWords     []string        `json:"stopWords"`
	Synonyms      [][]string      `json:"synonyms"`
	TitleLengths  json.RawMessage `json:"titleLengths"`
	PartShares    json.RawMessage `json:"partShares"`
	LookupParts   []string        `json:"lookupParts,omitempty"`
	LookupPages   []int           `json:"lookupPages,omitempty"`
	ActionParts   []string        `json:"actionParts,omitempty"`
	ActionPages   []int           `json:"actionPages,omitempty"`
	NameParts     []string        `json:"nameParts,omitempty"`
	NamePages     []int           `json:"namePages,omitempty"`
	SectionCounts json.RawMessage `json:"sectionCounts"`
	Versions      []string        `json:"versions"`
	PageVersions  json.RawMessage `json:"pageVersions"`
	RankOffsets   json.RawMessage `json:"rankOffsets,omitempty"`
	Chunks        []string        `json:"chunks"`
	ChunkIDs      []int           `json:"chunkIds"`
	ChunkStamps   []string        `json:"chunkStamps"`
	Stamp         string          `json:"stamp"`
}

// encodeEntry writes the index file e, stamped with the hash of the rest of it, reusing last's
// encodings of the arrays that did not change (last may be nil). It returns the arrays it wrote.
func encodeEntry(e *IndexEntry, last *pageArrays) ([]byte, *pageArrays, error) {
	arrays := &pageArrays{values: [5][]int{e.TitleLengths, e.PartShares, e.SectionCounts, e.PageVersions, e.RankOffsets}}
	for i, v := range arrays.values {
		if last != nil && slices.Equal(v, last.values[i]) && (v == nil) == (last.values[i] == nil) {
			arrays.encoded[i] = last.encoded[i]
			continue
		}
		if i == 4 && len(v) == 0 {
			continue // omitted (omitempty), as marshal leaves out an empty RankOffsets
		}
		arrays.encoded[i] = appendInts(nil, v)
	}
	out := indexEntryOut{Version: e.Version, Pages: e.Pages, Slots: e.Slots, Sections: e.Sections, StopWords: e.StopWords, Synonyms: e.Synonyms,
		TitleLengths: arrays.encoded[0], PartShares: arrays.encoded[1], LookupParts: e.LookupParts, LookupPages: e.LookupPages,
		ActionParts: e.ActionParts, ActionPages: e.ActionPages, NameParts: e.NameParts, NamePages: e.NamePages, SectionCounts: arrays.encoded[2],
		Versions: e.Versions, PageVersions: arrays.encoded[3], RankOffsets: arrays.encoded[4], Chunks: e.Chunks, ChunkIDs: e.ChunkIDs, ChunkStamps: e.ChunkStamps}
	unstamped, err := marshal(out)
	if err != nil {
		return nil, nil, fmt.Errorf("writing the search index file: %w", err)
	}
	// The stamp is the last field, empty: put the hash of the file in its place.
	const tail = `"stamp":""}`
	if !bytes.HasSuffix(unstamped, []byte(tail)) {
		return nil, nil, fmt.Errorf("writing the search index file: unexpected end %q", unstamped[max(0, len(unstamped)-40):])
	}
	e.Stamp = stamp(string(unstamped))
	data := make([]byte, 0, len(unstamped)+len(e.Stamp))
	data = append(data, unstamped[:len(unstamped)-2]...)
	data = append(data, e.Stamp...)
	data = append(data, `"}`...)
	return data, arrays, nil
}

// appendInts writes a list of numbers as encoding/json does (null for nil).
func appendInts(b []byte, xs []int) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}
