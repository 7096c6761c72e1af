// This file puts the search files a publish wrote into the build's output. An edit's publish
// rewrites a few chunks and hands back the others' bytes (the same arrays, pkg/search/since.go);
// putting every search file into the output again by name (~5,000 at 30,000 pages, a name made
// and three map operations each) was the part of an edit's search step that grew with the site.
// The output is now told only the files that changed since the publish whose files it holds.

package build

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"docsd/pkg/config"
	"docsd/pkg/search"
)

// searchOut is what the output holds of a locale's search files: the paths of its two entry
// files and the publish whose chunks sit beside them.
type searchOut struct {
	docsRel, indexRel string
	files             search.Published
}

// writeSearch publishes each locale's index and puts into the output the search files that
// differ from those it holds: the two entry files, the chunks written since, and the removal of
// the chunks gone (a locale's documents chunks when their count shrinks, or a rebuild that starts
// from the last build's files would serve them still).
func (st *state) writeSearch() error {
	b := st.b
	// What the output holds (the last build's files when it started from them: renderDirty).
	// st.searchOut follows each locale's files as they go in, so that a rebuild given up halfway
	// still says what its output holds; it is never changed in place (the last build's is shared).
	held := st.searchOut
	for code, out := range held {
		if !slices.ContainsFunc(st.cfg.Locales, func(l config.Locale) bool { return l.Code == code }) {
			st.removeAllSearch(out) // a locale no longer built
			held = maps.Clone(held)
			delete(held, code)
			st.searchOut = held
		}
	}
	for _, loc := range st.cfg.Locales {
		p, err := st.publish(b.search[loc.Code])
		if errors.Is(err, search.ErrStopped) || errors.Is(err, errInterrupted) {
			return errInterrupted
		}
		if err != nil {
			return fmt.Errorf("search index of locale %s: %w", loc.Code, err)
		}
		docsRel, indexRel, _, _ := st.searchPaths(loc.Code)
		prev, ok := held[loc.Code]
		if ok && (prev.docsRel != docsRel || prev.indexRel != indexRel) {
			// Other names (a new build timestamp): every file of the last goes.
			st.removeAllSearch(prev)
			prev = searchOut{}
		}
		st.putSearch(docsRel, p.docs)
		st.putSearch(indexRel, p.index)
		changed, gone := b.search[loc.Code].ChangedSince(prev.files)
		for _, c := range changed {
			st.putSearch(c.FileName(docsRel, indexRel), c.Data)
		}
		st.removeSearch(prev, gone)
		held = maps.Clone(held)
		if held == nil {
			held = map[string]searchOut{}
		}
		held[loc.Code] = searchOut{docsRel: docsRel, indexRel: indexRel, files: p.files}
		st.searchOut = held
	}
	return nil
}

// putSearch puts one search file into the output. The output takes the index's array of an
// equal chunk it holds in another (Share): after a publish that ran to its end on its own (newer
// edits had come), the next can write again, in new arrays, bytes the output still holds from the
// publish before; the index kept its arrays and the output its own (every chunk twice, 71 MB at
// 30,000 pages).
func (st *state) putSearch(rel string, data []byte) {
	if st.b.last == nil || !sameFile(st.b.last.files, rel, data) {
		st.searchChanged = true
	}
	if !st.files.Share(rel, data) && !sameFile(st.files, rel, data) {
		st.files.Add(rel, data)
	}
}

// removeSearch takes the chunks gone of the files in out from the output.
func (st *state) removeSearch(out searchOut, gone []search.Chunk) {
	for _, c := range gone {
		st.files.Remove(c.FileName(out.docsRel, out.indexRel))
		st.searchChanged = true
	}
}

// removeAllSearch takes the files in out from the output.
func (st *state) removeAllSearch(out searchOut) {
	st.files.Remove(out.docsRel)
	st.files.Remove(out.indexRel)
	st.searchChanged = true
	st.removeSearch(out, out.files.Chunks())
}
