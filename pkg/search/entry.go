package search

// Why this file: the index file is what every open page fetches first and what a publish writes
// and hashes on every edit, so it holds nothing per page: the per-page facts are in page files
// (pages.go), and it lists their stamps and the term chunks' first keys, numbers and stamps (a few
// KB per 1,000 pages). ReadIndexEntry puts the page files' facts back into one array per fact, as
// the browser does (site/src/search/pages.js, pageArrays).

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// encodeEntry writes the index file e, stamped with the hash of the rest of it.
func encodeEntry(e *IndexEntry) ([]byte, error) {
	unstamped, err := marshal(e)
	if err != nil {
		return nil, fmt.Errorf("writing the search index file: %w", err)
	}
	// The stamp is the last field, empty: put the hash of the file in its place.
	const tail = `"stamp":""}`
	if !bytes.HasSuffix(unstamped, []byte(tail)) {
		return nil, fmt.Errorf("writing the search index file: unexpected end %q", unstamped[max(0, len(unstamped)-40):])
	}
	e.Stamp = stamp(string(unstamped))
	data := make([]byte, 0, len(unstamped)+len(e.Stamp))
	data = append(data, unstamped[:len(unstamped)-2]...)
	data = append(data, e.Stamp...)
	data = append(data, `"}`...)
	return data, nil
}

// ReadIndexEntry reads an index file and, through chunk ("pages" and a page file's position), its
// page files, checking each page file's stamp against the index file's, into one IndexEntry with
// the per-page arrays filled in.
func ReadIndexEntry(index []byte, chunk func(of string, n int) ([]byte, error)) (*IndexEntry, error) {
	var e IndexEntry
	if err := json.Unmarshal(index, &e); err != nil {
		return nil, fmt.Errorf("the index file: %w", err)
	}
	if e.Version != PublishedVersion {
		return nil, fmt.Errorf("the index file: version %d, want %d", e.Version, PublishedVersion)
	}
	slots := e.Pages
	if e.Slots != 0 {
		slots = e.Slots
	}
	if e.PerPageFile <= 0 || len(e.PageFiles) != (slots+e.PerPageFile-1)/e.PerPageFile {
		return nil, fmt.Errorf("the index file: %d page files of %d for %d page numbers", len(e.PageFiles), e.PerPageFile, slots)
	}
	e.Versions = []string{}
	versionNo := map[string]int{}
	lookupAt, actionAt, nameAt, walkAt := 0, 0, 0, 0
	for k, st := range e.PageFiles {
		data, err := chunk("pages", k)
		if err != nil {
			return nil, err
		}
		var pf PageFile
		if err := json.Unmarshal(data, &pf); err != nil {
			return nil, fmt.Errorf("search page file %d: %w", k, err)
		}
		n := min(e.PerPageFile, slots-k*e.PerPageFile)
		if pf.Stamp != st || pf.Version != PublishedVersion {
			return nil, fmt.Errorf("search page file %d: stamp %s, version %d; the index file says %s, %d", k, pf.Stamp, pf.Version, st, PublishedVersion)
		}
		if len(pf.TitleLengths) != n || len(pf.PartShares) != n || len(pf.SectionCounts) != n || len(pf.PageVersions) != n ||
			(pf.Ranks != nil && len(pf.Ranks) != n) {
			return nil, fmt.Errorf("search page file %d: arrays not %d long", k, n)
		}
		e.TitleLengths = append(e.TitleLengths, pf.TitleLengths...)
		e.PartShares = append(e.PartShares, pf.PartShares...)
		e.SectionCounts = append(e.SectionCounts, pf.SectionCounts...)
		for i, v := range pf.PageVersions {
			if v < 0 || v >= len(pf.Versions) {
				return nil, fmt.Errorf("search page file %d: page %d has version %d of %d", k, i, v, len(pf.Versions))
			}
			no, ok := versionNo[pf.Versions[v]]
			if !ok {
				no = len(e.Versions)
				versionNo[pf.Versions[v]] = no
				e.Versions = append(e.Versions, pf.Versions[v])
			}
			e.PageVersions = append(e.PageVersions, no)
			rank := (k*e.PerPageFile + i) * rankGap
			if pf.Ranks != nil {
				rank = pf.Ranks[i]
			}
			e.Ranks = append(e.Ranks, rank)
		}
		// As deltas, as the index file listed them before page files.
		for _, i := range pf.Lookup {
			no := k*e.PerPageFile + i
			e.LookupPages, lookupAt = append(e.LookupPages, no-lookupAt), no
		}
		for _, i := range pf.Action {
			no := k*e.PerPageFile + i
			e.ActionPages, actionAt = append(e.ActionPages, no-actionAt), no
		}
		for _, i := range pf.Name {
			no := k*e.PerPageFile + i
			e.NamePages, nameAt = append(e.NamePages, no-nameAt), no
		}
		for _, i := range pf.Walk {
			no := k*e.PerPageFile + i
			e.WalkPages, walkAt = append(e.WalkPages, no-walkAt), no
		}
	}
	return &e, nil
}
