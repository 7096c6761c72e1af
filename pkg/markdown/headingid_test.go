package markdown

import (
	"fmt"
	"math/rand"
	"strconv"
	"testing"
)

// naiveIDs is the de-duplication as github-slugger states it, counting from 1 for every heading.
type naiveIDs struct{ used map[string]bool }

func (n *naiveIDs) generate(value string) string {
	base := Slug(value)
	if base == "" {
		base = "heading"
	}
	id := base
	for i := 1; n.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	n.used[id] = true
	return id
}

// The ids are those of counting from 1 for every heading, explicit ids ({#id}) and texts that look
// like suffixed ids ("Setup 2" is "setup-2") among them, on seeded random pages.
func TestHeadingIDsAsCountingFromOne(t *testing.T) {
	texts := []string{"Setup", "Setup 1", "Setup 2", "setup-1-1", "Usage", "", "?", "Heading 3"}
	for seed := int64(0); seed < 300; seed++ {
		rng := rand.New(rand.NewSource(seed))
		g, n := newGithubIDs(), &naiveIDs{used: map[string]bool{}}
		for k := 0; k < 40; k++ {
			text := texts[rng.Intn(len(texts))]
			if rng.Intn(6) == 0 { // an explicit id, taken by both
				id := Slug(text) + "-" + strconv.Itoa(rng.Intn(4))
				g.Put([]byte(id))
				n.used[id] = true
				continue
			}
			if got, want := string(g.Generate([]byte(text), 0)), n.generate(text); got != want {
				t.Fatalf("seed %d, heading %d %q: id %q, want %q", seed, k, text, got, want)
			}
		}
	}
}

// A page of many headings with one text (a generated changelog, a pasted log) looks up each id
// once: counting from 1 for each heading took 7,000 of them about 20 s (n²/2 lookups).
func TestManyHeadingsOfOneTextLinear(t *testing.T) {
	g := newGithubIDs()
	const n = 5000
	for i := 0; i < n; i++ {
		want := "section"
		if i > 0 {
			want = fmt.Sprintf("section-%d", i)
		}
		if got := string(g.Generate([]byte("Section"), 0)); got != want {
			t.Fatalf("heading %d: %q, want %q", i, got, want)
		}
	}
	if g.tries > n {
		t.Errorf("%d ids looked up again for %d headings, want at most one each", g.tries, n)
	}
}
