package api

import (
	"runtime"
	"testing"
)

// A walk remembers every id it yielded, to yield none twice: as a map that
// would be the part of a first sync's memory that grows with the account,
// after the walk's copies.
func TestSeenHoldsFewBytesAnID(t *testing.T) {
	const n = 200_000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := newSeenSet()
	for id := range int64(n) {
		if !s.add(Int{Value: id, Valid: true}, nil) {
			t.Fatalf("id %d seen before it was added", id)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	perID := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / n
	if perID > 10 {
		t.Errorf("the pager holds %.1f bytes an id it yielded, want at most 10 (8 an id)", perID)
	}
	runtime.KeepAlive(s)
}

// A walk that starts over hands what it yielded to its new pager (bisect.go,
// descwalk.go): the copy is the same set, so what either marks, both know.
func TestSeenCopiesShareWhatWasSeen(t *testing.T) {
	s := newSeenSet()
	carried := s
	for id := range int64(3000) {
		s.add(Int{Value: id, Valid: true}, nil)
	}
	carried.add(Int{}, []byte(`{"name":"no id"}`))
	for id := range int64(3000) {
		if carried.add(Int{Value: id, Valid: true}, nil) {
			t.Fatalf("id %d, seen by the walk, is new to the set it handed on", id)
		}
	}
	if s.add(Int{}, []byte(`{"name":"no id"}`)) {
		t.Error("a record without an id seen through the copy is new to the walk")
	}
}
