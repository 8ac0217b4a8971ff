package idset

import "encoding/binary"

// bitWriter appends numbers of a given width in bits onto a byte slice,
// the first in the lowest bits.
type bitWriter struct {
	buf []byte
	acc uint64 // bits not yet appended
	n   uint   // how many
}

// put appends the low width bits of x; x has no bit above them.
func (w *bitWriter) put(x uint64, width uint) {
	w.acc |= x << w.n // bits past 64 are dropped here and kept below
	if w.n+width < 64 {
		w.n += width
		return
	}
	w.buf = binary.LittleEndian.AppendUint64(w.buf, w.acc)
	w.acc = x >> (64 - w.n) // 0 when n is 0: Go shifts past the width to 0
	w.n = w.n + width - 64
}

// done is the buffer with every bit put, to the byte.
func (w *bitWriter) done() []byte {
	for ; w.n > 0; w.n = w.n - min(w.n, 8) {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
	}
	return w.buf
}

// readPad is how many bytes must follow bits a readBits may read: it
// reads 8 bytes at a time, and one more for a number across them.
const readPad = 9

// readBits is the number of width bits at bit at of b.
func readBits(b []byte, at, width uint) uint64 {
	if width == 0 {
		return 0
	}
	p, s := at>>3, at&7
	x := binary.LittleEndian.Uint64(b[p:]) >> s
	if s+width > 64 {
		x |= uint64(b[p+8]) << (64 - s)
	}
	if width < 64 {
		x &= 1<<width - 1
	}
	return x
}
