package search

import "fmt"

// EntryError is a bad entry of one of docsd.toml's [search] lists (synonyms, lookup_parts,
// action_parts, name_parts). pkg/search judges an entry, but only pkg/config knows where in
// docsd.toml it is written: the builder places the error at the entry's line
// (config.Search.EntryAt), so a writer is sent to the line to fix.
type EntryError struct {
	Key     string // the list's key: "synonyms"
	N       int    // the entry's place in the list, from 1
	Entry   string // as written
	Problem string
}

func (e *EntryError) Error() string {
	return fmt.Sprintf("%s entry %d %q: %s", e.Key, e.N, e.Entry, e.Problem)
}
