package idset

import (
	"math"
	"slices"
	"testing"
)

// pair is a value of two numbers, as a donation's rank is.
type pair struct{ a, b int64 }

func (pair) Fields() int { return 2 }

func (p pair) Field(i int) int64 {
	if i == 0 {
		return p.a
	}
	return p.b
}

func (p pair) WithField(i int, x int64) pair {
	if i == 0 {
		p.a = x
	} else {
		p.b = x
	}
	return p
}

// ids is n ids from first, each step past the one before.
func ids(first, step int64, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = first + int64(i)*step
	}
	return out
}

// bunched is n ids in bunches that end a block with one far past the
// rest: where in a block an id is cannot be told from how far it is from
// the first.
func bunched(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i/blockLen)*1_000_000_000_000 + int64(i%blockLen)
		if i%blockLen == blockLen-1 {
			out[i] += 500_000_000_000
		}
	}
	return out
}

var runCases = []struct {
	name string
	ids  []int64 // increasing
}{
	{"one", []int64{42}},
	{"a block", ids(1, 1, blockLen)},
	{"a block and one", ids(1, 1, blockLen+1)},
	{"dense", ids(100_000, 1, 5000)},
	{"sparse", ids(10_000_000, 397, 5000)},
	{"negative", ids(-1_000_000, 3, 5000)},
	{"across zero", ids(-2500, 1, 5000)},
	{"bunched", bunched(5000)},
	{"int64's ends", []int64{math.MinInt64, math.MinInt64 + 1, -1, 0, 1, math.MaxInt64 - 1, math.MaxInt64}},
	{"gaps wider than int64", []int64{math.MinInt64, 0, math.MaxInt64}},
}

// valuesFor is a value for each id, as ranks go: mostly close to the
// one before, now and then far, at times at an end of int64.
func valuesFor(ids []int64) []pair {
	vals := make([]pair, len(ids))
	for i := range vals {
		vals[i] = pair{1_700_000_000_000 + int64(i%97)*1_500_000, int64(len(ids) - i)}
		if i%13 == 0 {
			vals[i].a = math.MinInt64 + int64(i)
		}
		if i%17 == 0 {
			vals[i].b = math.MaxInt64
		}
	}
	return vals
}

func buildRun(ids []int64, vals []pair) run[pair] {
	b := newBuilder[pair](0, 0)
	for i, id := range ids {
		b.add(id, vals[i])
	}
	return b.done()
}

// A run gives back every id and value written into it, in order and by
// lookup, and finds no id it was not given.
func TestRunReadsBackWhatWasWritten(t *testing.T) {
	for _, c := range runCases {
		t.Run(c.name, func(t *testing.T) {
			vals := valuesFor(c.ids)
			r := buildRun(c.ids, vals)
			if r.n != len(c.ids) || r.lo != c.ids[0] || r.hi != c.ids[len(c.ids)-1] {
				t.Fatalf("run of %d from %d to %d, want %d from %d to %d", r.n, r.lo, r.hi, len(c.ids), c.ids[0], c.ids[len(c.ids)-1])
			}
			i := 0
			for cur := newCursor(&r); cur.ok; cur.next() {
				if i >= len(c.ids) || cur.id != c.ids[i] || cur.val != vals[i] {
					t.Fatalf("read #%d as %d %v, want %d %v", i, cur.id, cur.val, c.ids[i], vals[i])
				}
				i++
			}
			if i != len(c.ids) {
				t.Fatalf("read %d ids, want %d", i, len(c.ids))
			}
			for i, id := range c.ids {
				if v, ok := r.get(id); !ok || v != vals[i] {
					t.Fatalf("get(%d) = %v, %v; want %v", id, v, ok, vals[i])
				}
				for _, near := range []int64{id - 1, id + 1} {
					if _, ok := r.get(near); ok && !slices.Contains(c.ids, near) {
						t.Fatalf("get(%d) found an id never written", near)
					}
				}
			}
		})
	}
}

// Two runs merged hold every id of both once, in order; where both hold
// an id, the newer's value.
func TestMergedKeepsTheNewerValue(t *testing.T) {
	for _, c := range []struct {
		name         string
		older, newer []int64
	}{
		{"apart", ids(0, 2, 3000), ids(10_000, 2, 1000)},
		{"apart, the newer below", ids(10_000, 2, 1000), ids(0, 2, 3000)},
		{"apart by one", ids(0, 1, 100), ids(100, 1, 100)},
		{"interleaved", ids(0, 2, 3000), ids(1, 2, 3000)},
		{"overlapping", ids(0, 1, 3000), ids(1000, 1, 3000)},
		{"the same", ids(-500, 7, 2000), ids(-500, 7, 2000)},
		{"int64's ends", []int64{math.MinInt64, 0, math.MaxInt64}, []int64{math.MinInt64, math.MinInt64 + 1, math.MaxInt64}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := map[int64]pair{}
			oldVals, newVals := valuesFor(c.older), valuesFor(c.newer)
			for i := range newVals {
				newVals[i].b = -newVals[i].b - 1 // differ from the older's
			}
			for i, id := range c.older {
				want[id] = oldVals[i]
			}
			for i, id := range c.newer {
				want[id] = newVals[i]
			}
			older, newer := buildRun(c.older, oldVals), buildRun(c.newer, newVals)
			m := merged(&older, &newer)
			if m.n != len(want) {
				t.Errorf("merged holds %d, want %d", m.n, len(want))
			}
			prev, first := int64(0), true
			for cur := newCursor(&m); cur.ok; cur.next() {
				if !first && cur.id <= prev {
					t.Fatalf("%d after %d: out of order", cur.id, prev)
				}
				if cur.val != want[cur.id] {
					t.Fatalf("%d holds %v, want %v", cur.id, cur.val, want[cur.id])
				}
				prev, first = cur.id, false
			}
			for id, v := range want {
				if got, ok := m.get(id); !ok || got != v {
					t.Fatalf("get(%d) = %v, %v; want %v", id, got, ok, v)
				}
			}
		})
	}
}

// Numbers of any width from 0 to 64 bits, packed one after another at
// every alignment, read back as they were put.
func TestBitsReadBackWhatWasPut(t *testing.T) {
	type put struct {
		x     uint64
		width uint
	}
	var puts []put
	for _, width := range []uint{0, 1, 3, 7, 8, 9, 31, 32, 33, 56, 57, 63, 64} {
		top := uint64(math.MaxUint64)
		if width < 64 {
			top = 1<<width - 1
		}
		for _, x := range []uint64{0, 1, top / 3, top - 1, top} {
			puts = append(puts, put{x & top, width})
		}
	}
	for skew := range uint(9) { // every alignment of the first
		w := bitWriter{}
		w.put(0, skew)
		for _, p := range puts {
			w.put(p.x, p.width)
		}
		b := append(w.done(), make([]byte, readPad)...)
		at := skew
		for i, p := range puts {
			if got := readBits(b, at, p.width); got != p.x {
				t.Fatalf("skew %d, #%d: %d bits at %d read %#x, want %#x", skew, i, p.width, at, got, p.x)
			}
			at += p.width
		}
	}
}
