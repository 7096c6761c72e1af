package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// docsd watch's memory limit follows the live heap: half of it again, never below the floor;
// GOMEMLIMIT in the environment wins.
func TestWatchMemoryLimitFollowsTheLiveHeap(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	if got := watchLimit(400 << 20); got != 600<<20 {
		t.Errorf("limit for 400 MiB live = %d MiB, want 600", got>>20)
	}
	if got := watchLimit(10 << 20); got != watchFloor {
		t.Errorf("limit for 10 MiB live = %d MiB, want the floor", got>>20)
	}
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(old)
	watchMemoryLimit()
	if got := debug.SetMemoryLimit(-1); got != old {
		t.Errorf("with GOMEMLIMIT set the limit changed to %d", got)
	}
	// Without it (t.Setenv puts it back at the end).
	os.Unsetenv("GOMEMLIMIT")
	watchMemoryLimit()
	if got, want := debug.SetMemoryLimit(-1), watchLimit(sample[0].Value.Uint64()); got == old || got < watchFloor || got > want*2 {
		t.Errorf("limit %d, want about %d", got, want)
	}
}
