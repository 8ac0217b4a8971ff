package dataset

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// A first sync's heap holds the walk's sets of ids, and the collector
// lets it grow to twice what is live (GOGC 100) and keeps pages it freed
// a while, so the peak would grow with the account twice over. So while it
// runs, the heap is capped (a soft memory limit) at heapFloor, or half as
// much again as is live, whichever is more. What is live stays small (the
// sets are packed, idset), but a longer walk reaches more of the
// collector's peaks; heapFloor is where the heap of a first sync of
// 100,000 peaks anyway, which holds a sync of a million close to it for
// the same CPU (docs/performance.md, "Syncing"). A heap live above the
// floor (a far larger account, or a view holding much beside the sync)
// keeps room to grow, never a collector that runs without end. A
// GOMEMLIMIT the user set is left alone.
const heapFloor = 100 << 20

var heapCap struct {
	sync.Mutex
	syncs int   // first syncs running in the process
	old   int64 // the limit before the first of them
}

// capHeap caps the heap for a first sync; the func it returns lifts it,
// back to what it was once no first sync runs.
func capHeap() (lift func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	heapCap.Lock()
	defer heapCap.Unlock()
	if heapCap.syncs++; heapCap.syncs == 1 {
		heapCap.old = debug.SetMemoryLimit(-1)
	}
	// From what is live already: a browser holding more than the floor
	// had its collector run without end until the first batch was stored.
	capToLive()
	return func() {
		heapCap.Lock()
		defer heapCap.Unlock()
		if heapCap.syncs--; heapCap.syncs == 0 {
			debug.SetMemoryLimit(heapCap.old)
		}
	}
}

// followHeap moves the cap to what is live now, after a batch is stored.
func followHeap() {
	heapCap.Lock()
	defer heapCap.Unlock()
	if heapCap.syncs > 0 {
		capToLive()
	}
}

// capToLive sets the cap from the heap live now; heapCap is locked.
func capToLive() {
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	debug.SetMemoryLimit(max(heapFloor, int64(live[0].Value.Uint64())*3/2))
}
