package build

import (
	"path/filepath"
	"testing"
)

// docsd build --once parses each page of a small site once: the tree processing read is the one
// the page renders from (keepTreesBelow), not a second parse of its source. (One locale: a page
// with a route per locale renders, and parses, once per route after its first.)
func TestOnceParsesASmallSiteOnce(t *testing.T) {
	_, opts := siteCopy(t, true)
	opts.Out = filepath.Join(t.TempDir(), "build")
	b := New(opts)
	defer b.Close()
	if _, err := b.once(); err != nil {
		t.Fatal(err)
	}
	docs := 0
	for _, p := range b.last.parsed.All() {
		if p.Doc != nil {
			docs++
		}
	}
	if docs == 0 || docs >= keepTreesBelow {
		t.Fatalf("the fixture has %d Markdown sources: not a small site", docs)
	}
	if got := b.conv.Trees(); got != int64(docs) {
		t.Errorf("%d Markdown sources were parsed %d times, want once each", docs, got)
	}
}
