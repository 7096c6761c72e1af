package search

import "testing"

// TestMistakeInTheFirstLetters: a typing mistake among the first letters of a word of 5 letters or
// more is forgiven when it is two of the first three letters swapped or a letter too many, as a
// mistake further on is (the #18 audit: "sceret", "wroker", "shcedule" and "ppielines" found
// nothing, only words sharing the first two letters being tried). Each finds the page its word
// finds, and a word that finds something with its own first letters is not looked up further.
func TestMistakeInTheFirstLetters(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	pairs := [][2]string{
		{"sceret ", "secret "},
		{"wroker ", "worker "},
		{"shcedule ", "schedule "},
		{"ppielines ", "pipelines "},
		{"sseecrets ", "secrets "}, // a letter too many at the start, one further on: two edits from 9 letters
	}
	var qs []query
	for _, p := range pairs {
		qs = append(qs, query{text: p[0]}, query{text: p[1]})
	}
	got := rank(t, docsPath, indexPath, qs)
	for i, p := range pairs {
		typo, right := got[2*i], got[2*i+1]
		if len(right) == 0 {
			t.Fatalf("%q finds nothing", p[1])
		}
		if len(typo) == 0 || typo[0] != right[0] {
			t.Errorf("%q found %v; want %q's first page, %s", p[0], typo, p[1], right[0])
		}
	}
}
