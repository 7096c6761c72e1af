package gcstat

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// sink keeps the test's allocations from being optimised away.
var sink [][]byte

func TestSinceCountsCyclesAndBytes(t *testing.T) {
	before := Read()
	for i := 0; i < 64; i++ {
		sink = append(sink, make([]byte, 64<<10))
	}
	runtime.GC()
	runtime.GC()
	d := Read().Since(before)
	sink = nil
	if d.Cycles < 2 {
		t.Errorf("cycles = %d after two runtime.GC calls, want ≥ 2", d.Cycles)
	}
	if d.Alloc < 64*64<<10 {
		t.Errorf("alloc = %d bytes after allocating 4 MiB, want ≥ 4 MiB", d.Alloc)
	}
	if d.Goal == 0 || d.Heap == 0 {
		t.Errorf("heap %d, goal %d: want both read", d.Heap, d.Goal)
	}
	if s, want := d.String(), fmt.Sprintf("gc %d cycles,", d.Cycles); !strings.HasPrefix(s, want) {
		t.Errorf("String() = %q, want it to start %q", s, want)
	}
}
