package links_test

// The link check of a big site with many broken links (issue 17): a pull request that renames a
// folder breaks hundreds of links at once, and each one gets a "did you mean". This file generates
// such a site in memory-sized form on disk (10,000 doc pages, 2,000 broken links of the shapes
// writers make) and times links.Run on it.

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"docsd/pkg/build"
	"docsd/pkg/config"
	"docsd/pkg/content"
	"docsd/pkg/graph"
	"docsd/pkg/links"
	"docsd/pkg/markdown"
	"docsd/pkg/site"
)

var (
	genSections = []string{"usage", "reference", "guides", "admin"}
	genTopics   = []string{"secrets", "pipelines", "workers", "webhooks", "builds"}
	genPages    = []string{"rotate-keys", "create", "delete", "list", "update", "configure", "troubleshoot",
		"overview", "install", "migrate"}
)

// genTypo makes the mistakes writers make in a name: a dropped, doubled, swapped or wrong letter.
func genTypo(r *rand.Rand, s string) string {
	if len(s) < 3 {
		return s + "x"
	}
	i := 1 + r.Intn(len(s)-2)
	switch r.Intn(4) {
	case 0:
		return s[:i] + s[i+1:]
	case 1:
		return s[:i] + s[i:i+1] + s[i:]
	case 2:
		return s[:i-1] + s[i:i+1] + s[i-1:i] + s[i+1:]
	default:
		return s[:i] + "q" + s[i+1:]
	}
}

// genBrokenSite writes a site of products×4×5×10 doc pages under dir (50 products: 10,000 pages)
// with two links on every page and broken ones on `broken` of them: route typos, renamed folders,
// relative .md typos, missing images and anchors, and links to pages that are gone.
func genBrokenSite(tb testing.TB, dir string, products, broken int) {
	tb.Helper()
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("docsd.toml", `title = "Big"
url = "https://example.test"
base_path = "/docs/"

[navbar]
title = "Big"

[[versions]]
name = "current"
label = "1.0"
path = "/docs"
is_last = true

[[locales]]
code = "en"
label = "English"
default = true
`)
	r := rand.New(rand.NewSource(17))
	type page struct{ product, section, topic, name string }
	var pages []page
	for p := 0; p < products; p++ {
		for _, s := range genSections {
			for _, t := range genTopics {
				for _, n := range genPages {
					pages = append(pages, page{fmt.Sprintf("product-%d", p), s, t, n})
				}
			}
		}
	}
	for p := 0; p < products; p++ {
		write(fmt.Sprintf("content/static/img/product-%d/diagram.png", p), "png")
	}
	route := func(pg page) string {
		return "/docs/" + pg.product + "/" + pg.section + "/" + pg.topic + "/" + pg.name
	}
	perPage := (broken + len(pages) - 1) / len(pages)
	left := broken
	for i, pg := range pages {
		other := pages[r.Intn(len(pages))]
		var b strings.Builder
		fmt.Fprintf(&b, "# %s %s\n\n## Example\n\nSee [%s](%s) and [the %s page](./%s.md).\n\n",
			pg.topic, pg.name, other.name, route(other), pg.name, pages[i/10*10+(i+1)%10].name)
		for k := 0; k < perPage && left > 0; k++ {
			left--
			t := pages[r.Intn(len(pages))]
			var dest string
			switch r.Intn(8) {
			case 0, 1: // a typo in the page name
				dest = "/docs/" + t.product + "/" + t.section + "/" + t.topic + "/" + genTypo(r, t.name)
			case 2: // a renamed folder
				dest = "/docs/" + t.product + "/" + t.section + "/" + strings.TrimSuffix(t.topic, "s") + "/" + t.name
			case 3: // a relative .md link with a typo
				dest = "../" + t.topic + "/" + genTypo(r, t.name) + ".md"
			case 4: // a missing image
				dest = "/docs/img/" + t.product + "/" + genTypo(r, "diagram") + ".png"
			case 5: // an anchor with a typo
				dest = route(t) + "#" + genTypo(r, "example")
			case 6: // a page that is gone
				dest = "/docs/" + t.product + "/legacy/" + t.topic + "/old-" + t.name
			default: // a typo in the product
				dest = "/docs/" + genTypo(r, t.product) + "/" + t.section + "/" + t.topic + "/" + t.name
			}
			if strings.HasSuffix(dest, ".png") {
				fmt.Fprintf(&b, "![diagram](%s)\n\n", dest)
			} else {
				fmt.Fprintf(&b, "Read [more](%s).\n\n", dest)
			}
		}
		write("content/docs/"+pg.product+"/"+pg.section+"/"+pg.topic+"/"+pg.name+".md", b.String())
	}
}

// loadGenSite processes and assembles a generated site, as a build does before its link check.
func loadGenSite(tb testing.TB, dir string) links.Input {
	tb.Helper()
	cfg, err := config.Load(filepath.Join(dir, "docsd.toml"))
	if err != nil {
		tb.Fatal(err)
	}
	sources, _, err := content.Scan(filepath.Join(dir, "content"), build.Layout(cfg))
	if err != nil {
		tb.Fatal(err)
	}
	parsed, err := site.Process(markdown.New(), sources)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := site.Assemble(cfg, parsed, graph.New())
	if err != nil {
		tb.Fatal(err)
	}
	statics := map[string]string{}
	for _, src := range s.Statics { // as pkg/build maps them
		if strings.HasPrefix(src.Path, "static/") {
			statics[src.Path] = cfg.BasePath + src.Rel
		} else {
			statics[src.Path] = cfg.BasePath + "assets/files/" + src.Rel
		}
	}
	return links.Input{Site: s, Statics: statics}
}

// BenchmarkSuggestBrokenLinks10k is the link check of a 10,000-page site with 2,000 broken links,
// nearly all of which get a "did you mean" searched among the routes, sources and files.
func BenchmarkSuggestBrokenLinks10k(b *testing.B) {
	dir := b.TempDir()
	genBrokenSite(b, dir, 50, 2000)
	in := loadGenSite(b, dir)
	// CPU time beside wall time: on a shared machine the wall time is the load's.
	cpu0 := processCPU(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep := links.Run(in)
		if i == 0 {
			b.ReportMetric(float64(len(rep.Problems)), "problems")
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// processCPU is the user and system time of this process so far (every goroutine, the
// collector's included).
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
