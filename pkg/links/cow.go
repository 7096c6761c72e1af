package links

// Why this file: a report is kept for the next check of docsd watch, which patches what the last
// one found (sums.go) while the last report may still be read. Cloning its maps (findings,
// inbound links, each page's findings) cost every check, a body edit's included, a copy of
// tables that grow with the site. A cowMap is split into shards by key hash: a check derives its
// own from the last report's and copies only the shards it writes (copy on write), so a check
// copies a few shards of ~n/256 entries, not n.

import (
	"hash/maphash"
	"iter"
	"maps"
)

// cowShards is how many shards a cowMap has: at 30,000 pages a shard holds ~120 keys, which a
// write to a shared shard copies.
const cowShards = 256

// cowMap is a map that derives copies cheaply. A map is written only by the check that made or
// derived it; once its report is returned it is never written again (derive, then write).
type cowMap[K comparable, V any] struct {
	seed   maphash.Seed
	shards []map[K]V // nil: an empty shard
	mine   []bool    // shards this map made or copied, which it may write
	n      int
}

func newCowMap[K comparable, V any]() *cowMap[K, V] {
	m := &cowMap[K, V]{seed: maphash.MakeSeed(), shards: make([]map[K]V, cowShards), mine: make([]bool, cowShards)}
	for i := range m.mine {
		m.mine[i] = true
	}
	return m
}

// derive is a copy of m to write: it shares every shard with m until it writes one.
func (m *cowMap[K, V]) derive() *cowMap[K, V] {
	return &cowMap[K, V]{seed: m.seed, shards: append([]map[K]V(nil), m.shards...), mine: make([]bool, cowShards), n: m.n}
}

func (m *cowMap[K, V]) shard(k K) int { return int(maphash.Comparable(m.seed, k) % cowShards) }

func (m *cowMap[K, V]) get(k K) (V, bool) {
	v, ok := m.shards[m.shard(k)][k]
	return v, ok
}

// at is get without ok: the zero value for a missing key.
func (m *cowMap[K, V]) at(k K) V {
	return m.shards[m.shard(k)][k]
}

// writable returns shard i, copied first if m shares it.
func (m *cowMap[K, V]) writable(i int) map[K]V {
	if !m.mine[i] {
		m.shards[i], m.mine[i] = maps.Clone(m.shards[i]), true
	}
	if m.shards[i] == nil {
		m.shards[i] = map[K]V{}
	}
	return m.shards[i]
}

func (m *cowMap[K, V]) set(k K, v V) {
	s := m.writable(m.shard(k))
	if _, ok := s[k]; !ok {
		m.n++
	}
	s[k] = v
}

func (m *cowMap[K, V]) del(k K) {
	i := m.shard(k)
	if _, ok := m.shards[i][k]; !ok {
		return
	}
	delete(m.writable(i), k)
	m.n--
}

func (m *cowMap[K, V]) len() int { return m.n }

// all ranges over the entries, in no order.
func (m *cowMap[K, V]) all() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for _, s := range m.shards {
			for k, v := range s {
				if !yield(k, v) {
					return
				}
			}
		}
	}
}
