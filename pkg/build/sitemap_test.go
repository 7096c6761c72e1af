package build

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	maplayers "docsd/pkg/layered"
	"docsd/pkg/site"
)

// TestRepartitionEqualsPartition adds and removes routes at random (the first route, a part's
// first route, several at once) and checks that splitting again only the parts that hold a change
// gives the parts a split of the whole list gives, names and positions.
func TestRepartitionEqualsPartition(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	const spacing = 8
	var listed []string
	for i := 0; i < 400; i++ {
		listed = append(listed, fmt.Sprintf("/docs/p%04d", i*3))
	}
	cur := &globalsIn{listed: listed, parts: partition(listed, spacing)}
	made := 0
	for step := 0; step < 300; step++ {
		next := slices.Clone(cur.listed)
		var changed []string
		for n := 1 + rng.Intn(3); n > 0; n-- {
			switch op := rng.Intn(4); {
			case op == 0 && len(cur.parts) > 1:
				// A part's first route goes.
				r := cur.listed[cur.parts[1+rng.Intn(len(cur.parts)-1)].start]
				if i, found := slices.BinarySearch(next, r); found {
					next = slices.Delete(next, i, i+1)
					changed = append(changed, r)
				}
			case op == 1 && len(next) > 1:
				i := rng.Intn(len(next))
				if step%50 == 0 {
					i = 0 // the first route
				}
				changed = append(changed, next[i])
				next = slices.Delete(next, i, i+1)
			default:
				r := fmt.Sprintf("/docs/p%04d", rng.Intn(1300))
				if i, found := slices.BinarySearch(next, r); !found {
					next = slices.Insert(next, i, r)
					changed = append(changed, r)
				}
			}
		}
		want := partition(next, spacing)
		got, fresh, ok := repartition(cur, next, changed, spacing)
		if ok {
			made++
			if !slices.Equal(got, want) {
				t.Fatalf("step %d (changed %v): repartition made %v, want %v", step, changed, got, want)
			}
			// The parts not made anew are the last ones, moved.
			for i, p := range got {
				if !slices.Contains(fresh, i) && !slices.ContainsFunc(cur.parts, func(o sitemapPart) bool { return o.name == p.name }) {
					t.Fatalf("step %d: part %s, not made anew, is new", step, p.name)
				}
			}
			// A route changes its part, and the one before when it begins one; a part may split.
			if len(fresh) > 3*len(changed) {
				t.Errorf("step %d: %d parts made anew of %d, for %d changed routes", step, len(fresh), len(got), len(changed))
			}
		}
		cur = &globalsIn{listed: next, parts: want}
	}
	if made < 250 {
		t.Errorf("repartition answered %d of 300 steps, want nearly all", made)
	}
}

// TestRelistedEqualsRemoveAndInsert: relisted's merge gives what taking the gone and remade routes
// out and putting the listed ones of remade back in their places gives, over random edits.
func TestRelistedEqualsRemoveAndInsert(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	route := func() string { return fmt.Sprintf("/r%03d", rng.Intn(200)) }
	for step := 0; step < 200; step++ {
		s := &site.Site{Routes: maplayers.New[*site.Route]()}
		var listed []string
		for i := 0; i < 60; i++ {
			listed = append(listed, route())
		}
		slices.Sort(listed)
		listed = slices.Compact(listed)
		var gone, remade []string
		for i := rng.Intn(5); i > 0; i-- {
			gone = append(gone, listed[rng.Intn(len(listed))])
		}
		for i := rng.Intn(8); i > 0; i-- {
			p := route()
			if rng.Intn(2) == 0 {
				p = listed[rng.Intn(len(listed))]
			}
			remade = append(remade, p)
			s.Routes.Set(p, &site.Route{Path: p, Listed: rng.Intn(4) > 0, Data: &site.PageData{NoIndex: rng.Intn(6) == 0}})
		}
		want := relistedByMoves(listed, s, gone, remade)
		if got := relisted(listed, s, gone, remade); !slices.Equal(got, want) {
			t.Fatalf("step %d: gone %v, remade %v:\n got %v\nwant %v", step, gone, remade, got, want)
		}
	}
}

