package site

import (
	"sort"

	"docsd/pkg/textdist"
)

// Ref is a reference by key or id that assembly could not resolve: a blog post's author or tag key,
// a pagination_prev/next doc id, a category's link.id, a docs version's main_doc or a sidebar's
// entry in docsd.toml. Like a broken link, it warns (SPEC: broken links only warn) and the page is
// built without it; pkg/links reports it with the line and column of the value in its file.
type Ref struct {
	File  string // "content/…" or "docsd.toml"
	Field string // the key that holds the value: "authors", "pagination_next", "link.id", "entry", …
	Value string
	// Kind is the problem kind pkg/links reports: "doc", "author" or "tag".
	Kind    string
	Message string
	// Candidates are the valid values, for a "did you mean" suggestion.
	Candidates []string
}

// ref records an unresolved reference once: the fallback copies of a file in other locales would
// otherwise repeat it.
func (a *assembler) ref(r Ref) {
	for _, old := range a.s.Refs {
		if old.File == r.File && old.Field == r.Field && old.Value == r.Value {
			return
		}
	}
	a.s.Refs = append(a.s.Refs, r)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Closest returns the candidate with the smallest edit distance to want, if it is close enough to
// help ("" otherwise). pkg/links uses it for every "did you mean".
func Closest(want string, candidates []string) string {
	best, bestD := "", len(want)/3+2
	for _, c := range candidates {
		if d := textdist.Distance(want, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}
