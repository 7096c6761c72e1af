package nodeproc

import (
	"errors"
	"testing"
)

func TestStopReason(t *testing.T) {
	cases := []struct {
		stderr  string
		waitErr error
		want    string
	}{
		{"  Error: boom\n", errors.New("exit status 1"), "Error: boom"},
		{"", errors.New("signal: killed"), "signal: killed, it wrote nothing on stderr"},
		{" \n", nil, "it wrote nothing on stderr"},
	}
	for _, c := range cases {
		if got := StopReason(c.stderr, c.waitErr); got != c.want {
			t.Errorf("StopReason(%q, %v) = %q, want %q", c.stderr, c.waitErr, got, c.want)
		}
	}
}
