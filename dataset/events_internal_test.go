package dataset

import "testing"

// A reader that fell far behind still hears its own sync end: a full queue
// makes room by the oldest other event, so the header does not say
// "syncing…" for good.
func TestAFullQueueKeepsItsOwnSyncsEnd(t *testing.T) {
	w := &Watcher{wake: make(chan struct{}, 1)}
	w.push(Event{By: ByMine, Done: true, Result: SyncResult{New: 7}})
	for range 3 * queueMost {
		w.push(Event{By: ByElsewhere, Status: &SyncStatus{}})
	}
	if len(w.queue) != queueMost {
		t.Fatalf("the queue holds %d events, want at most %d", len(w.queue), queueMost)
	}
	ends := 0
	for e, ok := w.pop(); ok; e, ok = w.pop() {
		if e.Done && e.By == ByMine && e.Result.New == 7 {
			ends++
		}
	}
	if ends != 1 {
		t.Fatalf("the reader heard its own sync's end %d times, want once", ends)
	}
}
