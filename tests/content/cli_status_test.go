package content

// This file makes the CLI reference agree with the API reference on HTTP statuses: an error status a
// CLI page names ("A 404 error", "(HTTP 429)", "with a 401 status", "401 or 403") must be one that the
// API pages it links to list in their Responses tables, since the CLI only passes on what the server
// answers. The API tables themselves are checked against the handlers by the API tests and audits.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var (
	// a status in running text: after HTTP, a/an, status, "or", or an opening parenthesis
	statusMention = regexp.MustCompile(`(?:\bHTTP |\b[Aa]n? |\bstatus |\bor |\()([45]\d\d)\b`)
	// a link from a CLI page to an API page
	apiPageLink = regexp.MustCompile(`\]\(((?:\.\./)+api/[^)#\s]+\.md)`)
	// a row of a Responses table: its first cell is the status
	statusRow = regexp.MustCompile("(?m)^\\|\\s*`?(\\d{3})\\b")
)

// linkedAPIStatuses returns the statuses the API pages linked from a CLI page list, and the pages.
func linkedAPIStatuses(t *testing.T, file, body string) (map[string]bool, []string) {
	t.Helper()
	out := map[string]bool{}
	var pages []string
	for _, m := range apiPageLink.FindAllStringSubmatch(body, -1) {
		p := filepath.Join(filepath.Dir(file), m[1])
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: links %s: %v", file, m[1], err)
			continue
		}
		pages = append(pages, p)
		for _, s := range statusRow.FindAllStringSubmatch(string(raw), -1) {
			out[s[1]] = true
		}
	}
	return out, pages
}

// checkCLIStatuses returns one message for each status the body names that the linked API pages do
// not list, and how many it read.
func checkCLIStatuses(statuses map[string]bool, file, body string, offset int) (read int, errs []string) {
	body = anyFence.ReplaceAllStringFunc(body, func(s string) string { return strings.Repeat("\n", strings.Count(s, "\n")) })
	for i, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "|") {
			continue // tables of a CLI page list flags, not answers
		}
		for _, m := range statusMention.FindAllStringSubmatch(line, -1) {
			read++
			if !statuses[m[1]] {
				var have []string
				for s := range statuses {
					have = append(have, s)
				}
				sort.Strings(have)
				errs = append(errs, fmt.Sprintf("%s:%d: names HTTP %s, which the API pages it links do not list (they list %s)", file, i+1+offset, m[1], strings.Join(have, ", ")))
			}
		}
	}
	return read, errs
}

// cliReferenceFiles are the pages under content/docs/reference/cli.
func cliReferenceFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, f := range contentFiles(t) {
		if strings.Contains(filepath.ToSlash(f), "/docs/reference/cli/") {
			out = append(out, f)
		}
	}
	return out
}

// TestCLIStatusesMatchAPIPages checks every CLI reference page that links an API page.
func TestCLIStatusesMatchAPIPages(t *testing.T) {
	read, linked := 0, 0
	for _, f := range cliReferenceFiles(t) {
		body, off := readBody(t, f)
		statuses, pages := linkedAPIStatuses(t, f, body)
		if len(pages) == 0 {
			continue
		}
		linked++
		n, errs := checkCLIStatuses(statuses, f, body, off)
		read += n
		for _, e := range errs {
			t.Error(e)
		}
	}
	if linked < 40 || read < 20 {
		t.Fatalf("only %d CLI pages link an API page and %d statuses were read", linked, read)
	}
	t.Logf("checked %d statuses on %d CLI pages that link an API page", read, linked)
}

// TestCLIStatusesCatchPlantedErrors plants the two errors this check was written after into the real
// pages: a missing secret called a 404 and a permission failure called "401 or 403".
func TestCLIStatusesCatchPlantedErrors(t *testing.T) {
	for _, c := range []struct{ page, from, to string }{
		{"secret/view.md", "(HTTP 500, not 404,", "(HTTP 404,"},
		{"settings/update.md", "- A 401 error:", "- A 401 or 403 error:"},
		{"repo/view.md", "- A 404 error:", "- A 410 error:"},
	} {
		file := filepath.Join(repoRoot, "content", "docs", "reference", "cli", filepath.FromSlash(c.page))
		body, off := readBody(t, file)
		statuses, _ := linkedAPIStatuses(t, file, body)
		if _, errs := checkCLIStatuses(statuses, file, body, off); len(errs) != 0 {
			t.Fatalf("%s as it is: want no errors, got %v", c.page, errs)
		}
		planted := strings.Replace(body, c.from, c.to, 1)
		if planted == body {
			t.Fatalf("%s: %q not found", c.page, c.from)
		}
		if _, errs := checkCLIStatuses(statuses, file, planted, off); len(errs) != 1 {
			t.Errorf("%s with %q: want 1 error, got %v", c.page, c.to, errs)
		}
	}
}
