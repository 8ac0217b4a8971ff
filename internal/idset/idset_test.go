package idset

import (
	"fmt"
	"math"
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
			ids[i] = 2*r.Int64N(1<<39) - 1<<39 // even: an id+1 is never held
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
	// Eight digits a few hundred apart, newest first, as an account on a
	// platform that numbers every account's donations together.
	{"sparse", func(n int) []int64 {
		r := rand.New(rand.NewPCG(5, 6))
		ids, id := make([]int64, n), int64(99_999_999)
		for i := range ids {
			id -= 1 + r.Int64N(400)
			ids[i] = id
		}
		return ids
	}},
	// The ends of int64 and both sides of 0, in no order.
	{"extremes", func(n int) []int64 {
		ids := make([]int64, n)
		for i := range ids {
			switch k := int64(i / 4); i % 4 {
			case 0:
				ids[i] = math.MinInt64 + k
			case 1:
				ids[i] = math.MaxInt64 - k
			case 2:
				ids[i] = -k
			default:
				ids[i] = k * 7919
			}
		}
		return ids
	}},
}

// num is a value of one field: a test's values are where in the adds
// the id came.
type num int64

func (num) Fields() int                  { return 1 }
func (v num) Field(int) int64            { return int64(v) }
func (num) WithField(_ int, x int64) num { return num(x) }

// Against a map, for every order and size: an id is new once, a repeated
// one keeps its first value until a value is Put for it, and ids never
// added are not found. Puts go to ids added long before (in runs by then,
// some merged again after), and to ids never added. A million, ten levels
// of merges, in the orders that spread ids the most (random and an
// account's sparse ids); at 100,000 the others run the same code a few
// levels less deep.
func TestSetAgreesWithAMap(t *testing.T) {
	sizes := []int{0, 1, recentMax - 1, recentMax, recentMax + 1, 3*recentMax + 7, 100_000, 1_000_000}
	for _, o := range orders {
		for _, n := range sizes {
			if n == 1_000_000 && (testing.Short() || o.name != "random" && o.name != "sparse") {
				continue
			}
			t.Run(fmt.Sprint(o.name, n), func(t *testing.T) { agreeWithAMap(t, o.ids(n)) })
		}
	}
}

func agreeWithAMap(t *testing.T, ids []int64) {
	var s Set[num]
	want := make(map[int64]num, len(ids))
	for i, id := range ids {
		held, isNew := s.Add(id, num(i))
		first, had := want[id]
		if !had {
			want[id], first = num(i), num(i)
		}
		if isNew == had || held != first {
			t.Fatalf("add #%d (%d) = %d, new %v; want %d, new %v", i, id, held, isNew, first, !had)
		}
		if i%7 == 0 {
			back, v := ids[i/2], num(-i)
			s.Put(back, v)
			want[back] = v
		}
		if i%1000 == 0 {
			s.Put(int64(i)*11+1, num(i))
			want[int64(i)*11+1] = num(i)
		}
	}
	if s.Len() != len(want) {
		t.Errorf("Len %d, want %d", s.Len(), len(want))
	}
	for id, v := range want {
		if got, ok := s.Get(id); !ok || got != v {
			t.Fatalf("Get(%d) = %d, %v; want %d", id, got, ok, v)
		}
		if _, ok := s.Get(id + 1); ok != hasKey(want, id+1) {
			t.Fatalf("Get(%d) found an id never added", id+1)
		}
	}
}

func hasKey(m map[int64]num, k int64) bool { _, ok := m[k]; return ok }

// The point of the set: where an id unpacked takes 8 bytes (and in a map
// several times that), ids a few apart take a byte, ids hundreds apart
// two, and ids spread over 2^40 (5 million apart) four; each bound leaves
// half a byte or more for the recent list, its map, and the blocks' first
// ids (the repeated order holds half as many ids for the same recent
// list).
func TestSetHoldsFewBytesAnId(t *testing.T) {
	bound := map[string]float64{"ascending": 2, "descending": 2, "repeated": 2, "sparse": 2.5, "random": 4.5, "extremes": 2.5}
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			const n = 200_000
			ids := o.ids(n)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var s Set[None]
			for _, id := range ids {
				s.Add(id, None{})
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			perID := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(s.Len())
			if perID > bound[o.name] {
				t.Errorf("%.2f bytes an id, want at most %.1f", perID, bound[o.name])
			}
			runtime.KeepAlive(&s)
			runtime.KeepAlive(ids) // made before: freed, it would count against the set
		})
	}
}

// Runs stay few, each more than twice the next, so a lookup searches
// O(log n) of them.
func TestSetRunsHalve(t *testing.T) {
	var s Set[None]
	for _, id := range orders[2].ids(1_000_000) {
		s.Add(id, None{})
	}
	if len(s.runs) > 11 {
		t.Errorf("%d runs for a million ids, want at most log2(1e6/1024)+1 = 11", len(s.runs))
	}
	for i := 1; i < len(s.runs); i++ {
		if a, b := s.runs[i-1].n, s.runs[i].n; a <= 2*b {
			t.Errorf("run %d holds %d ids, run %d %d: want more than twice", i-1, a, i, b)
		}
	}
}
