package nodeproc

import (
	"strings"
	"sync"
)

// StderrLimit is how much of a process's stderr is kept: enough to say why it stopped (a stack
// trace), while a process that writes warnings all day cannot grow docsd's memory with them.
const StderrLimit = 64 << 10

// Stderr keeps the first StderrLimit bytes a process writes on stderr, as exec.Cmd.Stderr. Writes
// past the limit are accepted and dropped, so the process never blocks on its stderr.
type Stderr struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *Stderr) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if room := StderrLimit - s.b.Len(); room > 0 {
		s.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// String is what was kept.
func (s *Stderr) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
