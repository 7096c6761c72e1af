package build

// After a structural edit, relinked (structure.go) looks for the routes with a link to a file whose
// route came, went or moved. Scanning every link of the site for those file names took 39 ms of CPU
// per edit at 30,000 pages; linkIndex answers which sources may hold such a link, so the work
// follows the edit. It is a superset (an entry is only added, never removed, between two indexes
// made from scratch): relinked checks each candidate's links again, so a stale entry costs one
// look and is never an answer.

import (
	"maps"
	"slices"

	"docsd/pkg/site"
)

// linkIndex maps a link's file name (linkFileName) to the content paths whose document has a link
// with that name. A build's state holds one that is never changed once made: the next build's is a
// new one (with), so the last build, still served, sees its own.
type linkIndex struct {
	base  map[string][]string // made from scratch; shared by the indexes made from it
	added map[string][]string // names of the documents changed since base; copied on write
	n     int                 // entries in added
}

// newLinkIndex indexes the links of every parsed source.
func newLinkIndex(parsed *site.Sources) *linkIndex {
	base := map[string][]string{}
	for p, doc := range parsed.All() {
		addLinkNames(base, nil, p, doc)
	}
	return &linkIndex{base: base}
}

// addLinkNames adds source p under the file name of each link of its document, once per name. The
// lists of names in shared are also an older index's: they are copied before their first append
// (and then taken out of shared), so that index keeps them as they were.
func addLinkNames(to map[string][]string, shared map[string]bool, p string, parsed *site.Parsed) int {
	if parsed == nil || parsed.Doc == nil {
		return 0
	}
	n := 0
	for i := range parsed.Doc.Links {
		name := linkFileName(parsed.Doc.Links[i].Dest)
		list := to[name]
		if len(list) > 0 && list[len(list)-1] == p {
			continue // the same name again in the same document
		}
		if shared[name] {
			list = slices.Clip(list)
			delete(shared, name)
		}
		to[name] = append(list, p)
		n++
	}
	return n
}

// maxAdded bounds what an index carries beyond its base, above which the next structural edit
// indexes from scratch: the copy each build makes of added stays small next to a scan of the site.
const maxAdded = 4096

// with is the index after the sources at paths were parsed again, added or removed (parsed holds
// every source as it is now). nil (index from scratch when needed) when x is nil or has grown past
// maxAdded.
func (x *linkIndex) with(paths []string, parsed *site.Sources) *linkIndex {
	if x == nil || len(paths) == 0 {
		return x
	}
	next := &linkIndex{base: x.base, added: maps.Clone(x.added), n: x.n}
	if next.added == nil {
		next.added = map[string][]string{}
	}
	shared := make(map[string]bool, len(next.added))
	for name := range next.added {
		shared[name] = true
	}
	for _, p := range paths {
		next.n += addLinkNames(next.added, shared, p, parsed.Get(p))
	}
	if next.n > maxAdded {
		return nil
	}
	return next
}

// sources lists, once each, the content paths that may have a link with one of the file names.
func (x *linkIndex) sources(names map[string]bool) []string {
	seen := map[string]bool{}
	var out []string
	for n := range names {
		for _, m := range []map[string][]string{x.base, x.added} {
			for _, p := range m[n] {
				if !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
			}
		}
	}
	return out
}
