package layered

import (
	"fmt"
	"maps"
	"math/rand"
	"testing"
)

// TestMapEqualsAPlainMap walks random chains of copies, each changed a little (as re-assemblies
// change the model) or a lot (past the fold), and compares every copy with a plain map, the copies
// before it included: a copy's writes must never show in the map it was made from.
func TestMapEqualsAPlainMap(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewSource(seed))
		plain := map[string]int{}
		for i := range 500 {
			plain[fmt.Sprint("k", i)] = i
		}
		m := From(maps.Clone(plain))
		type kept struct {
			m    *Map[int]
			want map[string]int
		}
		var chain []kept
		folds, shared := 0, 0
		for step := range 60 {
			next, want := m.Clone(), maps.Clone(plain)
			if len(m.base) > 0 && fmt.Sprintf("%p", m.base) != fmt.Sprintf("%p", next.base) {
				folds++
			} else if len(m.base) > 0 {
				shared++
			}
			changes := 1 + rng.Intn(8)
			if step%9 == 8 {
				changes = 200 // past the fold
			}
			for range changes {
				k := fmt.Sprint("k", rng.Intn(700))
				if rng.Intn(3) == 0 {
					next.Delete(k)
					delete(want, k)
				} else {
					next.Set(k, step)
					want[k] = step
				}
			}
			chain = append(chain, kept{m, plain})
			m, plain = next, want
			check := append(chain, kept{m, plain})
			if step%10 != 9 {
				check = check[len(check)-2:] // the whole chain now and then: it grows with the steps
			}
			for i, c := range check {
				if c.m.Len() != len(c.want) {
					t.Fatalf("seed %d step %d: copy %d has %d entries, want %d", seed, step, i, c.m.Len(), len(c.want))
				}
				if got := c.m.Map(); !maps.Equal(got, c.want) {
					t.Fatalf("seed %d step %d: copy %d differs from the plain map", seed, step, i)
				}
				for k, v := range c.want {
					if c.m.Get(k) != v || !c.m.Has(k) {
						t.Fatalf("seed %d step %d: copy %d: %s is %d, want %d", seed, step, i, k, c.m.Get(k), v)
					}
				}
				if c.m.Has("k999") {
					t.Fatalf("copy %d has a key never set", i)
				}
				seen := map[string]bool{}
				for k := range c.m.All() {
					if seen[k] {
						t.Fatalf("seed %d step %d: copy %d yields %s twice", seed, step, i, k)
					}
					seen[k] = true
				}
			}
		}
		// Small changes share the base; large ones fold it (a copy's cost follows its changes).
		if folds == 0 || shared < folds {
			t.Errorf("seed %d: %d folds and %d shared bases in 60 copies", seed, folds, shared)
		}
	}
}

// TestWriteAfterClonePanics: a map whose entries a copy reads is not written again.
func TestWriteAfterClonePanics(t *testing.T) {
	m := New[int]()
	m.Set("a", 1)
	_ = m.Clone()
	defer func() {
		if recover() == nil {
			t.Fatal("a write after Clone did not panic")
		}
	}()
	m.Set("b", 2)
}

// TestNilMapReadsEmpty: a nil map reads as empty, as a nil Go map does.
func TestNilMapReadsEmpty(t *testing.T) {
	var m *Map[string]
	if m.Len() != 0 || m.Has("a") || m.Get("a") != "" {
		t.Fatal("a nil map is not empty")
	}
	for range m.All() {
		t.Fatal("a nil map yields entries")
	}
}
