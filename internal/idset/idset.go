// Package idset holds a growing set of int64 ids, each with a small value,
// in a few sorted runs: a walk remembers every donation it read, and a map
// of them, or even sorted ids of 8 bytes and ranks of 16, would be the
// largest part of a first sync's heap that grows with the account. In a
// run, ids and each field of their values are packed in blocks in as many
// bits as a block's span (see run): ids close together take a byte each, a
// walk's rank about 5.
//
// The newest ids wait in a short list with a map of its own; when the list
// fills, it is sorted into a run, and runs of similar size are merged (as
// in an LSM tree), so each run is at least twice as long as the next: a
// lookup searches O(log n) runs and an insert costs O(log n) amortised.
// A run's bounds are checked before it is searched, so where ids come in
// order (a list walked ascending or descending) most lookups of a new id
// search no run.
package idset

import (
	"cmp"
	"slices"
)

// Set is a set of ids with a value each. The zero Set is empty and ready.
// It is not safe for use by several goroutines at once.
type Set[V Value[V]] struct {
	recent   []entry[V]    // at most recentMax, in the order added
	recentAt map[int64]int // where in recent
	runs     []run[V]      // the oldest (and longest) first
	n        int
}

// entry puts the value first: a zero-size value (a plain set) at the end
// of a struct would be padded to a word.
type entry[V any] struct {
	val V
	id  int64
}

// recentMax is how many ids wait unsorted: a page of donations or ten. A
// longer list costs its map's memory; a shorter one, more small runs.
const recentMax = 1024

// Len is how many ids the set holds.
func (s *Set[V]) Len() int { return s.n }

// Get is the value of id, if id is in the set.
func (s *Set[V]) Get(id int64) (V, bool) {
	if at, ok := s.recentAt[id]; ok {
		return s.recent[at].val, true
	}
	// The newest run first: a value Put after an older run was made is
	// in a newer one.
	for i := len(s.runs) - 1; i >= 0; i-- {
		r := &s.runs[i]
		if id < r.lo || id > r.hi {
			continue
		}
		if v, ok := r.get(id); ok {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// Add puts v for id unless id is in the set already. It returns the value
// id holds and whether id is new.
func (s *Set[V]) Add(id int64, v V) (V, bool) {
	if held, ok := s.Get(id); ok {
		return held, false
	}
	s.push(id, v)
	s.n++
	return v, true
}

// Put sets the value of id, held or not.
func (s *Set[V]) Put(id int64, v V) {
	if at, ok := s.recentAt[id]; ok {
		s.recent[at].val = v
		return
	}
	if _, ok := s.Get(id); !ok {
		s.n++
	}
	// A run's bytes are not rewritten in place: the new value waits with
	// the recent ids, which lookups and merges take over older runs.
	s.push(id, v)
}

// push adds id, not among the recent ids, to them.
func (s *Set[V]) push(id int64, v V) {
	if len(s.recent) == recentMax {
		s.flush()
	}
	if s.recentAt == nil {
		s.recent, s.recentAt = make([]entry[V], 0, recentMax), make(map[int64]int, recentMax)
	}
	s.recentAt[id] = len(s.recent)
	s.recent = append(s.recent, entry[V]{v, id})
}

// flush sorts the recent ids into a run and merges it with the runs not
// more than twice as long, which are the last ones. A larger ratio would
// leave fewer runs to search but merge more often; 4 and 8 measured no
// faster than 2 (BenchmarkAdd).
func (s *Set[V]) flush() {
	slices.SortFunc(s.recent, func(a, b entry[V]) int { return cmp.Compare(a.id, b.id) })
	b := newBuilder[V](len(s.recent), 0)
	for _, e := range s.recent {
		b.add(e.id, e.val)
	}
	fresh := b.done()
	s.recent = s.recent[:0]
	clear(s.recentAt)
	for n := len(s.runs); n > 0 && s.runs[n-1].n <= 2*fresh.n; n = len(s.runs) {
		fresh = merged(&s.runs[n-1], &fresh)
		s.runs[n-1] = run[V]{} // its bytes are garbage now, not held past the slice's end
		s.runs = s.runs[:n-1]
	}
	s.runs = append(s.runs, fresh)
}
