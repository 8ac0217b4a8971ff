package idset

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// run is a sorted run of distinct ids with their values, in blocks of up
// to blockLen (frame of reference): a block is its first id (in firsts),
// a byte for how many ids it holds, a byte for the width in bits of an
// id's distance from its first, and for each field of the values its
// smallest value (8 bytes) and the width of a value's distance from that
// (a byte); then those distances, packed: the ids after the first, then
// each field's. Ids a few apart take a byte, and a lookup reads only what
// it compares: a binary search over firsts, a few steps through the
// packed ids of one block (see find), then one number for each field.
type run[V Value[V]] struct {
	lo, hi int64   // the smallest and largest id in it
	n      int     // how many ids it holds
	firsts []int64 // the first id of each block
	starts []int   // where each block starts in data
	data   []byte  // the blocks, then readPad bytes
}

// blockLen is how many ids a block holds at most: a longer block spans more, so
// its widths grow; a shorter one costs more bytes a block for firsts,
// starts and widths (BenchmarkAdd's B/id).
const blockLen = 64

// head is how many ids block k holds, the width of their distances from
// its first, and its fields' heads and packed bits (to the end of data:
// reads may run into the next block).
func (r *run[V]) head(k int, fields int) (cnt int, idW uint, heads, packed []byte) {
	b := r.data[r.starts[k]:]
	return int(b[0]), uint(b[1]), b[2 : 2+9*fields], b[2+9*fields:]
}

// get is the value of id, if the run holds it.
func (r *run[V]) get(id int64) (V, bool) {
	var v V
	k := r.blockOf(id)
	if k < 0 {
		return v, false
	}
	cnt, idW, heads, packed := r.head(k, v.Fields())
	j := 0
	if t := uint64(id) - uint64(r.firsts[k]); t != 0 {
		if j = find(packed, cnt, idW, t); j == 0 {
			return v, false
		}
	}
	at := uint(cnt-1) * idW
	for f := range len(heads) / 9 {
		base, w := int64(binary.LittleEndian.Uint64(heads[9*f:])), uint(heads[9*f+8])
		v = v.WithField(f, base+int64(readBits(packed, at+uint(j)*w, w)))
		at += uint(cnt) * w
	}
	return v, true
}

// find is where in a block of cnt ids the id t past its first is (0 if
// it is not there): from where it would be were the block's ids evenly
// spread, a step at a time, which ids close together make a step or two,
// and ids spread at random about as many as a binary search's, with
// fewer branches mispredicted.
func find(packed []byte, cnt int, idW uint, t uint64) int {
	if cnt < 2 {
		return 0
	}
	at := func(j int) uint64 { return readBits(packed, uint(j-1)*idW, idW) }
	last := at(cnt - 1)
	if t > last {
		return 0
	}
	j := min(cnt-1, max(1, int(float64(t)/float64(last)*float64(cnt-1)+0.5)))
	off := at(j)
	for off < t && j < cnt-1 {
		j++
		off = at(j)
	}
	for off > t && j > 1 {
		j--
		off = at(j)
	}
	if off != t {
		return 0
	}
	return j
}

// blockOf is the last block whose first id is at most id, or -1: a binary
// search without a call through a func value at each step, as lookups are
// most of a random walk's time.
func (r *run[V]) blockOf(id int64) int {
	lo, hi := 0, len(r.firsts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if r.firsts[m] <= id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

// builder writes a run from ids given in increasing order.
type builder[V Value[V]] struct {
	r        run[V]
	ids      [blockLen]int64 // the open block
	vals     [blockLen]V
	cnt      int
	capGuess bool // data was given the capacity it was guessed to need
}

// newBuilder sizes the run for about n ids in about size bytes (0: not
// known), so that a large merge does not leave it twice the size it needs.
func newBuilder[V Value[V]](n, size int) *builder[V] {
	b := &builder[V]{capGuess: size > 0}
	b.r.firsts = make([]int64, 0, n/blockLen+1)
	b.r.starts = make([]int, 0, n/blockLen+1)
	b.r.data = make([]byte, 0, size)
	return b
}

func (b *builder[V]) add(id int64, v V) {
	if b.cnt == blockLen {
		b.closeBlock()
	}
	if b.r.n == 0 {
		b.r.lo = id
	}
	b.ids[b.cnt], b.vals[b.cnt] = id, v
	b.r.hi = id
	b.cnt++
	b.r.n++
}

func (b *builder[V]) closeBlock() {
	ids, vals := b.ids[:b.cnt], b.vals[:b.cnt]
	first := ids[0]
	b.r.firsts = append(b.r.firsts, first)
	b.r.starts = append(b.r.starts, len(b.r.data))
	idW := uint(bits.Len64(uint64(ids[len(ids)-1]) - uint64(first)))
	b.r.data = append(b.r.data, byte(len(ids)), byte(idW))
	fields := vals[0].Fields()
	for f := range fields {
		lo, hi := fieldSpan(vals, f)
		b.r.data = binary.LittleEndian.AppendUint64(b.r.data, uint64(lo))
		b.r.data = append(b.r.data, byte(bits.Len64(uint64(hi)-uint64(lo))))
	}
	heads := b.r.data[len(b.r.data)-9*fields:]
	w := bitWriter{buf: b.r.data}
	for _, id := range ids[1:] {
		w.put(uint64(id)-uint64(first), idW)
	}
	for f := range fields {
		base, width := binary.LittleEndian.Uint64(heads[9*f:]), uint(heads[9*f+8])
		for _, v := range vals {
			w.put(uint64(v.Field(f))-base, width)
		}
	}
	b.r.data = w.done()
	b.cnt = 0
}

// fieldSpan is the smallest and largest field f of vals.
func fieldSpan[V Value[V]](vals []V, f int) (lo, hi int64) {
	lo, hi = vals[0].Field(f), vals[0].Field(f)
	for _, v := range vals[1:] {
		x := v.Field(f)
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

// done is the run written. Data grown by append, or by a guess too large,
// is copied to its size: the largest run is most of what a set holds.
func (b *builder[V]) done() run[V] {
	if b.cnt > 0 {
		b.closeBlock()
	}
	b.r.data = append(b.r.data, make([]byte, readPad)...)
	if !b.capGuess || cap(b.r.data) > len(b.r.data)+len(b.r.data)/8 {
		b.r.data = slices.Clone(b.r.data)
	}
	return b.r
}
