package ui

import (
	"context"
	"testing"
	"time"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A sync's pages stored within the second after the screen counted them
// are counted at its end, not at the next page: under a rate limit the
// next page can be a minute away, and the screen read "100 loaded" while
// 10,600 were held.
func TestPagesStoredJustAfterACountAreShown(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	mem, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mem.Close() })
	d := newDriverWith(t, src, Options{Store: dataset.Hold(mem)}, 120, 35)
	w, now := d.m.data, time.Now()
	if cmd := w.onSyncProgress(now); cmd != nil {
		t.Fatal("the first page after a second without a count is counted at once, with no wait")
	}
	before := w.shown.Changes()
	cmd := w.onSyncProgress(now.Add(100 * time.Millisecond))
	if cmd == nil || w.shown.Changes() != before {
		t.Fatal("a page within the second is neither counted at once nor set to be counted at its end")
	}
	if again := w.onSyncProgress(now.Add(200 * time.Millisecond)); again != nil {
		t.Error("a second page within the same second set a second count")
	}
	d.send(cmd())
	if w.shown.Changes() == before || w.recountDue {
		t.Errorf("at the end of the second the pages stored were not counted (changes %d, due %v)", w.shown.Changes(), w.recountDue)
	}
}
