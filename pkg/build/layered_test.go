package build

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestLayeredIsAMap: a layered map handed from build to build (next), with entries set and removed
// in between, holds what one plain map would, through its folds; and a build's changes never reach
// the layers of the builds before it.
func TestLayeredIsAMap(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	want := map[string]int{}
	l := newLayered[int]()
	for i := 0; i < 2000; i++ { // a full build's entries
		k := fmt.Sprint("/r", i)
		l.set(k, i)
		want[k] = i
	}
	var history []*layered[int]
	var snapshots []map[string]int
	folds := 0
	for build := 0; build < 300; build++ {
		history = append(history, l)
		snap := map[string]int{}
		for k, v := range want {
			snap[k] = v
		}
		snapshots = append(snapshots, snap)
		before := l.base
		l = l.next()
		if len(before) > 0 && len(l.base) > 0 && fmt.Sprintf("%p", before) != fmt.Sprintf("%p", l.base) {
			folds++
		}
		for op := rng.Intn(40); op >= 0; op-- {
			k := fmt.Sprint("/r", rng.Intn(2600))
			if rng.Intn(3) == 0 {
				l.remove(k)
				delete(want, k)
			} else {
				v := rng.Int()
				l.set(k, v)
				want[k] = v
			}
		}
		got := map[string]int{}
		l.each(func(k string, v int) {
			if _, twice := got[k]; twice {
				t.Fatalf("build %d: each gave %s twice", build, k)
			}
			got[k] = v
		})
		if len(got) != len(want) {
			t.Fatalf("build %d: %d entries, want %d", build, len(got), len(want))
		}
		for k, v := range want {
			if g, ok := l.get(k); !ok || g != v || got[k] != v {
				t.Fatalf("build %d: %s = %d, %v (each %d), want %d", build, k, g, ok, got[k], v)
			}
		}
		for i := 0; i < 2600; i++ {
			k := fmt.Sprint("/r", i)
			if _, in := want[k]; !in {
				if _, ok := l.get(k); ok {
					t.Fatalf("build %d: %s was removed and is present", build, k)
				}
			}
		}
	}
	for i, h := range history {
		for k, v := range snapshots[i] {
			if g, ok := h.get(k); !ok || g != v {
				t.Fatalf("build %d's map changed after it: %s = %d, %v, want %d", i, k, g, ok, v)
			}
		}
	}
	if folds == 0 {
		t.Fatal("no build folded its changes into a new base: the test did not test folding")
	}
	t.Logf("%d folds in 300 builds", folds)
}
