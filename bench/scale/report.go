package main

// The tables of the build benchmark, the memory sampling they need, and the -record step.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

func buildTable(results []result, withHugo bool) string {
	var b strings.Builder
	b.WriteString("| site | pages (products) | link warnings | cold `docsd build --once`, median (min–max) | per page | CPU time, median (per page) | peak RSS, docsd + renderers | output per page (HTML only) |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		d := r.docsd
		products := "the repository's site"
		if r.products > 0 {
			products = fmt.Sprintf("%d products", r.products)
		}
		fmt.Fprintf(&b, "| %s | %d (%s) | %s | %s | %s | %s (%s) | %s | %s (%s) |\n", r.label, d.pages, products, r.linkWarnings,
			spread(d.times), perPage(median(d.times), d.pages), secs(median(d.cpu)), perPage(median(d.cpu), d.pages),
			mb(d.peakKB), kb(d.outBytes, d.pages), kb(d.htmlBytes, d.pages))
	}
	if !withHugo {
		return b.String()
	}
	b.WriteString("\nThe same Markdown built by Hugo, builds alternating with docsd's:\n\n")
	b.WriteString("| site | Hugo pages (HTML files) | cold `hugo`, median (min–max) | **docsd / Hugo, wall time**: ratio of medians (build pair by pair: median, min–max) | Hugo CPU time, median | docsd / Hugo, CPU time | Hugo peak RSS | Hugo output per page |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		d, h := r.docsd, r.hugo
		fmt.Fprintf(&b, "| %s | %d | %s | **%.2f×** (%.2f×, %.2f×–%.2f×) | %s | %.2f× | %s | %s |\n", r.label, h.pages, spread(h.times),
			median(d.times).Seconds()/median(h.times).Seconds(), median(r.ratios), r.ratios[0], r.ratios[len(r.ratios)-1],
			secs(median(h.cpu)), median(d.cpu).Seconds()/median(h.cpu).Seconds(), mb(h.peakKB), kb(h.outBytes, h.pages))
	}
	return b.String()
}

var stepsRe = regexp.MustCompile(`in [0-9.hmsµn]+ \(([^)]*)\)`)

// stepTable shows each step of docsd's median build, in ms and per page, size by size: how each
// step grows with the site.
func stepTable(results []result) string {
	var names []string
	steps := make([]map[string]time.Duration, len(results))
	for i, r := range results {
		steps[i] = map[string]time.Duration{}
		m := stepsRe.FindStringSubmatch(r.docsd.medianOut)
		if m == nil {
			continue
		}
		for _, part := range strings.Split(m[1], ", ") {
			f := strings.Fields(part)
			if len(f) != 2 {
				continue
			}
			d, err := time.ParseDuration(f[1])
			if err != nil {
				continue
			}
			if !slices.Contains(names, f[0]) {
				names = append(names, f[0])
			}
			steps[i][f[0]] = d
		}
	}
	if len(names) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Steps of the median docsd build (as `docsd build --once` reports them), total and per page:\n\n| site | pages |")
	for _, n := range names {
		fmt.Fprintf(&b, " %s |", n)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(names)) + "\n")
	for i, r := range results {
		fmt.Fprintf(&b, "| %s | %d |", r.label, r.docsd.pages)
		for _, n := range names {
			d, ok := steps[i][n]
			if !ok {
				b.WriteString(" |")
				continue
			}
			fmt.Fprintf(&b, " %s (%s) |", d.Round(time.Millisecond), perPage(d, r.docsd.pages))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func spread(t []time.Duration) string {
	if len(t) == 0 {
		return ""
	}
	return fmt.Sprintf("%s (%s–%s)", secs(median(t)), secs(t[0]), secs(t[len(t)-1]))
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func perPage(d time.Duration, pages int) string {
	if pages == 0 {
		return ""
	}
	us := float64(d.Microseconds()) / float64(pages)
	if us >= 1000 {
		return fmt.Sprintf("%.1f ms", us/1000)
	}
	return fmt.Sprintf("%.0f µs", us)
}

func mb(kbs []int64) string {
	if len(kbs) == 0 {
		return ""
	}
	return fmt.Sprintf("%.0f MB", float64(median(kbs))/1024)
}

func kb(bytes int64, pages int) string {
	if pages == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f KB", float64(bytes)/float64(pages)/1024)
}
