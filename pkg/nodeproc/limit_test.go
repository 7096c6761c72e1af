package nodeproc

import (
	"testing"
	"time"
)

func TestLimit(t *testing.T) {
	for _, c := range []struct {
		env  string
		want time.Duration
		ok   bool
	}{
		{"", DefaultLimit, true},
		{"120", 120 * time.Second, true},
		{"1.5", 1500 * time.Millisecond, true},
		{"2m", 2 * time.Minute, true},
		{" 30s ", 30 * time.Second, true},
		{"0", 0, false},
		{"-5", 0, false},
		{"soon", 0, false},
	} {
		got, err := Limit(func(name string) string {
			if name != LimitEnv {
				t.Fatalf("read %s", name)
			}
			return c.env
		})
		if (err == nil) != c.ok || c.ok && got != c.want {
			t.Errorf("%s=%q: %v, %v; want %v (ok %v)", LimitEnv, c.env, got, err, c.want, c.ok)
		}
		if !c.ok && LimitOrDefault(func(string) string { return c.env }) != DefaultLimit {
			t.Errorf("LimitOrDefault(%q) is not the default", c.env)
		}
	}
}

// A watchdog told the process went idle does not fire (its limit is an hour: it never would in
// the test); one left busy fires with the limit it started with.
func TestWatchdogFiresOnlyWhileBusy(t *testing.T) {
	fired := make(chan time.Duration, 4)
	w := NewWatchdog(time.Hour, func(d time.Duration) { fired <- d })
	w.Busy()
	w.Idle()
	w.SetLimit(time.Millisecond)
	w.Busy()
	if d := <-fired; d != time.Millisecond {
		t.Fatalf("fired with %v, want the limit of the last Busy", d)
	}
}

// Oldest names the request a process answering in order was working on: the smallest id waiting.
func TestOldestWaiting(t *testing.T) {
	if got := Oldest(map[int64]int{7: 0, 3: 0, 12: 0}); got != 3 {
		t.Errorf("Oldest = %d, want 3", got)
	}
	if got := Oldest(map[int64]int{}); got != 0 {
		t.Errorf("Oldest of none = %d, want 0", got)
	}
}
