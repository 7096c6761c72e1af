package server

import (
	"net/http"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"docsd/pkg/build"
)

// TestNginxServesTheRealSite builds the Vela site, serves it with the shipped nginx configuration
// and follows every link of every page from the landing page: each must answer 200 (after the
// contract's redirects), so the site as deployed has no broken link, whatever wrote the link (the
// Markdown, the shell, the configuration).
func TestNginxServesTheRealSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole site")
	}
	nginxBinary(t) // skip before the build when nginx cannot be had
	addr := startNginxWith(t, func(t *testing.T, www string) {
		if _, err := build.Once(build.Options{Root: "../..", SiteDir: "../../site", Out: filepath.Join(www, "docs"), Production: true}); err != nil {
			t.Fatalf("building the site: %v", err)
		}
	}, testConf)
	ref := regexp.MustCompile(`(?:href|src)="(/docs/[^"#?]*)`)
	seen := map[string]bool{}
	from := map[string]string{}
	queue := []string{"/docs/"}
	var bad []string
	pages := 0
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		resp, body := rawGet(t, addr, p)
		switch {
		case resp.StatusCode == http.StatusMovedPermanently:
			loc := resp.Header.Get("Location")
			from[loc] = p
			queue = append(queue, loc)
			continue
		case resp.StatusCode != http.StatusOK:
			bad = append(bad, p+" answers "+resp.Status+" (linked from "+from[p]+")")
			continue
		case !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html"):
			continue
		}
		pages++
		for _, m := range ref.FindAllStringSubmatch(body, -1) {
			target := strings.ReplaceAll(m[1], "&amp;", "&")
			if !seen[target] {
				if _, ok := from[target]; !ok {
					from[target] = p
				}
				queue = append(queue, target)
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("%d broken links in the site as nginx serves it:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	// Pages go gzipped to clients that accept it, as docsd serve sends them.
	resp, _ := rawGetWith(t, addr, "/docs/", "Accept-Encoding: gzip\r\n")
	if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
		t.Errorf("/docs/ with Accept-Encoding: gzip: Content-Encoding %q, Vary %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
	if pages < 300 {
		t.Errorf("only %d pages reached from /docs/: the crawl did not follow the site's links", pages)
	}
}
