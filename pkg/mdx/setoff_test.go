package mdx

import "testing"

// setOff's own contract, tested directly: today the run split's rule that a run is set off by blank
// lines makes its two conditions redundant in every page the split tests make (mdx22 took each out
// and no split changed), so only this test fails if either is loosened.
func TestSetOffNeedsPlacedBlocksSetOffByBlankLines(t *testing.T) {
	// Lines 0–1 a block, 2 blank, 3 a block, 4 blank, 5 a block; 6 directly under 5.
	blankLines := map[int]bool{2: true, 4: true}
	blank := func(i int) bool { return blankLines[i] }
	at := func(first, last int, placed bool) *chunk { return &chunk{first: first, last: last, placed: placed} }
	cases := []struct {
		name   string
		chunks []*chunk
		i, j   int
		want   bool
	}{
		{"placed, each after a blank line, the next one too", []*chunk{at(0, 1, true), at(3, 3, true), at(5, 5, true)}, 0, 2, true},
		{"the run ends the page", []*chunk{at(0, 1, true), at(3, 3, true)}, 0, 2, true},
		{"a block nodeStart did not place", []*chunk{at(0, 1, true), at(3, 3, false), at(5, 5, true)}, 0, 2, false},
		{"a block not after a blank line", []*chunk{at(0, 1, true), at(3, 3, true), at(5, 5, true), at(6, 6, true)}, 2, 4, false},
		{"the block after the run not after a blank line", []*chunk{at(3, 3, true), at(5, 5, true), at(6, 6, true)}, 0, 2, false},
	}
	for _, c := range cases {
		if got := setOff(c.chunks, c.i, c.j, blank); got != c.want {
			t.Errorf("%s: setOff = %v, want %v", c.name, got, c.want)
		}
	}
}
