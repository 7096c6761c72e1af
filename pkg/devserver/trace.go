package devserver

// The rebuild trace (docsd watch --trace): one line per rebuild saying when it started, when the
// pages on screen went out and when it ended (wall clock, so a benchmark can line them up with the
// file write and the browser's update), each step's time, and what Go's collector did meanwhile.
// A few title edits at 30,000 pages took ten times the median, and no step's timing said why
// (issue #16): the collector's cycles over a 900 MB heap are the part the steps do not show.

import (
	"fmt"
	"time"

	"docsd/internal/gcstat"
	"docsd/pkg/build"
)

// rebuildTrace follows one rebuild.
type rebuildTrace struct {
	paths        int
	start, early time.Time
	gc           gcstat.Reading
}

func startTrace(changed []string) *rebuildTrace {
	return &rebuildTrace{paths: len(changed), start: time.Now(), gc: gcstat.Read()}
}

// pushed records the moment the pages on screen went out (the first one only).
func (t *rebuildTrace) pushed() {
	if t != nil && t.early.IsZero() {
		t.early = time.Now()
	}
}

// line is the trace of the finished rebuild. Times are milliseconds since the Unix epoch (start,
// early: "-" when nothing went out early, done) and durations from the start.
func (t *rebuildTrace) line(res *build.Result, err error) string {
	done := time.Now()
	unixMS := func(at time.Time) string { return fmt.Sprintf("%.1f", float64(at.UnixMicro())/1000) }
	early, earlyAfter := "-", "-"
	if !t.early.IsZero() {
		early, earlyAfter = unixMS(t.early), t.early.Sub(t.start).Round(10*time.Microsecond).String()
	}
	steps := ""
	rendered, outcome := 0, "ok"
	if err != nil {
		outcome = "failed"
	} else if res != nil {
		rendered = res.Rendered
		if res.LinksChecked == nil {
			// No link check ran: newer edits stopped the rebuild after the pages on screen (or
			// the edit had no page to check).
			outcome = "no-link-check"
		}
		steps = res.StepTimes()
	}
	return fmt.Sprintf("trace: start=%s early=%s done=%s paths=%d rendered=%d %s | early after %s, done after %s | %s | %s",
		unixMS(t.start), early, unixMS(done), t.paths, rendered, outcome, earlyAfter, done.Sub(t.start).Round(10*time.Microsecond),
		steps, gcstat.Read().Since(t.gc))
}
