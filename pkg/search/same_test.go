package search

import "testing"

// TestUpdateKeepsTheSameShard: pages indexed again with the same words (re-rendered for their
// sidebar), in this index's dictionary or another, change nothing a publish writes; a page with
// one word more, or another title, does.
func TestUpdateKeepsTheSameShard(t *testing.T) {
	x := New()
	x.chunkBytes = 2 << 10
	for i := 0; i < 30; i++ {
		p := genPage(i, 0)
		x.Update(p.Route, NewShard(p))
	}
	published(t, x)
	terms := NewTerms()
	for i := 0; i < 30; i++ {
		p := genPage(i, 0)
		s := NewShard(p)
		if i%2 == 1 {
			s = NewShardWith(p, terms)
		}
		x.Update(p.Route, s)
	}
	if len(x.changed) != 0 {
		t.Fatalf("%d pages indexed again with the same words count as changed", len(x.changed))
	}
	published(t, x)
	if terms, docs := x.Rewritten(); len(terms) != 0 || len(docs) != 0 || len(x.RewrittenPages()) != 0 {
		t.Errorf("a publish after the same shards rewrote term chunks %v, documents chunks %v, page files %v", terms, docs, x.RewrittenPages())
	}
	for _, edit := range []func(p *Page){
		func(p *Page) { p.Sections[0].Text += " okapiword" },
		func(p *Page) { p.Title += " Okapi" },
		func(p *Page) { p.Crumbs = append(p.Crumbs, "Okapi") },
		func(p *Page) { p.Sections[0].ID += "-okapi" },
	} {
		p := genPage(3, 0)
		edit(&p)
		x.Update(p.Route, NewShardWith(p, terms))
		if _, ok := x.changed[p.Route]; !ok {
			t.Errorf("an edit of %s (%q) is not a change", p.Route, p.Title)
		}
		published(t, x)
		x.Update(p.Route, NewShard(genPage(3, 0))) // back
		published(t, x)
	}
}
