package idset

import (
	"encoding/binary"
	"slices"
)

// cursor reads a run's ids and values in order, a block at a time.
type cursor[V Value[V]] struct {
	r    *run[V]
	k    int // the block read
	i    int // the next of it
	cnt  int
	ids  [blockLen]int64
	vals [blockLen]V
	id   int64
	val  V
	ok   bool // id and val are the next in the run
}

func newCursor[V Value[V]](r *run[V]) *cursor[V] {
	c := &cursor[V]{r: r, k: -1}
	c.next()
	return c
}

func (c *cursor[V]) next() {
	if c.i == c.cnt {
		if c.k+1 >= len(c.r.firsts) {
			c.ok = false
			return
		}
		c.k++
		c.readBlock()
	}
	c.id, c.val, c.ok = c.ids[c.i], c.vals[c.i], true
	c.i++
}

// readBlock unpacks block k.
func (c *cursor[V]) readBlock() {
	var zero V
	fields := zero.Fields()
	cnt, idW, heads, packed := c.r.head(c.k, fields)
	c.cnt, c.i = cnt, 0
	first := c.r.firsts[c.k]
	c.ids[0] = first
	for j := 1; j < c.cnt; j++ {
		c.ids[j] = first + int64(readBits(packed, uint(j-1)*idW, idW))
	}
	clear(c.vals[:c.cnt])
	at := uint(c.cnt-1) * idW
	for f := range fields {
		base, w := int64(binary.LittleEndian.Uint64(heads[9*f:])), uint(heads[9*f+8])
		for j := range c.cnt {
			c.vals[j] = c.vals[j].WithField(f, base+int64(readBits(packed, at, w)))
			at += w
		}
	}
}

// merged is two runs as one, in id order; where both hold an id, the
// value of newer is kept (Set.Put writes a newer value than a run holds).
func merged[V Value[V]](older, newer *run[V]) run[V] {
	if older.hi < newer.lo {
		return joined(older, newer)
	}
	if newer.hi < older.lo {
		return joined(newer, older)
	}
	b := newBuilder[V](older.n+newer.n, len(older.data)+len(newer.data))
	a, c := newCursor(older), newCursor(newer)
	for a.ok && c.ok {
		switch {
		case a.id < c.id:
			b.add(a.id, a.val)
			a.next()
		case a.id > c.id:
			b.add(c.id, c.val)
			c.next()
		default:
			b.add(c.id, c.val)
			a.next()
			c.next()
		}
	}
	for ; a.ok; a.next() {
		b.add(a.id, a.val)
	}
	for ; c.ok; c.next() {
		b.add(c.id, c.val)
	}
	return b.done()
}

// joined is two runs, all of a's ids below all of b's, as one: their
// blocks one after the other, copied rather than unpacked and packed
// again, as a list walked in order makes every run apart from the rest.
func joined[V Value[V]](a, b *run[V]) run[V] {
	aLen := len(a.data) - readPad
	j := run[V]{lo: a.lo, hi: b.hi, n: a.n + b.n,
		firsts: slices.Concat(a.firsts, b.firsts),
		starts: make([]int, 0, len(a.starts)+len(b.starts)),
		data:   slices.Concat(a.data[:aLen], b.data),
	}
	j.starts = append(j.starts, a.starts...)
	for _, s := range b.starts {
		j.starts = append(j.starts, aLen+s)
	}
	return j
}
