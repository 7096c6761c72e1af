package search

import (
	"bytes"
	"fmt"
	"testing"
)

// Files kept up to date from ChangedSince alone (what docsd watch's output does) are the files of
// the last publish, through body edits, new pages, deletions that shrink the documents chunks,
// a publish the output never saw (given up in docsd watch), and a renumbering; and an edit of one
// page's body names a few files, not every one.
func TestChangedSinceKeepsTheFilesOfTheLastPublish(t *testing.T) {
	x := New()
	x.chunkBytes = 1 << 10
	for i := 0; i < 80; i++ {
		p := genPage(i, 0)
		x.Update(p.Route, NewShard(p))
	}
	out := map[string][]byte{}
	held := Published{}
	apply := func(step string) (changed int) {
		t.Helper()
		if _, _, err := x.Publish(); err != nil {
			t.Fatal(err)
		}
		ch, gone := x.ChangedSince(held)
		for _, c := range gone {
			if c.Data != nil {
				t.Fatalf("%s: gone %s-%d has data", step, c.Of, c.N)
			}
			delete(out, fmt.Sprintf("%s-%d", c.Of, c.N))
		}
		for _, c := range ch {
			out[fmt.Sprintf("%s-%d", c.Of, c.N)] = c.Data
		}
		want := map[string][]byte{}
		for _, c := range x.Chunks() {
			want[fmt.Sprintf("%s-%d", c.Of, c.N)] = c.Data
		}
		if len(out) != len(want) {
			t.Fatalf("%s: %d files kept, the publish has %d", step, len(out), len(want))
		}
		for name, data := range want {
			if !bytes.Equal(out[name], data) {
				t.Fatalf("%s: %s differs from the publish's", step, name)
			}
		}
		held = x.Last()
		return len(ch)
	}
	if n, all := apply("first"), len(x.Chunks()); n != all {
		t.Fatalf("first publish: %d changed of %d", n, all)
	}
	p := genPage(5, 1)
	x.Update(p.Route, NewShard(p))
	n := apply("body edit")
	if terms, docs := x.Rewritten(); n != len(terms)+len(docs)+len(x.RewrittenPages()) || n > len(x.Chunks())/3 {
		t.Fatalf("body edit: %d changed, rewritten %d + %d + %d of %d", n, len(terms), len(docs), len(x.RewrittenPages()), len(x.Chunks()))
	}
	if n := apply("no edit"); n != 0 {
		t.Fatalf("a publish without an edit: %d changed", n)
	}
	p = genPage(200, 0)
	x.Update(p.Route, NewShard(p))
	apply("new page")
	// Published, but not seen by the output: the next changes are since the publish before.
	p = genPage(7, 1)
	x.Update(p.Route, NewShard(p))
	if _, _, err := x.Publish(); err != nil {
		t.Fatal(err)
	}
	p = genPage(9, 1)
	x.Update(p.Route, NewShard(p))
	apply("two edits, one publish unseen")
	// The last pages go: fewer documents chunks and term chunks; then more than a quarter of the
	// numbers are free and the pages are numbered anew.
	for i := 70; i < 80; i++ {
		x.Remove(genPage(i, 0).Route)
	}
	apply("deleted pages")
	for i := 0; i < 30; i++ {
		x.Remove(genPage(i, 0).Route)
	}
	apply("renumbered")
	if _, gone := x.ChangedSince(held); gone != nil {
		t.Fatal("nothing published since, yet files gone")
	}
}
