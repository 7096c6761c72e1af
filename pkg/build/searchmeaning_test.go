package build

// How tests compare search files. docsd watch keeps a page's search number across new, deleted and
// renamed pages (pkg/search/numbers.go), so after such an edit its search files mean what a full
// build's mean, page by page and word by word, without being its bytes: they are compared by
// search.ReadMeaning. While the numbering is a fresh build's, they are compared byte for byte.

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"

	"docsd/pkg/search"
)

// searchEntry matches a locale's search index file; the documents file has the same folder and time.
var searchEntry = regexp.MustCompile(`^(.*/)?search-index-(\d{14})\.json$`)

// searchLocales are the folders ("" or "fr/") of the search files in files, each with its two
// entry files' names.
func searchLocales(files map[string][]byte) map[string][2]string {
	out := map[string][2]string{}
	for name := range files {
		if m := searchEntry.FindStringSubmatch(name); m != nil {
			out[m[1]] = [2]string{m[1] + "search-docs-" + m[2] + ".json", name}
		}
	}
	return out
}

// isSearchFile reports whether name is a search file (an entry file or a chunk).
func isSearchFile(name string) bool { return strings.HasPrefix(path.Base(name), "search-") }

// searchMeaning reads a locale's search files back by route.
func searchMeaning(files map[string][]byte, entries [2]string) (*search.Meaning, error) {
	docs, index := files[entries[0]], files[entries[1]]
	if docs == nil || index == nil {
		return nil, fmt.Errorf("no %s or %s", entries[0], entries[1])
	}
	return search.ReadMeaning(docs, index, func(of string, n int) ([]byte, error) {
		name := search.Chunk{Of: of, N: n}.FileName(entries[0], entries[1])
		data, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("no %s", name)
		}
		return data, nil
	})
}

// compareSearchFiles compares the search files of an incremental build (got) with a full build's
// (want) by what they mean. It returns the differences, and the folders whose files are not
// numbered as a full build numbers them: their bytes are not compared.
func compareSearchFiles(got, want map[string][]byte) (diffs []string, byMeaning map[string]bool) {
	byMeaning = map[string]bool{}
	gotLocales, wantLocales := searchLocales(got), searchLocales(want)
	for dir, entries := range wantLocales {
		if gotLocales[dir] != entries {
			diffs = append(diffs, fmt.Sprintf("search entry files %v, want %v", gotLocales[dir], entries))
			continue
		}
		w, err := searchMeaning(want, entries)
		if err != nil {
			diffs = append(diffs, "the full build's search files: "+err.Error())
			continue
		}
		g, err := searchMeaning(got, entries)
		if err != nil {
			diffs = append(diffs, "search files: "+err.Error())
			continue
		}
		for _, d := range g.Diff(w) {
			diffs = append(diffs, fmt.Sprintf("search files of %q: %s", dir, d))
		}
		if !g.Fresh {
			byMeaning[dir] = true
		}
	}
	return diffs, byMeaning
}

// searchDir is the folder of a search file ("" or "fr/").
func searchDir(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i+1]
	}
	return ""
}

// rewrittenSearchChunks lists a locale's term chunks whose bytes differ between two builds (got),
// and those that must (want): the chunks holding a term whose lists, by page number, changed, or
// whose keys changed. It also lists the documents chunks whose bytes differ, and counts the term
// chunks.
func rewrittenSearchChunks(t *testing.T, before, after map[string][]byte, entries [2]string) (got, want, docs []string, chunks int) {
	t.Helper()
	type chunk struct {
		Keys     []string `json:"keys"`
		Terms    []string `json:"terms"`
		Titles   [][]int  `json:"titles"`
		Crumbs   [][]int  `json:"crumbs"`
		Names    [][]int  `json:"names"`
		Postings []string `json:"postings"`
	}
	read := func(files map[string][]byte) (map[string]chunk, map[string]string) {
		chunks, lists := map[string]chunk{}, map[string]string{}
		prefix := strings.TrimSuffix(entries[1], ".json") + "-"
		for name, data := range files {
			if !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, prefix+"p") {
				continue // not a term chunk: a page file (pkg/search/pages.go)
			}
			var c chunk
			if err := json.Unmarshal(data, &c); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			chunks[name] = c
			for k, term := range c.Terms {
				lists[term] = fmt.Sprint(c.Titles[k], c.Crumbs[k], c.Names[k], c.Postings[k])
			}
		}
		return chunks, lists
	}
	old, oldLists := read(before)
	now, nowLists := read(after)
	for name, c := range now {
		if string(before[name]) != string(after[name]) {
			got = append(got, name)
		}
		o, kept := old[name]
		changed := !kept || fmt.Sprint(o.Keys) != fmt.Sprint(c.Keys)
		for _, term := range c.Terms {
			changed = changed || oldLists[term] != nowLists[term]
		}
		if changed {
			want = append(want, name)
		}
	}
	docsPrefix := strings.TrimSuffix(entries[0], ".json") + "-"
	for name, data := range after {
		if strings.HasPrefix(name, docsPrefix) && string(data) != string(before[name]) {
			docs = append(docs, name)
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	sort.Strings(docs)
	return got, want, docs, len(now)
}
