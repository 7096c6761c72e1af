package links

import (
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"testing"
)

// TestCowMapDerivesWithoutChangingItsBase writes random keys into chains and forks of derived maps
// and holds each to a plain map written the same way: a map a check derived from is never changed
// by the derived one's writes (the last report is read while the next check runs).
func TestCowMapDerivesWithoutChangingItsBase(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	type version struct {
		m    *cowMap[string, int]
		want map[string]int
	}
	first := version{newCowMap[string, int](), map[string]int{}}
	versions := []version{first}
	for step := 0; step < 300; step++ {
		// Derive from any earlier version (a rebuild that failed is made again from the same one).
		from := versions[rng.Intn(len(versions))]
		v := version{from.m.derive(), maps.Clone(from.want)}
		if step == 0 {
			v = first // the first is written before anything derives from it
		}
		for i := rng.Intn(40); i >= 0; i-- {
			k := fmt.Sprint("key-", rng.Intn(500))
			if rng.Intn(3) == 0 {
				v.m.del(k)
				delete(v.want, k)
			} else {
				n := rng.Intn(1000)
				v.m.set(k, n)
				v.want[k] = n
			}
		}
		if step > 0 {
			versions = append(versions, v)
		}
		for i, old := range versions {
			got := map[string]int{}
			for k, n := range old.m.all() {
				got[k] = n
			}
			if !maps.Equal(got, old.want) || old.m.len() != len(old.want) {
				t.Fatalf("step %d: version %d holds %d keys (len %d), want %d: a later write changed it", step, i, len(got), old.m.len(), len(old.want))
			}
			for k, n := range old.want {
				if got, ok := old.m.get(k); !ok || got != n {
					t.Fatalf("step %d: version %d: %s = %d, %v; want %d", step, i, k, got, ok, n)
				}
			}
		}
	}
}

// TestPatchSortedEqualsSort: the sorted findings patched with what a check counted in and out are
// the findings sorted again.
func TestPatchSortedEqualsSort(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	m := newCowMap[extKey, counted[External]]()
	var list []External
	for step := 0; step < 200; step++ {
		next := m.derive()
		tc := touched[extKey, External]{}
		for i := rng.Intn(6); i >= 0; i-- {
			e := External{File: fmt.Sprint("f", rng.Intn(5)), Line: rng.Intn(30), Column: 1 + rng.Intn(3), Target: fmt.Sprint("https://x/", rng.Intn(4))}
			if rng.Intn(2) == 0 {
				uncount(next, tc, keyOfExternal(e))
			} else {
				countIn(next, tc, keyOfExternal(e), e)
			}
		}
		before := slices.Clone(list)
		patched := patchSorted(list, tc, next, compareExternal)
		if !slices.Equal(list, before) {
			t.Fatalf("step %d: the patch changed the last list", step)
		}
		var want []External
		for _, c := range next.all() {
			want = append(want, c.v)
		}
		slices.SortFunc(want, compareExternal)
		if !slices.Equal(patched, want) {
			t.Fatalf("step %d: patched %v, want %v", step, patched, want)
		}
		m, list = next, patched
	}
}
