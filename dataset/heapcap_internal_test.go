package dataset

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// A heap live above the floor when a first sync begins keeps room to
// grow from the start: capped at the floor, the collector ran without end
// until the sync's first batch moved the cap.
func TestTheHeapCapStartsFromWhatIsLive(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")      // the user's limit would be left alone
	held := make([]byte, heapFloor) // live beside the sync, as a browser's views
	for i := range held {
		held[i] = byte(i)
	}
	runtime.GC()
	lift := capHeap()
	limit := debug.SetMemoryLimit(-1)
	lift()
	runtime.KeepAlive(held)
	if limit <= heapFloor*5/4 {
		t.Errorf("with %d bytes live the cap is %d, want room above them", heapFloor, limit)
	}
}
