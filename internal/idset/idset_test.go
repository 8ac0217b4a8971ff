package idset

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// order gives the n ids a test adds, in the order it adds them.
type order struct {
	name string
	ids  func(n int) []int64
}

var orders = []order{
	{"ascending", func(n int) []int64 {
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = int64(i) * 3
		}
		return ids
	}},
	{"descending", func(n int) []int64 {
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = int64(n-i) * 3
		}
		return ids
	}},
	{"random", func(n int) []int64 {
		r := rand.New(rand.NewPCG(1, 2))
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = r.Int64N(1<<40) - 1<<39
		}
		return ids
	}},
	// Pages that overlap as a boundary moves: every id comes twice, the
	// second time long after the first was sorted into a run.
	{"repeated", func(n int) []int64 {
		ids := make([]int64, 0, n)
		for i := 0; len(ids) < n; i++ {
			ids = append(ids, int64(i))
			if back := i - 5000; back >= 0 && len(ids) < n {
				ids = append(ids, int64(back))
			}
		}
		return ids
	}},
}

// Against a map, for every order and size: an id is new once, a repeated
// one keeps its first value, and ids never added are not found.
func TestSetAgreesWithAMap(t *testing.T) {
	sizes := []int{0, 1, recentMax - 1, recentMax, recentMax + 1, 3*recentMax + 7, 100_000, 1_000_000}
	for _, o := range orders {
		for _, n := range sizes {
			if n == 1_000_000 && testing.Short() {
				continue
			}
			t.Run(fmt.Sprint(o.name, n), func(t *testing.T) { agreeWithAMap(t, o.ids(n)) })
		}
	}
}

func agreeWithAMap(t *testing.T, ids []int64) {
	var s Set[int64]
	want := make(map[int64]int64, len(ids))
	for i, id := range ids {
		held, isNew := s.Add(id, int64(i))
		first, had := want[id]
		if !had {
			want[id], first = int64(i), int64(i)
		}
		if isNew == had || *held != first {
			t.Fatalf("add #%d (%d) = %d, new %v; want %d, new %v", i, id, *held, isNew, first, !had)
		}
	}
	if s.Len() != len(want) {
		t.Errorf("Len %d, want %d", s.Len(), len(want))
	}
	for _, id := range ids {
		if got, ok := s.Get(id); !ok || *got != want[id] {
			t.Fatalf("Get(%d) lost it (found %v)", id, ok)
		}
		if _, ok := s.Get(id + 1); ok != hasKey(want, id+1) {
			t.Fatalf("Get(%d) found an id never added", id+1)
		}
	}
}

func hasKey(m map[int64]int64, k int64) bool { _, ok := m[k]; return ok }

// A value changed through the pointer Get returns stays changed, in the
// recent list and in the runs.
func TestSetValuesChangeInPlace(t *testing.T) {
	var s Set[int64]
	const n = 5 * recentMax
	for id := range int64(n) {
		s.Add(id, 0)
	}
	for id := range int64(n) {
		v, _ := s.Get(id)
		*v = id * 10
	}
	for id := range int64(n) {
		if v, _ := s.Get(id); *v != id*10 {
			t.Fatalf("id %d holds %d, want %d", id, *v, id*10)
		}
	}
}

// The point of the set: an id takes 8 bytes and its value's, where a map
// took 35 to 59. The bound leaves room for the recent list and its map.
func TestSetHoldsFewBytesAnId(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			const n = 200_000
			ids := o.ids(n)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var s Set[struct{}]
			for _, id := range ids {
				s.Add(id, struct{}{})
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			perID := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(s.Len())
			if perID > 10 {
				t.Errorf("%.1f bytes an id, want at most 10 (8 and the recent list)", perID)
			}
			runtime.KeepAlive(&s)
			runtime.KeepAlive(ids) // made before: freed, it would count against the set
		})
	}
}

// Runs stay few, each more than twice the next, so a lookup searches
// O(log n) of them.
func TestSetRunsHalve(t *testing.T) {
	var s Set[struct{}]
	for _, id := range orders[2].ids(1_000_000) {
		s.Add(id, struct{}{})
	}
	if len(s.runs) > 11 {
		t.Errorf("%d runs for a million ids, want at most log2(1e6/1024)+1 = 11", len(s.runs))
	}
	for i := 1; i < len(s.runs); i++ {
		if a, b := len(s.runs[i-1].entries), len(s.runs[i].entries); a <= 2*b {
			t.Errorf("run %d holds %d ids, run %d %d: want more than twice", i-1, a, i, b)
		}
	}
}

// What a walk does with each id it reads: add it, and learn whether it is
// new. Per id, against the map it replaces.
func BenchmarkAdd(b *testing.B) {
	for _, o := range orders[:3] {
		ids := o.ids(1_000_000)
		b.Run(o.name+"/set", func(b *testing.B) {
			for b.Loop() {
				var s Set[struct{}]
				for _, id := range ids {
					s.Add(id, struct{}{})
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ids)), "ns/id")
		})
		b.Run(o.name+"/map", func(b *testing.B) {
			for b.Loop() {
				m := map[int64]struct{}{}
				for _, id := range ids {
					if _, ok := m[id]; !ok {
						m[id] = struct{}{}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ids)), "ns/id")
		})
	}
}
