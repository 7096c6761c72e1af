package build

import (
	"testing"
	"time"
)

// The trace lines of docsd watch and bench/scale/edits print a build's steps by name, each to 10 µs.
func TestStepTimesSortedByName(t *testing.T) {
	r := &Result{Timings: map[string]time.Duration{"search": 1234567 * time.Nanosecond, "assemble": 503 * time.Microsecond, "pages": 2 * time.Millisecond}}
	if got, want := r.StepTimes(), "assemble 500µs, pages 2ms, search 1.23ms"; got != want {
		t.Errorf("StepTimes() = %q, want %q", got, want)
	}
}
