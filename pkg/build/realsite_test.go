package build

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"docsd/pkg/content"
)

// TestRealSiteServesEveryRoute builds the Vela site and checks that every route of the route list
// (tests/content/testdata/routes.txt) is an output page.
func TestRealSiteServesEveryRoute(t *testing.T) {
	b := New(Options{Root: "../..", Production: true})
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("../../content/blog/authors.yml")
	if err != nil {
		t.Fatal(err)
	}
	authors, err := content.ReadAuthors("authors.yml", raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(authors) != 2 {
		t.Errorf("the blog has %d authors, want 2", len(authors))
	}
	f, err := os.Open("../../tests/content/testdata/routes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "/docs/") {
			continue
		}
		expanded := []string{line}
		if strings.Contains(line, "<author>") {
			expanded = nil
			for _, a := range authors {
				expanded = append(expanded, strings.Replace(line, "<author>", a.Key, 1))
			}
		}
		for _, route := range expanded {
			n++
			if res.Site.Routes.Get(route) == nil {
				t.Errorf("route %s is not built", route)
				continue
			}
			if _, ok := res.Files.Data[res.Site.HTMLPath(route)]; !ok {
				t.Errorf("route %s has no HTML file", route)
			}
		}
	}
	if n < 320 {
		t.Errorf("only %d routes checked", n)
	}
}
