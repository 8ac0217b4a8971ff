package idset

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// rankLike is a value for each of n ids as a walk's ranks go: a time in
// ms some minutes after the one before, give or take weeks, and a place
// in the list.
func rankLike(n int) []pair {
	r := rand.New(rand.NewPCG(3, 4))
	vals := make([]pair, n)
	for i := range vals {
		vals[i] = pair{1_700_000_000_000 + int64(i)*1_500_000 + r.Int64N(2_000_000_000), int64(i)}
	}
	return vals
}

// What a walk does with each id it reads: add it, and learn whether it is
// new. Per id, against the map it replaces, with the bytes an id takes
// once all are added: ids alone (as the pager keeps them) and with a rank
// each (as a walk's copies do).
func BenchmarkAdd(b *testing.B) {
	for _, o := range orders[:3] {
		ids, vals := o.ids(1_000_000), rankLike(1_000_000)
		b.Run(o.name+"/set", func(b *testing.B) {
			benchAdd(b, ids, func(s *Set[None], i int) { s.Add(ids[i], None{}) })
		})
		b.Run(o.name+"/set-rank", func(b *testing.B) {
			benchAdd(b, ids, func(s *Set[pair], i int) { s.Add(ids[i], vals[i]) })
		})
		b.Run(o.name+"/map", func(b *testing.B) {
			benchAdd(b, ids, func(m *map[int64]struct{}, i int) {
				if *m == nil {
					*m = map[int64]struct{}{}
				}
				if _, ok := (*m)[ids[i]]; !ok {
					(*m)[ids[i]] = struct{}{}
				}
			})
		})
	}
}

// benchAdd adds every id to a new S in each round and reports the time and
// the heap each id took.
func benchAdd[S any](b *testing.B, ids []int64, add func(s *S, i int)) {
	var bytes float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var s S
		for i := range ids {
			add(&s, i)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		bytes = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(len(ids))
		runtime.KeepAlive(&s)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ids)), "ns/id")
	b.ReportMetric(bytes, "B/id")
}

// A lookup of an id held and of one not, in a set of a million: what a
// walk asks of every donation of a page it has read before.
func BenchmarkGet(b *testing.B) {
	for _, o := range orders[:3] {
		ids, vals := o.ids(1_000_000), rankLike(1_000_000)
		var s Set[pair]
		for i, id := range ids {
			s.Add(id, vals[i])
		}
		b.Run(o.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				id := ids[i%len(ids)]
				if _, ok := s.Get(id); !ok {
					b.Fatal("lost", id)
				}
				if _, ok := s.Get(id + 1); ok {
					b.Fatal("found", id+1)
				}
				i++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(2*b.N), "ns/lookup")
		})
	}
}
