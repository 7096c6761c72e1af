package oncegc

import "testing"

// The memory limit of docsd build --once grows with the site from a floor, up to a ceiling that
// keeps a 50,000-page build within issue #17's 2 GB (with its renderers).
func TestOnceLimit(t *testing.T) {
	for _, c := range []struct {
		sources int
		want    int64
	}{
		{0, MemoryFloor},
		{300, MemoryFloor},
		{10_000, 10_000 * PerSource},
		{50_000, MemoryCeiling},
		{1_000_000, MemoryCeiling},
	} {
		if got := Limit(c.sources); got != c.want {
			t.Errorf("Limit(%d) = %d MiB, want %d MiB", c.sources, got>>20, c.want>>20)
		}
	}
	if MemoryCeiling+256<<20 > 2000<<20 {
		t.Errorf("a ceiling of %d MiB leaves the renderers too little of 2 GB", MemoryCeiling>>20)
	}
}
