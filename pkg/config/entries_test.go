package config

import "testing"

// TestSearchEntryAt: the entries of the [search] lists are found at their line and column, in
// order (the same text twice is two places), in a list over several lines, in one line, with
// single quotes, and under dotted keys; an entry written with an escape Go would not write falls
// back to its key's line.
func TestSearchEntryAt(t *testing.T) {
	const toml = `title = "Site"

[search]
# "k8s, kubernetes" is in a comment above the list, and is the list's second entry too
synonyms = [
  "walrus",   # line 6
  "k8s, kubernetes", 'env vars, environment variables',
  "walrus",
  "say \"hi\", hello",
  "caf\u00e9, coffee",
]
lookup_parts = ["API", "CLI"]

[markdown]
format = "md"
`
	s, err := Parse("docsd.toml", []byte(toml))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key       string
		n         int
		line, col int
	}{
		{"synonyms", 0, 6, 3},
		{"synonyms", 1, 7, 3},
		{"synonyms", 2, 7, 22},
		{"synonyms", 3, 8, 3},
		{"synonyms", 4, 9, 3}, // quotes escaped as Go would
		{"synonyms", 5, 5, 1}, // another escape: the key's line
		{"lookup_parts", 0, 12, 17},
		{"lookup_parts", 1, 12, 24},
		{"synonyms", 6, 0, 0},
		{"name_parts", 0, 0, 0},
	} {
		if line, col := s.Search.EntryAt(c.key, c.n); line != c.line || col != c.col {
			t.Errorf("%s entry %d at %d:%d, want %d:%d", c.key, c.n, line, col, c.line, c.col)
		}
	}

	dotted := "title = \"Site\"\nsearch.synonyms = [\"walrus\"]\n"
	s, err = Parse("docsd.toml", []byte(dotted))
	if err != nil {
		t.Fatal(err)
	}
	if line, col := s.Search.EntryAt("synonyms", 0); line != 2 || col != 20 {
		t.Errorf("a dotted key's entry at %d:%d, want 2:20", line, col)
	}
}
