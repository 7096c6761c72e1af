// Package layered is a map from string keys that a re-assembly copies in time proportional to what
// it changes, not to the map's size (issue #16). The site model is immutable once assembled and an
// edit makes the next one from it, changing a few routes: copying Site.Routes, FileRoute and the
// assembly's indexes whole was most of an edit's assemble step at 30,000 pages (3 ms for a new
// page, 1.6 ms for a title edit). A Map shares the last model's entries (base, never written once
// shared) and keeps beside them what this one changed; Clone folds the layers into a new base once
// the changes grow past a fraction of it, so the cost is amortized over the edits that made them.
package layered

import (
	"iter"
	"maps"
)

// Map is a map in two layers: base, shared by the copies Clone made and read-only, and this copy's
// changes (own, and gone: keys of base it removed). A nil *Map reads as empty, as a nil map does.
// Like a map, a Map is not safe for writes concurrent with other uses.
type Map[V any] struct {
	base map[string]V
	own  map[string]V
	gone map[string]struct{}
	n    int // entries
	// frozen is set by Clone: the copy may read m's own entries as its base, so m is not written
	// again (a write panics, as one to a map being read elsewhere would be a race).
	frozen bool
}

// New makes an empty map.
func New[V any]() *Map[V] { return &Map[V]{own: map[string]V{}} }

// From makes a map holding the entries of m (which it takes: the caller no longer writes m).
func From[V any](m map[string]V) *Map[V] {
	if m == nil {
		m = map[string]V{}
	}
	return &Map[V]{own: m, n: len(m)}
}

// Get returns the value of k, or the zero value when there is none (as m[k] does).
func (m *Map[V]) Get(k string) V {
	v, _ := m.Lookup(k)
	return v
}

// Lookup returns the value of k and whether there is one (as v, ok := m[k] does).
func (m *Map[V]) Lookup(k string) (V, bool) {
	var zero V
	if m == nil {
		return zero, false
	}
	if v, ok := m.own[k]; ok {
		return v, true
	}
	if len(m.base) == 0 {
		return zero, false
	}
	if _, ok := m.gone[k]; ok {
		return zero, false
	}
	v, ok := m.base[k]
	return v, ok
}

// Has reports whether k has a value.
func (m *Map[V]) Has(k string) bool {
	_, ok := m.Lookup(k)
	return ok
}

// Len is the number of entries.
func (m *Map[V]) Len() int {
	if m == nil {
		return 0
	}
	return m.n
}

// Set gives k the value v.
func (m *Map[V]) Set(k string, v V) {
	m.mustWrite()
	if !m.Has(k) {
		m.n++
	}
	if m.own == nil {
		m.own = map[string]V{}
	}
	m.own[k] = v
	delete(m.gone, k)
}

// Delete removes k.
func (m *Map[V]) Delete(k string) {
	if m == nil || !m.Has(k) {
		return
	}
	m.mustWrite()
	m.n--
	delete(m.own, k)
	if _, ok := m.base[k]; ok {
		if m.gone == nil {
			m.gone = map[string]struct{}{}
		}
		m.gone[k] = struct{}{}
	}
}

func (m *Map[V]) mustWrite() {
	if m.frozen {
		panic("layered: write to a map after Clone")
	}
}

// All yields every entry, in no order.
func (m *Map[V]) All() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		if m == nil {
			return
		}
		for k, v := range m.base {
			if _, mine := m.own[k]; mine {
				continue
			}
			if _, out := m.gone[k]; out {
				continue
			}
			if !yield(k, v) {
				return
			}
		}
		for k, v := range m.own {
			if !yield(k, v) {
				return
			}
		}
	}
}

// Keys yields every key, in no order.
func (m *Map[V]) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for k := range m.All() {
			if !yield(k) {
				return
			}
		}
	}
}

// Clone is a copy that the caller may change. m is frozen by it: its entries are the copy's
// shared base from then on, and a write to m panics (the site model is immutable once assembled;
// a re-assembly clones the maps it changes). The copy's cost is that of m's changes since its own
// base; when those have grown past an eighth of the base, everything is copied once into a new
// base that the copies after it share. A map with no base (a whole assembly's) is shared as it is.
func (m *Map[V]) Clone() *Map[V] {
	if m == nil {
		return New[V]()
	}
	m.frozen = true
	switch {
	case len(m.base) == 0:
		return &Map[V]{base: m.own, n: m.n}
	case len(m.own) == 0 && len(m.gone) == 0:
		return &Map[V]{base: m.base, n: m.n}
	case len(m.own)+len(m.gone) > len(m.base)/8+64:
		base := make(map[string]V, m.n)
		for k, v := range m.All() {
			base[k] = v
		}
		return &Map[V]{base: base, n: m.n}
	}
	c := &Map[V]{base: m.base, n: m.n}
	if len(m.own) > 0 {
		c.own = maps.Clone(m.own)
	}
	if len(m.gone) > 0 {
		c.gone = maps.Clone(m.gone)
	}
	return c
}

// Map is a plain map of the entries (for a caller that needs one; it costs a copy of everything).
func (m *Map[V]) Map() map[string]V {
	out := make(map[string]V, m.Len())
	for k, v := range m.All() {
		out[k] = v
	}
	return out
}
