// Package content holds the checks that keep the Vela site's pages honest: every route of the route
// list has a page with real content, and the reference pages cover every fact of the lists kept in
// testdata/ (API routes, CLI flags, settings, YAML fields). The helpers here are shared by those checks.
package content

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// repoRoot is two folders up from this package.
const repoRoot = "../.."

// page is one Markdown file read for checking.
type page struct {
	Route string
	File  string
	Front map[string]any
	Body  string // Markdown after the front matter
	Prose string // Body without fenced code, for word counts
}

var (
	frontMatter = regexp.MustCompile(`(?s)\A---\n(.*?)\n---\n`)
	fencedCode  = regexp.MustCompile("(?ms)^```.*?^```[^\n]*$|^~~~.*?^~~~[^\n]*$")
	wordRe      = regexp.MustCompile(`[A-Za-z0-9_]+`)
)

// routes returns the routes of testdata/routes.txt that start with prefix, in file order.
func routes(t *testing.T, prefix string) []string {
	t.Helper()
	f, err := os.Open("testdata/routes.txt")
	if err != nil {
		t.Fatalf("route list: %v", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "/docs/") && strings.HasPrefix(line, prefix) {
			out = append(out, line)
		}
	}
	return out
}

// listLine is one entry of a list in testdata: its line number (from 1, for messages), the line
// without surrounding white space, and its fields separated by white space.
type listLine struct {
	N      int
	Text   string
	Fields []string
}

// listLines reads a list in testdata whose entries are one a line with fields separated by white
// space; blank lines and lines starting with # are skipped. what names the list in the message of a
// file that cannot be read.
func listLines(t *testing.T, what, file string) []listLine {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	defer f.Close()
	var out []listLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, listLine{N: n, Text: line, Fields: strings.Fields(line)})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return out
}

// docFile maps a doc route to its Markdown file: a route with routes below it is its folder's
// index.md, any other route is <route>.md (CONTRIBUTING.md, "Where a page lives").
func docFile(t *testing.T, route string) string {
	t.Helper()
	rel := strings.TrimPrefix(route, "/docs/")
	for _, other := range routes(t, route+"/") {
		if other != route {
			return filepath.Join(repoRoot, "content", "docs", rel, "index.md")
		}
	}
	return filepath.Join(repoRoot, "content", "docs", rel+".md")
}

// readPage reads and splits one doc page; it fails the test when the file is missing or its front
// matter does not parse.
func readPage(t *testing.T, route string) page {
	t.Helper()
	file := docFile(t, route)
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%s: %v", route, err)
	}
	p := page{Route: route, File: file, Body: string(raw)}
	if m := frontMatter.FindStringSubmatch(p.Body); m != nil {
		if err := yaml.Unmarshal([]byte(m[1]), &p.Front); err != nil {
			t.Fatalf("%s: front matter: %v", file, err)
		}
		p.Body = p.Body[len(m[0]):]
	}
	p.Prose = fencedCode.ReplaceAllString(p.Body, " ")
	return p
}

// words counts the words of the page's prose (tables and inline code included, fenced code not).
func (p page) words() int { return len(wordRe.FindAllString(p.Prose, -1)) }

// isIndex reports whether the page is a folder's index.md.
func (p page) isIndex() bool { return filepath.Base(p.File) == "index.md" }
