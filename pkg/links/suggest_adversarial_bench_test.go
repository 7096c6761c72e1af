package links

// The "did you mean" of links made to defeat the index (issue 17: "bounded per link"), as a
// benchmark: 2,000 broken links of the shapes TestSuggesterBoundedPerLink pins, against the 10,600
// routes of adversarialRoutes. distances/op is the count of edit distances computed.

import (
	"fmt"
	"testing"
)

func adversarialWants(n int) []string {
	shapes := []func(i int) string{
		func(i int) string { return fmt.Sprintf("/docs/the-old-migration-guide-of-major-release-%d", i) },
		func(i int) string {
			return fmt.Sprintf("/docs/product-%d/usage/secrets/rotate-keys-and-tokens-for-every-service", i%50)
		},
		func(i int) string { return fmt.Sprintf("/docs/release-notes-version-%d-%d", i%6, i%100) },
		func(i int) string { return fmt.Sprintf("/docs/product-%d/usage/secrets/lst", i%50) },
		func(i int) string { return fmt.Sprintf("/docs/release-notes-%d", i) },
	}
	out := make([]string, n)
	for i := range out {
		out[i] = shapes[i%len(shapes)](i)
	}
	return out
}

func BenchmarkSuggestAdversarial(b *testing.B) {
	sug := newSuggester(adversarialRoutes())
	wants := adversarialWants(2000)
	sug.closest(wants[0], pathBound(wants[0])) // the index, built once per check
	sug.computed = 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, w := range wants {
			sug.closest(w, pathBound(w))
		}
	}
	b.ReportMetric(float64(sug.computed)/float64(b.N), "distances/op")
}
