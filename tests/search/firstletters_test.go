package search

import (
	"testing"
)

// TestMistakeInTheFirstLetters: a typing mistake among the first letters of a word of 5 letters or
// more is forgiven, as a mistake further on is: two of the first three letters swapped, a letter
// too many (the #18 audit: "sceret", "wroker", "shcedule" and "ppielines" found nothing, only
// words sharing the first two letters being tried), and a wrong or missing first or second letter
// ("wecret", "ecrets", Algolia forgives them). Each finds the page its word finds, and a word that
// finds something with its own first letters is not looked up further.
func TestMistakeInTheFirstLetters(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	pairs := [][2]string{
		{"sceret ", "secret "},
		{"wroker ", "worker "},
		{"shcedule ", "schedule "},
		{"ppielines ", "pipelines "},
		{"sseecrets ", "secrets "}, // a letter too many at the start, one further on: two edits from 9 letters
		// A wrong or missing first or second letter: the deletion keys (pkg/search/typokeys.go) name
		// the first letters to try.
		{"wecret ", "secret "},
		{"ecrets ", "secrets "},
		{"sacrets ", "secrets "},
		{"cubernetes ", "kubernetes "},
		{"ubernetes ", "kubernetes "},
		{"kbernetes worker", "kubernetes worker"},
		{"ipelines ", "pipelines "},
		{"xchedule a build", "schedule a build"},
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

// TestDeletionChunksOnlyWhenNothingIsFound: a fresh engine fetches the deletion chunks only for a
// word that found nothing with its own first letters or a mistake among the first three, and then
// at most three (the word without its first letter, without its second, and cut).
func TestDeletionChunksOnlyWhenNothingIsFound(t *testing.T) {
	docsPath, indexPath, _ := publish(t)
	qs := []string{"secret ", "kubernetes worker", "secrts ", "sceret ", "kube", "wecret ", "ubernetes ", "zanzibarquux "}
	got := fetchedChunks(t, docsPath, indexPath, qs)
	for i, q := range qs {
		dels, all := got[i][0], got[i][1]
		typo := i >= 5
		if !typo && dels != 0 || typo && (dels == 0 || dels > 3) || all == 0 {
			t.Errorf("%q fetched %d deletion chunks of %d term chunks; want %s", q, dels, all, map[bool]string{false: "none", true: "1 to 3"}[typo])
		}
	}
}
