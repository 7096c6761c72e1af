package search

import (
	"bytes"
	"reflect"
	"testing"
)

// A shard holds its terms as numbers of the index that last published it. Another index (a new
// one after a docsd.toml change, say) must publish it exactly as a shard it made itself, and the
// first index must still publish it right afterwards.
func TestShardsPublishTheSameFromAnotherIndex(t *testing.T) {
	pages := samplePages()
	shards := map[string]*Shard{}
	a := New()
	for _, p := range pages {
		shards[p.Route] = NewShard(p)
		a.Update(p.Route, shards[p.Route])
	}
	da, ia, err := a.Publish()
	if err != nil {
		t.Fatal(err)
	}
	chunksA := a.Chunks()

	// b numbers other terms first, so the shards' numbers in a mean other terms in b.
	b := New()
	other := Page{Route: "/other", Title: "Webhooks and approvals", Sections: []Section{{Text: "Deploy tokens schedule workers."}}}
	b.Update(other.Route, NewShard(other))
	if _, _, err := b.Publish(); err != nil {
		t.Fatal(err)
	}
	b.Remove(other.Route)
	for i := len(pages) - 1; i >= 0; i-- {
		b.Update(pages[i].Route, shards[pages[i].Route])
	}
	db, ib, err := b.Publish()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(da, db) || !bytes.Equal(ia, ib) || !reflect.DeepEqual(chunksA, b.Chunks()) {
		t.Fatal("shards published by a second index differ from the first's files")
	}
	da2, ia2, err := a.Publish()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(da, da2) || !bytes.Equal(ia, ia2) || !reflect.DeepEqual(chunksA, a.Chunks()) {
		t.Fatal("the first index publishes its shards differently once another index has published them")
	}
}
