package main

// The -trace line of one edit: where a slow edit's time went. Wall time on a shared machine says
// little; the steps the builder timed, and what Go's collector did meanwhile (internal/gcstat), are
// what load does not make up.

import (
	"fmt"
	"time"

	"docsd/internal/gcstat"
	"docsd/pkg/build"
)

// traceLine is one edit: its wall and CPU time, when its page went out (early), each step the
// builder timed, and the collector's work during it.
func traceLine(total, early, cpu time.Duration, res *build.Result, gc gcstat.Reading) string {
	return fmt.Sprintf("total %s early %s cpu %s rendered %d | %s | %s",
		total.Round(10*time.Microsecond), early.Round(10*time.Microsecond), cpu, res.Rendered, res.StepTimes(), gc)
}
