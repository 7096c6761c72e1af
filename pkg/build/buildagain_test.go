package build

// Build is a rebuild from empty (issue #16): on a builder that already has a build, it renders and
// re-indexes every route, and records its edges into a new graph, whatever the last build holds.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsd/pkg/graph"
)

func TestBuildAgainStartsFromEmpty(t *testing.T) {
	root, opts := siteCopy(t, true)
	b := New(opts)
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	firstGraph, firstEdges := b.graph, b.graph.Len()
	gone := first.Site.Routes.Get("/docs/guide/more/extra")
	if gone == nil || len(firstGraph.Readers(graph.File(gone.Source))) == 0 {
		t.Fatal("the first build should have a route reading docs/guide/more/extra.md")
	}
	// Changes no one reports: a rebuild would not see them, a build from empty must.
	if err := os.Remove(filepath.Join(root, "content/docs/guide/more/extra.md")); err != nil {
		t.Fatal(err)
	}
	f := "content/docs/guide/setup.md"
	write(t, root, f, strings.Replace(read(t, root, f), "## Before you start", "An unreported paragraph.\n\n## Before you start", 1))

	again, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	all, indexed := allRoutes(again)
	if strings.Join(again.RenderedRoutes, " ") != strings.Join(all, " ") {
		t.Errorf("rendered %v\nwant every route %v", again.RenderedRoutes, all)
	}
	if strings.Join(again.Reindexed, " ") != strings.Join(indexed, " ") {
		t.Errorf("re-indexed %v\nwant every indexed route %v", again.Reindexed, indexed)
	}
	if again.Rendered != len(all) {
		t.Errorf("Rendered = %d, want %d", again.Rendered, len(all))
	}
	if b.graph == firstGraph {
		t.Error("the build recorded its edges into the last build's graph")
	}
	if firstGraph.Len() != firstEdges {
		t.Error("the build changed the last build's graph")
	}
	if len(b.graph.Readers(graph.File(gone.Source))) != 0 {
		t.Error("an edge of the deleted page stayed in the new graph")
	}
	if again.Site.Routes.Get("/docs/guide/more/extra") != nil {
		t.Error("the deleted page is still a route")
	}
	if !strings.Contains(string(again.Files.Contents()[again.Site.HTMLPath("/docs/guide/setup")]), "An unreported paragraph.") {
		t.Error("the unreported edit is not in the page")
	}
	// The same bytes as a new builder's build.
	ref := New(opts)
	defer ref.Close()
	want, err := ref.Build()
	if err != nil {
		t.Fatal(err)
	}
	compareFiles(t, "build again", again, want)
	// And the builder goes on from it: an edit renders only its page.
	write(t, root, f, strings.Replace(read(t, root, f), "An unreported paragraph.", "A reported paragraph.", 1))
	res, err := b.Rebuild([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.RenderedRoutes, " "); got != "/docs/guide/setup" {
		t.Errorf("an edit after the build rendered %v, want /docs/guide/setup", got)
	}
}
