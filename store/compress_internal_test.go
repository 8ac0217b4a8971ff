package store

import (
	"testing"

	"donations/api"
)

// zstdDictBytes is how many bytes of the first records made the zstd
// dictionaries of versions up to 26.
const zstdDictBytes = 100 << 10

// demoCodec is a codec of kind with the dictionary a store makes of the
// first of list: as packer makes it for S2, as versions up to 26 made it
// for zstd.
func demoCodec(t testing.TB, list []api.Donation, kind string) *codec {
	t.Helper()
	var dict []byte
	for _, d := range list {
		dict = append(dict, d.Raw...)
	}
	dict = dict[:dictBytes]
	if kind == codecZstd {
		dict = dict[:zstdDictBytes]
	} else {
		dict = makeDict(dict)
	}
	c, err := newCodec(1, kind, dict)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A record's literals are kept as they are, not Huffman-coded: a table
// built for each small record costs much of compressing it and saves
// almost nothing of its size. The first block of each record says how
// its literals are kept.
func TestRecordLiteralsAreKeptAsTheyAre(t *testing.T) {
	list := demoDonations(t, 2000)
	c := demoCodec(t, list, codecZstd)
	compressed := 0
	for _, d := range list[len(list)-200:] {
		packed, err := c.pack(d.Raw)
		if err != nil {
			t.Fatal(err)
		}
		kind, ok := literalsKind(t, packed)
		if ok && kind != rawLiterals {
			t.Fatalf("donation %d: its literals are kept as kind %d, want %d (raw)", d.ID.Value, kind, rawLiterals)
		}
		if ok {
			compressed++
		}
		if back, err := c.unpack(packed); err != nil || string(back) != string(d.Raw) {
			t.Fatalf("donation %d does not come back as it was: %v", d.ID.Value, err)
		}
	}
	if compressed == 0 {
		t.Fatal("no record was compressed into a block with literals")
	}
}

// rawLiterals is the Literals_Block_Type of literals kept as they are
// (RFC 8878, 3.1.1.3.1.1).
const rawLiterals = 0

// literalsKind is the Literals_Block_Type of the first block of a frame
// pack made (without its magic number); ok is false when that block is
// not a compressed one, which has no literals section.
func literalsKind(t *testing.T, frame []byte) (kind byte, ok bool) {
	t.Helper()
	if len(frame) == 0 {
		t.Fatal("empty frame")
	}
	fhd := frame[0]
	at := 1
	if fhd&0x20 == 0 { // no single segment: a window descriptor
		at++
	}
	at += []int{0, 1, 2, 4}[fhd&3]
	fcs := []int{0, 2, 4, 8}[fhd>>6]
	if fhd>>6 == 0 && fhd&0x20 != 0 {
		fcs = 1
	}
	at += fcs
	if len(frame) < at+4 {
		t.Fatalf("frame of %d bytes ends in its headers", len(frame))
	}
	if blockType := frame[at] >> 1 & 3; blockType != 2 {
		return 0, false
	}
	return frame[at+3] & 3, true
}

// BenchmarkPack compresses demo records one at a time, as a sync stores
// them, with each codec; ratio is their compressed size over their JSON.
func BenchmarkPack(b *testing.B) {
	list := demoDonations(b, 5000)
	for _, kind := range []string{codecS2, codecZstd} {
		b.Run(kind, func(b *testing.B) {
			c := demoCodec(b, list, kind)
			var in, out int
			i := 0
			for b.Loop() {
				raw := list[i%len(list)].Raw
				packed, err := c.pack(raw)
				if err != nil {
					b.Fatal(err)
				}
				in, out, i = in+len(raw), out+len(packed), i+1
			}
			b.ReportMetric(float64(out)/float64(in), "ratio")
		})
	}
}

// BenchmarkUnpack restores demo records one at a time, as an export in
// any order reads them, with each codec.
func BenchmarkUnpack(b *testing.B) {
	list := demoDonations(b, 5000)
	for _, kind := range []string{codecS2, codecZstd} {
		b.Run(kind, func(b *testing.B) {
			c := demoCodec(b, list, kind)
			packed := make([][]byte, len(list))
			for i, d := range list {
				var err error
				if packed[i], err = c.pack(d.Raw); err != nil {
					b.Fatal(err)
				}
			}
			i := 0
			for b.Loop() {
				if _, err := c.unpack(packed[i%len(packed)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
