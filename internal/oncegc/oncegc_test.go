package oncegc

import "testing"

// The memory limit of docsd build --once grows with the site from a floor, up to a ceiling that
// keeps a 50,000-page build within issue #17's 2 GB (with its renderers).
func TestOnceLimit(t *testing.T) {
	for _, c := range []struct {
		sources  int
		mdxBytes int64
		want     int64
	}{
		{0, 0, MemoryFloor},
		{300, 0, MemoryFloor},
		{10_000, 0, 10_000 * PerSource},
		{50_000, 0, MemoryCeiling},
		{1_000_000, 0, MemoryCeiling},
		// 200 MDX pages of 24.5 KB kept 210 MB live: the floor alone made the collector run all
		// the time.
		{200, 200 * 24_500, 200*PerSource + 200*24_500*PerMDXByte},
		{900, 900 * 8_300, 900*PerSource + 900*8_300*PerMDXByte},
		{10_000, 1 << 30, MemoryCeiling},
	} {
		if got := Limit(c.sources, c.mdxBytes); got != c.want {
			t.Errorf("Limit(%d, %d) = %d MiB, want %d MiB", c.sources, c.mdxBytes, got>>20, c.want>>20)
		}
	}
	if Limit(200, 200*24_500) < 2*210<<20 {
		t.Errorf("Limit of 200 pages of 24.5 KB MDX = %d MiB, under twice the 210 MB they keep live", Limit(200, 200*24_500)>>20)
	}
	if MemoryCeiling+256<<20 > 2000<<20 {
		t.Errorf("a ceiling of %d MiB leaves the renderers too little of 2 GB", MemoryCeiling>>20)
	}
}