// relistedByMoves is relisted as it was written before: a delete and an insert per route.
func relistedByMoves(listed []string, s *site.Site, gone, remade []string) []string {
	want := slices.Clone(listed)
	for _, p := range append(slices.Clone(gone), remade...) {
		if i, found := slices.BinarySearch(want, p); found {
			want = slices.Delete(want, i, i+1)
		}
	}
	for _, p := range remade {
		if r := s.Routes.Get(p); r != nil && r.Listed && !r.Data.NoIndex {
			if i, found := slices.BinarySearch(want, p); !found {
				want = slices.Insert(want, i, p)
			}
		}
	}
	return want
}

// BenchmarkRelisted: the sitemap's list of 30,000 routes after a re-assembly that made a sidebar's
// 100 routes again (a title edit, a page added), merged and by moves, and the parts of a split
// sitemap it changes found again. go test ./pkg/build -run '^$' -bench Relisted
func BenchmarkRelisted(b *testing.B) {
	s := &site.Site{Routes: maplayers.New[*site.Route]()}
	var listed, remade []string
	for i := 0; i < 30000; i++ {
		listed = append(listed, fmt.Sprintf("/docs/p%03d/usage/page-%05d", i/300, i))
	}
	slices.Sort(listed)
	for _, p := range listed[15000:15100] {
		remade = append(remade, p)
		s.Routes.Set(p, &site.Route{Path: p, Listed: true, Data: &site.PageData{}})
	}
	b.Run("merge", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			relisted(listed, s, nil, remade)
		}
	})
	b.Run("moves", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			relistedByMoves(listed, s, nil, remade)
		}
	})
	last := &globalsIn{listed: listed, parts: partition(listed, sitemapSpacing)}
	b.Run("repartition", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			repartition(last, listed, remade, sitemapSpacing)
		}
	})
	b.Run("partition", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			partition(listed, sitemapSpacing)
		}
	})
}

// TestSitemapCrossesItsThreshold: an edit that takes the listed routes above the threshold makes
// sitemap.xml an index of parts, one that takes them back makes it a urlset again and removes the
// parts, each as a full build writes it; the index names its parts under the base path.
func TestSitemapCrossesItsThreshold(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	first, err := b.Build()
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, p := range first.Site.Order {
		if r := first.Site.Routes.Get(p); r.Listed && !r.Data.NoIndex {
			listed++
		}
	}
	opts.sitemap = sitemapLimits{splitAt: listed, spacing: 2}
	b = New(opts)
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	parts := func(res *Result) (n int) {
		for _, p := range res.Files.Paths() {
			if strings.HasPrefix(p, "sitemap-") {
				n++
			}
		}
		return n
	}
	if n := parts(res); n != 0 || !strings.Contains(string(res.Files.Data["sitemap.xml"]), "<urlset") {
		t.Fatalf("at the threshold: %d parts; want one urlset", n)
	}
	f := "content/docs/guide/above.md"
	write(t, root, f, "---\ntitle: Above\n---\n\nOne route more.\n")
	if res, err = b.Rebuild([]string{f}); err != nil {
		t.Fatal(err)
	}
	index := string(res.Files.Data["sitemap.xml"])
	if n := parts(res); n < 2 || !strings.Contains(index, "<sitemapindex") || !strings.Contains(index, "<loc>"+strings.TrimSuffix(res.Site.Config.URL, "/")+res.Site.Config.BasePath+"sitemap-") {
		t.Fatalf("above the threshold: %d parts and index %s", n, index)
	}
	equalsFresh(t, opts, "above the threshold", res)
	if err := os.Remove(filepath.Join(root, f)); err != nil {
		t.Fatal(err)
	}
	if res, err = b.Rebuild([]string{f}); err != nil {
		t.Fatal(err)
	}
	if n := parts(res); n != 0 || !strings.Contains(string(res.Files.Data["sitemap.xml"]), "<urlset") {
		t.Fatalf("back at the threshold: %d parts; want one urlset", n)
	}
	equalsFresh(t, opts, "back at the threshold", res)
}
