package nodeproc

import (
	"strings"
	"testing"
)

// A process that writes far more than the limit on stderr costs docsd no more than the limit, and
// what is kept is the start (where a stack trace says why), byte for byte.
func TestStderrKeepsItsStartOnly(t *testing.T) {
	var s Stderr
	line := strings.Repeat("x", 999) + "\n"
	for i := 0; i < 200; i++ { // 200 KB, three times the limit
		n, err := s.Write([]byte(line))
		if n != len(line) || err != nil {
			t.Fatalf("write %d: %d, %v; want every byte accepted", i, n, err)
		}
	}
	if got := s.String(); len(got) != StderrLimit || got != strings.Repeat(line, 200)[:StderrLimit] {
		t.Fatalf("kept %d bytes, want the first %d", len(got), StderrLimit)
	}
}
