package build

// A seeded random walk of edits on the generated 2,000-page site (issue #16: "TestIncrementalEqualsFull
// keeps holding, now also on a generated 2,000-page site with random edit sequences"). The
// sequences of TestIncrementalEqualsFullGenerated are short and compare after every step; this walk
// makes many edits of every kind in a row, so that what one rebuild leaves behind (carried-over
// output, the graph's edges, the link report, the search shards) is read by the next ones, and
// compares with a full build at checkpoints and at the end. Its time: one build of the site, 52
// incremental rebuilds (each a fraction of a second) and 4 full builds to compare with (after steps
// 13, 26, 39 and 52); the figure is in the commit that added it. DOCSD_WALK_SEED=n replays another
// walk.

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"
)

func TestIncrementalEqualsFullGeneratedWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 2,000-page site five times")
	}
	seed := int64(16)
	if s := os.Getenv("DOCSD_WALK_SEED"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("DOCSD_WALK_SEED=%q: %v", s, err)
		}
		seed = n
	}
	var steps []string // the edits made, for a failure's message
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the walk's seed: %d (DOCSD_WALK_SEED=%d replays it); its edits: %q", seed, seed, steps)
		}
	})
	root, opts := siteCopy(t, true)
	generate(t, root, 20, 100)
	inc := New(opts)
	defer inc.Close()
	ref := New(opts)
	defer ref.Close()
	if res, err := inc.Build(); err != nil {
		t.Fatal(err)
	} else if res.Site.Routes.Len() < 2000 {
		t.Fatalf("the generated site has %d routes", res.Site.Routes.Len())
	}
	rng := rand.New(rand.NewSource(seed))
	// Every kind four times, in an order the seed decides.
	const each = 4
	kinds := make([]int, 0, editKinds*each)
	for k := 0; k < editKinds; k++ {
		for i := 0; i < each; i++ {
			kinds = append(kinds, k)
		}
	}
	rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	e := &editor{t: t, root: root, rng: rng}
	for i, kind := range kinds {
		desc, changed := e.edit(kind)
		steps = append(steps, desc)
		got, gotErr := inc.Rebuild(changed)
		if (i+1)%13 != 0 && i != len(kinds)-1 {
			continue // not a checkpoint: an error stays pending for the next rebuild, as in docsd watch
		}
		ref.last = nil
		want, wantErr := ref.Build()
		where := fmt.Sprintf("seed %d, after step %d (%s)", seed, i, desc)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("%s: incremental error %v, full error %v", where, gotErr, wantErr)
		}
		if gotErr == nil {
			compareFiles(t, where, got, want)
		}
	}
}
