package build

// Issue #16 asks TestIncrementalEqualsFull to hold on a generated 2,000-page site "with random edit
// sequences, and for interrupted rebuilds". TestIncrementalEqualsFullGenerated makes one sequence of
// plain rebuilds there; TestInterruptedRebuildsCatchUp interrupts rebuilds only on the small test
// site. This is the dev server's way of rebuilding on the large site: the page on screen first,
// newer edits stopping the rest at random (the seed decides), and the next rebuild catching up;
// after each step the output equals a fresh full build.

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"testing"
)

func TestInterruptedRebuildsCatchUpGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 2,000-page site several times")
	}
	root, opts := siteCopy(t, true)
	generate(t, root, 20, 100)
	rng := rand.New(rand.NewSource(19))
	ctx := coinContext{Context: context.Background(), rng: rng}
	inc, ref, res := devServerAndFullBuilders(t, opts)
	if res.Site.Routes.Len() < 2000 {
		t.Fatalf("the generated site has %d routes", res.Site.Routes.Len())
	}
	e := &editor{t: t, root: root, rng: rng}
	interrupted := 0
	for i := 0; i < 6; i++ {
		desc, changed := e.random()
		routes := inc.last.site.Order
		first := map[string]bool{routes[rng.Intn(len(routes))]: true}
		var early *Result
		got, gotErr := inc.RebuildFirst(ctx, changed, first, func(r *Result) { early = r })
		ref.last = nil
		want, wantErr := ref.Build()
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("step %d (%s): incremental error %v, full error %v", i, desc, gotErr, wantErr)
		}
		if gotErr != nil {
			continue
		}
		if early != nil {
			for r := range first {
				p := want.Site.HTMLPath(r)
				if now, _, _ := early.Files.Get(p); want.Files.Data[p] != nil && !bytes.Equal(now, want.Files.Data[p]) {
					t.Fatalf("step %d (%s): the page on screen %s is not up to date when announced", i, desc, r)
				}
			}
		}
		if len(inc.last.stale) > 0 {
			interrupted++
			var err error
			if got, err = inc.RebuildFirst(context.Background(), nil, first, nil); err != nil {
				t.Fatalf("step %d (%s): catching up: %v", i, desc, err)
			}
		}
		compareFiles(t, fmt.Sprintf("step %d (%s)", i, desc), got, want)
	}
	if interrupted == 0 {
		t.Fatal("no rebuild was interrupted: the test did not test it")
	}
	t.Logf("%d of 6 rebuilds interrupted", interrupted)
}
