package config

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Where the entries of docsd.toml's [search] lists are written. pkg/search judges the entries
// (it knows the stop words and the stemmer) and pkg/config cannot import it, so Parse records each
// entry's line and column here and the builder places pkg/search's error there
// (search.EntryError): "docsd.toml:42:5: [search] synonyms entry 3 …" sends the writer to the line.

// entryPos is where an entry of a list starts: the line and column (from 1) of its opening quote.
type entryPos struct{ line, col int }

var (
	searchHeader = regexp.MustCompile(`^\s*\[\s*search\s*\]\s*(#.*)?$`)
	anyHeader    = regexp.MustCompile(`^\s*\[\[?\s*[A-Za-z0-9_."' -]+\]\]?\s*(#.*)?$`)
)

// EntryAt is the line and column of entry n (from 0) of the [search] list key ("synonyms"), or
// the line of the key itself (column 1) when the entry's text cannot be found as written (a string
// with escapes), or 0, 0 when neither is found.
func (s *Search) EntryAt(key string, n int) (line, col int) {
	at := s.entries[key]
	if n < 0 || n >= len(at) {
		return 0, 0
	}
	return at[n].line, at[n].col
}

// locateEntries finds the entries of the [search] lists in raw, the text of docsd.toml.
func (s *Search) locateEntries(raw []byte) {
	lines := strings.Split(string(raw), "\n")
	// The table's lines: from its header to the next header, or the whole file when the lists
	// are written with dotted keys ("search.synonyms = [...]").
	from, to := 0, len(lines)
	for i, l := range lines {
		if searchHeader.MatchString(l) {
			from = i + 1
			for j := from; j < len(lines); j++ {
				// (A line of a list, `["a"]`, is not a header.)
				if t := strings.TrimSpace(lines[j]); anyHeader.MatchString(t) && !strings.HasPrefix(t, `["`) && !strings.HasPrefix(t, `['`) {
					to = j
					break
				}
			}
			break
		}
	}
	s.entries = map[string][]entryPos{}
	for key, list := range map[string][]string{
		"synonyms":     s.Synonyms,
		"lookup_parts": s.LookupParts,
		"action_parts": s.ActionParts,
		"name_parts":   s.NameParts,
		"walk_parts":   s.WalkParts,
	} {
		if len(list) > 0 {
			s.entries[key] = locateList(lines[from:to], from, key, list)
		}
	}
}

// locateList finds key's line in lines (which start at line offset) and each entry's quoted text
// after it, in order: an entry is looked for after the one before.
func locateList(lines []string, offset int, key string, list []string) []entryPos {
	keyLine := regexp.MustCompile(`^\s*(search\.)?` + regexp.QuoteMeta(key) + `\s*=`)
	out := make([]entryPos, len(list))
	start := -1
	for i, l := range lines {
		if keyLine.MatchString(l) {
			start = i
			break
		}
	}
	if start < 0 {
		return out
	}
	row, skip := start, strings.Index(lines[start], "=")+1
	for n, e := range list {
		out[n] = entryPos{line: offset + start + 1, col: 1}
		for r := row; r < len(lines); r++ {
			from := 0
			if r == row {
				from = skip
			}
			at, width := -1, 0
			for _, quoted := range []string{strconv.Quote(e), "'" + e + "'"} {
				if i := strings.Index(lines[r][from:], quoted); i >= 0 && (at < 0 || from+i < at) {
					at, width = from+i, len(quoted)
				}
			}
			if at >= 0 {
				out[n] = entryPos{line: offset + r + 1, col: utf8.RuneCountInString(lines[r][:at]) + 1}
				row, skip = r, at+width
				break
			}
		}
	}
	return out
}
