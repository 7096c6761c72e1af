package build

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"docsd/pkg/links"
)

// TestBodyEditsPatchTheLinkReport: a body edit's link check reads only the edited page and patches
// the last report's sums (pkg/links/sums.go): a broken link, an external link and a link to a page
// nothing else leads to come and go with edits of one or two pages, and after each the whole report
// (problems, external links, orphans) is a full check's.
func TestBodyEditsPatchTheLinkReport(t *testing.T) {
	root, opts := siteCopy(t, true)
	const orphan = "/docs/other/lonely"
	write(t, root, "content/docs/other/lonely.md", "# Lonely\n\nIn no sidebar, and no page links here.\n")
	b := New(opts)
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	isOrphan := func(res *Result) bool {
		return slices.ContainsFunc(res.Links.Orphans, func(o links.Orphan) bool { return o.Route == orphan })
	}
	if !isOrphan(first) {
		t.Fatalf("%s is not an orphan of the first build: %v", orphan, first.Links.Orphans)
	}
	setup, intro := "content/docs/guide/setup.md", "content/docs/guide/intro.md"
	texts := map[string]string{setup: read(t, root, setup), intro: read(t, root, intro)}
	added := "\nSee [the lonely page](../other/lonely.md), [an example](https://example.com/patched) and [nothing](nothing-here.md).\n"
	steps := []struct {
		name   string
		with   map[string]bool // the pages holding the links
		orphan bool
	}{
		{"links added to setup", map[string]bool{setup: true}, false},
		{"and to intro", map[string]bool{setup: true, intro: true}, false},
		{"removed from setup", map[string]bool{intro: true}, false},
		{"removed from intro", map[string]bool{}, true},
	}
	held := map[string]bool{}
	for _, s := range steps {
		var changed, routes []string
		for _, f := range []string{intro, setup} {
			if s.with[f] == held[f] {
				continue
			}
			text := texts[f]
			if s.with[f] {
				text += added
			}
			write(t, root, f, text)
			changed = append(changed, f)
			routes = append(routes, "/docs/"+strings.TrimSuffix(strings.TrimPrefix(f, "content/docs/"), ".md"))
		}
		held = s.with
		res, err := b.Rebuild(changed)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		slices.Sort(routes)
		if !slices.Equal(res.LinksChecked, routes) {
			t.Errorf("%s: links checked %v, want %v", s.name, res.LinksChecked, routes)
		}
		if isOrphan(res) != s.orphan {
			t.Errorf("%s: %s is an orphan: %v, want %v", s.name, orphan, isOrphan(res), s.orphan)
		}
		broken := strings.Contains(fmt.Sprint(res.Problems), "nothing-here.md")
		external := strings.Contains(fmt.Sprint(res.Links.External), "https://example.com/patched")
		if want := len(s.with) > 0; broken != want || external != want {
			t.Errorf("%s: the broken link reported %v, the external link listed %v; want %v", s.name, broken, external, want)
		}
		ref := New(opts)
		want, err := ref.Build()
		ref.Close()
		if err != nil {
			t.Fatal(err)
		}
		compareFiles(t, s.name, res, want)
	}
}
