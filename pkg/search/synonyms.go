package search

import (
	"fmt"
	"sort"
	"strings"
)

// The site's synonym table: readers type "k8s", "env vars" or "rerun" where the docs say
// "Kubernetes", "environment variables" or "restart". Writers list such words in docsd.toml
// ([search] synonyms); docsd turns every word into its index term here, applies the table to page
// titles when it publishes the index (a page titled "Kubernetes" is also titled "k8s"), and writes
// it into the index file, where the browser applies it to queries (site/src/search/synonyms.js,
// parse.js).

// Synonyms is a parsed table: groups of phrases, each phrase a list of index terms.
type Synonyms struct {
	// Groups are the entries in order. In a two-way group every phrase stands for every other; in a
	// one-way group ("a => b, c") only the first stands for the others.
	Groups []SynonymGroup
}

// SynonymGroup is one entry of the table.
type SynonymGroup struct {
	Phrases [][]string // index terms of each phrase
	OneWay  bool
	// Between marks a one-way entry whose first phrase is written between ellipses ("… not … =>
	// troubleshooting"): the browser applies it only where other words of the query stand on both
	// sides of the phrase, in a query that is no task ("webhook never arrived", not "never commit
	// secrets", "approve never" or "how do i not clone the repo").
	Between bool
}

// ellipses are the ways a writer marks a phrase that stands between other words.
var ellipses = []string{"…", "..."}

// trimEllipsis is s without an ellipsis at its start (or end) and whether it had one.
func trimEllipsis(s string, end bool) (string, bool) {
	for _, e := range ellipses {
		if !end && strings.HasPrefix(s, e) {
			return strings.TrimSpace(strings.TrimPrefix(s, e)), true
		}
		if end && strings.HasSuffix(s, e) {
			return strings.TrimSpace(strings.TrimSuffix(s, e)), true
		}
	}
	return s, false
}

// hasEllipsis reports whether s has an ellipsis anywhere.
func hasEllipsis(s string) bool {
	for _, e := range ellipses {
		if strings.Contains(s, e) {
			return true
		}
	}
	return false
}

// ParseSynonyms reads the entries of docsd.toml's [search] synonyms. An entry is phrases separated
// by commas ("k8s, kubernetes"), or "from => to, to2" for a one-way entry. A phrase is one or more
// words; stop words are dropped, the rest become index terms, but a one-way entry's first phrase of
// stop words only keeps them ("who can => permissions"). A one-way entry's first phrase written
// between ellipses ("… not … => troubleshooting", "..." as well) applies only between other words
// (SynonymGroup.Between); an ellipsis anywhere else is an error.
func ParseSynonyms(entries []string) (*Synonyms, error) {
	s := &Synonyms{}
	for i, e := range entries {
		g := SynonymGroup{}
		lists := []string{e}
		if from, to, ok := strings.Cut(e, "=>"); ok {
			g.OneWay = true
			if strings.Contains(to, "=>") {
				return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: `more than one "=>"`}
			}
			if strings.Contains(from, ",") {
				return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: `a one-way entry has one phrase before "=>"`}
			}
			from = strings.TrimSpace(from)
			var before, after bool
			from, before = trimEllipsis(from, false)
			from, after = trimEllipsis(from, true)
			switch {
			case before != after:
				return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: `an ellipsis on one side of the first phrase: write it on both ("… not … => troubleshooting") for a phrase that applies between other words`}
			case hasEllipsis(from):
				return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: `an ellipsis inside the first phrase: it goes on both sides of it ("… not … => troubleshooting")`}
			case hasEllipsis(to):
				return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: `an ellipsis after "=>": only the first phrase may be written between ellipses`}
			}
			g.Between = before
			lists = []string{from, to}
		} else if hasEllipsis(e) {
			return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: `an ellipsis in a two-way entry: only a one-way entry's first phrase may be written between ellipses ("… not … => troubleshooting")`}
		}
		for k, list := range lists {
			for _, ph := range strings.Split(list, ",") {
				var terms []string
				words := Words(ph)
				for _, w := range words {
					if t := Term(w); t != "" {
						terms = append(terms, t)
					}
				}
				// A one-way entry may start with common words only ("who can => permissions"):
				// left out of the index, they still say what a reader asks about, so they are
				// kept as typed and the browser matches them among the query's words. Two at
				// least: one ("the", "how") is in most queries, which it would all turn to its
				// synonyms.
				if len(terms) == 0 && g.OneWay && k == 0 && len(words) > 1 {
					terms = words
				}
				if len(terms) == 0 {
					problem := fmt.Sprintf("phrase %q has no searchable word (common words such as \"the\" are left out)", strings.TrimSpace(ph))
					if g.OneWay && k == 0 && len(words) == 1 {
						problem += "; a one-way entry may start with two common words or more (\"who can => permissions\"), not one"
					}
					return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: problem}
				}
				g.Phrases = append(g.Phrases, terms)
			}
		}
		if len(g.Phrases) < 2 {
			return nil, &EntryError{Key: "synonyms", N: i + 1, Entry: e, Problem: `want at least two phrases separated by commas (or "a => b")`}
		}
		s.Groups = append(s.Groups, g)
	}
	return s, nil
}

// encode is the table as the index file carries it: each group a list of phrases (terms joined by
// spaces), a one-way group's first element being "=>", or "…=>" when it applies between other words
// only (Between; an index file written before it has none, and reads the same).
func (s *Synonyms) encode() [][]string {
	out := [][]string{}
	if s == nil {
		return out
	}
	for _, g := range s.Groups {
		var row []string
		switch {
		case g.Between:
			row = append(row, "…=>")
		case g.OneWay:
			row = append(row, "=>")
		}
		for _, p := range g.Phrases {
			row = append(row, strings.Join(p, " "))
		}
		out = append(out, row)
	}
	return out
}

// aliases are the terms a title gains from the table: the one-word phrases of a two-way entry
// that has a phrase the title contains (its terms in a row), sorted and without the title's own
// terms. A phrase of several words is not given: its words one by one would title the page with
// each ("re-run" made every "Restart" page titled "run"). Nor is a one-way entry's first phrase:
// "list => get" says a reader's "list" finds "get", not that "vela get build" is titled "list",
// above the page that is ("List builds"). The browser searches both with the query's synonyms,
// a little below a word as typed.
func (s *Synonyms) aliases(seq []string) []string {
	if s == nil || len(seq) == 0 {
		return nil
	}
	have := map[string]bool{}
	for _, t := range seq {
		have[t] = true
	}
	add := map[string]bool{}
	for _, g := range s.Groups {
		if g.OneWay {
			continue
		}
		for i, p := range g.Phrases {
			if !containsRun(seq, p) {
				continue
			}
			for j, q := range g.Phrases {
				if j == i || len(q) > 1 {
					continue
				}
				for _, t := range q {
					if !have[t] {
						add[t] = true
					}
				}
			}
		}
	}
	out := make([]string, 0, len(add))
	for t := range add {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// containsRun reports whether seq has the terms of p one after another.
func containsRun(seq, p []string) bool {
	for i := 0; i+len(p) <= len(seq); i++ {
		ok := true
		for k, t := range p {
			if seq[i+k] != t {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
