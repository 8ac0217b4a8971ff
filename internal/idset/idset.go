// Package idset holds a growing set of int64 ids, each with a small value,
// in a few sorted runs: a walk remembers every donation it read, and a map
// of a million of them took 35 to 59 MB, the largest part of a first
// sync's heap that grew with the account. Here an id takes 8 bytes and its
// value's size.
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
type Set[V any] struct {
	recent   []entry[V]    // at most recentMax, in the order added
	recentAt map[int64]int // where in recent
	runs     []run[V]      // the longest first
	n        int
}

// entry puts the value first: a zero-size value (a plain set) at the end
// of a struct would be padded to a word, doubling the bytes an id takes.
type entry[V any] struct {
	val V
	id  int64
}

type run[V any] struct {
	lo, hi  int64 // the smallest and largest id in it
	entries []entry[V]
}

// recentMax is how many ids wait unsorted: a page of donations or ten. A
// longer list costs its map's memory; a shorter one, more small runs.
const recentMax = 1024

// Len is how many ids the set holds.
func (s *Set[V]) Len() int { return s.n }

// Get is where the value of id is held, if id is in the set. The pointer
// is good until the next Add.
func (s *Set[V]) Get(id int64) (*V, bool) {
	if at, ok := s.recentAt[id]; ok {
		return &s.recent[at].val, true
	}
	for i := range s.runs {
		r := &s.runs[i]
		if id < r.lo || id > r.hi {
			continue
		}
		if at, ok := search(r.entries, id); ok {
			return &r.entries[at].val, true
		}
	}
	return nil, false
}

// Add puts v for id unless id is in the set already. It returns where the
// value of id is held (good until the next Add) and whether id is new.
func (s *Set[V]) Add(id int64, v V) (*V, bool) {
	if held, ok := s.Get(id); ok {
		return held, false
	}
	if len(s.recent) == recentMax {
		s.flush()
	}
	if s.recentAt == nil {
		s.recent, s.recentAt = make([]entry[V], 0, recentMax), make(map[int64]int, recentMax)
	}
	s.recentAt[id] = len(s.recent)
	s.recent = append(s.recent, entry[V]{v, id})
	s.n++
	return &s.recent[len(s.recent)-1].val, true
}

// flush sorts the recent ids into a run and merges it with the runs not
// more than twice as long, which are the last ones. A larger ratio would
// leave fewer runs to search but merge more often; 4 and 8 measured no
// faster than 2 (BenchmarkAdd).
func (s *Set[V]) flush() {
	sorted := slices.SortedFunc(slices.Values(s.recent), func(a, b entry[V]) int { return cmp.Compare(a.id, b.id) })
	s.recent = s.recent[:0]
	clear(s.recentAt)
	for n := len(s.runs); n > 0 && len(s.runs[n-1].entries) <= 2*len(sorted); n = len(s.runs) {
		sorted = merged(s.runs[n-1].entries, sorted)
		s.runs = s.runs[:n-1]
	}
	s.runs = append(s.runs, run[V]{sorted[0].id, sorted[len(sorted)-1].id, sorted})
}

// search is slices.BinarySearchFunc without a call through a func value
// at each step: lookups in the runs are most of a random walk's time.
func search[V any](es []entry[V], id int64) (int, bool) {
	lo, hi := 0, len(es)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if es[m].id < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(es) && es[lo].id == id
}

// merged is two runs of distinct ids as one, in id order.
func merged[V any](a, b []entry[V]) []entry[V] {
	out := make([]entry[V], 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0].id < b[0].id {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
